// The day roll-ups of live vends and their watermarks (migrations 0011, 0035 and 0038).
//
// A day's rows (ROLLUPS: vend_daily_totals platform-wide and four narrower tables of one of its
// dimensions and status; vend_client_daily_totals per client and status, vend_client_detail_totals
// per client with the client home's dimensions) hold the day's vends created before the day's
// watermark, vend_rollup_days.built_to: the next day's start for a day built whole, a time at
// least two minutes before the build for today. A read takes a clean day's
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
//
// Weeks (migration 0041): vend_client_weekly_totals sums a Lagos week's vend_client_daily_totals
// (Monday to Sunday), built once its seven days are clean and built whole. A read takes a week's
// rows only while all seven days are still clean and whole and none was rebuilt after the week
// (vend_rollup_days.built_at <= vend_rollup_weeks.built_at). Both are clock times taken after the
// row locks: a week's build holds its days' marker rows (for share) from before it reads their rows
// to its commit, and takes its time last; a day's rebuild takes its time once it holds its marker
// row. So a day rebuilt after a week read it always carries the later time.
import { addCalendarDays } from '@vendport/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { rowsOf } from '../../infra/db/sql';
import { lagosDaySql, lagosDayStart, lagosMidnightSql } from '../../infra/lagos-time';

const LAGOS_DAY = sql.raw(lagosDaySql('v.created_at'));
/** The start of the next Lagos day after vend_rollup_days row d's day. */
const DAY_END_SQL = lagosMidnightSql('(d.day + 1)');
const DAY_END = sql.raw(DAY_END_SQL);
/** vend_rollup_days row d is clean and built whole (its rows hold all of its day's vends). */
const WHOLE_DAY = `(not d.dirty and d.built_to = ${DAY_END_SQL})`;
const WHOLE = sql.raw(WHOLE_DAY);
/** vend_rollup_weeks row k can be read: its seven days whole and none rebuilt after it. */
const WEEK_READABLE = sql.raw(`((select count(*) from vend_rollup_days d
    where d.day between k.week and k.week + 6 and ${WHOLE_DAY} and d.built_at <= k.built_at) = 7)`);
/** The Monday of vend_rollup_days row d's week. */
const MONDAY = sql.raw(`(d.day - (extract(isodow from d.day)::int - 1))`);

/**
 * The roll-up tables and what each groups a day's live vends by (besides the day), narrowest
 * first: a read takes the first that holds its dimensions (reports.repo.ts). The four tables of
 * one dimension and status hold at most 20 rows a day; vend_daily_totals, with all five, up to 360.
 */
