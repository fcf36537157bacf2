// A small durable job queue in the database (pg-boss cannot run on PGlite's single in-process
// connection). Jobs are rows; workers claim due rows with FOR UPDATE SKIP LOCKED, so any number
// of app instances share one queue, and a claimed job carries a lease: a worker that dies leaves
// it due again when the lease ends, or sooner when it is seen gone (releaseJobsOfDeadProcesses,
// releaseJobsAtStart). Handlers get the clock as an argument, so tests drive the
// queue deterministically with runDue(..., { now }) and never sleep.
import { and, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from './context';
import { type Db, LIVE_INSTANCE_NAMES } from './db/client';
import { jobs } from './db/schema';

export type JobRow = typeof jobs.$inferSelect;

/**
 * What a handler answers: nothing (done), `{ retryAt }` to run again later without counting as a
 * failure (a requery that is still pending), or `{ failed }` to give up for good. A thrown error
 * is retried with backoff until max_attempts, then the job is FAILED.
 */
export type JobOutcome =
  | undefined
  | { retryAt: Date; payload?: Record<string, unknown> }
  | { failed: string };
export type JobHandler = (ctx: AppContext, job: JobRow, now: Date) => Promise<JobOutcome>;

/** What a module hands the queue: its handlers by queue name, and the jobs that recur forever
 * (created once, by dedupe key, when a worker starts). */
export interface ModuleJobs {
  handlers: Record<string, JobHandler>;
  recurring?: (ctx: AppContext, now: Date) => Array<{ queue: string; runAt: Date; dedupeKey: string }>;
  /** Work a worker does once when it starts, before it polls (crash recovery). */
  onStart?: (ctx: AppContext) => Promise<unknown>;
}

/** How long a claimed job is held before another worker may take it over. */
export const JOB_LEASE_MS = 5 * 60_000;

export interface EnqueueOptions {
  runAt?: Date;
  /** At most one unfinished job per key: a second enqueue with the key is a no-op. */
  dedupeKey?: string;
  maxAttempts?: number;
}

/** Adds a job within `db` (pass the transaction that makes it necessary). Returns its id, or null
 * when an unfinished job with the same dedupe key exists. */
export async function enqueue(
  db: Db,
  queue: string,
  payload: Record<string, unknown>,
  opts: EnqueueOptions = {},
) {
  const [row] = await db
    .insert(jobs)
    .values({
      queue,
      payload,
      runAt: opts.runAt ?? new Date(),
      dedupeKey: opts.dedupeKey ?? null,
      maxAttempts: opts.maxAttempts ?? 25,
    })
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  return row?.id ?? null;
}

/** Brings an unfinished job forward (e.g. a resend that should go now). */
export async function runSoon(db: Db, dedupeKey: string, at: Date) {
  await db
    .update(jobs)
    .set({ runAt: at, updatedAt: new Date() })
    .where(and(eq(jobs.dedupeKey, dedupeKey), eq(jobs.status, 'PENDING')));
}

async function claim(
  db: Db,
  holder: string | null,
  queues: string[],
  now: Date,
  limit: number,
): Promise<JobRow[]> {
  const lease = new Date(now.getTime() + JOB_LEASE_MS);
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(inArray(jobs.status, ['PENDING', 'RUNNING']), lte(jobs.runAt, now), inArray(jobs.queue, queues)),
    )
    .orderBy(jobs.runAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(jobs)
    .set({
      status: 'RUNNING',
      attempts: sql`${jobs.attempts} + 1`,
      lockedUntil: lease,
      lockedBy: holder,
      runAt: lease,
      updatedAt: now,
    })
    .where(inArray(jobs.id, due))
    .returning();
}

/**
 * PostgreSQL: RUNNING jobs held by a process that is gone (not among LIVE_INSTANCE_NAMES) are due
 * now instead of when
 * their lease ends (five minutes: a worker killed while it requeried a vend left the vend PENDING
 * that long). Taking over a job of a live process by mistake (one cut off from the database for a
 * moment) only runs it early: the old holder can no longer settle it (finish() checks the attempt),
 * and every handler may run again, as after a lease. Returns how many were released.
 */
export function releaseJobsOfDeadProcesses(db: Db, now: Date): Promise<number> {
  return releaseRunning(
    db,
    now,
    sql`${jobs.lockedBy} is not null and ${jobs.lockedBy} not in (${LIVE_INSTANCE_NAMES})`,
  );
}

/**
 * PGlite (one process per database, db/dir-lock.ts): a RUNNING job claimed before this process
 * started (`startedAt`) was held by a process that died; it is due now.
 */
export function releaseJobsAtStart(db: Db, startedAt: Date, now: Date): Promise<number> {
  return releaseRunning(db, now, sql`${jobs.updatedAt} < ${startedAt.toISOString()}::timestamptz`);
}

/** RUNNING jobs matching `which`, their lease not yet over, made due at `now`; returns how many. */
async function releaseRunning(db: Db, now: Date, which: SQL): Promise<number> {
  const released = await db
    .update(jobs)
    .set({ runAt: now, lockedUntil: now, updatedAt: now })
    .where(and(eq(jobs.status, 'RUNNING'), sql`${jobs.runAt} > ${now.toISOString()}::timestamptz`, which))
    .returning({ id: jobs.id });
  return released.length;
}

/** Exponential backoff after a thrown error: 10 s, 20 s, 40 s ... capped at one hour. */
export const errorBackoffMs = (attempt: number) =>
  Math.min(10_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);

async function finish(db: Db, job: JobRow, outcome: JobOutcome, now: Date) {
  // Only the holder of the lease (same attempt count, still RUNNING) may settle the job.
  const mine = and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts), eq(jobs.status, 'RUNNING'));
  if (!outcome) {
    await db
      .update(jobs)
      .set({ status: 'DONE', lockedUntil: null, lockedBy: null, finishedAt: now, updatedAt: now })
      .where(mine);
  } else if ('retryAt' in outcome) {
    const at = outcome.retryAt.getTime() > now.getTime() ? outcome.retryAt : new Date(now.getTime() + 1000);
    await db
      .update(jobs)
      .set({
        status: 'PENDING',
        attempts: 0,
        runAt: at,
        lockedUntil: null,
        lockedBy: null,
        updatedAt: now,
        // A recurring job may keep its last result with it (the books check's, for /metrics).
        ...(outcome.payload ? { payload: outcome.payload } : {}),
      })
      .where(mine);
  } else {
    await db
      .update(jobs)
      .set({
        status: 'FAILED',
        lastError: outcome.failed.slice(0, 1000),
        lockedUntil: null,
        lockedBy: null,
        finishedAt: now,
        updatedAt: now,
      })
      .where(mine);
  }
}

