// The scheduler under real concurrency: PostgreSQL only (PGlite has one connection and would
// serialise the workers, proving nothing). Two (or more) workers running the schedule at once,
// a run taken over after a crash, and the caps against concurrent runs and Run now presses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testDbKind } from '../../test/harness';
import { balances, expectBooksBalanced } from '../vending/vending.testing';
import { addSubscriber, autoTopupClient, autoVendsOf, call, makeDue, runsOf } from './auto-topup.testing';
import { runSchedule } from './scheduler.service';

describe.runIf(testDbKind() === 'pg')('[AUTOTOPUP-CONCURRENCY] on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ poolSize: 30 });
  });
  afterAll(async () => {
    if (t) await expectBooksBalanced(t.app);
    await t?.close();
  });

  it('[AUTOTOPUP-CONCURRENCY] due subscribers are vended exactly once when workers run the schedule at the same time', async () => {
    const c = await autoTopupClient(t.app, 10_000_000);
    const subs = await Promise.all(
      Array.from({ length: 12 }, () => addSubscriber(t.app, c, { amount: '100' })),
    );
    await makeDue(
      t.app,
      subs.map((s) => s.id),
    );
    const before = await balances(t.app, c.corporateId);
    const passes = await Promise.all(Array.from({ length: 4 }, () => runSchedule(t.app.ctx)));
    expect(passes.reduce((n, p) => n + p.created, 0)).toBe(12);
    expect(passes.reduce((n, p) => n + p.processed, 0)).toBe(12);
    const vends = await autoVendsOf(t.app, c.corporateId);
    expect(vends).toHaveLength(12);
    expect(new Set(vends.map((v) => v.reference)).size).toBe(12);
    expect(vends.every((v) => v.status === 'SUCCESSFUL')).toBe(true);
    const runs = await runsOf(t.app, c.corporateId);
    expect(runs).toHaveLength(12);
    expect(runs.every((r) => r.status === 'VENDED' && r.attempts === 1)).toBe(true);
    expect((await balances(t.app, c.corporateId)).wallet).toBe(before.wallet - 12 * 10_000);
    // One summary per pass that vended something, adding up to the twelve.
    const notes = await t.app.ctx.dbHandle.query<{ body: string }>(
      `select n.body from notifications n join users u on u.id = n.user_id
        where u.corporate_id = $1 and n.subject = 'Auto top-up run'`,
      [c.corporateId],
    );
    const placed = notes.map((n) => Number(/^(\d+) of/.exec(n.body)?.[1] ?? 0));
    expect(placed.reduce((a, b) => a + b, 0)).toBe(12);
  });

  it('[AUTOTOPUP-CONCURRENCY] a run taken over after a crash meets the vend already made: paid once', async () => {
    const c = await autoTopupClient(t.app, 1_000_000);
    const s = await addSubscriber(t.app, c, { amount: '100' });
    await makeDue(t.app, [s.id]);
    await runSchedule(t.app.ctx);
    const [first] = await runsOf(t.app, c.corporateId);
    expect(first.status).toBe('VENDED');
    const before = await balances(t.app, c.corporateId);
    // As if the worker died after the vend but before recording it: the run is open, its lease gone.
    await t.app.ctx.dbHandle.query(
      `update auto_topup_runs set status = 'QUEUED', vend_id = null, lease_until = now() - interval '1 minute' where id = $1`,
      [first.id],
    );
    await Promise.all([runSchedule(t.app.ctx), runSchedule(t.app.ctx)]);
    const [again] = await runsOf(t.app, c.corporateId);
    expect(again).toMatchObject({ status: 'VENDED', vend_id: first.vend_id, attempts: 2 });
    expect(await autoVendsOf(t.app, c.corporateId)).toHaveLength(1);
    expect((await balances(t.app, c.corporateId)).wallet).toBe(before.wallet);
  });

  it('[AUTOTOPUP-CONCURRENCY] the daily cap holds against concurrent workers and Run now presses', async () => {
    const c = await autoTopupClient(t.app, 10_000_000, { dailyCap: '500', monthlyCap: '100000' });
    const subs = await Promise.all(
      Array.from({ length: 10 }, () => addSubscriber(t.app, c, { amount: '100' })),
    );
    const extra = await Promise.all(
      Array.from({ length: 6 }, () => addSubscriber(t.app, c, { amount: '100' })),
    );
    await makeDue(
      t.app,
      subs.map((s) => s.id),
    );
    const before = await balances(t.app, c.corporateId);
    const results = await Promise.all([
      runSchedule(t.app.ctx),
      runSchedule(t.app.ctx),
      runSchedule(t.app.ctx),
      ...extra.map((s) => call(t.app, 'POST', `auto-topup/subscribers/${s.id}/run`, c)),
    ]);
    expect(results.slice(3).every((r) => 'statusCode' in r && r.statusCode === 200)).toBe(true);
    const vends = await autoVendsOf(t.app, c.corporateId);
    expect(vends).toHaveLength(5);
    expect((await balances(t.app, c.corporateId)).wallet).toBe(before.wallet - 5 * 10_000);
    const runs = await runsOf(t.app, c.corporateId);
    expect(runs).toHaveLength(16);
    expect(runs.filter((r) => r.status === 'VENDED')).toHaveLength(5);
    const skipped = runs.filter((r) => r.status === 'SKIPPED');
    expect(skipped).toHaveLength(11);
    expect(skipped.every((r) => r.reason === 'The daily auto top-up cap of ₦500.00 would be exceeded')).toBe(
      true,
    );
    const [spend] = await t.app.ctx.dbHandle.query<{ spent_kobo: string }>(
      `select spent_kobo::text from auto_topup_spend where corporate_id = $1 and period = 'DAY'`,
      [c.corporateId],
    );
    expect(Number(spend.spent_kobo)).toBe(50_000);
  });

  it('[AUTOTOPUP-CONCURRENCY] the monthly cap holds too, and clients do not share caps', async () => {
    const a = await autoTopupClient(t.app, 10_000_000, { monthlyCap: '300' });
    const b = await autoTopupClient(t.app, 10_000_000, { monthlyCap: '300' });
    const subsA = await Promise.all(
      Array.from({ length: 6 }, () => addSubscriber(t.app, a, { amount: '100' })),
    );
    const subsB = await Promise.all(
      Array.from({ length: 6 }, () => addSubscriber(t.app, b, { amount: '100' })),
    );
    await makeDue(
      t.app,
      [...subsA, ...subsB].map((s) => s.id),
    );
    await Promise.all([runSchedule(t.app.ctx), runSchedule(t.app.ctx)]);
    for (const c of [a, b]) {
      expect(await autoVendsOf(t.app, c.corporateId)).toHaveLength(3);
      const skipped = (await runsOf(t.app, c.corporateId)).filter((r) => r.status === 'SKIPPED');
      expect(skipped.map((r) => r.reason)).toEqual(
        Array(3).fill('The monthly auto top-up cap of ₦300.00 would be exceeded'),
      );
    }
  });
});
