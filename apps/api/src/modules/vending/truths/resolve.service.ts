// An admin's resolution of a discrepancy (issue 49 point 3), password-confirmed by the route, in
// one transaction with the ledger movement it makes and its audit entry:
//   DELIVERED_AFTER_REFUND  CHARGE_AGAIN (the client pays for what was delivered; notified, and
//                           the vend's timeline says why) or WRITE_OFF (the platform's loss);
//   REFUNDED_AFTER_SUCCESS  REVERSE (the one reversal after success, lifecycle/reversal.service);
//   MISSING_AT_PROVIDER     the same (the provider's day has no delivery of it);
//   any kind                DISMISS with a note (the provider was wrong; no money moves).
// A resolution happens once: the row is locked and only an OPEN one is resolved; the ledger's
// references (one recharge, one write-off, one reversal per vend) make the money once too.
// Charge-again when the wallet cannot pay: refused (402 INSUFFICIENT_FUNDS) and nothing changes;
// the discrepancy stays open, to be charged once the client has funded or written off.
import {
  type DiscrepancyKindName,
  formatNaira,
  RESOLVE_ACTIONS_OF,
  type ResolveActionName,
} from '@vendport/shared';
import { recordAudit } from '../../../infra/audit';
import type { AppContext } from '../../../infra/context';
import type { Db } from '../../../infra/db/client';
import { AppError, badRequest, conflict, notFound } from '../../../infra/errors';
import { callerOf, type RequestContext } from '../../../infra/request-context';
import { accountIdsOf } from '../../ledger';
import { notifyCorporate } from '../../notifications';
import { reverseAfterSuccess } from '../lifecycle/reversal.service';
import { recordVendEvents } from '../lifecycle/vend-events.repo';
import { chargeAgain, facts, rechargeOf, writeOffDelivery } from '../lifecycle/vend-money';
import { findVendById, lockVendIn, type VendRow } from '../records/vends.repo';
import { type DiscrepancyRow, lockDiscrepancy, resolveDiscrepancyRow } from './discrepancies.repo';

export type ResolveAction = ResolveActionName;

const RESOLUTION_OF: Record<ResolveAction, string> = {
  CHARGE_AGAIN: 'CHARGED_AGAIN',
  WRITE_OFF: 'WRITTEN_OFF',
  REVERSE: 'REVERSED',
  DISMISS: 'DISMISSED',
};

/** The refunded vend, locked in the status it was refunded with. */
async function lockRefunded(tx: Db, vendId: string): Promise<VendRow> {
  const v = (await lockVendIn(tx, vendId, 'FAILED')) ?? (await lockVendIn(tx, vendId, 'REVERSED'));
  if (!v) throw conflict('The vend is no longer refunded: resolve this discrepancy by dismissing it');
  return v;
}

async function moveMoney(
  tx: Db,
  ctx: AppContext,
  rc: RequestContext,
  d: DiscrepancyRow,
  action: ResolveAction,
  note: string,
  at: Date,
): Promise<string | null> {
  if (action === 'DISMISS') return null;
  if (!d.vendId) throw badRequest('This discrepancy names no vend: it can only be dismissed');
  const actorId = callerOf(rc).userId;
  if (action === 'REVERSE') {
    const done = await reverseAfterSuccess(tx, ctx, rc, d.vendId, {
      reason: `${d.kind === 'MISSING_AT_PROVIDER' ? 'The provider has no delivery of it' : 'The provider refunded it after delivery'}: ${d.providerMessage ?? d.providerStatus}${note ? ` (${note})` : ''}`,
      at,
      summary: { discrepancyId: d.id },
      notice: {
        subject: 'Vend reversed by the provider',
        body: (refunded) =>
          `The provider refunded a vend after delivering it; ${formatNaira(refunded)} was credited back to your wallet.`,
      },
    });
    if (!done) throw conflict('The vend is no longer successful: resolve this discrepancy by dismissing it');
    return done.reversalTransferId;
  }
  const v = await lockRefunded(tx, d.vendId);
  const money = { discrepancyId: d.id, actorId };
  if (action === 'WRITE_OFF') return writeOffDelivery(tx, accountIdsOf(ctx.db), facts(v), money);
  let transferId: string;
  try {
    transferId = await chargeAgain(tx, accountIdsOf(ctx.db), facts(v), money);
  } catch (err) {
    if (err instanceof AppError && err.code === 'INSUFFICIENT_FUNDS')
      throw new AppError(
        'INSUFFICIENT_FUNDS',
        402,
        `The client's wallet cannot pay ${formatNaira(rechargeOf(v))}: write the vend off, or charge it again once they have funded the wallet`,
      );
    throw err;
  }
  const charged = formatNaira(rechargeOf(v));
  const why = `Charged ${charged} again: the provider delivered this vend after it was refunded`;
  await recordVendEvents(tx, [
    { vendId: v.id, type: 'LATE_TRUTH', status: v.status, message: why, data: { transferId }, actorId, at },
  ]);
  await notifyCorporate(
    tx,
    v.corporateId,
    `Vend ${v.code} charged again`,
    `The ${formatNaira(v.amountKobo)} vend to ${v.msisdn} was refunded to your wallet, but the provider has confirmed it delivered it after all. ${charged} was charged to your wallet again.`,
    'vend.charged_again',
  );
  return transferId;
}

export async function resolveDiscrepancy(
  ctx: AppContext,
  rc: RequestContext,
  id: string,
  input: { action: ResolveAction; note?: string },
): Promise<DiscrepancyRow> {
  const actorId = callerOf(rc).userId;
  const note = (input.note ?? '').trim();
  if (input.action === 'DISMISS' && !note) throw badRequest('Say why the discrepancy is dismissed');
  const at = new Date();
  return ctx.db.transaction(async (tx) => {
    const d = await lockDiscrepancy(tx, id);
    if (!d) throw notFound('Discrepancy');
    if (d.status !== 'OPEN') throw conflict('This discrepancy has already been resolved');
    const allowed = RESOLVE_ACTIONS_OF[d.kind as DiscrepancyKindName] ?? ['DISMISS'];
    if (!allowed.includes(input.action))
      throw badRequest(
        `A ${d.kind} discrepancy is resolved with ${allowed.join(' or ')}, not ${input.action}`,
      );
    const transferId = await moveMoney(tx, ctx, rc, d, input.action, note, at);
    const done = (await resolveDiscrepancyRow(tx, id, {
      resolution: RESOLUTION_OF[input.action],
      resolutionNote: note.slice(0, 500),
      resolutionTransferId: transferId,
      resolvedById: actorId,
      resolvedAt: at,
    }))!; // locked and OPEN above
    const vend = d.vendId ? await findVendById(tx, d.vendId) : null;
    await recordAudit(tx, rc, {
      action: 'vend.discrepancy.resolve',
      targetType: 'vend_discrepancy',
      targetId: d.id,
      corporateId: d.corporateId,
      summary: {
        kind: d.kind,
        resolution: done.resolution,
        code: vend?.code ?? null,
        provider: d.provider,
        transferId,
        note: note || null,
      },
    });
    return done;
  });
}
