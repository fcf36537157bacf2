// Sales valuation (spec §7 evaluation/vending/{clientId}/count): a client's successful live vends
// over a range, valued per network and service (value, commission, net cost), read in chunks of
// chunkSize vends in (created_at, id) order. Each chunk resumes after the previous one's last vend
// (a keyset cursor), and sums the days that fit whole in it from the day roll-ups (rollup.repo),
// reading vends only where the roll-ups do not hold them and on the day where it ends: a chunk
// costs its days, not its vends, so the thousandth chunk costs what the first does and no request
// or query ever reads a million rows.
import { addCalendarDays, lagosDateOf, type ValuationChunkView } from '@vendport/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { rowsOf, runStatement, type Statement } from '../../infra/db/sql';
import { badRequest } from '../../infra/errors';
import { lagosDayStart } from '../../infra/lagos-time';
import { checkedRange } from './dashboards.service';
import { dayRuns, vendCount } from './reports.repo';

interface ValuationRange {
  startDate: string;
  endDate: string;
}

/** The client's successful live vends (`v`, report_live_vends) created in [from, to). */
const successfulIn = (corporateId: string, s: { from: Date; to: Date }) =>
  sql`v.corporate_id = ${corporateId} and v.created_at >= ${s.from} and v.created_at < ${s.to}
      and v.status = 'SUCCESSFUL'`;

/**
 * How many successful live vends the range holds, and so how many chunks: counted from the
 * roll-ups (vendCount: the clean days' rows, the vends of the rest), or from the vends when more
 * than the count bound of them are not rolled up.
 */
export async function valuationCount(db: Db, corporateId: string, q: ValuationRange & { chunkSize: number }) {
  const r = checkedRange(q);
  const toDay = addCalendarDays(r.endDate, 1);
  const rolled = await vendCount(db, {
    corporateId,
    fromDay: r.startDate,
    toDay,
    status: 'SUCCESSFUL',
    equal: {},
  });
  const count =
    rolled ??
    (await rawCount(db, corporateId, { from: lagosDayStart(r.startDate), to: lagosDayStart(toDay) }));
  return { count, chunks: Math.ceil(count / q.chunkSize), chunkSize: q.chunkSize };
}

async function rawCount(db: Db, corporateId: string, s: { from: Date; to: Date }) {
  const [r] = await rowsOf<{ n: string | number }>(
    db,
    sql`select count(*)::bigint as n from report_live_vends v where ${successfulIn(corporateId, s)}`,
  );
  return Number(r?.n ?? 0);
}

/** created_at as PostgreSQL prints it (microseconds kept, so no row is skipped or repeated). */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)$/;
const encode = (at: string, id: string) => Buffer.from(`${at}|${id}`).toString('base64url');
function decode(cursor: string): Key {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!at || !id || !TIMESTAMP.test(at) || !realInstant(at) || !/^[0-9a-f-]{36}$/i.test(id)) {
    throw badRequest('This valuation cursor is not valid: start again from the first chunk');
  }
  return { at, id };
}

/** A TIMESTAMP whose date and time exist (not the 30th of February, not 25 o'clock). */
function realInstant(at: string): boolean {
  const [y, mo, d, h, mi, s] = at
    .split(/[-: T.+Z]/)
    .slice(0, 6)
    .map(Number) as number[];
  const utc = new Date(Date.UTC(y ?? 0, (mo ?? 0) - 1, d ?? 0, h ?? 0, mi ?? 0, s ?? 0));
  return (
    utc.getUTCFullYear() === y &&
    utc.getUTCMonth() === (mo ?? 0) - 1 &&
    utc.getUTCDate() === d &&
    utc.getUTCHours() === h &&
    utc.getUTCMinutes() === mi &&
    utc.getUTCSeconds() === s &&
    !Number.isNaN(new Date(at).getTime())
  );
}

/** A vend's place in the (created_at, id) order, created_at as PostgreSQL prints it. */
interface Key {
  at: string;
  id: string;
}

/** Sums of vends by network and service. */
interface Line {
  network: string;
  service: string;
  n: number;
  a: number;
  c: number;
  g: number;
}

/**
 * A stretch of the range, in time order: the vends created in [from, to), counted by the roll-ups
 * (a clean day's vends before its watermark: `day`, `count`) or, when `day` is null, read from
 * the vends.
 */
interface Stretch {
  from: Date;
  to: Date;
  day: string | null;
  count: number;
}

