// The day roll-ups of live vends and their watermarks (migrations 0011 and 0035).
//
// A day's rows (vend_daily_totals platform-wide, vend_client_daily_totals per client and status,
// vend_client_detail_totals per client with the client home's dimensions) hold the day's vends
// created before the day's watermark, vend_rollup_days.built_to: the next day's start for a day
// built whole, a time at least two minutes before the build for today. A read takes a clean day's
// rows for the vends before the watermark and the vends themselves from it on (reports.repo.ts),
// and the vends for a dirty or never built day.
//
// Why a clean day's rows stay exact. A change to a live vend (insert, status or amount change, a
// move of its date or mode) created before its day's watermark marks the day dirty (trigger on
// vends, migration 0035), and a build runs every minute (reports.jobs.ts): a requery settling a
// pending vend minutes after it was placed makes today dirty until the next build.
// - The trigger skips a change to a vend created less than two minutes before the change's
//   statement (the hot path: a vend placed and settled at once). The build's watermark is at least
//   two minutes before the build's start and before the start of every client transaction then
//   open on the database (pg_stat_activity; the app's sessions are of its own role, whose
//   transaction starts it sees). So a skipped change made by a transaction still open when the
//   watermark is set is to a vend at or after the watermark; one committed before is read by the
//   build. A long transaction holds the watermark back: more of today is read from the vends.
// - The trigger's upsert locks the day's marker row (changed or not) until its transaction ends;
//   a build sets the marker (clean, the new watermark) before it reads the vends. A change and a
//   build of its day are thus ordered on that row: either the build waits and reads the change,
//   or the change sees the new watermark and marks the day dirty.
import { addCalendarDays } from '@vendport/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { rowsOf } from '../../infra/db/sql';
import { lagosDayStart } from '../../infra/lagos-time';

const LAGOS_DAY = sql.raw(`(v.created_at at time zone 'Africa/Lagos')::date`);
/** The start of the next Lagos day after vend_rollup_days row d's day. */
const DAY_END = sql.raw(`((d.day + 1)::timestamp at time zone 'Africa/Lagos')`);

/**
 * Rebuilds one day's roll-up rows from its vends created before the watermark (the day's end, or
 * two minutes before now and before every open transaction's start), in one transaction: the
 * day's marker row is set clean with the new watermark first (see the head comment). Returns the
 * watermark.
 */
export async function rebuildDay(db: Db, day: string): Promise<Date> {
  const from = lagosDayStart(day);
  const to = lagosDayStart(addCalendarDays(day, 1));
  return db.transaction(async (tx) => {
    // Milliseconds: the watermark goes to and from JavaScript dates exactly.
    const [m] = await rowsOf<{ ms: string | number }>(
      tx,
      sql`
        with w as (
          select date_trunc('milliseconds', least(${to}::timestamptz,
                   (select least(now(), min(a.xact_start)) from pg_stat_activity a
                     where a.datname = current_database() and a.backend_type = 'client backend'
                       and a.pid <> pg_backend_pid() and a.xact_start is not null) - interval '2 minutes')) as t
        )
        insert into vend_rollup_days (day, built_at, built_to, dirty)
        select ${day}::date, now(), w.t, false from w
        on conflict (day) do update set built_at = now(), built_to = excluded.built_to, dirty = false
        returning (extract(epoch from built_to) * 1000)::bigint as ms`,
    );
    const upTo = new Date(Math.max(Number(m?.ms), from.getTime()));
    await tx.execute(sql`delete from vend_daily_totals where day = ${day}`);
    await tx.execute(sql`delete from vend_client_daily_totals where day = ${day}`);
    await tx.execute(sql`delete from vend_client_detail_totals where day = ${day}`);
    const range = sql`v.created_at >= ${from} and v.created_at < ${upTo}`;
    await tx.execute(sql`
      insert into vend_daily_totals
        (day, network, service_type, channel, client_type, status, vend_count, amount_kobo, commission_kobo, charge_kobo)
      select ${day}::date, v.network, v.service_type, v.channel, v.client_type, v.status,
             count(*), sum(v.amount_kobo), sum(v.commission_kobo), sum(v.charge_kobo)
      from report_live_vends v
      where ${range}
      group by v.network, v.service_type, v.channel, v.client_type, v.status`);
    await tx.execute(sql`
      insert into vend_client_daily_totals
        (day, corporate_id, status, vend_count, amount_kobo, commission_kobo, charge_kobo)
      select ${day}::date, v.corporate_id, v.status,
             count(*), sum(v.amount_kobo), sum(v.commission_kobo), sum(v.charge_kobo)
      from report_live_vends v
      where ${range}
      group by v.corporate_id, v.status`);
    await tx.execute(sql`
      insert into vend_client_detail_totals
        (corporate_id, day, network, service_type, channel, status, vend_count, amount_kobo, commission_kobo, charge_kobo)
      select v.corporate_id, ${day}::date, v.network, v.service_type, v.channel, v.status,
             count(*), sum(v.amount_kobo), sum(v.commission_kobo), sum(v.charge_kobo)
      from report_live_vends v
      where ${range}
      group by v.corporate_id, v.network, v.service_type, v.channel, v.status`);
    return upTo;
  });
}

