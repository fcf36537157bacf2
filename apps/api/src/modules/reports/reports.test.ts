// Dashboards and valuation against a seeded data set with known answers: a vend at 23:30 UTC
// (the next day in Lagos), a failed vend, a reversed vend, a test-mode vend that must not count,
// admin funding; the same figures before and after the day roll-ups are built, a past day made
// dirty by a late reversal, and chunked valuation equal to the unchunked total.
import { addCalendarDays, lagosDateOf } from '@vendport/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCorporateMember,
  createAdmin,
  createCorporate,
  TEST_PASSWORD,
  type TestUser,
} from '../../test/factories';
import { apiAs, buildTestApp, type TestApp } from '../../test/harness';
import { apiKeyFor, apiVend, assignDefaults, fund } from '../vending/vending.testing';
import { buildRollups, checkRollups } from './rollup.service';

let t: TestApp;
let admin: TestUser;
let a: TestUser & { corporateId: string };
let b: TestUser & { corporateId: string };
const api = apiAs(() => t);
const sql = <T>(text: string, params: unknown[] = []) => t.app.ctx.dbHandle.query<T>(text, params);

/** Vends by the portal, then moved to `at` (the trigger marks that past day dirty). */
async function vendAt(u: TestUser, at: string, body: Record<string, unknown>) {
  const res = await api('POST', 'vend', u, { phone: '08031234567', type: 'AIRTIME', ...body });
  expect(res.statusCode).toBeLessThan(300);
  const v = res.json().data;
  await sql('update vends set created_at = $2 where id = $1', [v.id, at]);
  return v as { id: string; code: string; status: string };
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app);
  a = await createCorporate(t.app);
  b = await createCorporate(t.app);
  for (const c of [a, b]) {
    await assignDefaults(t.app, c.corporateId);
    await fund(t.app, c.corporateId, 10_000_000);
  }
  // Client A, Lagos 2026-03-10: two successes (MTN 1,000 and GLO 200 data-less airtime), one failure.
  await vendAt(a, '2026-03-10T10:00:00Z', { amount: 1000 });
  await vendAt(a, '2026-03-10T11:00:00Z', { amount: 200, phone: '08051234567' });
  await vendAt(a, '2026-03-10T12:00:00Z', { amount: 300, phone: '08000000002', network: 'MTN' });
  // 23:30 UTC on the 10th is 00:30 on the 11th in Lagos.
  await vendAt(a, '2026-03-10T23:30:00Z', { amount: 500 });
  // Reversed by an admin, on the 12th.
  const rev = await vendAt(a, '2026-03-12T09:00:00Z', { amount: 700 });
  const r = await api('POST', `vend/${rev.code}/reverse`, admin, { password: TEST_PASSWORD, reason: 'test' });
  expect(r.statusCode).toBe(200);
  // A test-mode vend on the 11th: never counted.
  await fund(t.app, a.corporateId, 1_000_000, 'SANDBOX');
  const testKey = await apiKeyFor(t.app, a.corporateId, 'TEST');
  const tv = (await apiVend(t.app, testKey, { amount: 900 })).json().data;
  await sql('update vends set created_at = $2 where id = $1', [tv.id, '2026-03-11T10:00:00Z']);
  // Admin funding of ₦2,500 today (ledger rows are append-only: it stays on today).
  const f = await api('POST', 'fund', admin, {
    corporateId: a.corporateId,
    amount: '2500',
    reason: 'Top-up',
    password: TEST_PASSWORD,
  });
  expect(f.statusCode).toBe(200);
  // Client B, the 11th: one success of ₦4,000, its commission taken off the debit (upfront).
  await sql('update corporates set upfront_commission = true where id = $1', [b.corporateId]);
  await vendAt(b, '2026-03-11T10:00:00Z', { amount: 4000 });
});
afterAll(async () => {
  await t?.close();
});

const custom = '?filter=custom&startDate=2026-03-10&endDate=2026-03-12';

