// Sums of live vends over Lagos days, grouped by the dimensions a report asks for. The sums read
// the day roll-ups (rollup.repo.ts) for the clean days, up to each day's watermark (today's trails
// the clock by a few minutes), and the vends for the rest: after a watermark, dirty or unbuilt
// days. Platform-wide sums read vend_daily_totals, per-client ones vend_client_daily_totals (by
// week from vend_client_weekly_totals where a whole readable week lies in the range), and a
// client's own sums (its home) vend_client_detail_totals and its vends through (corporate_id,
// mode, created_at). The coverage and the rows are read in one repeatable-read snapshot, so a
// rebuild committing meanwhile is never counted twice. Test-mode vends never count.
import { addCalendarDays } from '@vendport/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { COUNT_BOUND } from '../../infra/db/keyset';
import { rowsOf } from '../../infra/db/sql';
import { lagosDaySql, lagosDayStart, lagosMidnightSql } from '../../infra/lagos-time';
import { ROLLUPS, type RollupColumn, rolledDays } from './rollup.repo';

export type Dim = 'day' | 'network' | 'serviceType' | 'channel' | 'clientType' | 'status' | 'corporateId';

export interface Bucket {
  day?: string;
  network?: string;
  serviceType?: string;
  channel?: string;
  clientType?: string;
  status?: string;
  corporateId?: string;
  count: number;
  amountKobo: number;
  commissionKobo: number;
  chargeKobo: number;
}

const RAW: Record<Dim, string> = {
  day: `${lagosDaySql('v.created_at')}::text`,
  network: 'v.network',
  serviceType: 'v.service_type',
  channel: 'v.channel',
  clientType: 'v.client_type',
  status: 'v.status',
  corporateId: 'v.corporate_id::text',
};
const ROLLED: Record<Dim, string> = {
  day: 't.day::text',
  network: 't.network',
  serviceType: 't.service_type',
  channel: 't.channel',
  clientType: 't.client_type',
  status: 't.status',
  corporateId: 't.corporate_id::text',
};
/** Each dimension's column in the roll-up tables (rollup.repo ROLLUPS). */
const COLUMN: Record<Exclude<Dim, 'day'>, RollupColumn> = {
  network: 'network',
  serviceType: 'service_type',
  channel: 'channel',
  clientType: 'client_type',
  status: 'status',
  corporateId: 'corporate_id',
};

/** One grouping of a BucketSetsQuery: its dimensions and, when it has its own, its statuses. */
export type BucketSet = Dim[] | { dims: Dim[]; statuses: string[] };

/** Several groupings of the same vends: one bucket list per entry of `sets`. */
export interface BucketSetsQuery {
  /** First Lagos day, inclusive (YYYY-MM-DD). */
  fromDay: string;
  /** Last Lagos day, exclusive. */
  toDay: string;
  sets: BucketSet[];
  /** One client's vends only. */
  corporateId?: string;
  /** Only these statuses (a grouping with its own statuses uses those). */
  statuses?: string[];
}

type RawRow = Record<string, string | number | null>;

/** The columns of a CTE that already names them by dimension. */
const AS_IS = Object.fromEntries(
  (['day', 'network', 'serviceType', 'channel', 'clientType', 'status', 'corporateId'] as const).map((d) => [
    d,
    `"${d}"`,
  ]),
) as Record<Dim, string>;

/**
 * The select list's columns for `all` (each followed by a comma): those of `dims` read from `cols`,
 * the others null (every part of a union has the same columns).
 */
const selectList = (all: Dim[], dims: Dim[], cols: Record<Dim, string>) =>
  sql.raw(all.map((d) => `${dims.includes(d) ? cols[d] : 'null::text'} as "${d}", `).join(''));
/** `group by` `dims`, at their places in `all`'s columns, which start at column `offset + 1`. */
const groupList = (all: Dim[], dims: Dim[], offset: number) =>
  sql.raw(dims.length ? `group by ${dims.map((d) => all.indexOf(d) + 1 + offset).join(', ')}` : '');

/**
 * The instants of [fromDay, toDay) the roll-ups do not hold: the whole of a day not rolled up,
 * the part of a rolled day from its watermark on. Adjacent intervals are merged.
 */
