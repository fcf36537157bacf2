// The sales valuation's reads (valuation.service.ts walks them): a client's successful live vends
// from report_live_vends and the day roll-ups (vend_rollup_days, vend_client_daily_totals,
// vend_client_detail_totals), summed by network and service.
import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { rowsOf, runStatement, type Statement } from '../../infra/db/sql';
import { lagosMidnightSql } from '../../infra/lagos-time';

/** The client's successful live vends (`v`, report_live_vends) created in [from, to). */
const successfulIn = (corporateId: string, s: { from: Date; to: Date }) =>
  sql`v.corporate_id = ${corporateId} and v.created_at >= ${s.from} and v.created_at < ${s.to}
      and v.status = 'SUCCESSFUL'`;

/** How many of the client's successful live vends were created in [from, to), counted from the vends. */
export async function rawCount(db: Db, corporateId: string, s: { from: Date; to: Date }) {
  const [r] = await rowsOf<{ n: string | number }>(
    db,
    sql`select count(*)::bigint as n from report_live_vends v where ${successfulIn(corporateId, s)}`,
  );
  return Number(r?.n ?? 0);
}

/** A vend's place in the (created_at, id) order, created_at as PostgreSQL prints it. */
export interface Key {
  at: string;
  id: string;
}

/** Sums of vends by network and service. */
export interface Line {
  network: string;
  service: string;
  n: number;
  a: number;
  c: number;
  g: number;
}

/** A Line as the statements answer it (bigint sums as text). */
export type LineRow = { network: string; service_type: string; n: string; a: string; c: string; g: string };
export const toLine = (r: LineRow): Line => ({
  network: r.network,
  service: r.service_type,
  n: Number(r.n),
  a: Number(r.a),
  c: Number(r.c),
  g: Number(r.g),
});

/** The client's successful vends of the roll-ups' days `days` (runs of consecutive days), summed. */
export async function rolledDayLines(
  db: Db,
  corporateId: string,
  days: Array<[string, string]>,
): Promise<Line[]> {
  const rows = await rowsOf<LineRow>(
    db,
    sql`
  select t.network, t.service_type, sum(t.vend_count)::bigint as n, sum(t.amount_kobo)::bigint as a,
         sum(t.commission_kobo)::bigint as c, sum(t.charge_kobo)::bigint as g
  from vend_client_detail_totals t
  where t.corporate_id = ${corporateId} and t.status = 'SUCCESSFUL' and (${sql.join(
    days.map(([x, y]) => sql`t.day between ${x}::date and ${y}::date`),
    sql` or `,
  )})
  group by 1, 2`,
  );
  return rows.map(toLine);
}

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
      and r.built_to > ${lagosMidnightSql('r.day')}
      and r.day is distinct from $3::date),
  gaps as materialized (
    select greatest(r.built_to, g.s) as f, g.e as t
    from (select x::date as day, ${lagosMidnightSql('x::date')} as s,
                 ${lagosMidnightSql('(x::date + 1)')} as e
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
 * The plan's rows: a rolled day's count (kind 'day'), the sums of all of them (kind 'rolled'), the
 * sums of the vends read (kind 'raw', when the rest was read) with their count in n of kind 'rows'.
 */
export function valuationPlan(
  db: Db,
  corporateId: string,
  q: { fromDay: string; toDay: string; rawDay: string | null; after: Key | null; limit: number },
) {
  return runStatement<{ kind: 'day' | 'rolled' | 'raw' | 'rows'; day: string | null; ms: string } & LineRow>(
    db,
    q.after ? PLAN_AFTER : PLAN,
    [
      q.fromDay,
      q.toDay,
      q.rawDay,
      corporateId,
      q.limit + 1,
      FEW_GAPS,
      ...(q.after ? [q.after.at, q.after.id] : []),
    ],
  );
}

/** The first `limit` of the client's successful vends in [from, to) after `after`, summed. */
export async function rawPart(
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
export async function lastKey(db: Db, corporateId: string, s: { from: Date; to: Date }): Promise<Key | null> {
  const [r] = await rowsOf<Key>(
    db,
    sql`select v.created_at::text as at, v.id::text as id from report_live_vends v
        where ${successfulIn(corporateId, s)} order by v.created_at desc, v.id desc limit 1`,
  );
  return r ?? null;
}