describe('[REPORTS] client home', () => {
  it('[REPORTS] figures equal the known answers and direct SQL sums (Lagos days, live only)', async () => {
    const res = await api('GET', `corporate-dashboard-data${custom}`, a);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.totals).toEqual({
      successValueKobo: 170_000,
      successCount: 3,
      failedCount: 1,
      pendingCount: 0,
      reversedCount: 1,
      commissionKobo: d.totals.commissionKobo,
      fundingKobo: 0,
    });
    const [direct] = await sql<{ value: string; commission: string }>(
      `select sum(amount_kobo) as value, sum(commission_kobo) as commission from vends
        where corporate_id = $1 and mode = 'LIVE' and status = 'SUCCESSFUL'
          and (created_at at time zone 'Africa/Lagos')::date between '2026-03-10' and '2026-03-12'`,
      [a.corporateId],
    );
    expect(d.totals.successValueKobo).toBe(Number(direct.value));
    expect(d.totals.commissionKobo).toBe(Number(direct.commission));
    expect(d.daily.map((p: { day: string; totalKobo: number }) => [p.day, p.totalKobo])).toEqual([
      ['2026-03-10', 120_000],
      ['2026-03-11', 50_000],
      ['2026-03-12', 0],
    ]);
    expect(d.daily[0].byNetwork).toMatchObject({ MTN: 100_000, GLO: 20_000, AIRTEL: 0, '9MOBILE': 0 });
    expect(d.byService).toEqual(
      expect.arrayContaining([{ serviceType: 'AIRTIME', valueKobo: 170_000, count: 3 }]),
    );
    expect(d.byChannel).toEqual(
      expect.arrayContaining([{ channel: 'PORTAL', valueKobo: 170_000, count: 3 }]),
    );
    expect(d.recent.length).toBe(5);
    expect(d.recent.every((v: { code: string }) => v.code.startsWith('VND-'))).toBe(true);
    // Today: the admin funding, and none of the back-dated vends.
    const today = (await api('GET', 'corporate-dashboard-data?filter=today', a)).json().data;
    expect(today.totals).toMatchObject({ fundingKobo: 250_000, successCount: 0 });
    expect(today.startDate).toBe(today.endDate);
    const month = (await api('GET', 'corporate-dashboard-data?filter=month', a)).json().data;
    expect(month.startDate.endsWith('-01')).toBe(true);
    expect(month.totals.fundingKobo).toBe(250_000);
  });

  it('[REPORTS] a client never sees another client’s figures; bad filters are refused', async () => {
    const d = (await api('GET', `corporate-dashboard-data${custom}`, b)).json().data;
    expect(d.totals.successValueKobo).toBe(400_000);
    expect(d.recent).toHaveLength(1);
    const noDates = await api('GET', 'corporate-dashboard-data?filter=custom', a);
    expect(noDates.statusCode).toBe(400);
    const backwards = await api(
      'GET',
      'corporate-dashboard-data?filter=custom&startDate=2026-03-12&endDate=2026-03-10',
      a,
    );
    expect(backwards.statusCode).toBe(400);
    const tooLong = await api(
      'GET',
      'corporate-dashboard-data?filter=custom&startDate=2024-01-01&endDate=2026-03-10',
      a,
    );
    expect(tooLong.statusCode).toBe(400);
    expect((await api('GET', 'corporate-dashboard-data', admin)).statusCode).toBe(403);
  });
});