function uncovered(fromDay: string, toDay: string, rolled: Map<string, Date>): Array<[Date, Date]> {
  const out: Array<[Date, Date]> = [];
  for (let d = fromDay; d < toDay; d = addCalendarDays(d, 1)) {
    const start = lagosDayStart(d);
    const end = lagosDayStart(addCalendarDays(d, 1));
    const w = rolled.get(d);
    const from = w ? new Date(Math.min(Math.max(w.getTime(), start.getTime()), end.getTime())) : start;
    if (from >= end) continue;
    const last = out[out.length - 1];
    if (last && last[1].getTime() === from.getTime()) last[1] = end;
    else out.push([from, end]);
  }
  return out;
}

/** Sorted days (YYYY-MM-DD) as runs of consecutive days: [first, last] each. */
export function dayRuns(days: string[]): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const d of [...days].sort()) {
    const last = out[out.length - 1];
    if (last && addCalendarDays(last[1], 1) === d) last[1] = d;
    else out.push([d, d]);
  }
  return out;
}

function toBucket(r: RawRow, dims: Dim[]): Bucket {
  const b: Bucket = {
    count: Number(r.n ?? 0),
    amountKobo: Number(r.a ?? 0),
    commissionKobo: Number(r.c ?? 0),
    chargeKobo: Number(r.g ?? 0),
  };
  for (const d of dims) b[d] = String(r[d]);
  return b;
}

/**
 * The narrowest roll-up table that holds `dims` (ROLLUPS is narrowest first), one with the client
 * column when the sums are one client's; null when none does (read the vends only).
 */
function rollupTable(dims: Dim[], perClient: boolean): string | null {
  const wanted = dims.filter((d) => d !== 'day').map((d) => COLUMN[d as Exclude<Dim, 'day'>]);
  if (perClient) wanted.push('corporate_id');
  const t = ROLLUPS.find((r) => wanted.every((c) => (r.dims as readonly string[]).includes(c)));
  return t?.table ?? null;
}

/**
 * Sums of live vends over [fromDay, toDay), one bucket list per grouping of `sets` (one bucket per
 * combination of its dimensions), in one snapshot and one statement: each grouping
 * reads its own roll-up table for the clean days, and the vends after the watermarks are read
 * once, at the grain of every grouping's dimensions, and summed to each.
 */
