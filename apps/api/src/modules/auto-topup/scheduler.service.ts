// The auto top-up scheduler (DESIGN §2, §5). Each pass, run by a recurring job of the durable
// queue on any number of workers at once:
//   1. due subscribers become runs: in one transaction the subscriber's next run moves on only if
//      it is still the due time this worker saw (so one worker wins), and the run is recorded
//      (unique per subscriber and due time);
//   2. open runs are claimed with a lease (SKIP LOCKED) and vended through the vending service
//      like any other vend (channel AUTO_TOPUP: same ledger, floors, commission), under a
//      reference derived from the subscriber and the due time: a run taken over after a crash,
//      or raced by another worker, meets the vend already made instead of paying again;
//   3. the caps are counted by the database in the statement that debits the wallet (migration
//      add_auto_topup_caps); a wallet that cannot cover a run skips it (and notifies) or, if the
//      client chose so, tries again later the same Lagos day.
// A bill subscriber (a meter or a smartcard, issue 51) is paid through the bill payment (payBill:
// the same lifecycle, under the run's reference), on its latest verification while that is fresh,
// else verified again first: a number the provider now rejects fails the run, nothing debited.
// Results are notified per client: a summary per pass, and each top-up not placed on its own
// (one whose vend was pending at the run and failed later, by the next pass).
import { setTimeout as delay } from 'node:timers/promises';
import { formatLagos, formatNaira, isBillKind, lagosDateOf, nextRunAfter } from '@vendport/shared';
import { recordAudit } from '../../infra/audit';
import type { AppContext } from '../../infra/context';
import { pgErrorCode } from '../../infra/db/sql';
import { AppError, badRequest, notFound } from '../../infra/errors';
import { mapLimit } from '../../infra/map-limit';
import type { RequestContext } from '../../infra/request-context';
import { corporateSummary } from '../corporates';
import { notifyCorporate } from '../notifications';
import { clientFailureReason, findVerification, payBill, vend, vendClient, vendMode } from '../vending';
import {
  advanceSubscriber,
  dueSubscribers,
  findSettings,
  findSubscriber,
  lockSubscriber,
  makeDueAt,
  type SubscriberRow,
  updateSubscriber,
} from './auto-topup.repo';
import { runOut } from './auto-topup.views';
import {
  claimLateFailures,
  claimRuns,
  findRunAt,
  findRunView,
  insertRun,
  type RunRow,
  recentManualRun,
  settleRun,
} from './runs.repo';

/** Time between two tries of a run its wallet could not cover (policy RETRY_LATER_TODAY). */
export const RETRY_EVERY_MS = 60 * 60_000;
/** Unexpected errors (not a refusal) are tried again this many times, 5 minutes apart. */
const MAX_ATTEMPTS = 5;
const CAP_DAY = 'V0431';
const CAP_MONTH = 'V0432';

type Trigger = 'SCHEDULE' | 'MANUAL';

/** The vend reference of a subscriber's run at `due`: ATU-<subscriber id>-<Lagos YYYYMMDDHHmm>,
 * with -M for a Run now (an extra top-up, never mistaken for the scheduled one of that minute). */
export function runReference(subscriberId: string, due: Date, trigger: Trigger = 'SCHEDULE'): string {
  return `ATU-${subscriberId}-${formatLagos(due, 'YYYYMMDDHHmm')}${trigger === 'MANUAL' ? '-M' : ''}`;
}

const runOf = (s: SubscriberRow, due: Date, trigger: Trigger) => ({
  corporateId: s.corporateId,
  subscriberId: s.id,
  dueAt: due,
  trigger,
  reference: runReference(s.id, due, trigger),
  msisdn: s.msisdn,
  network: s.network,
  serviceType: s.serviceType,
  amountKobo: s.amountKobo,
  planCode: s.planCode,
  customerNumber: s.customerNumber,
  meterType: s.meterType,
  subscriptionType: s.subscriptionType,
  retryAt: due,
});

/** Who a run is for, in a notice: the phone, or a bill's biller and customer number. */
const targetOf = (run: Pick<RunRow, 'msisdn' | 'network' | 'customerNumber'>) =>
  run.customerNumber ? `${run.network} ${run.customerNumber}` : run.msisdn;

/**
 * A bill run's payment: the subscriber's bill under the run's reference (a retry of the run meets
 * the payment already made). A verification made again for it becomes the subscriber's latest.
 */
