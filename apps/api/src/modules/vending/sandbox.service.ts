// Test mode money: funding a client's sandbox wallet, up to a cap.
import { randomUUID } from 'node:crypto';
import { formatNaira } from '@vendport/shared';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/errors';
import { accountIdsOf, lockAccountBalance } from '../ledger/ledger.service';
import { fundSandboxMoney } from './vending.money';

/** The most the sandbox wallet may hold: test money is free, but not unbounded. */
export const SANDBOX_CAP_KOBO = 1_000_000_000;

/** Adds test money to a client's sandbox wallet, up to SANDBOX_CAP_KOBO. */
export async function fundSandbox(
  ctx: AppContext,
  corporateId: string,
  amountKobo: number,
  actorId: string | null,
) {
  const ids = accountIdsOf(ctx.db);
  const accounts = await ids.corporate(corporateId);
  return ctx.db.transaction(async (tx) => {
    // The sandbox row is locked first so that two top-ups cannot both pass the cap.
    const acc = await lockAccountBalance(tx, accounts.sandboxWallet);
    if (acc.balance + amountKobo > SANDBOX_CAP_KOBO) {
      throw badRequest(`The sandbox wallet holds at most ${formatNaira(SANDBOX_CAP_KOBO)} of test money`);
    }
    await fundSandboxMoney(tx, ids, { id: randomUUID(), corporateId, amountKobo, actorId });
    return acc.balance + amountKobo;
  });
}