type LineRow = { network: string; service_type: string; n: string; a: string; c: string; g: string };
const toLine = (r: LineRow): Line => ({
  network: r.network,
  service: r.service_type,
  n: Number(r.n),
  a: Number(r.a),
  c: Number(r.c),
  g: Number(r.g),
});

/** The client's successful vends of the roll-ups' days `days` (runs of consecutive days), summed. */
const rolledLines = (corporateId: string, days: Array<[string, string]>) => sql`
  select t.network, t.service_type, sum(t.vend_count)::bigint as n, sum(t.amount_kobo)::bigint as a,
         sum(t.commission_kobo)::bigint as c, sum(t.charge_kobo)::bigint as g
  from vend_client_detail_totals t
  where t.corporate_id = ${corporateId} and t.status = 'SUCCESSFUL' and (${sql.join(
    days.map(([x, y]) => sql`t.day between ${x}::date and ${y}::date`),
    sql` or `,
  )})
  group by 1, 2`;

/** The SQL condition of vends after `after` in (created_at, id) order (none without a cursor). */
const afterKey = (after: Key | null) =>
  after ? sql`and (v.created_at, v.id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``;

/**
 * The first statement reads the vends the roll-ups do not hold when they lie in this many stretches
 * or fewer (a month's: a dirty day, today's last minutes).
 */
const FEW_GAPS = 2;

/**
 * stretchesOf's statement, run by name: PostgreSQL parses and plans it once per connection (for
 * a 30-day chunk the parsing and planning took 2-4 ms, the reading under 1). $1 first day, $2 the
 * day after the last, $3 the day read from the vends (the cursor's), $4 the client, $5 the vends
 * read at most, $6 FEW_GAPS; with a cursor, $7 and $8 its created_at and id.
 */
const planText = (after: boolean) => `
  with r as materialized (
    select r.day, r.built_to from vend_rollup_days r
    where r.day >= $1::date and r.day < $2::date and not r.dirty
      and r.built_to > (r.day::timestamp at time zone 'Africa/Lagos')
      and r.day is distinct from $3::date),
  gaps as materialized (
    select greatest(r.built_to, g.s) as f, g.e as t
    from (select x::date as day, (x::date::timestamp at time zone 'Africa/Lagos') as s,
                 ((x::date + 1)::timestamp at time zone 'Africa/Lagos') as e
          from generate_series($1::date, $2::date - 1, interval '1 day') x) g
    left join r on r.day = g.day
    where coalesce(r.built_to, g.s) < g.e),
  p as materialized (
    select v.network, v.service_type, v.amount_kobo, v.commission_kobo, v.charge_kobo
    from gaps cross join lateral (
      select v.created_at, v.id, v.network, v.service_type, v.amount_kobo, v.commission_kobo, v.charge_kobo
      from report_live_vends v
      where v.corporate_id = $4::uuid and v.created_at >= gaps.f and v.created_at < gaps.t
        and v.status = 'SUCCESSFUL' ${after ? 'and (v.created_at, v.id) > ($7::timestamptz, $8::uuid)' : ''}
      order by v.created_at, v.id limit $5::int) v
    where (select count(*) from gaps) <= $6::int
    order by v.created_at, v.id limit $5::int)
  select 'day' as kind, r.day::text as day, (extract(epoch from r.built_to) * 1000)::bigint as ms,
         null::text as network, null::text as service_type, coalesce(sum(t.vend_count), 0)::bigint as n,
         null::bigint as a, null::bigint as c, null::bigint as g
  from r left join vend_client_daily_totals t
    on t.corporate_id = $4::uuid and t.day = r.day and t.status = 'SUCCESSFUL'
  group by r.day, r.built_to
  union all
  select 'rolled', null, null, t.network, t.service_type, sum(t.vend_count)::bigint,
         sum(t.amount_kobo)::bigint, sum(t.commission_kobo)::bigint, sum(t.charge_kobo)::bigint
  from vend_client_detail_totals t
  where t.corporate_id = $4::uuid and t.status = 'SUCCESSFUL'
    and t.day >= $1::date and t.day < $2::date and t.day in (select day from r)
  group by t.network, t.service_type
  union all
  select 'raw', null, null, p.network, p.service_type, count(*)::bigint, sum(p.amount_kobo)::bigint,
         sum(p.commission_kobo)::bigint, sum(p.charge_kobo)::bigint
  from p group by p.network, p.service_type
  union all
  select 'rows', null, null, null, null, (select count(*) from p)::bigint, null, null, null
  where (select count(*) from gaps) <= $6::int`;
const PLAN: Statement = { name: 'valuation_plan', text: planText(false) };
const PLAN_AFTER: Statement = { name: 'valuation_plan_after', text: planText(true) };

/**
 * The client's successful vends of [fromDay, toDay) as stretches: each day rolled up and clean
 * counted by its roll-up rows up to its watermark, the rest of the range (unbuilt or dirty days,
 * a day after its watermark, the day `rawDay`) read from the vends, adjacent stretches of those
 * merged. One statement reads the rolled days' counts (vend_client_daily_totals), the sums of
 * all of them by network and service (vend_client_detail_totals, one index range) and, when the
 * rest is at most FEW_GAPS stretches, its first `limit` + 1 vends after `after`, summed (`raw`):
 * a chunk that takes every rolled day whole and all of those (a month in one chunk) is read.
 */
async function stretchesOf(
  db: Db,
  corporateId: string,
  q: { fromDay: string; toDay: string; rawDay: string | null; after: Key | null; limit: number },
): Promise<{ stretches: Stretch[]; lines: Line[]; raw: { rows: number; lines: Line[] } | null }> {
  // A rolled day's count (kind 'day'), the sums of all of them (kind 'rolled'), the sums of the
  // vends read (kind 'raw', when the rest was read) with their count in n of kind 'rows'.
  const rows = await runStatement<
    { kind: 'day' | 'rolled' | 'raw' | 'rows'; day: string | null; ms: string } & LineRow
  >(db, q.after ? PLAN_AFTER : PLAN, [
    q.fromDay,
    q.toDay,
    q.rawDay,
    corporateId,
    q.limit + 1,
    FEW_GAPS,
    ...(q.after ? [q.after.at, q.after.id] : []),
  ]);
  const rolled = new Map<string, { watermark: Date; count: number }>();
  const lines: Line[] = [];
  const rawLines: Line[] = [];
  let raw: { rows: number; lines: Line[] } | null = null;
  for (const r of rows) {
    if (r.kind === 'day' && r.day)
      rolled.set(r.day, { watermark: new Date(Number(r.ms)), count: Number(r.n) });
    else if (r.kind === 'rolled') lines.push(toLine(r));
    else if (r.kind === 'raw') rawLines.push(toLine(r));
    else raw = { rows: Number(r.n), lines: rawLines };
  }
  const out: Stretch[] = [];
  for (let d = q.fromDay; d < q.toDay; d = addCalendarDays(d, 1)) {
    const start = lagosDayStart(d);
    const end = lagosDayStart(addCalendarDays(d, 1));
    const day = rolled.get(d);
    const w = day ? new Date(Math.min(day.watermark.getTime(), end.getTime())) : start;
    if (day) out.push({ from: start, to: w, day: d, count: day.count });
    const last = out[out.length - 1];
    if (w >= end) continue;
    if (last && last.day === null && last.to.getTime() === w.getTime()) last.to = end;
    else out.push({ from: w, to: end, day: null, count: 0 });
  }
  return { stretches: out, lines, raw };
}

/** The first `limit` of the client's successful vends in [from, to) after `after`, summed. */
async function rawPart(
  db: Db,
  corporateId: string,
  s: { from: Date; to: Date },
  after: Key | null,
  limit: number,
): Promise<{ rows: number; lines: Line[]; last: Key | null }> {
  const page = sql`
    select v.id, v.created_at, v.network, v.service_type, v.amount_kobo, v.commission_kobo, v.charge_kobo
    from report_live_vends v
    where ${successfulIn(corporateId, s)} ${afterKey(after)}
    order by v.created_at, v.id
    limit ${limit}`;
  // One statement, the part read once: its lines, and on each line the part's row count and last
  // key.
  const lines = await rowsOf<{
    network: string;
    service_type: string;
    n: string;
    a: string;
    c: string;
    g: string;
    rows: string;
    at: string | null;
    id: string | null;
  }>(
    db,
    sql`with p as materialized (${page}),
        l as (select created_at::text as at, id::text as id from p order by created_at desc, id desc limit 1),
        g as (select network, service_type, count(*)::bigint as n, sum(amount_kobo)::bigint as a,
                     sum(commission_kobo)::bigint as c, sum(charge_kobo)::bigint as g
              from p group by 1, 2)
        select g.*, sum(g.n) over ()::bigint as rows, l.at, l.id from g left join l on true`,
  );
  const first = lines[0];
  return {
    rows: Number(first?.rows ?? 0),
    lines: lines.map(toLine),
    last: first?.at && first.id ? { at: first.at, id: first.id } : null,
  };
}

/** The key of the client's last successful vend in [from, to). */
async function lastKey(db: Db, corporateId: string, s: { from: Date; to: Date }): Promise<Key | null> {
  const [r] = await rowsOf<Key>(
    db,
    sql`select v.created_at::text as at, v.id::text as id from report_live_vends v
        where ${successfulIn(corporateId, s)} order by v.created_at desc, v.id desc limit 1`,
  );
  return r ?? null;
}

/**
 * The chunk after `after` (the first without it): the next chunkSize successful vends of the
 * range in (created_at, id) order, summed by network and service. It walks the range's stretches
 * (stretchesOf): a rolled day that fits whole in the chunk adds its roll-up sums, and the vends
 * are read only where the roll-ups do not hold them, and on the day where the chunk ends (up to
 * its last vend). So a chunk costs its days and not its rows: 30 days of a client's vends read
 * their roll-up rows, however many vends they hold. Each stretch is read as it is when reached;
 * the stretches part the range, so no vend is counted twice.
 */
export async function valuationChunk(
  db: Db,
  corporateId: string,
  q: ValuationRange & { chunkSize: number; after?: string },
): Promise<ValuationChunkView> {
  const r = checkedRange(q);
  const after = q.after ? decode(q.after) : null;
  const afterDay = after ? lagosDateOf(new Date(after.at)) : null;
  // The days before the cursor's are behind it; its own day is read from the vends, after it.
  const fromDay = afterDay && afterDay > r.startDate ? afterDay : r.startDate;
  const toDay = addCalendarDays(r.endDate, 1);
  const plan =
    fromDay < toDay
      ? await stretchesOf(db, corporateId, { fromDay, toDay, rawDay: afterDay, after, limit: q.chunkSize })
      : null;
  const stretches = plan?.stretches ?? [];
  const sums = new Map<string, Line>();
  const add = (ls: Line[]) => {
    for (const l of ls) {
      const k = `${l.network}|${l.service}`;
      const p = sums.get(k);
      if (p) Object.assign(p, { n: p.n + l.n, a: p.a + l.a, c: p.c + l.c, g: p.g + l.g });
      else sums.set(k, { ...l });
    }
  };
  let rows = 0;
  let last: Key | null = null;
  const rolledRows = stretches.reduce((n, s) => n + s.count, 0);
  if (plan?.raw && plan.raw.rows + rolledRows <= q.chunkSize) {
    // The rest of the range fits in the chunk, and the first statement read all of it.
    add(plan.lines);
    add(plan.raw.lines);
    rows = rolledRows + plan.raw.rows;
    if (rows === q.chunkSize) {
      last = await lastKey(db, corporateId, { from: lagosDayStart(fromDay), to: lagosDayStart(toDay) });
    }
  } else {
    // The rolled days taken whole, and the last of them when nothing was read after it.
    const taken: string[] = [];
    let lastRolled: Stretch | null = null;
    for (const s of stretches) {
      const room = q.chunkSize - rows;
      if (room === 0) break;
      if (s.day && s.count <= room) {
        if (s.count === 0) continue;
        taken.push(s.day);
        rows += s.count;
        lastRolled = s;
        continue;
      }
      const part = await rawPart(db, corporateId, s, after, room);
      if (part.rows === 0) continue;
      add(part.lines);
      rows += part.rows;
      last = part.last;
      lastRolled = null;
    }
    // The rolled days' sums: all of them read already when every day holding vends is taken.
    const holding = stretches.filter((s) => s.day && s.count > 0).length;
    if (taken.length === holding) add(plan?.lines ?? []);
    else if (taken.length)
      add((await rowsOf<LineRow>(db, rolledLines(corporateId, dayRuns(taken)))).map(toLine));
    if (rows === q.chunkSize && lastRolled) last = await lastKey(db, corporateId, lastRolled);
  }
  return {
    rows,
    lines: [...sums.values()]
      .sort((x, y) => x.network.localeCompare(y.network) || x.service.localeCompare(y.service))
      .map((l) => ({
        network: l.network as ValuationChunkView['lines'][number]['network'],
        serviceType: l.service as ValuationChunkView['lines'][number]['serviceType'],
        count: l.n,
        valueKobo: l.a,
        commissionKobo: l.c,
        netCostKobo: l.a - l.c,
      })),
    next: rows === q.chunkSize && last ? encode(last.at, last.id) : null,
  };
}
