// An admin's reversal of a SUCCESSFUL vend: SUCCESSFUL -> REVERSED, the client refunded through
// the ledger.
import { formatNaira } from '@vendport/shared';
import { recordAudit } from '../../../infra/audit';
import type { AppContext } from '../../../infra/context';
import { conflict, notFound } from '../../../infra/errors';
import { callerOf, type RequestContext } from '../../../infra/request-context';
import { accountIdsOf } from '../../ledger';
import { findVendById, lockVendIn, updateVend, type VendRow } from '../records/vends.repo';
import { queueWebhook } from './settle.service';
import { recordVendEvents } from './vend-events.repo';
import { facts, reverseVend } from './vend-money';

/** SUCCESSFUL -> REVERSED: the client is refunded through the ledger. */
export async function reverseSuccessfulVend(
  ctx: AppContext,
  rc: RequestContext,
  id: string,
  reason: string,
): Promise<VendRow> {
  const o = { actorId: callerOf(rc).userId, reason };
  const at = new Date();
  const row = await ctx.db.transaction(async (tx) => {
    const locked = await lockVendIn(tx, id, 'SUCCESSFUL');
    if (!locked) return null;
    const debitTransferId = locked.debitTransferId;
    const reversalTransferId = await reverseVend(
      tx,
      accountIdsOf(ctx.db),
      { ...facts(locked), debitTransferId },
      { commissionSettled: locked.commissionSettlementId !== null, actorId: o.actorId, reason: o.reason },
    );
    const done = (await updateVend(tx, id, {
      status: 'REVERSED',
      debitTransferId,
      reversalTransferId,
      reversalReason: o.reason,
      reversedById: o.actorId,
      reversedAt: at,
      updatedAt: at,
    }))!; // the row is locked above: it exists
    const refunded =
      locked.mode === 'LIVE' && locked.commissionMode === 'ACCRUED' && locked.commissionSettlementId
        ? locked.amountKobo - locked.commissionKobo
        : locked.chargeKobo;
    await recordVendEvents(tx, [
      {
        vendId: id,
        type: 'REVERSAL',
        status: 'REVERSED',
        message: `${formatNaira(refunded)} refunded: ${o.reason}`,
        data: { transferId: reversalTransferId },
        actorId: o.actorId,
        at,
      },
      { vendId: id, type: 'STATUS', status: 'REVERSED', message: o.reason, actorId: o.actorId, at },
    ]);
    await queueWebhook(tx, done, 'vend.reversed', at);
    await recordAudit(tx, rc, {
      action: 'vend.reverse',
      targetType: 'vend',
      targetId: done.id,
      corporateId: done.corporateId,
      summary: { code: done.code, amountKobo: done.amountKobo, reason },
    });
    return done;
  });
  if (!row) {
    const v = await findVendById(ctx.db, id);
    if (!v) throw notFound('Vend');
    throw conflict(
      v.status === 'REVERSED'
        ? 'This vend has already been reversed'
        : `Only a successful vend can be reversed (this one is ${v.status})`,
    );
  }
  return row;
}
