// A vending history's total from the roll-ups (ctx.reads.vendTotal, issue 34): for every filter
// the roll-ups hold it equals the rows the history lists (the same filter, vendWhere, counted),
// whether the days are read from the vends (not built), from the roll-ups (built), from both (a
// day made dirty after its build), or past today's watermark (vends of the last minutes); a filter
// they do not hold, or a range with more vends not rolled up than the count bound, gets null (the
// history then counts its rows, bounded).
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VendCriteria } from '../../infra/context';
import { setCountBoundForTests } from '../../infra/db/keyset';
import { vends } from '../../infra/db/schema';
import { lagosDayEnd, lagosDayStart } from '../../infra/lagos-time';
import { buildTestApp, type TestApp } from '../../test/harness';
import { vendWhere } from '../vending/history/vend-history.repo';
import {
  acrossRollupStates,
  REPORT_PHONES,
  type ReportClient,
  reportClients,
  vendAt,
} from './reports.testing';
import { buildRollups, checkRollups } from './rollup.service';
import { vendTotal } from './vend-totals.service';

let t: TestApp;
const clients: ReportClient[] = [];
const sql = <T>(text: string, params: unknown[] = []) => t.app.ctx.dbHandle.query<T>(text, params);

/** The history's own count of a filter: what its pages list. */
async function listed(f: VendCriteria): Promise<number> {
  const [r] = await t.app.ctx.db
    .select({ n: count() })
    .from(vends)
    .where(vendWhere({ ...f, page: 1, limit: 40 }));
  return Number(r?.n ?? 0);
}

const filters = (): VendCriteria[] => {
  const [a, b, c] = clients.map((x) => x.corporateId);
  return [
    { mode: 'LIVE' },
    { mode: 'LIVE', status: 'SUCCESSFUL' },
    { mode: 'LIVE', status: 'FAILED', network: 'MTN' },
    { mode: 'LIVE', clientType: 'POSTPAID' },
    { mode: 'LIVE', network: 'GLO', serviceType: 'AIRTIME', channel: 'PORTAL', status: 'SUCCESSFUL' },
    { mode: 'LIVE', from: lagosDayStart('2026-03-10'), to: lagosDayEnd('2026-03-10') },
    { mode: 'LIVE', to: lagosDayEnd('2026-03-11'), network: 'AIRTEL' },
    { mode: 'LIVE', from: lagosDayStart('2026-03-11') },
    { mode: 'LIVE', from: lagosDayStart('2026-02-01'), to: lagosDayEnd('2026-02-28') },
    { corporateId: a, mode: 'LIVE' },
    { corporateId: a, mode: 'LIVE', status: 'SUCCESSFUL', network: 'MTN' },
    { corporateId: b, mode: 'LIVE', serviceType: 'AIRTIME', channel: 'PORTAL' },
    { corporateId: b, mode: 'LIVE', status: 'FAILED' },
    { corporateId: c, mode: 'LIVE', from: lagosDayStart('2026-03-10') },
    { corporateId: c, mode: 'LIVE', from: lagosDayStart('2026-03-10'), to: lagosDayEnd('2026-03-10') },
  ];
};

async function expectTotalsListed(state: string) {
  let empty = 0;
  for (const f of filters()) {
    const want = await listed(f);
    if (want === 0) empty += 1;
    expect(await vendTotal(t.app.ctx.db, f), `${state}: ${JSON.stringify(f)}`).toBe(want);
  }
  // Every filter matches vends but February's.
  expect(empty, state).toBe(1);
}

beforeAll(async () => {
  t = await buildTestApp();
  clients.push(...(await reportClients(t)));
  // Vends on four Lagos days, several networks and outcomes (08000000002 fails), and two of each
  // client at the real time (today's, past the watermark a build sets now).
  for (const at of [
    '2026-03-09T08:00:00Z',
    '2026-03-10T12:00:00Z',
    '2026-03-10T23:30:00Z',
    '2026-03-12T09:00:00Z',
  ])
    await vendAt(t, clients, at, REPORT_PHONES, () => 150);
  await vendAt(t, clients, null, REPORT_PHONES.slice(0, 2), () => 150);
  // One of today's vends ten minutes old: before the watermark, in today's roll-up rows.
  await sql(
    "update vends set created_at = now() - interval '10 minutes' where id = (select id from vends where created_at > now() - interval '1 hour' limit 1)",
  );
});
afterAll(async () => {
  await t?.close();
});