describe('[REPORTS] admin home and roll-ups', () => {
  const range = 'admin-dashboard-data-v2?startDate=2026-03-10&endDate=2026-03-12';

  it('[REPORTS] platform figures are the same read from the vends and from the built roll-ups', async () => {
    const before = (await api('GET', range, admin)).json().data;
    expect(before.totals).toMatchObject({
      successValueKobo: 570_000,
      successCount: 4,
      failedCount: 1,
      reversedCount: 1,
      reversedValueKobo: 70_000,
      failedValueKobo: 30_000,
      fundingKobo: 0,
    });
    expect(before.topClients[0]).toMatchObject({ corporateId: b.corporateId, valueKobo: 400_000, count: 1 });
    expect(before.topClients[1]).toMatchObject({ corporateId: a.corporateId, valueKobo: 170_000, count: 3 });
    expect(before.daily.map((p: { totalKobo: number }) => p.totalKobo)).toEqual([120_000, 450_000, 0]);
    const built = await buildRollups(t.app.ctx.db, new Date('2026-03-20T12:00:00Z'));
    expect(built).toEqual(expect.arrayContaining(['2026-03-10', '2026-03-11', '2026-03-12']));
    expect(await checkRollups(t.app.ctx.db)).toEqual([]);
    const rows = await sql<{ n: number }>(
      "select count(*)::int as n from vend_rollup_days where day between '2026-03-10' and '2026-03-12' and not dirty",
    );
    expect(rows[0].n).toBe(3);
    const after = (await api('GET', range, admin)).json().data;
    expect(after.totals).toEqual(before.totals);
    expect(after.daily).toEqual(before.daily);
    expect(after.topClients).toEqual(before.topClients);
    // The glossary's two figures (issue 53 point 2): paid upfront is B's discount in the range;
    // settled is a settlement of A's accrued commission made on the 12th (one made on the 13th is
    // outside the range).
    const [upfront] = await sql<{ c: string }>(
      "select sum(commission_kobo) as c from vends where corporate_id = $1 and mode = 'LIVE'",
      [b.corporateId],
    );
    expect(Number(upfront.c)).toBeGreaterThan(0);
    expect(before.totals.commissionUpfrontKobo).toBe(Number(upfront.c));
    expect(before.totals.commissionSettledKobo).toBe(0);
    const settle = await api('POST', 'commissions/settle', admin, {
      corporateId: a.corporateId,
      password: TEST_PASSWORD,
    });
    expect(settle.statusCode).toBe(200);
    const [s] = await sql<{ id: string; amount: string }>(
      'select id, amount_kobo as amount from commission_settlements where corporate_id = $1',
      [a.corporateId],
    );
    expect(Number(s.amount)).toBeGreaterThan(0);
    await sql("update commission_settlements set created_at = '2026-03-12T22:30:00Z' where id = $1", [s.id]);
    const settled = (await api('GET', range, admin)).json().data.totals;
    expect(settled.commissionUpfrontKobo).toBe(Number(upfront.c));
    expect(settled.commissionSettledKobo).toBe(Number(s.amount));
    await sql("update commission_settlements set created_at = '2026-03-12T23:30:00Z' where id = $1", [s.id]);
    expect((await api('GET', range, admin)).json().data.totals.commissionSettledKobo).toBe(0);
  });

  it('[REPORTS] a late reversal marks its day dirty: the figures change at once, the rebuild agrees', async () => {
    await buildRollups(t.app.ctx.db, new Date('2026-03-20T12:00:00Z'));
    const v = (
      await sql<{ code: string }>(
        "select code from vends where corporate_id = $1 and amount_kobo = 400000 and status = 'SUCCESSFUL'",
        [b.corporateId],
      )
    )[0];
    const r = await api('POST', `vend/${v.code}/reverse`, admin, { password: TEST_PASSWORD, reason: 'late' });
    expect(r.statusCode).toBe(200);
    const dirty = await sql<{ dirty: boolean }>(
      "select dirty from vend_rollup_days where day = '2026-03-11'",
    );
    expect(dirty[0].dirty).toBe(true);
    const now = (await api('GET', range, admin)).json().data;
    expect(now.totals.successValueKobo).toBe(170_000);
    expect(now.totals.reversedCount).toBe(2);
    // The past day, then today (2026-03-20 here) to its watermark.
    expect(await buildRollups(t.app.ctx.db, new Date('2026-03-20T12:00:00Z'))).toEqual([
      '2026-03-11',
      '2026-03-20',
    ]);
    expect(await checkRollups(t.app.ctx.db)).toEqual([]);
    expect((await api('GET', range, admin)).json().data.totals).toEqual(now.totals);
    // The check finds a roll-up that lies.
    await sql("update vend_daily_totals set amount_kobo = amount_kobo + 1 where day = '2026-03-10'");
    expect(await checkRollups(t.app.ctx.db)).toEqual(['2026-03-10']);
    await buildRollups(t.app.ctx.db, new Date('2026-03-20T12:00:00Z'));
    await sql("update vend_rollup_days set dirty = true where day = '2026-03-10'");
    await buildRollups(t.app.ctx.db, new Date('2026-03-20T12:00:00Z'));
    expect(await checkRollups(t.app.ctx.db)).toEqual([]);
  });
});