/**
 * Past days (before `today`) with live vends that are dirty, never built, or built only up to a
 * watermark inside the day (built as today), oldest first. The search for never-built days looks
 * back `lookbackDays` (the first run builds history).
 */
export async function daysToBuild(
  db: Db,
  today: string,
  lookbackDays: number,
  limit: number,
): Promise<string[]> {
  const since = lagosDayStart(today).getTime() - lookbackDays * 86_400_000;
  const rows = await rowsOf<{ day: string }>(
    db,
    sql`
      select day::text as day from (
        select d.day from vend_rollup_days d
        where d.day < ${today}::date and (d.dirty or d.built_to is null or d.built_to < ${DAY_END})
        union
        select distinct ${LAGOS_DAY} as day from report_live_vends v
        where v.created_at >= ${new Date(since)} and v.created_at < ${lagosDayStart(today)}
          and not exists (select 1 from vend_rollup_days d where d.day = ${LAGOS_DAY})
      ) x order by day limit ${limit}`,
  );
  return rows.map((r) => r.day);
}

/**
 * The days of [from, to) whose roll-ups can be read instead of the vends (built and clean), each
 * with its watermark: the rows hold the day's vends created before it.
 */
export async function rolledDays(db: Db, fromDay: string, toDay: string): Promise<Map<string, Date>> {
  const rows = await rowsOf<{ day: string; ms: string | number }>(
    db,
    sql`select day::text as day, (extract(epoch from built_to) * 1000)::bigint as ms from vend_rollup_days
        where day >= ${fromDay}::date and day < ${toDay}::date and not dirty and built_to is not null`,
  );
  return new Map(rows.map((r) => [r.day, new Date(Number(r.ms))]));
}

/** Clean days whose roll-ups differ from their vends before the watermark (empty when right). */
export async function rollupMismatches(db: Db): Promise<string[]> {
  const rows = await rowsOf<{ day: string }>(
    db,
    sql`
      with clean as (
        select d.day, (d.day::timestamp at time zone 'Africa/Lagos') as f, d.built_to as t
        from vend_rollup_days d where not d.dirty and d.built_to is not null
      ),
      cv as (
        select c.day, v.* from clean c join report_live_vends v on v.created_at >= c.f and v.created_at < c.t
      ),
      raw as (
        select v.day, v.network, v.service_type, v.channel, v.client_type, v.status,
               count(*)::bigint as n, sum(v.amount_kobo)::bigint as a, sum(v.commission_kobo)::bigint as c,
               sum(v.charge_kobo)::bigint as g
        from cv v group by 1, 2, 3, 4, 5, 6
      ),
      rolled as (
        select t.day, t.network, t.service_type, t.channel, t.client_type, t.status,
               t.vend_count::bigint as n, t.amount_kobo::bigint as a, t.commission_kobo::bigint as c,
               t.charge_kobo::bigint as g
        from vend_daily_totals t where t.day in (select day from clean)
      ),
      per_client_raw as (
        select v.day, v.corporate_id, v.status, count(*)::bigint as n, sum(v.amount_kobo)::bigint as a,
               sum(v.commission_kobo)::bigint as c, sum(v.charge_kobo)::bigint as g
        from cv v group by 1, 2, 3
      ),
      per_client as (
        select t.day, t.corporate_id, t.status, t.vend_count::bigint as n, t.amount_kobo::bigint as a,
               t.commission_kobo::bigint as c, t.charge_kobo::bigint as g
        from vend_client_daily_totals t where t.day in (select day from clean)
      ),
      detail_raw as (
        select v.day, v.corporate_id, v.network, v.service_type, v.channel, v.status,
               count(*)::bigint as n, sum(v.amount_kobo)::bigint as a, sum(v.commission_kobo)::bigint as c,
               sum(v.charge_kobo)::bigint as g
        from cv v group by 1, 2, 3, 4, 5, 6
      ),
      detail as (
        select t.day, t.corporate_id, t.network, t.service_type, t.channel, t.status,
               t.vend_count::bigint as n, t.amount_kobo::bigint as a, t.commission_kobo::bigint as c,
               t.charge_kobo::bigint as g
        from vend_client_detail_totals t where t.day in (select day from clean)
      )
      select distinct day::text as day from (
        (select * from raw except select * from rolled)
        union all (select * from rolled except select * from raw)
      ) a
      union
      select distinct day::text from (
        (select * from per_client_raw except select * from per_client)
        union all (select * from per_client except select * from per_client_raw)
      ) b
      union
      select distinct day::text from (
        (select * from detail_raw except select * from detail)
        union all (select * from detail except select * from detail_raw)
      ) c
      order by 1`,
  );
  return rows.map((r) => r.day);
}
