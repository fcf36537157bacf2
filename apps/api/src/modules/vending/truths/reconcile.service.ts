// Provider reconciliation (issue 49 point 4): a provider's Lagos day compared with ours, attempt by
// attempt. The provider's side comes from its own record:
//   RELOADLY   its transactions report for the day (https://raphaelugwu.gitbook.io/airtime/transactions/get-transaction,
//              startDate/endDate), matched by customIdentifier (our attempt's request id);
//   VTPASS     its requery of every attempt whose outcome we assumed (no answer, a timeout, a
//              grace-period NOT_FOUND: attempt status SENT, UNKNOWN or NOT_FOUND); the others
//              carry VTpass's own definite answer already;
//   SIMULATOR  its own answers, asked vend by vend (it decides them from the vend, so they are its log).
// Each mismatch (missing on one side, a different status or amount) finds or raises a discrepancy
// (late-truth.service: one per vend and kind); the run keeps the counts and amounts of both sides
// and every mismatch with both versions. Nothing here moves money: an admin resolves.
import { addCalendarDays, lagosDateOf } from '@vendport/shared';
import { recordAudit } from '../../../infra/audit';
import type { AppContext } from '../../../infra/context';
import { badRequest } from '../../../infra/errors';
import { lagosDayEnd, lagosDayStart } from '../../../infra/lagos-time';
import { mapLimit } from '../../../infra/map-limit';
import { type RequestContext, systemContext } from '../../../infra/request-context';
import {
  callProvider,
  type ProviderAnswer,
  type ProviderRecord,
  providerOfStep,
  providersOf,
} from '../../providers';
import { requestOf } from '../lifecycle/deliver.service';
import { attemptByRequest, type VendAttemptRow } from '../lifecycle/vend-attempts.repo';
import type { VendRow } from '../records/vends.repo';
import { discrepancyIdByKey } from './discrepancies.repo';
import { type DiscrepancyKind, raiseDiscrepancy, vendDiscrepancyKey } from './late-truth.service';
import {
  attemptsOfDay,
  finishRun,
  insertRun,
  type ReconciliationRow,
  simulatorVendsOfDay,
} from './reconciliations.repo';

export const RECONCILED_PROVIDERS = ['RELOADLY', 'VTPASS', 'SIMULATOR'] as const;
export type ReconciledProvider = (typeof RECONCILED_PROVIDERS)[number];

/** How many requeries one run has in flight at once (providers rate-limit us). */
const REQUERY_CONCURRENCY = 4;

/** The provider's word about one of our attempts, in one vocabulary. */
interface Theirs {
  status: 'SUCCESSFUL' | 'FAILED' | 'REFUNDED' | 'NOT_FOUND' | 'UNKNOWN';
  amountKobo: number | null;
  discountKobo: number;
  reference: string | null;
  message: string;
  raw: unknown;
}

/** Ours: an attempt (or, for the simulator, the vend itself) and the vend it belongs to. */
interface Ours {
  vend: VendRow;
  attempt: VendAttemptRow | null;
  /** The attempt holds the vend (a failed-over attempt does not). */
  current: boolean;
}

export interface Finding {
  kind: DiscrepancyKind;
  vendId: string | null;
  code: string | null;
  requestId: string | null;
  ourStatus: string | null;
  providerStatus: string;
  ourAmountKobo: number | null;
  providerAmountKobo: number | null;
  providerReference: string | null;
  discrepancyId: string | null;
  /** False when the discrepancy was raised before (by a requery, a callback or an earlier run). */
  raised: boolean;
}

const fromRecord = (r: ProviderRecord): Theirs => ({
  status: r.status === 'PROCESSING' ? 'UNKNOWN' : r.status,
  amountKobo: r.amountKobo,
  discountKobo: r.discountKobo,
  reference: r.providerReference,
  message: `${r.status} in the provider's report`,
  raw: r,
});

