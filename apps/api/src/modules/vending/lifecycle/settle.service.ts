// Settling a vend: PENDING -> SUCCESSFUL (rerouting the float when a fallback platform
// delivered), PENDING -> FAILED with the debit reversed in the same transaction as the status
// change, or an unknown outcome recorded with its requery scheduled. Every final status queues
// the client's webhook in the same transaction. Nothing is ever reversed before a provider says
// the vend failed.
import { formatNaira, isBillKind, type WebhookEventType } from '@vendport/shared';
import type { AppContext } from '../../../infra/context';
import type { Db } from '../../../infra/db/client';
import { enqueue } from '../../../infra/queue';
import { accountIdsOf } from '../../ledger';
import type { ProviderAnswer } from '../../providers';
import { newEventId, queueVendWebhook, WEBHOOK_QUEUE, webhookBody } from '../../webhooks';
import { billOut } from '../bills/bill-views';
import { findVendBill, saveBillFacts } from '../bills/bills.repo';
import { vendOut } from '../records/vend-reads.service';
import {
  completeSuccessfulVend,
  finalFields,
  lockVendIn,
  markVendSettled,
  settledOnce,
  updateVend,
  type VendRow,
} from '../records/vends.repo';
import { REQUERY_QUEUE, requeryDelayMs } from './choose-route';
import { recordVendEvents, type VendEventInput } from './vend-events.repo';
import { facts, floatOf, rerouteVend, reverseVend } from './vend-money';

export async function markSettled(ctx: AppContext, id: string, at: Date): Promise<VendRow> {
  return markVendSettled(ctx.db, id, at);
}

export interface FinalizeOpts {
  at: Date;
  events: VendEventInput[];
  /** This ends the synchronous phase of the request that created the vend. */
  endsSync: boolean;
  actorId?: string | null;
  /**
   * The route the answer is about (a requery's): the vend changes only if it is still on that
   * route. A vend that has moved on to a fallback platform meanwhile is that platform's to
   * settle: an old platform's "failed" must not refund what the new one delivers.
   */
  onRoute?: number;
}

export async function queueWebhook(db: Db, v: VendRow, type: WebhookEventType, at: Date) {
  // A bill's event is bill.* and carries the bill with its token (issue 51): the client's own.
  const bill = isBillKind(v.serviceType) ? await findVendBill(db, v.id) : null;
  await queueVendWebhook(db, {
    corporateId: v.corporateId,
    vendId: v.id,
    mode: v.mode,
    type: bill ? (type.replace('vend.', 'bill.') as WebhookEventType) : type,
    at,
    data: bill ? billOut(v, bill, 'FULL') : vendOut(v),
  });
}

/** PENDING -> SUCCESSFUL (with a reroute of the float when a fallback platform delivered). */
export async function finalizeSuccess(
  ctx: AppContext,
  id: string,
  answer: ProviderAnswer,
  o: FinalizeOpts & { known?: VendRow },
): Promise<VendRow | null> {
  // The common case (the platform that holds the float delivered) is one statement.
  const k = o.known;
  // A bill keeps its token with the status change: the transaction below (issue 51).
  if (k && !isBillKind(k.serviceType) && floatOf(k.routes[k.routeIndex]) === k.floatAccount) {
    const next: VendRow = {
      ...k,
      status: 'SUCCESSFUL',
      providerReference: answer.providerReference ?? null,
      completedAt: o.at,
      requeryAt: null,
      updatedAt: o.at,
      settledAt: k.settledAt ?? o.at,
    };
    const eventId = newEventId();
    const done = await completeSuccessfulVend(ctx.db, {
      id,
      floatAccount: k.floatAccount,
      providerReference: next.providerReference,
      at: o.at,
      events: (
        [
          ...o.events,
          {
            vendId: id,
            type: 'STATUS',
            status: 'SUCCESSFUL',
            provider: k.routes[k.routeIndex] ?? k.provider,
            message: answer.message,
            at: o.at,
          },
        ] as VendEventInput[]
      ).map((e) => ({
        type: e.type,
        status: e.status ?? null,
        provider: e.provider ?? null,
        outcome: e.outcome ?? null,
        message: e.message ?? null,
        data: e.data ?? {},
      })),
      webhook: {
        eventId,
        type: 'vend.successful',
        mode: k.mode,
        body: webhookBody(eventId, 'vend.successful', k.mode, o.at, vendOut(next)),
        queue: WEBHOOK_QUEUE,
      },
    });
    if (done) return next;
  }
  const row = await ctx.db.transaction(async (tx) => {
    const done = await updateVend(
      tx,
      id,
      {
        status: 'SUCCESSFUL',
        providerReference: answer.providerReference ?? null,
        ...finalFields(o.at),
      },
      { status: 'PENDING', routeIndex: o.onRoute },
    );
    if (!done) return null;
    if (answer.bill) await saveBillFacts(tx, id, answer.bill, o.at);
    let final = done;
    const delivered = floatOf(done.routes[done.routeIndex]);
    const deliveredLine = delivered === 'VTU_FLOAT' ? done.vtuLineId : null;
    const events = [...o.events];
    if (delivered !== done.floatAccount) {
      const rerouteTransferId = await rerouteVend(tx, accountIdsOf(ctx.db), facts(done), delivered);
      final = (await updateVend(tx, id, {
        floatAccount: delivered,
        floatLineId: deliveredLine,
        rerouteTransferId,
      }))!;
      events.push({
        vendId: id,
        type: 'REROUTED',
        provider: done.routes[done.routeIndex] ?? done.provider,
        message: `Float moved from ${done.floatAccount} to ${delivered}`,
        at: o.at,
      });
    }
    events.push({
      vendId: id,
      type: 'STATUS',
      status: 'SUCCESSFUL',
      provider: done.routes[done.routeIndex] ?? done.provider,
      message: answer.message,
      at: o.at,
    });
    await recordVendEvents(tx, events);
    await queueWebhook(tx, final, 'vend.successful', o.at);
    return final;
  });
  if (!row && o.endsSync) return markSettled(ctx, id, o.at);
  return row;
}

