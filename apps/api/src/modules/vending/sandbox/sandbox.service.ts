// Test mode money: funding a client's sandbox wallet, up to a cap.
import { randomUUID } from 'node:crypto';
import { formatNaira } from '@vendport/shared';
import { recordAudit } from '../../../infra/audit';
import type { AppContext } from '../../../infra/context';
import { badRequest } from '../../../infra/errors';
import type { RequestContext } from '../../../infra/request-context';
import { accountIdsOf, lockAccountBalance } from '../../ledger';
import { fundSandboxMoney } from '../lifecycle/vend-money';

/** The most the sandbox wallet may hold: test money is free, but not unbounded. */
export const SANDBOX_CAP_KOBO = 1_000_000_000;

/**
 * Adds test money to a client's sandbox wallet, up to SANDBOX_CAP_KOBO, for the signed-in user
 * of `rc`, or for the client's test API key `apiKeyId` (no signed-in user).
 */
export async function fundSandbox(
  ctx: AppContext,
  rc: RequestContext,
  corporateId: string,
  amountKobo: number,
  apiKeyId?: string,
) {
  const actorId = rc.auth?.userId ?? null;
  const ids = accountIdsOf(ctx.db);
  const accounts = await ids.corporate(corporateId);
  return ctx.db.transaction(async (tx) => {
    // The sandbox row is locked first so that two top-ups cannot both pass the cap.
    const acc = await lockAccountBalance(tx, accounts.sandboxWallet);
    if (acc.balance + amountKobo > SANDBOX_CAP_KOBO) {
      throw badRequest(`The sandbox wallet holds at most ${formatNaira(SANDBOX_CAP_KOBO)} of test money`);
    }
    await fundSandboxMoney(tx, ids, { id: randomUUID(), corporateId, amountKobo, actorId });
    await recordAudit(
      tx,
      rc,
      apiKeyId === undefined
        ? {
            action: 'sandbox.fund',
            targetType: 'corporate',
            targetId: corporateId,
            summary: { amountKobo },
          }
        : {
            // The client's test key acted (named by its id, never the key itself).
            action: 'sandbox.fund',
            actor: {
              id: null,
              email: null,
              name: 'API (test key)',
              role: null,
              area: 'CORPORATE',
              corporateId,
            },
            targetType: 'corporate',
            targetId: corporateId,
            summary: { amountKobo, apiKeyId },
          },
    );
    return acc.balance + amountKobo;
  });
}