/** VTpass's requery body carries the transaction's amount and its commission (our discount). */
function vtpassFigures(raw: unknown): { amountKobo: number | null; discountKobo: number } {
  const t = (raw as { body?: { content?: { transactions?: Record<string, unknown> } } } | null)?.body?.content
    ?.transactions;
  const kobo = (x: unknown) =>
    typeof x === 'number' || (typeof x === 'string' && x.trim() !== '') ? Math.round(Number(x) * 100) : null;
  return { amountKobo: kobo(t?.amount), discountKobo: kobo(t?.commission) ?? 0 };
}

function fromAnswer(a: ProviderAnswer): Theirs {
  const status: Theirs['status'] =
    a.outcome === 'SUCCESS'
      ? 'SUCCESSFUL'
      : a.outcome === 'REVERSED'
        ? 'REFUNDED'
        : a.outcome === 'FAILED' || a.outcome === 'NOT_FOUND'
          ? a.outcome
          : 'UNKNOWN';
  return {
    status,
    ...vtpassFigures(a.raw),
    reference: a.providerReference ?? null,
    message: a.message,
    raw: a.raw,
  };
}

/** An attempt's stored definite answer: the provider's own word, given when it answered. */
function fromAttempt(a: VendAttemptRow): Theirs {
  const status: Theirs['status'] =
    a.status === 'SUCCESSFUL'
      ? 'SUCCESSFUL'
      : a.status === 'REVERSED'
        ? 'REFUNDED'
        : a.status === 'FAILED'
          ? 'FAILED'
          : 'UNKNOWN';
  return {
    status,
    ...vtpassFigures(a.raw),
    reference: a.providerReference,
    message: a.message ?? a.status,
    raw: a.raw,
  };
}

/** What a provider's word about one of our attempts shows, or null when the two agree (or it is not final). */
export function mismatchOf(o: Ours, t: Theirs): DiscrepancyKind | null {
  if (o.vend.status === 'PENDING' || t.status === 'UNKNOWN') return null;
  const delivered = t.status === 'SUCCESSFUL';
  if (!o.current) return delivered ? 'MISSING_AT_US' : null; // a failed-over attempt the provider delivered anyway
  if (o.vend.status === 'SUCCESSFUL') {
    if (t.status === 'NOT_FOUND') return 'MISSING_AT_PROVIDER';
    if (!delivered) return 'REFUNDED_AFTER_SUCCESS';
    return t.amountKobo !== null && t.amountKobo !== o.vend.amountKobo ? 'AMOUNT_MISMATCH' : null;
  }
  return delivered ? 'DELIVERED_AFTER_REFUND' : null;
}

/** The previous Lagos day of an instant (what the daily job reconciles). */
export const previousLagosDay = (now: Date) => addCalendarDays(lagosDateOf(now), -1);

/** The provider's word about each of our attempts of the day, and its records we have no attempt for. */
async function theirSide(
  ctx: AppContext,
  provider: ReconciledProvider,
  ours: Ours[],
  start: Date,
  end: Date,
): Promise<{ theirs: Array<Theirs | null>; extra: ProviderRecord[] }> {
  const requery = async (o: Ours) =>
    fromAnswer(
      await callProvider(
        async (signal) =>
          providerOfStep(
            ctx,
            o.attempt ? `${o.attempt.platform}:${o.attempt.provider}` : o.vend.routes[o.vend.routeIndex],
          ).query({ ...(await requestOf(ctx, o.vend, o.attempt)), signal }),
        ctx.config.PROVIDER_TIMEOUT_MS,
      ),
    );
  if (provider === 'SIMULATOR')
    return { theirs: await mapLimit(ours, REQUERY_CONCURRENCY, requery), extra: [] };
  if (provider === 'VTPASS') {
    const assumed = (o: Ours) => o.attempt && ['SENT', 'UNKNOWN', 'NOT_FOUND'].includes(o.attempt.status);
    const theirs = await mapLimit(ours, REQUERY_CONCURRENCY, (o) =>
      assumed(o) ? requery(o) : Promise.resolve(fromAttempt(o.attempt!)),
    );
    return { theirs, extra: [] };
  }
  const upstream = providersOf(ctx).upstreams?.RELOADLY;
  if (!upstream?.transactionsBetween) throw new Error('Reloadly is not configured on this server');
  const records = await upstream.transactionsBetween(start, end);
  const byRequest = new Map(records.filter((r) => r.requestId).map((r) => [r.requestId!, r]));
  const theirs = ours.map((o) => {
    const r = o.attempt ? byRequest.get(o.attempt.requestId) : undefined;
    // Not in the report: Reloadly has no top-up under our identifier (it was never made).
    return r
      ? fromRecord(r)
      : ({
          status: 'NOT_FOUND',
          amountKobo: null,
          discountKobo: 0,
          reference: null,
          message: 'Not in the provider’s report for the day',
          raw: null,
        } as Theirs);
  });
  const mine = new Set(ours.map((o) => o.attempt?.requestId));
  const extra = records.filter((r) => !r.requestId || !mine.has(r.requestId));
  return { theirs, extra };
}

