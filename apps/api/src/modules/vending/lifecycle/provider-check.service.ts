// A provider's word about a vend that arrives on its own (issue 32): a callback is only a hint, so
// it schedules a check, and the check asks the provider (the attempt's request id) and acts on the
// answer. A PENDING vend is requeried as usual; a SUCCESSFUL one the provider says it reversed
// (VTpass `reversed`, Reloadly `REFUNDED`) becomes REVERSED: one ledger reversal of its debit (and
// of its commission), the client's webhook vend.reversed, an in-app notification, an audit entry.
import { formatNaira } from '@vendport/shared';
import { recordAudit } from '../../../infra/audit';
import type { AppContext } from '../../../infra/context';
import { enqueue, type JobHandler } from '../../../infra/queue';
import { systemContext } from '../../../infra/request-context';
import { accountIdsOf } from '../../ledger';
import { notifyCorporate } from '../../notifications';
import { callProvider, providerOfStep } from '../../providers';
import { findVendById, lockVendIn, updateVend, type VendRow } from '../records/vends.repo';
import { callEvent, recordAttemptAnswer, requestOf, stepNow } from './deliver.service';
import { requeryVend } from './requery.service';
import { queueWebhook } from './settle.service';
import { attemptAt, attemptByRequest } from './vend-attempts.repo';
import { recordVendEvents } from './vend-events.repo';
import { facts, reverseVend } from './vend-money';

export const PROVIDER_CHECK_QUEUE = 'provider-check';

/**
 * A provider told us something about one of our requests: find the attempt and schedule a check
 * of its vend now. Unknown ids are ignored (a hint about nothing); nothing is settled here.
 */
export async function hintFromProvider(
  ctx: AppContext,
  provider: 'VTPASS' | 'RELOADLY',
  q: { requestId?: string; providerReference?: string },
): Promise<{ vendId: string } | null> {
  const attempt = await attemptByRequest(ctx.db, provider, q);
  if (!attempt) return null;
  // One check waiting per vend, however many hints arrive (VTpass's are unsigned: a flood of them
  // costs one requery, not one each).
  await enqueue(
    ctx.db,
    PROVIDER_CHECK_QUEUE,
    { vendId: attempt.vendId },
    { maxAttempts: 5, dedupeKey: `provider-check:${attempt.vendId}` },
  );
  return { vendId: attempt.vendId };
}

/** The check a hint schedules: the provider's answer decides. */
export async function checkAtProvider(
  ctx: AppContext,
  vendId: string,
  now = new Date(),
): Promise<VendRow | null> {
  const v = await findVendById(ctx.db, vendId);
  if (!v) return null;
  if (v.status === 'PENDING') return (await requeryVend(ctx, vendId, { now })).vend;
  if (v.status !== 'SUCCESSFUL' || stepNow(v).provider === 'SIMULATOR') return v;
  const attempt = await attemptAt(ctx.db, v.id, v.routeIndex);
  if (!attempt) return v;
  const answer = await callProvider(
    async () => providerOfStep(ctx, v.routes[v.routeIndex]).query(await requestOf(ctx, v, attempt)),
    ctx.config.PROVIDER_TIMEOUT_MS,
  );
  const at = new Date();
  await recordAttemptAnswer(ctx, attempt, answer, at, true);
  if (answer.outcome !== 'REVERSED') return v;
  return reverseDelivered(ctx, v.id, answer.message, callEvent(v, 'REQUERY', answer, at, attempt), at);
}

/** SUCCESSFUL -> REVERSED on the provider's word (no person: the audit's actor is the system). */
export async function reverseDelivered(
  ctx: AppContext,
  id: string,
  said: string,
  event: Parameters<typeof recordVendEvents>[1][number],
  at: Date,
): Promise<VendRow | null> {
  const reason = `Reversed by the provider: ${said}`.slice(0, 300);
  const rc = systemContext('provider-reversal');
  return ctx.db.transaction(async (tx) => {
    const locked = await lockVendIn(tx, id, 'SUCCESSFUL');
    if (!locked) return null; // reversed already (by an admin or an earlier check)
    const reversalTransferId = await reverseVend(
      tx,
      accountIdsOf(ctx.db),
      { ...facts(locked), debitTransferId: locked.debitTransferId },
      { commissionSettled: locked.commissionSettlementId !== null, actorId: null, reason },
    );
    const done = (await updateVend(tx, id, {
      status: 'REVERSED',
      reversalTransferId,
      reversalReason: reason,
      reversedById: null,
      reversedAt: at,
      updatedAt: at,
    }))!;
    const refunded =
      locked.mode === 'LIVE' && locked.commissionMode === 'ACCRUED' && locked.commissionSettlementId
        ? locked.amountKobo - locked.commissionKobo
        : locked.chargeKobo;
    await recordVendEvents(tx, [
      event,
      {
        vendId: id,
        type: 'REVERSAL',
        status: 'REVERSED',
        message: `${formatNaira(refunded)} credited back: ${reason}`,
        data: { transferId: reversalTransferId },
        at,
      },
      {
        vendId: id,
        type: 'STATUS',
        status: 'REVERSED',
        provider: locked.routes[locked.routeIndex],
        message: reason,
        at,
      },
    ]);
    await queueWebhook(tx, done, 'vend.reversed', at);
    if (done.mode === 'LIVE') {
      await notifyCorporate(
        tx,
        done.corporateId,
        `Vend ${done.code} reversed by the provider`,
        `The provider reversed the ${formatNaira(done.amountKobo)} vend to ${done.msisdn} after delivering it; ${formatNaira(refunded)} was credited back to your wallet.`,
        'vend.reversed',
      );
    }
    await recordAudit(tx, rc, {
      action: 'vend.provider_reversal',
      targetType: 'vend',
      targetId: done.id,
      corporateId: done.corporateId,
      summary: { code: done.code, amountKobo: done.amountKobo, provider: done.provider, reason },
    });
    return done;
  });
}

export const providerCheckJob: JobHandler = async (ctx, job, now) => {
  await checkAtProvider(ctx, String(job.payload.vendId), now);
  return undefined;
};
