// The vending module's background jobs: the requery of one vend, the sweep that recovers vends
// left PENDING by a crash, and the daily reconciliation of each provider's previous day.
import type { AppContext } from '../../infra/context';
import { nextLagosTime } from '../../infra/lagos-time';
import { enqueue, type JobHandler, type ModuleJobs, runSoon } from '../../infra/queue';
import { REQUERY_QUEUE } from './lifecycle/choose-route';
import { PROVIDER_CHECK_QUEUE, providerCheckJob } from './lifecycle/provider-check.service';
import { requeryVend } from './lifecycle/requery.service';
import { claimOrphanedVends, claimVendsOfDeadProcesses, pendingDueIds } from './records/vends.repo';
import { previousLagosDay, providersToReconcile, reconcileDay } from './truths/reconcile.service';
import { hasFinishedRun } from './truths/reconciliations.repo';

export const requeryJob: JobHandler = async (ctx, job, now) => {
  const { retryAt } = await requeryVend(ctx, String(job.payload.vendId), { now });
  return retryAt ? { retryAt } : undefined;
};

/** How often the sweep runs. */
export const REQUERY_SWEEP_MS = 10_000;

/**
 * Recovery after a crash: PENDING vends whose requery time has passed without a job (the process
 * died between the debit and the provider's answer) get one; on PostgreSQL, so do the vends of a
 * process seen gone (another instance killed while this one lives). Runs every ten seconds.
 */
export const requerySweepJob: JobHandler = async (ctx, _job, now) => {
  if (ctx.dbHandle.instance) {
    const claimed = await claimVendsOfDeadProcesses(ctx.db, now);
    if (claimed.length)
      ctx.log.warn({ vends: claimed.length }, 'vends of a process that is gone: requeried now');
  }
  const due = await pendingDueIds(ctx.db, now, 500);
  for (const v of due)
    await enqueue(ctx.db, REQUERY_QUEUE, { vendId: v.id }, { runAt: now, dedupeKey: `requery:${v.id}` });
  return { retryAt: new Date(now.getTime() + REQUERY_SWEEP_MS) };
};

/**
 * Recovery on start: when no other app process is connected, every vend still in its request's
 * phase from before this process started belongs to a process that died; each is requeried now
 * instead of after its crash guard (minutes). With other processes alive, a vend may be one of
 * theirs in flight: those wait for their guard and the sweep.
 */
export async function recoverOrphanedVends(
  ctx: AppContext,
  o: { now?: Date; startedAt?: Date; othersAlive?: boolean } = {},
): Promise<number> {
  const now = o.now ?? new Date();
  const startedAt = o.startedAt ?? new Date(Date.now() - process.uptime() * 1000);
  if (o.othersAlive ?? (await ctx.dbHandle.othersAlive())) return 0;
  const orphans = await claimOrphanedVends(ctx.db, startedAt, now);
  for (const v of orphans) {
    const key = `requery:${v.id}`;
    // A requery already scheduled later (an unknown answer's backoff) is brought forward.
    if (!(await enqueue(ctx.db, REQUERY_QUEUE, { vendId: v.id }, { runAt: now, dedupeKey: key })))
      await runSoon(ctx.db, key, now);
  }
  if (orphans.length) ctx.log.warn({ vends: orphans.length }, 'vends interrupted by a crash: requeried now');
  return orphans.length;
}

export const RECONCILIATION_QUEUE = 'provider-reconciliation';

/** When the daily reconciliation runs: 01:30 in Lagos, once the day's late answers have come in. */
export const nextReconciliationAt = (now: Date) => nextLagosTime(now, 1, 30);

/**
 * The daily provider reconciliation (issue 49 point 4): the previous Lagos day of each provider
 * this server vends through, unless a finished run of it exists (a restart does not run it twice).
 * One provider's failure is kept on its run and does not hold up the others.
 */
export const reconciliationJob: JobHandler = async (ctx, _job, now) => {
  const day = previousLagosDay(now);
  for (const provider of providersToReconcile(ctx)) {
    if (await hasFinishedRun(ctx.db, provider, day)) continue;
    const run = await reconcileDay(ctx, provider, day);
    if (run.status !== 'DONE') ctx.log.error({ provider, day, error: run.error }, 'reconciliation failed');
  }
  return { retryAt: nextReconciliationAt(now) };
};

export const vendingJobs: ModuleJobs = {
  handlers: {
    [REQUERY_QUEUE]: requeryJob,
    'requery-sweep': requerySweepJob,
    [PROVIDER_CHECK_QUEUE]: providerCheckJob,
    [RECONCILIATION_QUEUE]: reconciliationJob,
  },
  onStart: (ctx) => recoverOrphanedVends(ctx),
  recurring: (_ctx, now) => [
    { queue: 'requery-sweep', runAt: now, dedupeKey: 'recurring:requery-sweep' },
    {
      queue: RECONCILIATION_QUEUE,
      runAt: nextReconciliationAt(now),
      dedupeKey: `recurring:${RECONCILIATION_QUEUE}`,
    },
  ],
};