/**
 * Reconciles one provider's Lagos day: the run's row, its counts and amounts, and a discrepancy
 * per mismatch. A provider whose record cannot be read fails the run (status FAILED, the reason
 * kept) rather than reporting every vend as missing.
 */
export async function reconcileDay(
  ctx: AppContext,
  provider: ReconciledProvider,
  day: string,
  rc: RequestContext | null = null,
): Promise<ReconciliationRow> {
  if (day >= lagosDateOf(new Date())) throw badRequest('Only a day that has ended can be reconciled');
  const run = await insertRun(ctx.db, {
    provider,
    day,
    requestedById: rc?.auth?.userId ?? null,
    at: new Date(),
  });
  const start = lagosDayStart(day);
  const end = lagosDayEnd(day);
  const ours: Ours[] =
    provider === 'SIMULATOR'
      ? (await simulatorVendsOfDay(ctx.db, start, end)).map((vend) => ({
          vend,
          attempt: null,
          current: true,
        }))
      : (await attemptsOfDay(ctx.db, provider, start, end)).map(({ attempt, vend }) => ({
          vend,
          attempt,
          current: attempt.position === vend.routeIndex,
        }));
  let side: Awaited<ReturnType<typeof theirSide>>;
  try {
    side = await theirSide(ctx, provider, ours, start, end);
  } catch (err) {
    const error =
      err instanceof Error ? err.message.slice(0, 500) : 'The provider’s record could not be read';
    return finishRun(ctx.db, run.id, {
      status: 'FAILED',
      error,
      ourCount: ours.length,
      finishedAt: new Date(),
    });
  }
  const findings: Finding[] = [];
  const totals = {
    ourDeliveredCount: 0,
    ourDebitedKobo: 0,
    ourCommissionKobo: 0,
    providerCount: 0,
    providerDeliveredCount: 0,
    providerChargedKobo: 0,
    providerDiscountKobo: 0,
    matched: 0,
  };
  for (const [i, o] of ours.entries()) {
    const t = side.theirs[i]!;
    if (o.current && o.vend.status === 'SUCCESSFUL') {
      totals.ourDeliveredCount += 1;
      totals.ourDebitedKobo += o.vend.chargeKobo;
      totals.ourCommissionKobo += o.vend.commissionKobo;
    }
    if (t.status !== 'NOT_FOUND') totals.providerCount += 1;
    if (t.status === 'SUCCESSFUL') {
      totals.providerDeliveredCount += 1;
      const amount = t.amountKobo ?? o.vend.amountKobo;
      totals.providerChargedKobo += amount - t.discountKobo;
      totals.providerDiscountKobo += t.discountKobo;
    }
    const kind = mismatchOf(o, t);
    if (!kind) {
      totals.matched += 1;
      continue;
    }
    findings.push(await findingOf(ctx, run.id, provider, kind, o, t));
  }
  for (const r of side.extra) {
    // A top-up under an identifier of ours from another day is that day's; only a stranger is missing.
    if (r.requestId && (await attemptByRequest(ctx.db, provider, { requestId: r.requestId }))) continue;
    totals.providerCount += 1;
    if (r.status === 'SUCCESSFUL') {
      totals.providerDeliveredCount += 1;
      totals.providerChargedKobo += r.amountKobo - r.discountKobo;
      totals.providerDiscountKobo += r.discountKobo;
    }
    if (r.status !== 'SUCCESSFUL') continue; // nothing charged: nothing to answer for
    findings.push(await strangerOf(ctx, run.id, provider, r));
  }
  const done = await finishRun(ctx.db, run.id, {
    status: 'DONE',
    ourCount: ours.length,
    ...totals,
    mismatches: findings.length,
    findings,
    finishedAt: new Date(),
  });
  await recordAudit(ctx.db, rc ?? systemContext('provider-reconciliation'), {
    action: 'vend.reconcile',
    targetType: 'provider_reconciliation',
    targetId: done.id,
    summary: { provider, day, mismatches: findings.length, matched: totals.matched },
  });
  return done;
}