describe('[REPORTS] sales valuation', () => {
  const q = 'startDate=2026-03-10&endDate=2026-03-12';

  async function chunked(u: TestUser, clientId: string, chunkSize: number) {
    const count = (
      await api('GET', `evaluation/vending/${clientId}/count?${q}&chunkSize=${chunkSize}`, u)
    ).json().data;
    const lines = new Map<
      string,
      { count: number; valueKobo: number; commissionKobo: number; netCostKobo: number }
    >();
    let after: string | null = null;
    let fetched = 0;
    for (let i = 0; i < count.chunks; i++) {
      const url = `evaluation/vending/${clientId}?${q}&chunkSize=${chunkSize}${after ? `&after=${after}` : ''}`;
      const res = await api('GET', url, u);
      expect(res.statusCode).toBe(200);
      const c = res.json().data;
      fetched++;
      for (const l of c.lines) {
        const k = `${l.network}:${l.serviceType}`;
        const p = lines.get(k) ?? { count: 0, valueKobo: 0, commissionKobo: 0, netCostKobo: 0 };
        lines.set(k, {
          count: p.count + l.count,
          valueKobo: p.valueKobo + l.valueKobo,
          commissionKobo: p.commissionKobo + l.commissionKobo,
          netCostKobo: p.netCostKobo + l.netCostKobo,
        });
      }
      after = c.next;
    }
    return { count, fetched, lines: Object.fromEntries([...lines.entries()].sort()) };
  }

  it('[REPORTS] chunk totals equal the unchunked total for chunk sizes 1, 2 and larger than the count', async () => {
    const whole = await chunked(admin, a.corporateId, 50_000);
    expect(whole.count).toMatchObject({ count: 3, chunks: 1, chunkSize: 50_000 });
    expect(whole.lines['MTN:AIRTIME']).toMatchObject({ count: 2, valueKobo: 150_000 });
    expect(whole.lines['GLO:AIRTIME']).toMatchObject({ count: 1, valueKobo: 20_000 });
    for (const size of [1, 2, 3]) {
      const c = await chunked(admin, a.corporateId, size);
      expect(c.count.chunks).toBe(Math.ceil(3 / size));
      expect(c.fetched).toBe(c.count.chunks);
      expect(c.lines).toEqual(whole.lines);
    }
    for (const l of Object.values(whole.lines)) expect(l.netCostKobo).toBe(l.valueKobo - l.commissionKobo);
  });

  it('[REPORTS] a client values only its own vends; another client’s id is not found; bad input is 400', async () => {
    expect((await chunked(a, a.corporateId, 2)).count.count).toBe(3);
    expect((await api('GET', `evaluation/vending/${b.corporateId}/count?${q}`, a)).statusCode).toBe(404);
    expect((await api('GET', `evaluation/vending/${b.corporateId}?${q}`, a)).statusCode).toBe(404);
    const member = await addCorporateMember(t.app, a.corporateId, ['dashboard.view']);
    expect((await api('GET', `evaluation/vending/${a.corporateId}/count?${q}`, member)).statusCode).toBe(403);
    expect(
      (await api('GET', `evaluation/vending/${a.corporateId}/count?${q}&chunkSize=0`, a)).statusCode,
    ).toBe(400);
    expect((await api('GET', `evaluation/vending/${a.corporateId}?${q}&after=bm9wZQ`, a)).statusCode).toBe(
      400,
    );
    expect((await api('GET', `evaluation/vending/not-a-uuid/count?${q}`, admin)).statusCode).toBe(400);
  });
});

