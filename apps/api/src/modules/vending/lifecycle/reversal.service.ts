// SUCCESSFUL -> REVERSED, written once (issue 48): the admin's reversal (reversal.routes.ts) and
// the resolution of a provider's refund after success (truths/resolve.service.ts) both call
// `reverseAfterSuccess`, so the refund formula, the timeline, the webhook and the audit are one.
import { formatNaira } from '@vendport/shared';
import { recordAudit } from '../../../infra/audit';
import type { AppContext } from '../../../infra/context';
import type { Db } from '../../../infra/db/client';
import { conflict, notFound } from '../../../infra/errors';
import { callerOf, type RequestContext } from '../../../infra/request-context';
import { accountIdsOf } from '../../ledger';
import { notifyCorporate } from '../../notifications';
import { findVendById, lockVendIn, updateVend, type VendRow } from '../records/vends.repo';
import { queueWebhook } from './settle.service';
import { recordVendEvents } from './vend-events.repo';
import { facts, reverseVend } from './vend-money';

/** What the client gets back: an accrued commission already settled to the wallet is kept back. */
export const refundOf = (v: VendRow) =>
  v.mode === 'LIVE' && v.commissionMode === 'ACCRUED' && v.commissionSettlementId
    ? v.amountKobo - v.commissionKobo
    : v.chargeKobo;

export interface AfterSuccess {
  reason: string;
  at: Date;
  /** Tells the client in-app and by email (a provider's refund; an admin's own reversal does not). */
  notice?: { subject: string; body: (refunded: number) => string };
  /** Extra audit facts (the discrepancy it resolves). */
  summary?: Record<string, unknown>;
}

/**
 * SUCCESSFUL -> REVERSED inside the caller's transaction: the ledger's one reversal of the debit
 * (and of an accrued commission), the timeline, the webhook vend.reversed, the audit entry. Null
 * when the vend is not SUCCESSFUL (reversed already, or never delivered).
 */
export async function reverseAfterSuccess(
  tx: Db,
  ctx: AppContext,
  rc: RequestContext,
  id: string,
  o: AfterSuccess,
): Promise<VendRow | null> {
  const actorId = rc.auth?.userId ?? null;
  const locked = await lockVendIn(tx, id, 'SUCCESSFUL');
  if (!locked) return null;
  const reason = o.reason.slice(0, 300);
  const reversalTransferId = await reverseVend(
    tx,
    accountIdsOf(ctx.db),
    { ...facts(locked), debitTransferId: locked.debitTransferId },
    { commissionSettled: locked.commissionSettlementId !== null, actorId, reason },
  );
  const done = (await updateVend(tx, id, {
    status: 'REVERSED',
    reversalTransferId,
    reversalReason: reason,
    reversedById: actorId,
    reversedAt: o.at,
    updatedAt: o.at,
  }))!; // the row is locked above: it exists
  const refunded = refundOf(locked);
  await recordVendEvents(tx, [
    {
      vendId: id,
      type: 'REVERSAL',
      status: 'REVERSED',
      message: `${formatNaira(refunded)} refunded: ${reason}`,
      data: { transferId: reversalTransferId },
      actorId,
      at: o.at,
    },
    { vendId: id, type: 'STATUS', status: 'REVERSED', message: reason, actorId, at: o.at },
  ]);
  await queueWebhook(tx, done, 'vend.reversed', o.at);
  if (o.notice && done.mode === 'LIVE')
    await notifyCorporate(tx, done.corporateId, o.notice.subject, o.notice.body(refunded), 'vend.reversed');
  await recordAudit(tx, rc, {
    action: 'vend.reverse',
    targetType: 'vend',
    targetId: done.id,
    corporateId: done.corporateId,
    summary: { code: done.code, amountKobo: done.amountKobo, reason, ...o.summary },
  });
  return done;
}

/** Why a vend cannot be reversed after success, as the caller is told (404 or 409). */
export async function notReversible(ctx: AppContext, id: string): Promise<never> {
  const v = await findVendById(ctx.db, id);
  if (!v) throw notFound('Vend');
  throw conflict(
    v.status === 'REVERSED'
      ? 'This vend has already been reversed'
      : `Only a successful vend can be reversed (this one is ${v.status})`,
  );
}

/** The admin's reversal of a SUCCESSFUL vend: the client refunded through the ledger. */
export async function reverseSuccessfulVend(
  ctx: AppContext,
  rc: RequestContext,
  id: string,
  reason: string,
): Promise<VendRow> {
  callerOf(rc);
  const at = new Date();
  const row = await ctx.db.transaction((tx) => reverseAfterSuccess(tx, ctx, rc, id, { reason, at }));
  return row ?? notReversible(ctx, id);
}