async function findingOf(
  ctx: AppContext,
  runId: string,
  provider: string,
  kind: DiscrepancyKind,
  o: Ours,
  t: Theirs,
): Promise<Finding> {
  const key =
    kind === 'MISSING_AT_US'
      ? `attempt:${o.attempt?.id ?? o.vend.id}:MISSING_AT_US`
      : vendDiscrepancyKey(o.vend.id, kind);
  const raised = await raiseDiscrepancy(ctx, {
    key,
    kind,
    source: 'RECONCILIATION',
    provider,
    vendId: o.vend.id,
    corporateId: o.vend.corporateId,
    reconciliationId: runId,
    ourStatus: o.current ? o.vend.status : `FAILED OVER (${o.vend.status})`,
    ourAmountKobo: o.vend.amountKobo,
    providerStatus: t.status,
    providerAmountKobo: t.amountKobo,
    providerReference: t.reference,
    providerMessage: t.message.slice(0, 500),
    providerRaw: t.raw ?? null,
  });
  return {
    kind,
    vendId: o.vend.id,
    code: o.vend.code,
    requestId: o.attempt?.requestId ?? o.vend.code,
    ourStatus: o.vend.status,
    providerStatus: t.status,
    ourAmountKobo: o.vend.amountKobo,
    providerAmountKobo: t.amountKobo,
    providerReference: t.reference,
    discrepancyId: raised?.id ?? (await existingId(ctx, key)),
    raised: raised !== null,
  };
}

async function strangerOf(
  ctx: AppContext,
  runId: string,
  provider: string,
  r: ProviderRecord,
): Promise<Finding> {
  const key = `provider:${provider}:${r.providerReference}`;
  const raised = await raiseDiscrepancy(ctx, {
    key,
    kind: 'MISSING_AT_US',
    source: 'RECONCILIATION',
    provider,
    reconciliationId: runId,
    providerStatus: r.status,
    providerAmountKobo: r.amountKobo,
    providerReference: r.providerReference,
    providerMessage: `${r.status} in the provider's report under ${r.requestId ?? 'no identifier'}`,
    providerRaw: r,
  });
  return {
    kind: 'MISSING_AT_US',
    vendId: null,
    code: null,
    requestId: r.requestId,
    ourStatus: null,
    providerStatus: r.status,
    ourAmountKobo: null,
    providerAmountKobo: r.amountKobo,
    providerReference: r.providerReference,
    discrepancyId: raised?.id ?? (await existingId(ctx, key)),
    raised: raised !== null,
  };
}

const existingId = (ctx: AppContext, key: string) => discrepancyIdByKey(ctx.db, key);

/** The days and providers a daily job reconciles: each configured upstream, and the simulator. */
export function providersToReconcile(ctx: AppContext): ReconciledProvider[] {
  const ups = providersOf(ctx).upstreams ?? {};
  return RECONCILED_PROVIDERS.filter((p) => p === 'SIMULATOR' || ups[p] !== undefined);
}
