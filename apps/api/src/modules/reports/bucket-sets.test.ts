// Several groupings of the same vends in one read (vendBucketSets): each grouping equals the
// vends summed directly, whether its days are read from the vends, from its own roll-up table
// (the narrowest that holds its dimensions), or partly from each; and the check covers every
// roll-up table, the narrow ones included. The platform's per-client sums over a whole week read
// the week's rows only while its days are whole and unchanged since.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/harness';
import { type Bucket, type Dim, vendBucketSets } from './reports.repo';
import { REPORT_PHONES, type ReportClient, reportClients, vendAt } from './reports.testing';
import { ROLLUPS, rebuildDay } from './rollup.repo';
import { buildRollups, checkRollups } from './rollup.service';

let t: TestApp;
const clients: ReportClient[] = [];
const sql = <T>(text: string, params: unknown[] = []) => t.app.ctx.dbHandle.query<T>(text, params);

const SETS: Dim[][] = [
  ['day', 'status'],
  ['network', 'status'],
  ['serviceType', 'status'],
  ['channel', 'status'],
  ['clientType', 'status'],
  ['day', 'network', 'status'],
  ['corporateId', 'status'],
  ['network', 'serviceType', 'channel', 'clientType', 'status'],
  ['clientType', 'corporateId'],
  [],
];
const COLUMN: Record<Dim, string> = {
  day: `((created_at at time zone 'Africa/Lagos')::date)::text`,
  network: 'network',
  serviceType: 'service_type',
  channel: 'channel',
  clientType: 'client_type',
  status: 'status',
  corporateId: 'corporate_id::text',
};
const bounds = { fromDay: '2026-03-09', toDay: '2026-03-13' };

/** One grouping summed straight from the vends, as sorted "key → count/amount" lines. */
async function direct(
  dims: Dim[],
  corporateId?: string,
  successfulOnly = false,
  range = { from: '2026-03-08T23:00:00Z', to: '2026-03-12T23:00:00Z' },
): Promise<string[]> {
  const cols = dims.map((d) => `${COLUMN[d]} as "${d}"`);
  const rows = await sql<Record<string, string>>(
    `select ${[...cols, 'count(*)::text as n', 'sum(amount_kobo)::text as a', 'sum(commission_kobo)::text as c'].join(', ')}
       from report_live_vends
      where created_at >= '${range.from}' and created_at < '${range.to}'
        ${corporateId ? 'and corporate_id = $1' : ''} ${successfulOnly ? "and status = 'SUCCESSFUL'" : ''}
      ${dims.length ? `group by ${dims.map((_, i) => i + 1).join(', ')}` : ''}`,
    corporateId ? [corporateId] : [],
  );
  return rows
    .filter((r) => Number(r.n) > 0)
    .map((r) => `${dims.map((d) => r[d]).join('|')} → ${r.n}/${r.a}/${r.c}`)
    .sort();
}
const lines = (dims: Dim[], bs: Bucket[]) =>
  bs.map((b) => `${dims.map((d) => b[d]).join('|')} → ${b.count}/${b.amountKobo}/${b.commissionKobo}`).sort();

async function expectAllDirect(corporateId?: string) {
  const sets = corporateId ? SETS.filter((s) => !s.includes('corporateId')) : SETS;
  const got = await vendBucketSets(t.app.ctx.db, { ...bounds, sets, corporateId });
  for (const [k, dims] of sets.entries()) {
    expect(lines(dims, got[k] ?? []), dims.join(',')).toEqual(await direct(dims, corporateId));
  }
  // Groupings with statuses of their own (the client home's), beside one without.
  const own: Dim[][] = [['day', 'network', 'status'], ['serviceType', 'status'], ['clientType']];
  const mixed = await vendBucketSets(t.app.ctx.db, {
    ...bounds,
    corporateId,
    sets: [['status'], ...own.map((dims) => ({ dims, statuses: ['SUCCESSFUL'] }))],
  });
  expect(lines(['status'], mixed[0] ?? [])).toEqual(await direct(['status'], corporateId));
  for (const [k, dims] of own.entries()) {
    expect(lines(dims, mixed[k + 1] ?? []), `${dims.join(',')} successful`).toEqual(
      await direct(dims, corporateId, true),
    );
  }
}

beforeAll(async () => {
  t = await buildTestApp();
  clients.push(...(await reportClients(t)));
  // Vends on four Lagos days, several networks, services and outcomes (08000000002 fails).
  let n = 0;
  for (const at of [
    '2026-03-09T08:00:00Z',
    '2026-03-10T12:00:00Z',
    '2026-03-10T23:30:00Z',
    '2026-03-12T09:00:00Z',
  ])
    await vendAt(t, clients, at, REPORT_PHONES, () => 100 + ++n * 10);
});
afterAll(async () => {
  await t?.close();
});