export async function vendBucketSets(db: Db, q: BucketSetsQuery): Promise<Bucket[][]> {
  const statusFilter = (col: string, statuses: string[] | undefined): SQL =>
    statuses?.length
      ? sql`and ${sql.raw(col)} in (${sql.join(
          statuses.map((s) => sql`${s}`),
          sql`, `,
        )})`
      : sql``;
  // Each grouping's statuses: its own, else the query's (applied to the roll-ups and the vends alike).
  const specs = q.sets.map((s) =>
    Array.isArray(s) ? { dims: s, statuses: q.statuses } : { dims: s.dims, statuses: s.statuses },
  );
  const tables = specs.map((s) => rollupTable(s.dims, Boolean(q.corporateId)));
  const all = [...new Set(specs.flatMap((s) => s.dims))];
  // The vends' CTE filters no status: it carries the status column whenever a grouping filters by it.
  const filtered = specs.some((s) => s.statuses?.length);
  const rawDims: Dim[] = filtered && !all.includes('status') ? [...all, 'status'] : all;
  // The platform's per-client groupings without the day can read whole weeks (rolledDays says which).
  const weekly = specs.map(
    (s, k) => !q.corporateId && tables[k] === 'vend_client_daily_totals' && !s.dims.includes('day'),
  );
  const answers = await db.transaction(
    async (tx) => {
      const { days: rolled, weeks } = tables.some((t) => t)
        ? await rolledDays(
            tx,
            q.fromDay,
            q.toDay,
            weekly.some((w) => w),
          )
        : { days: new Map<string, Date>(), weeks: [] };
      const parts: SQL[] = [];
      const whole = uncovered(q.fromDay, q.toDay, new Map());
      const gaps = rolled.size ? uncovered(q.fromDay, q.toDay, rolled) : whole;
      const used = new Map<string, Array<[Date, Date]>>();
      const sums = sql.raw(
        'sum(n)::bigint as n, sum(a)::bigint as a, sum(c)::bigint as c, sum(g)::bigint as g',
      );
      const rolledSums = sql.raw(
        'sum(t.vend_count)::bigint as n, sum(t.amount_kobo)::bigint as a, sum(t.commission_kobo)::bigint as c, sum(t.charge_kobo)::bigint as g',
      );
      // The rolled days as runs of consecutive days (a range each, not one parameter a day: the
      // planner estimated a 30-day list once per element and grouping, more than the read cost).
      const runsOf = (days: string[]) =>
        sql.join(
          dayRuns(days).map(([a, b]) => sql`t.day between ${a}::date and ${b}::date`),
          sql` or `,
        );
      // Those read a readable week's rows instead of its seven days' (vend_client_weekly_totals),
      // and the days' rows for the rest of the range.
      const byWeek = (k: number) => weekly[k] && weeks.length > 0;
      const inWeeks = new Set(
        weeks.flatMap((w) => Array.from({ length: 7 }, (_, i) => addCalendarDays(w, i))),
      );
      const allDays = [...rolled.keys()];
      const restDays = allDays.filter((d) => !inWeeks.has(d));
      const daysFor = (k: number) => (byWeek(k) ? restDays : allDays);
      // The groupings reading the same table with the same statuses read its rows once: a CTE of
      // the rows, each grouping summing it (the client home's three groupings of its detail rows).
      const readKey = (k: number) =>
        `${tables[k]}|${(specs[k].statuses ?? []).join(',')}${byWeek(k) ? '|by week' : ''}`;
      const readers = new Map<string, number[]>();
      specs.forEach((_, k) => {
        if (tables[k] && daysFor(k).length) readers.set(readKey(k), [...(readers.get(readKey(k)) ?? []), k]);
      });
      const filters = (k: number) =>
        sql`${q.corporateId ? sql`and t.corporate_id = ${q.corporateId}` : sql``} ${statusFilter('t.status', specs[k].statuses)}`;
      const whereOf = (k: number) => sql`(${runsOf(daysFor(k))}) ${filters(k)}`;
      const sharedName = new Map<string, string>();
      const rolledCtes: SQL[] = [];
      for (const [key, ks] of readers) {
        if (ks.length < 2) continue;
        const name = `rolled${sharedName.size}`;
        sharedName.set(key, name);
        const cols = new Set(ks.flatMap((k) => specs[k].dims.map((d) => (d === 'day' ? 'day' : COLUMN[d]))));
        rolledCtes.push(sql`${sql.raw(name)} as materialized (
          select ${sql.raw([...cols].join(', '))}, vend_count, amount_kobo, commission_kobo, charge_kobo
          from ${sql.raw(tables[ks[0]] as string)} t where ${whereOf(ks[0])})`);
      }
      /** What grouping k sums, as `<from> t`: its table's rows, or the CTE of them it shares. */
      const rowsFor = (k: number): SQL => {
        const name = sharedName.get(readKey(k));
        return name ? sql`${sql.raw(name)} t` : sql`${sql.raw(tables[k] as string)} t where ${whereOf(k)}`;
      };
      specs.forEach(({ dims, statuses }, k) => {
        const table = tables[k];
        if (byWeek(k)) {
          parts.push(sql`
            select ${k}::int as k, ${selectList(all, dims, ROLLED)} ${rolledSums}
            from vend_client_weekly_totals t
            where t.week in (${sql.join(
              weeks.map((w) => sql`${w}::date`),
              sql`, `,
            )}) ${filters(k)}
            ${groupList(all, dims, 1)}`);
        }
        if (table && daysFor(k).length) {
          parts.push(sql`
            select ${k}::int as k, ${selectList(all, dims, ROLLED)} ${rolledSums}
            from ${rowsFor(k)}
            ${groupList(all, dims, 1)}`);
        }
        // A grouping no roll-up holds reads every day from the vends (one CTE when nothing is rolled).
        const [name, ranges] = table && gaps !== whole ? ['gap', gaps] : ['whole', whole];
        if (!ranges.length) return;
        used.set(name, ranges);
        parts.push(sql`
          select ${k}::int as k, ${selectList(all, dims, AS_IS)} ${sums}
          from ${sql.raw(name)} where true ${statusFilter('"status"', statuses)}
          ${groupList(all, dims, 1)}`);
      });
      if (!parts.length) return [];
      // The vends of `ranges`, read once at the grain of every grouping's dimensions.
      const ctes = [...used].map(
        ([name, ranges]) => sql`${sql.raw(name)} as materialized (
          select ${selectList(rawDims, rawDims, RAW)} count(*)::bigint as n, sum(v.amount_kobo)::bigint as a,
                 sum(v.commission_kobo)::bigint as c, sum(v.charge_kobo)::bigint as g
          from report_live_vends v
          where (${sql.join(
            ranges.map(([from, to]) => sql`(v.created_at >= ${from} and v.created_at < ${to})`),
            sql` or `,
          )}) ${q.corporateId ? sql`and v.corporate_id = ${q.corporateId}` : sql``}
          ${groupList(rawDims, rawDims, 0)})`,
      );
      ctes.push(...rolledCtes);
      // One statement: every part in one round trip.
      return rowsOf<RawRow>(
        tx,
        sql`${ctes.length ? sql`with ${sql.join(ctes, sql`, `)} ` : sql``}${sql.join(parts, sql` union all `)}`,
      );
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return specs.map(({ dims }, k) => {
    const merged = new Map<string, Bucket>();
    for (const r of answers) {
      if (Number(r.k) !== k || Number(r.n ?? 0) === 0) continue;
      const b = toBucket(r, dims);
      const key = dims.map((d) => b[d]).join('|');
      const prev = merged.get(key);
      if (!prev) merged.set(key, b);
      else {
        prev.count += b.count;
        prev.amountKobo += b.amountKobo;
        prev.commissionKobo += b.commissionKobo;
        prev.chargeKobo += b.chargeKobo;
      }
    }
    return [...merged.values()];
  });
}

/** What a vending history's total counts (one client's or every client's live vends). */
export interface VendCountQuery {
  corporateId?: string;
  /** First Lagos day, inclusive (none: from the first vend). */
  fromDay?: string;
  /** Last Lagos day, exclusive (none: to the last vend). */
  toDay?: string;
  status?: string;
  /** Equalities on the roll-ups' dimensions (network, serviceType, channel, clientType). */
  equal: Partial<Record<Exclude<Dim, 'day' | 'status' | 'corporateId'>, string>>;
}

/**
 * How many live vends match `q`, in one statement (one snapshot): over the days from the client's
 * (or the platform's) first live vend to its last (two index ends), within the filter's days, the
 * roll-up rows of each day rolled up and clean (its vends before the watermark) and the vends of
 * the rest: a day not rolled up or dirty, and a rolled day's vends from its watermark on (today's
 * last minutes), each day's by an index range of its own. Null when no roll-up holds the filter
 * (a client's vends by client type), or when more than COUNT_BOUND of its vends are not rolled up
 * (days older than the roll-ups' first look back, a rebuild under way): it never reads more vends
 * than a bounded count does.
 */
export async function vendCount(db: Db, q: VendCountQuery): Promise<number | null> {
  const dims = Object.keys(q.equal) as Array<keyof VendCountQuery['equal']>;
  const table = rollupTable(q.status ? [...dims, 'status'] : dims, Boolean(q.corporateId));
  if (!table) return null;
  const bound = COUNT_BOUND();
  // The filter on table alias `a`'s own columns (no cast: the indexes stay usable).
  const on = (a: string) =>
    sql.join(
      [
        q.corporateId ? sql`${sql.raw(`${a}.corporate_id`)} = ${q.corporateId}` : sql`true`,
        ...(q.status ? [sql`${sql.raw(`${a}.status`)} = ${q.status}`] : []),
        ...dims.map((d) => sql`${sql.raw(`${a}.${COLUMN[d]}`)} = ${q.equal[d] ?? ''}`),
      ],
      sql` and `,
    );
  const [r] = await rowsOf<{ n: string | number | null }>(
    db,
    sql`
      with s as (
        select greatest(${sql.raw(lagosDaySql('min(v.created_at)'))}, ${q.fromDay ?? null}::date) as first,
               least(${sql.raw(lagosDaySql('max(v.created_at)'))}, ${q.toDay ?? null}::date - 1) as last
        from report_live_vends v where ${q.corporateId ? sql`v.corporate_id = ${q.corporateId}` : sql`true`}
      ),
      d as materialized (
        select g.day, r.day is not null as rolled, greatest(coalesce(r.built_to, g.f), g.f) as f, g.t
        from s cross join lateral (
          select x::date as day, ${sql.raw(lagosMidnightSql('x::date'))} as f,
                 ${sql.raw(lagosMidnightSql('(x::date + 1)'))} as t
          from generate_series(s.first, s.last, interval '1 day') x) g
        left join vend_rollup_days r on r.day = g.day and not r.dirty and r.built_to is not null
      ),
      raw as (
        select count(*) as n from (
          select 1 from d cross join lateral (
            select 1 from report_live_vends v
            where v.created_at >= d.f and v.created_at < d.t and ${on('v')} limit ${bound + 1}) c
          where d.f < d.t limit ${bound + 1}) x
      )
      select case when (select n from raw) > ${bound} then null else
        coalesce((select sum(t.vend_count) from d join ${sql.raw(table)} t on t.day = d.day
                   where d.rolled and ${on('t')}), 0) + (select n from raw) end as n`,
  );
  return r?.n === null || r?.n === undefined ? null : Number(r.n);
}
