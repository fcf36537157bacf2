// Requery: asking the provider again about a PENDING vend, on a backoff schedule for 48 hours,
// or by hand (at most once per cooldown).

import { recordAudit } from '../../../infra/audit';
import type { AppContext } from '../../../infra/context';
import { AppError, notFound } from '../../../infra/errors';
import { callerOf, type RequestContext } from '../../../infra/request-context';
import { callProvider, providerOfStep } from '../../providers';
import { findVendById, updateVend, type VendRow } from '../records/vends.repo';
import { askAboutFinal, weighAnswer } from '../truths/late-truth.service';
import { REQUERY_WINDOW_MS } from './choose-route';
import { callEvent, recordAttemptAnswer, requestOf } from './deliver.service';
import { finalizeFailure, finalizeSuccess, recordUnknown } from './settle.service';
import { attemptAt } from './vend-attempts.repo';
import { lastVendEventAt, recordVendEvents, type VendEventInput } from './vend-events.repo';

/**
 * Asks the provider holding a PENDING vend for its status and acts on a definite answer. A
 * NOT_FOUND counts as a failure only once the grace period after the vend has passed (the
 * request never reached the provider); anything else keeps the vend PENDING.
 */
export async function requeryVend(
  ctx: AppContext,
  id: string,
  o: { now?: Date; actorId?: string | null } = {},
): Promise<{ vend: VendRow; retryAt: Date | null; inProgress?: boolean }> {
  const v = await findVendById(ctx.db, id);
  if (!v) throw notFound('Vend');
  if (v.status !== 'PENDING') return { vend: v, retryAt: null };
  // The request that created the vend is still calling providers (and may yet move it to a
  // fallback): asking now would only race it. Past its crash guard (requery_at, set at
  // creation) the process is presumed dead and the requery goes ahead.
  if (!v.settledAt && v.requeryAt && (o.now ?? new Date()) < v.requeryAt) {
    return { vend: v, retryAt: v.requeryAt, inProgress: true };
  }
  // The attempt holding the vend is asked by the request id it was sent with, never a new one.
  const attempt = await attemptAt(ctx.db, v.id, v.routeIndex);
  const answer = await callProvider(
    async (signal) =>
      providerOfStep(ctx, v.routes[v.routeIndex]).query({ ...(await requestOf(ctx, v, attempt)), signal }),
    ctx.config.PROVIDER_TIMEOUT_MS,
  );
  const at = o.now ?? new Date();
  await recordAttemptAnswer(ctx, attempt, answer, at, true);
  const event: VendEventInput = {
    ...callEvent(v, 'REQUERY', answer, at, attempt),
    actorId: o.actorId ?? null,
  };
  const age = at.getTime() - v.createdAt.getTime();
  let row: VendRow | null;
  if (answer.outcome === 'SUCCESS') {
    row = await finalizeSuccess(ctx, id, answer, {
      at,
      events: [event],
      endsSync: false,
      actorId: o.actorId,
      onRoute: v.routeIndex,
    });
  } else if (answer.outcome === 'FAILED' || answer.outcome === 'REVERSED') {
    // Failed, or delivered and given back by the provider before we heard: either way undone.
    row = await finalizeFailure(ctx, id, answer.message, {
      at,
      events: [event],
      endsSync: false,
      actorId: o.actorId,
      onRoute: v.routeIndex,
    });
  } else if (answer.outcome === 'NOT_FOUND' && age >= ctx.config.PROVIDER_NOT_FOUND_GRACE_MINUTES * 60_000) {
    row = await finalizeFailure(ctx, id, `The provider has no record of the vend (${answer.message})`, {
      at,
      events: [event],
      endsSync: false,
      actorId: o.actorId,
      onRoute: v.routeIndex,
    });
  } else if (age >= REQUERY_WINDOW_MS) {
    await ctx.db.transaction(async (tx) => {
      await updateVend(
        tx,
        id,
        { requeryAt: null, updatedAt: at },
        { status: 'PENDING', routeIndex: v.routeIndex },
      );
      await recordVendEvents(tx, [
        event,
        {
          vendId: id,
          type: 'REQUERY_EXHAUSTED',
          status: 'PENDING',
          message: 'Automatic requeries stopped; requery by hand or contact the provider',
          at,
        },
      ]);
    });
    return { vend: (await findVendById(ctx.db, id))!, retryAt: null };
  } else {
    row = await recordUnknown(ctx, v, answer, {
      at,
      events: [event],
      endsSync: false,
      count: v.requeryCount + 1,
      onRoute: v.routeIndex,
    });
    if (row) return { vend: row, retryAt: row.requeryAt };
  }
  if (row) return { vend: row, retryAt: null };
  // The vend became final meanwhile (another requery, a callback's check, the request itself):
  // a definite answer that contradicts it is a late truth, kept for review rather than dropped.
  const now = (await findVendById(ctx.db, id))!;
  if (now.status !== 'PENDING' && now.routeIndex === v.routeIndex)
    await weighAnswer(ctx, now, answer, 'REQUERY');
  return { vend: now, retryAt: null };
}

/** A vend is asked about by hand at most once in this many seconds (providers rate-limit us). */
export const MANUAL_REQUERY_COOLDOWN_S = 5;

/**
 * PUT transactions/query: a requery asked for by a person, not more often than the cooldown;
 * audited once the provider has answered. A final vend is asked about too (issue 49): the answer
 * changes nothing, but a contradiction raises a discrepancy for review (`raised`).
 */
export async function requeryByHand(
  ctx: AppContext,
  rc: RequestContext,
  id: string,
): Promise<{ vend: VendRow; retryAt: Date | null; inProgress?: boolean; contradicts?: boolean }> {
  const actorId = callerOf(rc).userId;
  const last = await lastVendEventAt(ctx.db, id, 'REQUERY', 'PROVIDER_CHECK');
  const waitMs = last ? last.getTime() + MANUAL_REQUERY_COOLDOWN_S * 1000 - Date.now() : 0;
  if (waitMs > 0) {
    const message = 'This purchase was checked with the provider a moment ago; try again in a few seconds';
    throw new AppError('TOO_MANY_REQUESTS', 429, message, [message], Math.ceil(waitMs / 1000));
  }
  const current = await findVendById(ctx.db, id);
  if (!current) throw notFound('Vend');
  let res: { vend: VendRow; retryAt: Date | null; inProgress?: boolean; contradicts?: boolean };
  if (current.status === 'PENDING') res = await requeryVend(ctx, id, { actorId });
  else {
    const asked = await askAboutFinal(ctx, current, 'MANUAL_REQUERY', actorId);
    res = { vend: current, retryAt: null, contradicts: asked.kind !== null };
  }
  if (!res.inProgress) {
    const v = res.vend;
    await recordAudit(ctx.db, rc, {
      action: 'vend.requery',
      targetType: 'vend',
      targetId: v.id,
      corporateId: v.corporateId,
      summary: { code: v.code, status: v.status, ...(res.contradicts ? { contradicts: true } : {}) },
    });
  }
  return res;
}