async function payRun(ctx: AppContext, run: RunRow, sub: SubscriberRow) {
  const client = await vendClient(ctx.db, run.corporateId);
  const kept = sub.verificationId
    ? await findVerification(ctx.db, sub.verificationId, run.corporateId)
    : null;
  // The kept verification is offered only for the mode the client pays in now (switched to test
  // mode since, or back, it is verified again there rather than refused as another payment's).
  const reusable = kept && client && kept.mode === vendMode(undefined, client.corp) ? kept.id : undefined;
  const res = await payBill(
    ctx,
    { corporateId: run.corporateId, channel: 'AUTO_TOPUP', userId: null },
    {
      reference: run.reference,
      biller: run.network,
      customerNumber: run.customerNumber ?? '',
      verificationId: reusable,
      meterType: (run.meterType as 'PREPAID' | 'POSTPAID' | null) ?? undefined,
      amount: run.serviceType === 'ELECTRICITY' ? (run.amountKobo ?? undefined) : undefined,
      subscriptionType: (run.subscriptionType as 'RENEW' | 'CHANGE' | null) ?? undefined,
      bouquetCode: run.planCode ?? undefined,
      phone: run.msisdn,
    },
    client ?? undefined,
  );
  if (
    !res.replay &&
    res.bill.verificationId !== sub.verificationId &&
    sub.customerNumber === run.customerNumber
  )
    await updateSubscriber(ctx.db, sub.id, {
      verificationId: res.bill.verificationId,
      customerName: res.bill.customerName,
    });
  return res;
}

/** Step 1: due subscribers become runs (or, for clients with auto top-up off, simply move on). */
async function materialise(ctx: AppContext, now: Date): Promise<number> {
  let created = 0;
  for (;;) {
    const due = await dueSubscribers(ctx.db, now, 200);
    if (!due.length) return created;
    for (const { s, on } of due) {
      const dueAt = s.nextRunAt as Date;
      // Never earlier than now: a worker back after a pause runs a missed time once, not each.
      // A one-off has run once it is due.
      const next =
        s.frequency === 'ONCE' ? null : nextRunAfter(s, new Date(Math.max(dueAt.getTime(), now.getTime())));
      await ctx.db.transaction(async (tx) => {
        if (!(await advanceSubscriber(tx, s.id, dueAt, next))) return;
        if (on && (await insertRun(tx, runOf(s, dueAt, 'SCHEDULE')))) created++;
      });
    }
    if (due.length < 200) return created;
  }
}

type Outcome = { placed: boolean; amountKobo: number; failure: string | null; open: boolean };

function capReason(code: string, cap: number | null) {
  const what = code === CAP_DAY ? 'daily' : 'monthly';
  return `The ${what} auto top-up cap${cap ? ` of ${formatNaira(cap)}` : ''} would be exceeded`;
}