/** PENDING -> FAILED, with the debit reversed in the same transaction. */
export async function finalizeFailure(
  ctx: AppContext,
  id: string,
  reason: string,
  o: FinalizeOpts,
): Promise<VendRow | null> {
  const row = await ctx.db.transaction(async (tx) => {
    const locked = await lockVendIn(tx, id, 'PENDING');
    if (!locked || (o.onRoute !== undefined && locked.routeIndex !== o.onRoute)) return null;
    const debitTransferId = locked.debitTransferId;
    const reversalTransferId = await reverseVend(
      tx,
      accountIdsOf(ctx.db),
      { ...facts(locked), debitTransferId },
      { commissionSettled: false, actorId: o.actorId ?? null, reason },
    );
    const done = (await updateVend(tx, id, {
      status: 'FAILED',
      debitTransferId,
      failureReason: reason.slice(0, 300),
      reversalTransferId,
      ...finalFields(o.at),
    }))!; // the row is locked above: it exists
    await recordVendEvents(tx, [
      ...o.events,
      {
        vendId: id,
        type: 'STATUS',
        status: 'FAILED',
        provider: locked.routes[locked.routeIndex] ?? locked.provider,
        message: reason,
        at: o.at,
      },
      {
        vendId: id,
        type: 'REVERSAL',
        status: 'FAILED',
        message: `${formatNaira(locked.chargeKobo)} returned to the ${locked.mode === 'TEST' ? 'sandbox wallet' : 'wallet'}`,
        data: { transferId: reversalTransferId },
        actorId: o.actorId ?? null,
        at: o.at,
      },
    ]);
    await queueWebhook(tx, done, 'vend.failed', o.at);
    return done;
  });
  if (!row && o.endsSync) return markSettled(ctx, id, o.at);
  return row;
}

/** The outcome is not known: stays PENDING, and the requery job will ask. */
export async function recordUnknown(
  ctx: AppContext,
  v: VendRow,
  answer: ProviderAnswer,
  o: FinalizeOpts & { count?: number },
): Promise<VendRow | null> {
  const count = o.count ?? v.requeryCount;
  const requeryAt = new Date(o.at.getTime() + requeryDelayMs(count, ctx.config.REQUERY_MAX_DELAY_S));
  const row = await ctx.db.transaction(async (tx) => {
    const row = await updateVend(
      tx,
      v.id,
      {
        providerReference: answer.providerReference ?? v.providerReference,
        requeryAt,
        requeryCount: count,
        updatedAt: o.at,
        // A requery runs only once the request's own phase is over (or its crash guard passed):
        // either way nobody is still answering that request, so a retry must not wait.
        settledAt: settledOnce(o.at),
      },
      { status: 'PENDING', routeIndex: o.onRoute },
    );
    if (!row) return null;
    await recordVendEvents(tx, o.events);
    await enqueue(tx, REQUERY_QUEUE, { vendId: v.id }, { runAt: requeryAt, dedupeKey: `requery:${v.id}` });
    return row;
  });
  if (!row && o.endsSync) return markSettled(ctx, v.id, o.at);
  return row;
}