async function fail(db: Db, job: JobRow, err: unknown, now: Date) {
  const message = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
  const giveUp = job.attempts >= job.maxAttempts;
  await db
    .update(jobs)
    .set(
      giveUp
        ? {
            status: 'FAILED',
            lastError: message,
            lockedUntil: null,
            lockedBy: null,
            finishedAt: now,
            updatedAt: now,
          }
        : {
            status: 'PENDING',
            lastError: message,
            lockedUntil: null,
            lockedBy: null,
            runAt: new Date(now.getTime() + errorBackoffMs(job.attempts)),
            updatedAt: now,
          },
    )
    .where(and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts), eq(jobs.status, 'RUNNING')));
}

export interface RunDueOptions {
  now?: Date;
  /** Only these queues (default: every queue with a handler). */
  queues?: string[];
  /** Jobs claimed (and run concurrently) per round. */
  batch?: number;
  /** Safety stop for one call. */
  maxRounds?: number;
}

/** Runs every job due at `now`, round after round, until none is due. Returns how many ran. */
export async function runDue(
  ctx: AppContext,
  handlers: Record<string, JobHandler>,
  opts: RunDueOptions = {},
): Promise<number> {
  const now = opts.now ?? new Date();
  const queues = opts.queues ?? Object.keys(handlers);
  let ran = 0;
  for (let round = 0; round < (opts.maxRounds ?? 100); round++) {
    const claimed = await claim(ctx.db, ctx.dbHandle.instance, queues, now, opts.batch ?? 10);
    if (!claimed.length) break;
    await Promise.all(
      claimed.map(async (job) => {
        const handler = handlers[job.queue];
        try {
          if (!handler) throw new Error(`no handler for queue ${job.queue}`);
          await finish(ctx.db, job, await handler(ctx, job, now), now);
        } catch (err) {
          ctx.log.warn({ err, jobId: job.id, queue: job.queue }, 'job failed');
          await fail(ctx.db, job, err, now).catch((e) =>
            ctx.log.error({ err: e }, 'could not record job failure'),
          );
        }
      }),
    );
    ran += claimed.length;
  }
  return ran;
}

/** Jobs waiting or running, counted by queue (the operators' metrics). */
export async function activeJobCounts(db: Db): Promise<Array<{ queue: string; n: number }>> {
  const rows = await db
    .select({ queue: jobs.queue, n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(inArray(jobs.status, ['PENDING', 'RUNNING']))
    .groupBy(jobs.queue);
  return rows;
}

/** The payload of the newest job with this dedupe key (a recurring job keeps its last result there). */
export async function lastJobPayload<T>(db: Db, dedupeKey: string): Promise<T | null> {
  const [row] = await db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(eq(jobs.dedupeKey, dedupeKey))
    .orderBy(sql`${jobs.createdAt} desc`)
    .limit(1);
  return (row?.payload as T | undefined) ?? null;
}
