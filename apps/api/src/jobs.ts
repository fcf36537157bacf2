// Background work: the queue's wiring only. Each module owns its job handlers (<module>.jobs.ts,
// exported by its index); the queue itself lives in the database so that any number of app
// instances share it.
import { booksJobs } from './books';
import type { AppContext } from './infra/context';
import {
  enqueue,
  type JobHandler,
  type ModuleJobs,
  type RunDueOptions,
  releaseJobsAtStart,
  releaseJobsOfDeadProcesses,
  runDue,
} from './infra/queue';
import { autoTopupJobs } from './modules/auto-topup';
import { alertsJobs } from './modules/balance-alerts';
import { commissionsJobs } from './modules/commissions';
import { fundingJobs } from './modules/funding';
import { providerAdminJobs } from './modules/provider-admin';
import { reconciliationJobs } from './modules/reconciliation';
import { reportsJobs } from './modules/reports';
import { vendingJobs } from './modules/vending';
import { webhooksJobs } from './modules/webhooks';

export interface Jobs {
  stop(): Promise<void>;
}

/** Runs `tick` every `ms` until stopped; a tick never overlaps the previous one. */
export function every(ms: number, tick: () => Promise<unknown>, onError: (err: unknown) => void): Jobs {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    if (stopped) return;
    running = running.then(tick).catch(onError);
  }, ms);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/** Relays the outbox every 2 s; without SMTP (settings or environment) a tick does nothing. */
const outboxRelay = (ctx: AppContext): Jobs =>
  every(
    2_000,
    () => ctx.mailer.relay(ctx.db),
    (err) => ctx.log.error({ err }, 'outbox relay failed'),
  );

/** Each module's jobs: the queue only wires them (handlers by queue name, recurring jobs). */
const moduleJobs: ModuleJobs[] = [
  vendingJobs,
  booksJobs,
  webhooksJobs,
  commissionsJobs,
  reportsJobs,
  fundingJobs,
  reconciliationJobs,
  alertsJobs,
  autoTopupJobs,
  providerAdminJobs,
];

/** The queues of the durable job queue (jobs table, see queue.ts) and what runs them. */
export const jobHandlers: Record<string, JobHandler> = Object.assign(
  {},
  ...moduleJobs.map((m) => m.handlers),
);

/** Jobs that reschedule themselves forever; created once (dedupe key) by the first worker. */
export async function ensureRecurringJobs(ctx: AppContext, now = new Date()): Promise<void> {
  for (const m of moduleJobs) {
    for (const j of m.recurring?.(ctx, now) ?? []) {
      await enqueue(ctx.db, j.queue, {}, { runAt: j.runAt, dedupeKey: j.dedupeKey });
    }
  }
}

/** Runs every job due at `now` (tests pass their own clock: no sleeps). */
export function runDueJobs(ctx: AppContext, opts: RunDueOptions = {}): Promise<number> {
  return runDue(ctx, jobHandlers, opts);
}

/** Polls the job queue every JOBS_POLL_MS; the recurring jobs are created on start. */
const queuePoller = (ctx: AppContext): Jobs => {
  for (const m of moduleJobs)
    void m.onStart?.(ctx).catch((err) => ctx.log.error({ err }, 'a module could not do its start-up work'));
  void ensureRecurringJobs(ctx).catch((err) => ctx.log.error({ err }, 'could not create the recurring jobs'));
  return every(
    ctx.config.JOBS_POLL_MS,
    () => runDueJobs(ctx, { batch: 20, maxRounds: 5 }),
    (err) => ctx.log.error({ err }, 'job queue poll failed'),
  );
};

/** How often a worker looks for jobs held by a process that is gone (PostgreSQL). */
const ORPHANED_JOBS_MS = 10_000;

/**
 * Jobs whose worker died are due again at once rather than when their lease ends: on start, and
 * then every ORPHANED_JOBS_MS on PostgreSQL, where other processes may die while this one lives.
 */
const orphanedJobs = (ctx: AppContext): Jobs => {
  const startedAt = new Date(Date.now() - process.uptime() * 1000);
  const release = async () => {
    const n = ctx.dbHandle.instance
      ? await releaseJobsOfDeadProcesses(ctx.db, new Date())
      : await releaseJobsAtStart(ctx.db, startedAt, new Date());
    if (n) ctx.log.warn({ jobs: n }, 'jobs held by a process that is gone: due now');
  };
  const onError = (err: unknown) =>
    ctx.log.error({ err }, 'could not release the jobs of a process that is gone');
  void release().catch(onError);
  return ctx.dbHandle.instance ? every(ORPHANED_JOBS_MS, release, onError) : { stop: async () => {} };
};

const workers: Array<(ctx: AppContext) => Jobs> = [outboxRelay, orphanedJobs, queuePoller];

export function startJobs(ctx: AppContext): Jobs {
  const running = workers.map((w) => w(ctx));
  return { stop: async () => void (await Promise.all(running.map((r) => r.stop()))) };
}