/** Step 2 for one claimed run: vend it and record what happened. */
async function processRun(ctx: AppContext, run: RunRow, now: Date): Promise<Outcome> {
  const [corp, settings, sub] = await Promise.all([
    corporateSummary(ctx.db, run.corporateId),
    findSettings(ctx.db, run.corporateId),
    findSubscriber(ctx.db, run.corporateId, run.subscriberId),
  ]);
  const skip = async (reason: string) => {
    await settleRun(ctx.db, run, { status: 'SKIPPED', reason, finishedAt: now });
    return { placed: false, amountKobo: 0, failure: reason, open: false };
  };
  if (!corp?.autoTopUpEnabled || !settings?.enabled) return skip('Auto top-up was turned off');
  if (!sub) return skip('The subscriber was removed');
  try {
    const { vend: v } = isBillKind(run.serviceType)
      ? await payRun(ctx, run, sub)
      : await vend(
          ctx,
          { corporateId: run.corporateId, channel: 'AUTO_TOPUP', userId: null },
          {
            reference: run.reference,
            phone: run.msisdn,
            network: run.network as 'MTN',
            type: run.serviceType as 'AIRTIME',
            amount: run.amountKobo ?? undefined,
            planCode: run.planCode ?? undefined,
          },
        );
    const failed = v.status === 'FAILED' || v.status === 'REVERSED';
    await settleRun(ctx.db, run, {
      status: 'VENDED',
      vendId: v.id,
      amountKobo: v.amountKobo,
      reason: null,
      finishedAt: now,
      // Told with this pass's results; a vend still pending is told later if it fails.
      failureNotifiedAt: failed ? now : null,
    });
    return failed
      ? {
          placed: false,
          amountKobo: 0,
          failure: `Failed: ${clientFailureReason(v)}; refunded`,
          open: false,
        }
      : { placed: true, amountKobo: v.amountKobo, failure: null, open: false };
  } catch (err) {
    const code = pgErrorCode(err);
    if (code === CAP_DAY || code === CAP_MONTH)
      return skip(capReason(code, code === CAP_DAY ? settings.dailyCapKobo : settings.monthlyCapKobo));
    if (err instanceof AppError && err.code === 'INSUFFICIENT_FUNDS') {
      const retryAt = new Date(now.getTime() + RETRY_EVERY_MS);
      if (
        settings.insufficientFundsPolicy === 'RETRY_LATER_TODAY' &&
        lagosDateOf(retryAt) === lagosDateOf(run.dueAt)
      ) {
        await settleRun(ctx.db, run, {
          status: 'RETRYING',
          reason: 'Insufficient wallet balance; will try again later today',
          retryAt,
        });
        return { placed: false, amountKobo: 0, failure: null, open: true };
      }
      return skip(
        settings.insufficientFundsPolicy === 'RETRY_LATER_TODAY'
          ? 'Insufficient wallet balance (tried again until the end of the day)'
          : 'Insufficient wallet balance',
      );
    }
    // A biller that could not be reached to verify the number: nothing was paid; tried again.
    const unreachable =
      err instanceof AppError && err.code === 'SERVICE_UNAVAILABLE' && isBillKind(run.serviceType);
    if (err instanceof AppError && !unreachable) {
      await settleRun(ctx.db, run, { status: 'FAILED', reason: err.message, finishedAt: now });
      return { placed: false, amountKobo: 0, failure: err.message, open: false };
    }
    if (!unreachable) ctx.log.error({ err, runId: run.id }, 'auto top-up run failed unexpectedly');
    const last = run.attempts >= MAX_ATTEMPTS;
    const lastReason = unreachable ? (err as AppError).message : 'The top-up could not be placed';
    await settleRun(
      ctx.db,
      run,
      last
        ? { status: 'FAILED', reason: lastReason, finishedAt: now }
        : {
            reason: 'Not placed yet: it will be tried again shortly',
            retryAt: new Date(now.getTime() + 5 * 60_000),
          },
    );
    return {
      placed: false,
      amountKobo: 0,
      failure: last ? lastReason : null,
      open: !last,
    };
  }
}

async function notifyResults(ctx: AppContext, results: Array<{ run: RunRow; outcome: Outcome }>) {
  const byClient = new Map<string, typeof results>();
  for (const r of results) byClient.set(r.run.corporateId, [...(byClient.get(r.run.corporateId) ?? []), r]);
  for (const [corporateId, rs] of byClient) {
    const subs = new Map<string, string>();
    for (const { run, outcome } of rs) {
      if (!outcome.failure) continue;
      const s =
        subs.get(run.subscriberId) ??
        (await findSubscriber(ctx.db, corporateId, run.subscriberId))?.name ??
        run.msisdn;
      subs.set(run.subscriberId, s);
      await notifyCorporate(
        ctx.db,
        corporateId,
        'Auto top-up not placed',
        `${s} (${targetOf(run)}): ${outcome.failure}${outcome.failure.endsWith('.') ? '' : '.'}`,
        'autotopup.result',
      );
    }
    const scheduled = rs.filter((r) => r.run.trigger === 'SCHEDULE');
    if (!scheduled.length) continue;
    const placed = scheduled.filter((r) => r.outcome.placed);
    const retrying = scheduled.filter((r) => r.outcome.open).length;
    const kobo = placed.reduce((t, r) => t + r.outcome.amountKobo, 0);
    await notifyCorporate(
      ctx.db,
      corporateId,
      'Auto top-up run',
      `${placed.length} of ${scheduled.length} scheduled top-up${scheduled.length === 1 ? '' : 's'} placed (${formatNaira(kobo)}).` +
        (retrying ? ` ${retrying} will be tried again later today.` : ''),
      'autotopup.result',
    );
  }
}

/** Claims and vends open runs (all due ones, or just `ids`); notifies the results. */
async function processOpen(ctx: AppContext, now: Date, ids?: string[]) {
  const results: Array<{ run: RunRow; outcome: Outcome }> = [];
  for (;;) {
    const claimed = await claimRuns(ctx.db, now, 20, ids);
    if (!claimed.length) break;
    results.push(
      ...(await mapLimit(claimed, 4, async (run) => ({ run, outcome: await processRun(ctx, run, now) }))),
    );
    if (ids) break;
  }
  await notifyResults(ctx, results);
  return results.length;
}