describe('[REPORTS] analytics trends', () => {
  it('[REPORTS] trends per day, week and month equal the known answers, with the previous period', async () => {
    const res = await api(
      'GET',
      'analytics/trends?startDate=2026-03-11&endDate=2026-03-12&granularity=day',
      admin,
    );
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.previous).toEqual({ startDate: '2026-03-09', endDate: '2026-03-10' });
    // What is true at this point of the file: B's ₦4,000 was reversed late; A has ₦500 on the 11th
    // (the 23:30 UTC vend), a reversed ₦700 on the 12th; the 10th holds ₦1,200 of successes and a failure.
    const [direct] = await sql<{ v: string; n: string; f: string }>(
      `select coalesce(sum(amount_kobo) filter (where status = 'SUCCESSFUL'), 0) as v,
              count(*) filter (where status = 'SUCCESSFUL') as n, count(*) filter (where status = 'FAILED') as f
         from vends where mode = 'LIVE'
          and (created_at at time zone 'Africa/Lagos')::date between '2026-03-11' and '2026-03-12'`,
    );
    expect(d.totals.successValueKobo).toBe(Number(direct.v));
    expect(d.totals.successValueKobo).toBe(50_000);
    expect(d.totals.successCount).toBe(Number(direct.n));
    expect(d.totals.failedCount).toBe(Number(direct.f));
    expect(d.previousTotals).toMatchObject({ successValueKobo: 120_000, successCount: 2, failedCount: 1 });
    expect(d.previousTotals.successRateBps).toBe(6667);
    expect(d.series.map((p: { period: string; salesKobo: number }) => [p.period, p.salesKobo])).toEqual([
      ['2026-03-11', 50_000],
      ['2026-03-12', 0],
    ]);
    expect(d.series[1].successRateBps).toBeNull();
    expect(d.byNetwork.find((r: { key: string }) => r.key === 'MTN')).toMatchObject({
      valueKobo: 50_000,
      count: 1,
      previousValueKobo: 100_000,
      previousCount: 1,
    });
    expect(d.byNetwork.find((r: { key: string }) => r.key === 'GLO')).toMatchObject({
      previousValueKobo: 20_000,
    });
    expect(d.byChannel.find((r: { key: string }) => r.key === 'PORTAL').valueKobo).toBe(50_000);
    expect(d.byClientType.reduce((n: number, r: { valueKobo: number }) => n + r.valueKobo, 0)).toBe(50_000);

    const week = (
      await api('GET', 'analytics/trends?startDate=2026-03-10&endDate=2026-03-20&granularity=week', admin)
    ).json().data;
    // 10 March 2026 is a Tuesday: its week starts on Monday the 9th, the next on the 16th.
    expect(week.series.map((p: { period: string }) => p.period)).toEqual(['2026-03-09', '2026-03-16']);
    expect(week.series[0].salesKobo).toBe(170_000);
    const month = (
      await api('GET', 'analytics/trends?startDate=2026-02-20&endDate=2026-03-20&granularity=month', admin)
    ).json().data;
    expect(month.series.map((p: { period: string; salesKobo: number }) => [p.period, p.salesKobo])).toEqual([
      ['2026-02-01', 0],
      ['2026-03-01', 170_000],
    ]);
  });

  it('[REPORTS] trends are for admins; bad input is a 400 with words', async () => {
    expect((await api('GET', 'analytics/trends', a)).statusCode).toBe(403);
    const bad = await api('GET', 'analytics/trends?granularity=year', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.join(' ')).toMatch(/day, week or month/);
    expect(
      (await api('GET', 'analytics/trends?startDate=2026-03-12&endDate=2026-03-10', admin)).statusCode,
    ).toBe(400);
  });

  it('[REPORTS] the admin valuation path checks the client id: an unknown client is not found', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const res = await api(
      'GET',
      `evaluation/vending/${unknown}/count?startDate=2026-03-10&endDate=2026-03-12`,
      admin,
    );
    expect(res.statusCode).toBe(404);
    expect(
      (await api('GET', `evaluation/vending/${unknown}?startDate=2026-03-10&endDate=2026-03-12`, admin))
        .statusCode,
    ).toBe(404);
    const named = (
      await api(
        'GET',
        `evaluation/vending/${a.corporateId}/count?startDate=2026-03-10&endDate=2026-03-12`,
        admin,
      )
    ).json().data;
    expect(named.clientName).toBeTruthy();
  });
});