export const ROLLUPS = [
  { table: 'vend_daily_service_totals', dims: ['service_type', 'status'] },
  { table: 'vend_daily_channel_totals', dims: ['channel', 'status'] },
  { table: 'vend_daily_client_type_totals', dims: ['client_type', 'status'] },
  { table: 'vend_daily_network_totals', dims: ['network', 'status'] },
  { table: 'vend_daily_totals', dims: ['network', 'service_type', 'channel', 'client_type', 'status'] },
  { table: 'vend_client_daily_totals', dims: ['corporate_id', 'status'] },
  {
    table: 'vend_client_detail_totals',
    dims: ['corporate_id', 'network', 'service_type', 'channel', 'status'],
  },
] as const;
export type RollupColumn = (typeof ROLLUPS)[number]['dims'][number];
/** Every dimension of the tables above: the grain a rebuild reads the day's vends at once. */
const FINE = 'corporate_id, network, service_type, channel, client_type, status';

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
        select ${day}::date, clock_timestamp(), w.t, false from w
        on conflict (day) do update set built_at = clock_timestamp(), built_to = excluded.built_to, dirty = false
        returning (extract(epoch from built_to) * 1000)::bigint as ms`,
    );
    const upTo = new Date(Math.max(Number(m?.ms), from.getTime()));
    for (const r of ROLLUPS) await tx.execute(sql`delete from ${sql.raw(r.table)} where day = ${day}`);
    // The day's vends read once, at the finest grain; each table sums them to its own. The rows go
    // in in their dimensions' order: a client's rows of the day sit together in the table (a
    // client's history total reads them a day at a time: reports.repo vendCount).
    const inserts = ROLLUPS.map((r, i) => {
      const dims = r.dims.join(', ');
      return sql`${sql.raw(`r${i}`)} as (
        insert into ${sql.raw(r.table)} (day, ${sql.raw(dims)}, vend_count, amount_kobo, commission_kobo, charge_kobo)
        select ${day}::date, ${sql.raw(dims)}, sum(n), sum(a), sum(c), sum(g) from fine
        group by ${sql.raw(dims)} order by ${sql.raw(dims)})`;
    });
    await tx.execute(sql`
      with fine as (
        select ${sql.raw(FINE)}, count(*) as n, sum(v.amount_kobo) as a, sum(v.commission_kobo) as c,
               sum(v.charge_kobo) as g
        from report_live_vends v
        where v.created_at >= ${from} and v.created_at < ${upTo}
        group by ${sql.raw(FINE)}
      ), ${sql.join(inserts, sql`, `)}
      select 1`);
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
 * Rebuilds one week's per-client rows (`week` is its Monday) from its days' vend_client_daily_totals,
 * once all seven days are clean and built whole; a day with no marker row yet (no vend, or its
 * vends not built) is built first. Returns false, changing nothing, when a day is not.
 */
export async function rebuildWeek(db: Db, week: string): Promise<boolean> {
  const last = addCalendarDays(week, 6);
  const marked = new Set(
    (
      await rowsOf<{ day: string }>(
        db,
        sql`select day::text as day from vend_rollup_days where day between ${week}::date and ${last}::date`,
      )
    ).map((r) => r.day),
  );
  for (let d = week; d <= last; d = addCalendarDays(d, 1)) if (!marked.has(d)) await rebuildDay(db, d);
  return db.transaction(async (tx) => {
    // The days' marker rows held until the commit: a rebuild of one of them waits for this build.
    const days = await rowsOf<{ whole: boolean }>(
      tx,
      sql`select ${WHOLE} as whole from vend_rollup_days d
          where d.day between ${week}::date and ${last}::date for share`,
    );
    if (days.length !== 7 || !days.every((d) => d.whole)) return false;
    await tx.execute(sql`delete from vend_client_weekly_totals where week = ${week}::date`);
    await tx.execute(sql`
      insert into vend_client_weekly_totals (week, corporate_id, status, vend_count, amount_kobo, commission_kobo, charge_kobo)
      select ${week}::date, corporate_id, status, sum(vend_count), sum(amount_kobo), sum(commission_kobo), sum(charge_kobo)
      from vend_client_daily_totals where day between ${week}::date and ${last}::date
      group by corporate_id, status`);
    await tx.execute(sql`
      insert into vend_rollup_weeks (week, built_at) values (${week}::date, clock_timestamp())
      on conflict (week) do update set built_at = clock_timestamp()`);
    return true;
  });
}

/**
 * Weeks over before `today`, with a day in the last `lookbackDays`, whose marked days are all
 * clean and built whole and whose rows are older than one of their days' (or were never built),
 * oldest first.
 */
export async function weeksToBuild(
  db: Db,
  today: string,
  lookbackDays: number,
  limit: number,
): Promise<string[]> {
  const rows = await rowsOf<{ week: string }>(
    db,
    sql`
      select w.week::text as week from (
        select ${MONDAY} as week, max(d.built_at) as last, bool_and(${WHOLE}) as whole
        from vend_rollup_days d
        where d.day >= ${addCalendarDays(today, -lookbackDays)}::date
        group by 1
      ) w left join vend_rollup_weeks k on k.week = w.week
      where w.week + 6 < ${today}::date and w.whole and (k.week is null or k.built_at < w.last)
      order by 1 limit ${limit}`,
  );
  return rows.map((r) => r.week);
}

/**
 * What of [from, to) the roll-ups hold: the days that can be read instead of the vends (built and
 * clean), each with its watermark (the rows hold the day's vends created before it); and, when
 * asked, the weeks inside the range whose per-client rows can be read instead of their days'.
 */
export async function rolledDays(
  db: Db,
  fromDay: string,
  toDay: string,
  withWeeks: boolean,
): Promise<{ days: Map<string, Date>; weeks: string[] }> {
  const weeks = sql`
    union all
    select k.week::text, null from vend_rollup_weeks k
    where k.week >= ${fromDay}::date and k.week + 6 < ${toDay}::date and ${WEEK_READABLE}`;
  const rows = await rowsOf<{ day: string; ms: string | number | null }>(
    db,
    sql`select day::text as day, (extract(epoch from built_to) * 1000)::bigint as ms from vend_rollup_days
        where day >= ${fromDay}::date and day < ${toDay}::date and not dirty and built_to is not null
        ${withWeeks ? weeks : sql``}`,
  );
  return {
    days: new Map(rows.filter((r) => r.ms !== null).map((r) => [r.day, new Date(Number(r.ms))])),
    weeks: rows.filter((r) => r.ms === null).map((r) => r.day),
  };
}

/**
 * Clean days whose roll-ups differ from their vends before the watermark, and readable weeks
 * (by their Monday) whose per-client rows differ from their vends: empty when right.
 */
export async function rollupMismatches(db: Db): Promise<string[]> {
  const parts = ROLLUPS.map((r, i) => {
    const dims = r.dims.join(', ');
    const raw = sql.raw(`raw${i}`);
    const rolled = sql.raw(`rolled${i}`);
    return {
      ctes: sql`${raw} as (
          select day, ${sql.raw(dims)}, count(*)::bigint as n, sum(amount_kobo)::bigint as a,
                 sum(commission_kobo)::bigint as c, sum(charge_kobo)::bigint as g
          from cv group by day, ${sql.raw(dims)}
        ), ${rolled} as (
          select day, ${sql.raw(dims)}, vend_count::bigint as n, amount_kobo::bigint as a,
                 commission_kobo::bigint as c, charge_kobo::bigint as g
          from ${sql.raw(r.table)} where day in (select day from clean)
        )`,
      days: sql`select distinct day::text as day from (
          (select * from ${raw} except select * from ${rolled})
          union all (select * from ${rolled} except select * from ${raw})
        ) ${sql.raw(`d${i}`)}`,
    };
  });
  const rows = await rowsOf<{ day: string }>(
    db,
    sql`
      with clean as (
        select d.day, ${sql.raw(lagosMidnightSql('d.day'))} as f, d.built_to as t
        from vend_rollup_days d where not d.dirty and d.built_to is not null
      ),
      cv as (
        select c.day, v.* from clean c join report_live_vends v on v.created_at >= c.f and v.created_at < c.t
      ),
      ${sql.join(
        parts.map((p) => p.ctes),
        sql`, `,
      )},
      wk as (
        select k.week, ${sql.raw(lagosMidnightSql('k.week'))} as f,
               ${sql.raw(lagosMidnightSql('(k.week + 7)'))} as t
        from vend_rollup_weeks k where ${WEEK_READABLE}
      ),
      wraw as (
        select wk.week, v.corporate_id, v.status, count(*)::bigint as n, sum(v.amount_kobo)::bigint as a,
               sum(v.commission_kobo)::bigint as c, sum(v.charge_kobo)::bigint as g
        from wk join report_live_vends v on v.created_at >= wk.f and v.created_at < wk.t
        group by 1, 2, 3
      ),
      wrolled as (
        select week, corporate_id, status, vend_count::bigint as n, amount_kobo::bigint as a,
               commission_kobo::bigint as c, charge_kobo::bigint as g
        from vend_client_weekly_totals where week in (select week from wk)
      )
      ${sql.join(
        parts.map((p) => p.days),
        sql` union `,
      )}
      union select distinct week::text as day from (
        (select * from wraw except select * from wrolled) union all (select * from wrolled except select * from wraw)
      ) dw
      order by 1`,
  );
  return rows.map((r) => r.day);
}