/** Top-ups pending at their run that failed since: each told on its own, once. */
async function notifyLateFailures(ctx: AppContext, now: Date) {
  for (const f of await claimLateFailures(ctx.db, now)) {
    const name = (await findSubscriber(ctx.db, f.corporateId, f.subscriberId))?.name ?? f.msisdn;
    await notifyCorporate(
      ctx.db,
      f.corporateId,
      'Auto top-up not placed',
      `${name} (${targetOf(f)}): Failed: ${clientFailureReason({ status: 'FAILED', failureReason: f.failureReason })}; refunded.`,
      'autotopup.result',
    );
  }
}

/** One pass of the scheduler at `now` (the job passes its clock; tests pass theirs). */
export async function runSchedule(ctx: AppContext, now = new Date()) {
  const created = await materialise(ctx, now);
  const processed = await processOpen(ctx, now);
  await notifyLateFailures(ctx, now);
  return { created, processed };
}

/**
 * Development only (the dev routes' hook, for people and end-to-end tests): every live, unpaused
 * subscriber of the client becomes due this minute, then one pass of the scheduler runs, exactly
 * as the recurring job would run it.
 */
export async function runClientScheduleNow(
  ctx: AppContext,
  corporateId: string,
  rc: RequestContext,
  now = new Date(),
) {
  if (!(await corporateSummary(ctx.db, corporateId))) throw notFound('Corporate client');
  const due = await makeDueAt(ctx.db, corporateId, new Date(Math.floor(now.getTime() / 60_000) * 60_000));
  const res = { due, ...(await runSchedule(ctx, now)) };
  await recordAudit(ctx.db, rc, {
    action: 'dev.auto-topup.run-schedule',
    targetType: 'corporate',
    targetId: corporateId,
    corporateId,
    summary: res,
  });
  return res;
}

/** A second Run now within this time answers with the first one's run. */
export const RUN_NOW_REPLAY_MS = 60_000;

/** Run now (client): the subscriber is topped up at once, its schedule unchanged. Presses are
 * serialised on the subscriber's row: a second press within a minute (a double click, a retry)
 * answers with the first run, never a second top-up. */
export async function runSubscriberNow(
  ctx: AppContext,
  corporateId: string,
  subscriberId: string,
  rc: RequestContext,
) {
  const [corp, settings] = await Promise.all([
    corporateSummary(ctx.db, corporateId),
    findSettings(ctx.db, corporateId),
  ]);
  const now = new Date();
  const run = await ctx.db.transaction(async (tx) => {
    const sub = await lockSubscriber(tx, corporateId, subscriberId);
    if (!sub) throw notFound('Subscriber');
    if (sub.paused) throw badRequest('This subscriber is paused: resume it first');
    if (!corp?.autoTopUpEnabled)
      throw new AppError('FORBIDDEN', 403, 'Auto top-up is disabled for your account by the platform');
    if (!settings?.enabled) throw badRequest('Turn auto top-up on in Auto Top-up Settings first');
    const recent = await recentManualRun(tx, sub.id, new Date(now.getTime() - RUN_NOW_REPLAY_MS));
    if (recent) return recent;
    const due = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
    return (await insertRun(tx, runOf(sub, due, 'MANUAL'))) ?? (await findRunAt(tx, sub.id, 'MANUAL', due));
  });
  if (!run) throw new Error('auto top-up run vanished');
  await processOpen(ctx, now, [run.id]);
  // A second press whose run another request is still vending answers with that run's outcome.
  const deadline = Date.now() + ctx.config.PROVIDER_TIMEOUT_MS + 5_000;
  let wait = 10;
  let view = await findRunView(ctx.db, corporateId, run.id);
  while (view && view.run.status === 'QUEUED' && view.run.leaseUntil && Date.now() < deadline) {
    await delay(wait);
    wait = Math.min(wait * 2, 200);
    view = await findRunView(ctx.db, corporateId, run.id);
  }
  if (!view) throw notFound('Run');
  const out = runOut(view);
  await recordAudit(ctx.db, rc, {
    action: 'auto-topup.subscriber.run-now',
    targetType: 'auto_topup_subscriber',
    targetId: subscriberId,
    corporateId,
    summary: { run: out.id, status: out.status, vend: out.vendCode, amountKobo: out.amountKobo },
  });
  return out;
}
