import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testDbKind } from '../test/harness';
import { jobs } from './db/schema';
import { enqueue, type JobHandler, releaseJobsAtStart, releaseJobsOfDeadProcesses, runDue } from './queue';

let t: TestApp;
const T0 = new Date('2026-01-01T08:00:00Z');
const at = (s: number) => new Date(T0.getTime() + s * 1000);
const job = async (id: string) => (await t.app.ctx.db.select().from(jobs).where(eq(jobs.id, id)))[0];
/** A job a worker claimed (RUNNING, leased until `until`), with `v`'s columns. */
const claimedJob = async (queue: string, until: Date, v: Partial<typeof jobs.$inferInsert>) =>
  (
    await t.app.ctx.db
      .insert(jobs)
      .values({ queue, status: 'RUNNING', attempts: 1, runAt: until, lockedUntil: until, ...v })
      .returning({ id: jobs.id })
  )[0]!;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('[QUEUE] the durable job queue', () => {
  it('[QUEUE] runs a job only once it is due, then marks it done', async () => {
    const seen: string[] = [];
    const handlers: Record<string, JobHandler> = { q1: async (_c, j) => void seen.push(String(j.payload.n)) };
    const id = (await enqueue(t.app.ctx.db, 'q1', { n: 1 }, { runAt: at(10) }))!;
    expect(await runDue(t.app.ctx, handlers, { now: at(5) })).toBe(0);
    expect(await runDue(t.app.ctx, handlers, { now: at(10) })).toBe(1);
    expect(seen).toEqual(['1']);
    expect(await job(id)).toMatchObject({ status: 'DONE', attempts: 1 });
    expect(await runDue(t.app.ctx, handlers, { now: at(100) })).toBe(0);
  });

  it('[QUEUE] a thrown error is retried with exponential backoff, then the job fails', async () => {
    let calls = 0;
    const handlers: Record<string, JobHandler> = {
      q2: async () => {
        calls++;
        throw new Error(`boom ${calls}`);
      },
    };
    const id = (await enqueue(t.app.ctx.db, 'q2', {}, { runAt: at(0), maxAttempts: 3 }))!;
    await runDue(t.app.ctx, handlers, { now: at(0) });
    expect(await job(id)).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      lastError: 'boom 1',
      runAt: at(10),
    });
    await runDue(t.app.ctx, handlers, { now: at(10) });
    expect(await job(id)).toMatchObject({ status: 'PENDING', attempts: 2, runAt: at(30) });
    await runDue(t.app.ctx, handlers, { now: at(30) });
    expect(await job(id)).toMatchObject({ status: 'FAILED', attempts: 3, lastError: 'boom 3' });
    expect(calls).toBe(3);
  });

  it('[QUEUE] a handler may reschedule itself without it counting as a failure', async () => {
    let n = 0;
    const handlers: Record<string, JobHandler> = {
      q3: async (_c, _j, now) => (++n < 3 ? { retryAt: new Date(now.getTime() + 60_000) } : undefined),
    };
    const id = (await enqueue(t.app.ctx.db, 'q3', {}, { runAt: at(0) }))!;
    await runDue(t.app.ctx, handlers, { now: at(0) });
    expect(await job(id)).toMatchObject({ status: 'PENDING', attempts: 0, runAt: at(60) });
    await runDue(t.app.ctx, handlers, { now: at(60) });
    await runDue(t.app.ctx, handlers, { now: at(120) });
    expect(await job(id)).toMatchObject({ status: 'DONE' });
    expect(n).toBe(3);
  });

  it('[QUEUE] one unfinished job per dedupe key', async () => {
    const a = await enqueue(t.app.ctx.db, 'q4', {}, { dedupeKey: 'k1', runAt: at(0) });
    const b = await enqueue(t.app.ctx.db, 'q4', {}, { dedupeKey: 'k1', runAt: at(0) });
    expect(a).not.toBeNull();
    expect(b).toBeNull();
    await runDue(t.app.ctx, { q4: async () => undefined }, { now: at(0) });
    expect(await enqueue(t.app.ctx.db, 'q4', {}, { dedupeKey: 'k1', runAt: at(0) })).not.toBeNull();
  });

  it('[QUEUE] a job whose worker died is taken over when its lease ends', async () => {
    const id = (await enqueue(t.app.ctx.db, 'q5', {}, { runAt: at(0) }))!;
    // A worker claims it and dies: simulate by a handler that never settles within this call.
    await t.app.ctx.db
      .update(jobs)
      .set({ status: 'RUNNING', attempts: 1, runAt: at(300), lockedUntil: at(300) })
      .where(eq(jobs.id, id));
    const seen: number[] = [];
    const handlers: Record<string, JobHandler> = { q5: async (_c, j) => void seen.push(j.attempts) };
    expect(await runDue(t.app.ctx, handlers, { now: at(200) })).toBe(0);
    expect(await runDue(t.app.ctx, handlers, { now: at(301) })).toBe(1);
    expect(seen).toEqual([2]);
    expect(await job(id)).toMatchObject({ status: 'DONE' });
  });

  it('[QUEUE] a claimed job names its holder (PostgreSQL: this process) until it is settled', async () => {
    const id = (await enqueue(t.app.ctx.db, 'q7', {}, { runAt: at(0) }))!;
    let holder: string | null | undefined;
    const q7: JobHandler = async () => {
      holder = (await job(id)).lockedBy;
    };
    await runDue(t.app.ctx, { q7 }, { now: at(0) });
    expect(holder).toBe(t.app.ctx.dbHandle.instance);
    if (testDbKind() === 'pg') expect(holder).toMatch(/^vendport:/);
    expect(await job(id)).toMatchObject({ status: 'DONE', lockedBy: null });
  });

  it.runIf(testDbKind() === 'pg')(
    '[QUEUE] a job held by a process that is gone is due at once, not when its lease ends (PostgreSQL)',
    async () => {
      const dead = await claimedJob('q8', at(300), { lockedBy: 'vendport:a-process-that-died' });
      const alive = await claimedJob('q8', at(300), { lockedBy: t.app.ctx.dbHandle.instance! });
      expect(await releaseJobsOfDeadProcesses(t.app.ctx.db, at(10))).toBe(1);
      const seen: string[] = [];
      expect(await runDue(t.app.ctx, { q8: async (_c, j) => void seen.push(j.id) }, { now: at(10) })).toBe(1);
      expect(seen).toEqual([dead.id]);
      expect(await job(dead.id)).toMatchObject({ status: 'DONE', attempts: 2 });
      // The live process's job keeps its lease.
      expect(await job(alive.id)).toMatchObject({ status: 'RUNNING', runAt: at(300) });
      expect(await releaseJobsOfDeadProcesses(t.app.ctx.db, at(11))).toBe(0);
    },
  );

  it('[QUEUE] on start, a job claimed before the process started is due at once', async () => {
    const started = at(1000);
    const before = await claimedJob('q9', at(1200), { updatedAt: at(990) });
    const after = await claimedJob('q9', at(1200), { updatedAt: at(1001) });
    expect(await releaseJobsAtStart(t.app.ctx.db, started, at(1002))).toBe(1);
    expect(await job(before.id)).toMatchObject({ status: 'RUNNING', runAt: at(1002) });
    expect(await job(after.id)).toMatchObject({ status: 'RUNNING', runAt: at(1200) });
  });

  it.runIf(testDbKind() === 'pg')(
    '[QUEUE] concurrent workers never run the same job twice (SKIP LOCKED)',
    async () => {
      const ids: string[] = [];
      for (let i = 0; i < 40; i++) ids.push((await enqueue(t.app.ctx.db, 'q6', { i }, { runAt: at(0) }))!);
      const runs = new Map<string, number>();
      const handlers: Record<string, JobHandler> = {
        q6: async (_c, j) => {
          runs.set(j.id, (runs.get(j.id) ?? 0) + 1);
          await new Promise((r) => setImmediate(r));
        },
      };
      await Promise.all(
        Array.from({ length: 8 }, () => runDue(t.app.ctx, handlers, { now: at(0), batch: 3 })),
      );
      expect(runs.size).toBe(40);
      expect([...runs.values()].every((n) => n === 1)).toBe(true);
    },
  );
});