describe('[REPORTS] several groupings in one read', () => {
  it('[REPORTS] each grouping equals the vends summed directly: unbuilt, built, and built then dirty', async () => {
    await expectAllDirect();
    await expectAllDirect(clients[0]!.corporateId);
    await buildRollups(t.app.ctx.db, new Date('2026-03-20T12:00:00Z'));
    expect(await checkRollups(t.app.ctx.db)).toEqual([]);
    const clean = await sql<{ n: number }>(
      "select count(*)::int as n from vend_rollup_days where day between '2026-03-09' and '2026-03-12' and not dirty",
    );
    expect(clean[0]!.n).toBe(4);
    await expectAllDirect();
    await expectAllDirect(clients[1]!.corporateId);
    // A vend moved from the 10th to the 11th: those two days dirty, read from the vends; the others'
    // roll-ups.
    const [v] = await sql<{ id: string }>(
      "select id from vends where status = 'SUCCESSFUL' and created_at = '2026-03-10T12:00:00Z' limit 1",
    );
    await sql("update vends set created_at = '2026-03-11T12:00:00Z' where id = $1", [v!.id]);
    const dirty = await sql<{ day: string }>(
      "select day::text as day from vend_rollup_days where dirty and day between '2026-03-09' and '2026-03-12' order by 1",
    );
    expect(dirty.map((d) => d.day)).toEqual(['2026-03-10', '2026-03-11']);
    await expectAllDirect();
    await expectAllDirect(clients[2]!.corporateId);
  });

  it('[REPORTS] every roll-up table is checked: a lying row in any of them is found, and a rebuild mends it', async () => {
    await buildRollups(t.app.ctx.db, new Date('2026-03-20T12:00:00Z'));
    expect(await checkRollups(t.app.ctx.db)).toEqual([]);
    for (const r of ROLLUPS) {
      const changed = await sql(
        `update ${r.table} set vend_count = vend_count + 1 where day = '2026-03-12' returning 1`,
      );
      expect(changed.length, r.table).toBeGreaterThan(0);
      expect(await checkRollups(t.app.ctx.db), r.table).toEqual(['2026-03-12']);
      await sql("update vend_rollup_days set dirty = true where day = '2026-03-12'");
      await buildRollups(t.app.ctx.db, new Date('2026-03-20T12:00:00Z'));
      expect(await checkRollups(t.app.ctx.db), r.table).toEqual([]);
    }
  });

  it('[REPORTS] the per-client sums of a whole week read its weekly rows only while its days are whole and unchanged since', async () => {
    const db = t.app.ctx.db;
    const now = new Date('2026-03-20T12:00:00Z');
    // Monday 2 March to Monday 16 March: the weeks of the 2nd (no vend) and of the 9th, whole.
    const range = { fromDay: '2026-03-02', toDay: '2026-03-17' };
    const vends = { from: '2026-03-01T23:00:00Z', to: '2026-03-16T23:00:00Z' };
    const sets: Dim[][] = [['corporateId', 'status'], ['corporateId']];
    const read = async () => {
      const got = await vendBucketSets(db, {
        ...range,
        sets: [sets[0]!, { dims: sets[1]!, statuses: ['SUCCESSFUL'] }],
      });
      return [lines(sets[0]!, got[0] ?? []), lines(sets[1]!, got[1] ?? [])];
    };
    const expected = async () => [
      await direct(sets[0]!, undefined, false, vends),
      await direct(sets[1]!, undefined, true, vends),
    ];
    const weekBuilt = async () =>
      (
        await sql<{ at: string }>(
          "select built_at::text as at from vend_rollup_weeks where week = '2026-03-09'",
        )
      )[0]?.at;

    await buildRollups(db, now);
    expect(await sql('select week::text as week from vend_rollup_weeks')).toEqual([{ week: '2026-03-09' }]);
    // The week's days without a vend got their (empty, whole) markers.
    const marked = await sql<{ n: number }>(
      "select count(*)::int as n from vend_rollup_days where day between '2026-03-09' and '2026-03-15' and not dirty",
    );
    expect(marked[0]!.n).toBe(7);
    expect(await checkRollups(db)).toEqual([]);
    expect(await read()).toEqual(await expected());

    // The read takes the week's rows: a lying one shows, and the check names the week.
    await sql(
      "update vend_client_weekly_totals set vend_count = vend_count + 1 where week = '2026-03-09' and status = 'SUCCESSFUL'",
    );
    expect(await read()).not.toEqual(await expected());
    expect(await checkRollups(db)).toEqual(['2026-03-09']);

    // A vend of the week moves to another day: both days dirty, the week unreadable, the sums right.
    const [v] = await sql<{ id: string }>(
      "select id from vends where status = 'SUCCESSFUL' and created_at = '2026-03-12T09:00:00Z' limit 1",
    );
    await sql("update vends set created_at = '2026-03-14T09:00:00Z' where id = $1", [v!.id]);
    expect(await read()).toEqual(await expected());
    // Its days rebuilt, the week not: a day newer than the week, still unreadable.
    const before = await weekBuilt();
    await rebuildDay(db, '2026-03-12');
    await rebuildDay(db, '2026-03-14');
    expect(await weekBuilt()).toBe(before);
    expect(await read()).toEqual(await expected());
    // The next build rebuilds the week from its days: read again, and right.
    await buildRollups(db, now);
    expect(await weekBuilt()).not.toBe(before);
    expect(await checkRollups(db)).toEqual([]);
    expect(await read()).toEqual(await expected());
    await sql("update vend_client_weekly_totals set amount_kobo = amount_kobo + 1 where week = '2026-03-09'");
    expect(await read()).not.toEqual(await expected());
    await sql("update vend_rollup_days set dirty = true where day = '2026-03-10'");
    await buildRollups(db, now);
    expect(await read()).toEqual(await expected());
  });
});