describe('[REPORTS] a vending history total from the roll-ups', () => {
  it('[REPORTS] equals the rows listed: days unbuilt, built, dirty again, and today past its watermark', async () => {
    await acrossRollupStates(t, '2026-03-10T12:00:00Z', async (state) => {
      if (state === 'built') {
        const built = await sql<{ n: number }>(
          "select count(*)::int as n from vend_rollup_days where day in ('2026-03-09', '2026-03-10', '2026-03-12') and not dirty",
        );
        expect(built[0]!.n).toBe(3);
      }
      await expectTotalsListed(state);
    });
  });

  it('[REPORTS] reads the roll-ups: a lying roll-up row shows in the total', async () => {
    await buildRollups(t.app.ctx.db);
    const f: VendCriteria = { corporateId: clients[0]!.corporateId, mode: 'LIVE', network: 'MTN' };
    const want = await listed(f);
    expect(await vendTotal(t.app.ctx.db, f)).toBe(want);
    await sql(
      "update vend_client_detail_totals set vend_count = vend_count + 5 where ctid = (select ctid from vend_client_detail_totals where corporate_id = $1 and network = 'MTN' and day = '2026-03-09' limit 1)",
      [clients[0]!.corporateId],
    );
    expect(await vendTotal(t.app.ctx.db, f)).toBe(want + 5);
    await sql("update vend_rollup_days set dirty = true where day = '2026-03-09'");
    await buildRollups(t.app.ctx.db);
    expect(await vendTotal(t.app.ctx.db, f)).toBe(want);
  });

  it('[REPORTS] a filter the roll-ups do not hold gets null', async () => {
    const c = clients[0]!.corporateId;
    for (const f of [
      { mode: 'TEST' },
      { mode: 'LIVE', search: '0803' },
      { mode: 'LIVE', serviceId: '00000000-0000-4000-8000-000000000000' },
      { mode: 'LIVE', platform: 'VTPASS' },
      { corporateId: c, mode: 'LIVE', clientType: 'PREPAID' },
      { mode: 'LIVE', from: new Date('2026-03-10T09:00:00Z') },
      { mode: 'LIVE', to: new Date('2026-03-10T23:30:00Z') },
    ] satisfies VendCriteria[]) {
      expect(await vendTotal(t.app.ctx.db, f), JSON.stringify(f)).toBeNull();
    }
    // A blank search is no search.
    expect(await vendTotal(t.app.ctx.db, { mode: 'LIVE', search: '  ' })).toBe(
      await listed({ mode: 'LIVE' }),
    );
  });

  it('[REPORTS] a range with more vends not rolled up than the count bound gets null until they are built', async () => {
    const was = setCountBoundForTests(20);
    try {
      // Every vend moved to a day of its own in January: none of those days is rolled up.
      await sql(`update vends v set created_at = timestamptz '2026-01-01T10:00:00Z' + n.i * interval '1 day'
                   from (select id, row_number() over (order by created_at, id) as i from vends) n where n.id = v.id`);
      const all: VendCriteria = { mode: 'LIVE' };
      expect(await listed(all)).toBeGreaterThan(20);
      expect(await vendTotal(t.app.ctx.db, all)).toBeNull();
      // Twenty days of them, or fewer of one client's, are read from the vends.
      const few: VendCriteria = {
        mode: 'LIVE',
        from: lagosDayStart('2026-01-10'),
        to: lagosDayEnd('2026-01-29'),
      };
      expect(await vendTotal(t.app.ctx.db, few)).toBe(20);
      const one: VendCriteria = { corporateId: clients[0]!.corporateId, mode: 'LIVE', network: 'MTN' };
      expect(await listed(one)).toBeLessThanOrEqual(20);
      expect(await vendTotal(t.app.ctx.db, one)).toBe(await listed(one));
      // Built, the whole range is counted from the roll-ups.
      for (;;) if ((await buildRollups(t.app.ctx.db)).length < 31) break;
      expect(await checkRollups(t.app.ctx.db)).toEqual([]);
      expect(await vendTotal(t.app.ctx.db, all)).toBe(await listed(all));
    } finally {
      setCountBoundForTests(was);
    }
  });
});