describe('[REPORTS] roll-ups of today up to a watermark', () => {
  const MIN = 60_000;
  /** The raw sums of a range of Lagos days, from the vends themselves. */
  async function rawTotals(fromDay: string, toDay: string, corporateId?: string) {
    const rows = await sql<{ status: string; n: string; a: string }>(
      `select status, count(*) as n, sum(amount_kobo) as a from vends
        where mode = 'LIVE' and (created_at at time zone 'Africa/Lagos')::date between $1 and $2
          and ($3::uuid is null or corporate_id = $3::uuid)
        group by status`,
      [fromDay, toDay, corporateId ?? null],
    );
    const of = (s: string) => rows.find((r) => r.status === s);
    return {
      successValueKobo: Number(of('SUCCESSFUL')?.a ?? 0),
      successCount: Number(of('SUCCESSFUL')?.n ?? 0),
      failedCount: Number(of('FAILED')?.n ?? 0),
      pendingCount: Number(of('PENDING')?.n ?? 0),
      reversedCount: Number(of('REVERSED')?.n ?? 0),
    };
  }
  const days = () => {
    const today = lagosDateOf(new Date());
    return { y: addCalendarDays(today, -1), today };
  };
  async function expectExact() {
    const { y, today } = days();
    const client = (
      await api('GET', `corporate-dashboard-data?filter=custom&startDate=${y}&endDate=${today}`, a)
    ).json().data;
    expect(client.totals).toMatchObject(await rawTotals(y, today, a.corporateId));
    const home = (await api('GET', `admin-dashboard-data-v2?startDate=${y}&endDate=${today}`, admin)).json()
      .data;
    expect(home.totals).toMatchObject(await rawTotals(y, today));
    const trend = (
      await api('GET', `analytics/trends?startDate=${y}&endDate=${today}&granularity=day`, admin)
    ).json().data;
    expect(trend.totals).toMatchObject(await rawTotals(y, today));
    expect(await checkRollups(t.app.ctx.db)).toEqual([]);
    return { client, home };
  }

  it('[REPORTS] vends before and after the watermark are each counted once', async () => {
    // Three vends of A and one of B placed now; two of A's moved 10 and 20 minutes back.
    const placed = [];
    for (const amount of [100, 200, 300]) placed.push(await vendAt(a, new Date().toISOString(), { amount }));
    await vendAt(b, new Date().toISOString(), { amount: 400 });
    await sql('update vends set created_at = $2 where id = $1', [
      placed[0].id,
      new Date(Date.now() - 10 * MIN),
    ]);
    await sql('update vends set created_at = $2 where id = $1', [
      placed[1].id,
      new Date(Date.now() - 20 * MIN),
    ]);
    const before = await expectExact();
    const built = await buildRollups(t.app.ctx.db);
    expect(built).toContain(days().today);
    const [mark] = await sql<{ dirty: boolean; built_to: Date | string }>(
      'select dirty, built_to from vend_rollup_days where day = $1',
      [days().today],
    );
    expect(mark.dirty).toBe(false);
    const w = new Date(mark.built_to).getTime();
    expect(w).toBeLessThanOrEqual(Date.now() - 2 * MIN);
    expect(w).toBeGreaterThan(Date.now() - 5 * MIN);
    // The moved vends are in the roll-ups (today's, or yesterday's just after midnight).
    const [rolled] = await sql<{ n: string }>(
      `select coalesce(sum(vend_count), 0) as n from vend_client_detail_totals
        where corporate_id = $1 and day >= $2`,
      [a.corporateId, days().y],
    );
    expect(Number(rolled.n)).toBe(2);
    const after = await expectExact();
    expect(after.client.totals).toEqual(before.client.totals);
    expect(after.client.daily).toEqual(before.client.daily);
    expect(after.client.byService).toEqual(before.client.byService);
    expect(after.client.byChannel).toEqual(before.client.byChannel);
    expect(after.home.totals).toEqual(before.home.totals);
    expect(after.home.topClients).toEqual(before.home.topClients);
    // A vend placed after the build: past the watermark, today stays clean and it counts at once.
    await vendAt(a, new Date().toISOString(), { amount: 500 });
    const [still] = await sql<{ dirty: boolean }>('select dirty from vend_rollup_days where day = $1', [
      days().today,
    ]);
    expect(still.dirty).toBe(false);
    const now = await expectExact();
    expect(now.client.totals.successCount).toBe(after.client.totals.successCount + 1);
  });

  it('[REPORTS] a status change of a vend before the watermark marks its day dirty; the rebuild agrees', async () => {
    await buildRollups(t.app.ctx.db);
    const [v] = await sql<{ code: string; id: string; day: string }>(
      `select code, id, ((created_at at time zone 'Africa/Lagos')::date)::text as day from vends
        where corporate_id = $1 and mode = 'LIVE' and status = 'SUCCESSFUL' and created_at < now() - interval '5 minutes'
          and created_at >= now() - interval '1 hour' order by created_at limit 1`,
      [a.corporateId],
    );
    expect(v).toBeDefined();
    // Pending when today was rolled up; a requery settles it minutes after it was placed.
    await sql("update vends set status = 'PENDING' where id = $1", [v.id]);
    await buildRollups(t.app.ctx.db);
    const pending = await expectExact();
    expect(pending.client.totals.pendingCount).toBeGreaterThan(0);
    const dirtyOf = async () =>
      (await sql<{ dirty: boolean }>('select dirty from vend_rollup_days where day = $1', [v.day]))[0].dirty;
    expect(await dirtyOf()).toBe(false);
    await sql("update vends set status = 'SUCCESSFUL' where id = $1", [v.id]);
    expect(await dirtyOf()).toBe(true);
    const settled = await expectExact();
    expect(settled.client.totals.pendingCount).toBe(pending.client.totals.pendingCount - 1);
    expect(settled.client.totals.successCount).toBe(pending.client.totals.successCount + 1);
    await buildRollups(t.app.ctx.db);
    expect(await dirtyOf()).toBe(false);
    expect((await expectExact()).client.totals).toEqual(settled.client.totals);
    // Then reversed by an admin: dirty again, the figures right at once and after the rebuild.
    const r = await api('POST', `vend/${v.code}/reverse`, admin, { password: TEST_PASSWORD, reason: 'late' });
    expect(r.statusCode).toBe(200);
    expect(await dirtyOf()).toBe(true);
    const reversed = await expectExact();
    expect(reversed.client.totals.reversedCount).toBe(settled.client.totals.reversedCount + 1);
    await buildRollups(t.app.ctx.db);
    expect((await expectExact()).client.totals).toEqual(reversed.client.totals);
  });

  it('[REPORTS] a client’s home reads its roll-ups for clean days (a lying row shows, the check finds it)', async () => {
    await buildRollups(t.app.ctx.db, new Date('2026-03-20T12:00:00Z'));
    const url = `corporate-dashboard-data${custom}`;
    const before = (await api('GET', url, a)).json().data;
    // The chart and the breakdowns read the detail roll-up, the totals the per-client one.
    await sql(
      "update vend_client_detail_totals set amount_kobo = amount_kobo + 1 where corporate_id = $1 and day = '2026-03-10' and status = 'SUCCESSFUL' and network = 'MTN'",
      [a.corporateId],
    );
    await sql(
      "update vend_client_daily_totals set amount_kobo = amount_kobo + 2 where corporate_id = $1 and day = '2026-03-10' and status = 'SUCCESSFUL'",
      [a.corporateId],
    );
    const lying = (await api('GET', url, a)).json().data;
    expect(lying.totals.successValueKobo).toBe(before.totals.successValueKobo + 2);
    const day10 = (d: { daily: Array<{ day: string; totalKobo: number }> }) =>
      d.daily.find((p) => p.day === '2026-03-10')?.totalKobo;
    expect(day10(lying)).toBe((day10(before) ?? 0) + 1);
    const airtime = (d: { byService: Array<{ serviceType: string; valueKobo: number }> }) =>
      d.byService.find((x) => x.serviceType === 'AIRTIME')?.valueKobo;
    expect(airtime(lying)).toBe((airtime(before) ?? 0) + 1);
    expect(await checkRollups(t.app.ctx.db)).toEqual(['2026-03-10']);
    await sql("update vend_rollup_days set dirty = true where day = '2026-03-10'");
    expect((await api('GET', url, a)).json().data.totals).toEqual(before.totals);
    await buildRollups(t.app.ctx.db, new Date('2026-03-20T12:00:00Z'));
    expect(await checkRollups(t.app.ctx.db)).toEqual([]);
    expect((await api('GET', url, a)).json().data).toEqual(before);
  });
});
