// The synchronous phase of a vend: its route's steps in order, outside any transaction or lock.
// A provider-side failure fails over to the next step (a new attempt); a recipient failure ends the
// vend as FAILED without trying another; an unknown outcome never fails over: the vend stays
// PENDING and is requeried at that provider, with the same request id (issue 32).
import { isBillKind, type Network, type ServiceType } from '@vendport/shared';
import type { AppContext } from '../../../infra/context';
import { providerPlanCode } from '../../catalogue';
import {
  callProvider,
  type ProviderAnswer,
  parseStep,
  providerOfStep,
  recordProviderCall,
  refreshAfterLowBalance,
  type VendRequest,
  vtpassRequestId,
} from '../../providers';
import { lineContact } from '../../vtu';
import { billRequestOf } from '../bills/bill-request';
import { updateVend, type VendRow } from '../records/vends.repo';
import { chooseRoute } from './choose-route';
import { finalizeFailure, finalizeSuccess, markSettled, recordUnknown } from './settle.service';
import { type AttemptAnswer, answerAttempt, openAttempt, type VendAttemptRow } from './vend-attempts.repo';
import { recordVendEvents, type VendEventInput } from './vend-events.repo';

/** The vend's current step: its platform and provider. */
export const stepNow = (v: VendRow) => parseStep(v.routes[v.routeIndex] ?? v.platform);

export async function requestOf(
  ctx: AppContext,
  v: VendRow,
  attempt: VendAttemptRow | null,
): Promise<VendRequest> {
  const { platform, provider } = stepNow(v);
  return {
    reference: v.code,
    requestId: attempt?.requestId ?? v.code,
    providerReference: attempt?.providerReference ?? null,
    providerPlanCode:
      provider !== 'SIMULATOR' && v.dataPlanId
        ? await providerPlanCode(ctx.db, v.dataPlanId, provider)
        : null,
    msisdn: v.msisdn,
    network: v.network as Network,
    serviceType: v.serviceType as ServiceType,
    amountKobo: v.amountKobo,
    planCode: v.planCode,
    line: platform === 'VTU' && v.vtuLineId ? await lineContact(ctx.db, v.vtuLineId) : null,
    bill: isBillKind(v.serviceType) ? await billRequestOf(ctx.db, v) : null,
  };
}

/**
 * The request id of a new attempt, made once and reused by every requery of it: VTpass's begins
 * with the Africa/Lagos time as YYYYMMDDHHmm (its rule), then our vend code; a later position in
 * the route adds its index, so two attempts of one vend never share an id.
 */
export function requestIdFor(provider: string, v: VendRow, position: number, now: Date): string {
  const code = position === 0 ? v.code : `${v.code}-${position}`;
  return provider === 'VTPASS' ? vtpassRequestId(now, code.replaceAll('-', '')) : code;
}

/** A real upstream's attempt, written before the HTTP call; the simulator has none. */
export async function attemptFor(ctx: AppContext, v: VendRow, at: Date): Promise<VendAttemptRow | null> {
  const { platform, provider } = stepNow(v);
  if (provider === 'SIMULATOR') return null;
  return openAttempt(ctx.db, {
    vendId: v.id,
    position: v.routeIndex,
    platform,
    provider,
    requestId: requestIdFor(provider, v, v.routeIndex, at),
    at,
  });
}

function attemptStatus(a: ProviderAnswer): AttemptAnswer['status'] {
  if (a.outcome === 'SUCCESS') return 'SUCCESSFUL';
  if (a.outcome === 'FAILED' || a.outcome === 'REVERSED' || a.outcome === 'NOT_FOUND') return a.outcome;
  return 'UNKNOWN';
}

/** Keeps the provider's answer on its attempt (nothing for the simulator). */
export async function recordAttemptAnswer(
  ctx: AppContext,
  attempt: VendAttemptRow | null,
  a: ProviderAnswer & { durationMs: number },
  at: Date,
  requery: boolean,
) {
  if (!attempt) return;
  await answerAttempt(ctx.db, attempt.id, {
    status: attemptStatus(a),
    providerReference: a.providerReference ?? null,
    failureKind: a.outcome === 'FAILED' ? (a.failureKind ?? 'PROVIDER') : null,
    message: a.message,
    raw: a.raw ?? null,
    durationMs: a.durationMs,
    at,
    requery,
  });
}

export const callEvent = (
  v: VendRow,
  kind: 'PROVIDER_CALL' | 'REQUERY',
  a: ProviderAnswer & { durationMs: number },
  at: Date,
  attempt: VendAttemptRow | null = null,
): VendEventInput => ({
  vendId: v.id,
  type: kind,
  // The step (platform and provider): where the call went.
  provider: v.routes[v.routeIndex] ?? v.provider,
  outcome: a.outcome,
  message: a.message,
  data: {
    durationMs: a.durationMs,
    providerReference: a.providerReference ?? null,
    route: v.routeIndex,
    step: v.routes[v.routeIndex] ?? null,
    ...(attempt ? { attemptId: attempt.id, requestId: attempt.requestId } : {}),
    ...(a.outcome === 'FAILED' ? { failureKind: a.failureKind ?? 'PROVIDER' } : {}),
  },
  at,
});

/**
 * A real upstream's answer to a vend, counted by its breaker; an "insufficient balance" answer has
 * its balance read again at once, beside the delivery. Neither may stop the vend: logged.
 */
async function countForBreaker(
  ctx: AppContext,
  v: VendRow,
  answer: ProviderAnswer & { durationMs: number },
  at: Date,
) {
  const { provider } = stepNow(v);
  if (provider === 'SIMULATOR') return;
  if (answer.lowBalance)
    void refreshAfterLowBalance(ctx, provider).catch((err) =>
      ctx.log.error({ err, provider }, 'balance read after an insufficient-balance answer failed'),
    );
  await recordProviderCall(ctx, provider, answer, at).catch((err) =>
    ctx.log.error({ err, provider }, 'recording the call for the breaker failed'),
  );
}

/**
 * The synchronous phase: the route's steps in order, outside any transaction. Ends with the
 * vend final, or PENDING with a requery scheduled; either way `settled_at` is set.
 */
export async function deliver(ctx: AppContext, start: VendRow): Promise<VendRow> {
  let v = start;
  for (;;) {
    const calledAt = new Date();
    // The simulator has no attempt rows: its vends (every vend of the benchmarks) pay no await here.
    const attempt = stepNow(v).provider === 'SIMULATOR' ? null : await attemptFor(ctx, v, calledAt);
    const answer = await callProvider(
      async (signal) =>
        providerOfStep(ctx, v.routes[v.routeIndex]).vend({ ...(await requestOf(ctx, v, attempt)), signal }),
      ctx.config.PROVIDER_TIMEOUT_MS,
    );
    const at = new Date();
    if (attempt) {
      await recordAttemptAnswer(ctx, attempt, answer, at, false);
      await countForBreaker(ctx, v, answer, at);
    }
    const event = callEvent(v, 'PROVIDER_CALL', answer, at, attempt);
    if (answer.outcome === 'SUCCESS')
      return (
        (await finalizeSuccess(ctx, v.id, answer, { at, events: [event], endsSync: true, known: v })) ?? v
      );
    // A definite failure, or money the provider gave back (a reversal on the request itself).
    if (answer.outcome === 'FAILED' || answer.outcome === 'REVERSED') {
      // The recipient's fault ends the vend: another provider would fail too, or vend twice.
      const recipient = answer.outcome === 'REVERSED' || answer.failureKind === 'RECIPIENT';
      const next = recipient
        ? null
        : await chooseRoute(
            ctx,
            {
              routes: v.routes,
              network: v.network,
              corporateId: v.corporateId,
              fromApi: v.channel === 'API',
              amountKobo: v.amountKobo,
              exclude: v.vtuLineId ? [v.vtuLineId] : [],
              dataPlanId: v.dataPlanId,
            },
            v.routeIndex + 1,
          );
      if (!next)
        return (
          (await finalizeFailure(ctx, v.id, answer.message, { at, events: [event], endsSync: true })) ?? v
        );
      const nextProvider = parseStep(next.route).provider;
      const moved = await ctx.db.transaction(async (tx) => {
        const row = await updateVend(
          tx,
          v.id,
          {
            routeIndex: next.index,
            provider: nextProvider,
            vtuLineId: next.line?.id ?? v.vtuLineId,
            providerReference: null,
            updatedAt: at,
          },
          { status: 'PENDING' },
        );
        if (row) {
          await recordVendEvents(tx, [
            event,
            {
              vendId: v.id,
              type: 'REROUTED',
              provider: next.route,
              message: `${v.routes[v.routeIndex]} failed on the provider's side; trying ${next.route}`,
              at,
            },
          ]);
        }
        return row ?? null;
      });
      if (!moved) return markSettled(ctx, v.id, at);
      v = moved;
      continue;
    }
    return (await recordUnknown(ctx, v, answer, { at, events: [event], endsSync: true })) ?? v;
  }
}
