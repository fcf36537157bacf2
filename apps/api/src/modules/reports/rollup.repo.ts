import { addCalendarDays } from '@vendport/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { rowsOf } from '../../infra/db/sql';
import { lagosDayStart } from '../../infra/lagos-time';

const LAGOS_DAY = sql.raw(`(v.created_at at time zone 'Africa/Lagos')::date`);

/**
 * Rebuilds one day's roll-up rows from the vends, in one transaction: the day's marker row is
 * locked and set clean first, so a vend changing meanwhile marks it dirty again once we commit.
 */
export async function rebuildDay(db: Db, day: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into vend_rollup_days (day, built_at, dirty) values (${day}, now(), false)
      on conflict (day) do update set built_at = now(), dirty = false`);
    await tx.execute(sql`delete from vend_daily_totals where day = ${day}`);
    await tx.execute(sql`delete from vend_client_daily_totals where day = ${day}`);
    const from = lagosDayStart(day);
    const to = lagosDayStart(addCalendarDays(day, 1));
    await tx.execute(sql`
      insert into vend_daily_totals
        (day, network, service_type, channel, client_type, status, vend_count, amount_kobo, commission_kobo, charge_kobo)
      select ${day}::date, v.network, v.service_type, v.channel, v.client_type, v.status,
             count(*), sum(v.amount_kobo), sum(v.commission_kobo), sum(v.charge_kobo)
      from report_live_vends v
      where v.created_at >= ${from} and v.created_at < ${to}
      group by v.network, v.service_type, v.channel, v.client_type, v.status`);
    await tx.execute(sql`
      insert into vend_client_daily_totals
        (day, corporate_id, status, vend_count, amount_kobo, commission_kobo, charge_kobo)
      select ${day}::date, v.corporate_id, v.status,
             count(*), sum(v.amount_kobo), sum(v.commission_kobo), sum(v.charge_kobo)
      from report_live_vends v
      where v.created_at >= ${from} and v.created_at < ${to}
      group by v.corporate_id, v.status`);
  });
}

/**
 * Past days (before `today`) with live vends that are dirty or never built, oldest first. The
 * search for never-built days looks back `lookbackDays` (the first run builds history).
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
        select d.day from vend_rollup_days d where d.dirty and d.day < ${today}::date
        union
        select distinct ${LAGOS_DAY} as day from report_live_vends v
        where v.created_at >= ${new Date(since)} and v.created_at < ${lagosDayStart(today)}
          and not exists (select 1 from vend_rollup_days d where d.day = ${LAGOS_DAY})
      ) x order by day limit ${limit}`,
  );
  return rows.map((r) => r.day);
}

/** The days of [from, to) whose roll-ups can be read instead of the vends (built and clean). */
export async function cleanDays(db: Db, fromDay: string, toDay: string): Promise<Set<string>> {
  const rows = await rowsOf<{ day: string }>(
    db,
    sql`select day::text as day from vend_rollup_days
        where day >= ${fromDay}::date and day < ${toDay}::date and not dirty and built_at is not null`,
  );
  return new Set(rows.map((r) => r.day));
}

/** Clean days whose roll-ups differ from their vends (empty when the roll-ups are right). */
export async function rollupMismatches(db: Db): Promise<string[]> {
  const rows = await rowsOf<{ day: string }>(
    db,
    sql`
      with clean as (select day from vend_rollup_days where not dirty and built_at is not null),
      raw as (
        select ${LAGOS_DAY} as day, v.network, v.service_type, v.channel, v.client_type, v.status,
               count(*)::bigint as n, sum(v.amount_kobo)::bigint as a, sum(v.commission_kobo)::bigint as c,
               sum(v.charge_kobo)::bigint as g
        from report_live_vends v where ${LAGOS_DAY} in (select day from clean)
        group by 1, 2, 3, 4, 5, 6
      ),
      rolled as (
        select t.day, t.network, t.service_type, t.channel, t.client_type, t.status,
               t.vend_count::bigint as n, t.amount_kobo::bigint as a, t.commission_kobo::bigint as c,
               t.charge_kobo::bigint as g
        from vend_daily_totals t where t.day in (select day from clean)
      ),
      per_client_raw as (
        select ${LAGOS_DAY} as day, v.corporate_id, v.status, count(*)::bigint as n, sum(v.amount_kobo)::bigint as a
        from report_live_vends v where ${LAGOS_DAY} in (select day from clean)
        group by 1, 2, 3
      ),
      per_client as (
        select t.day, t.corporate_id, t.status, t.vend_count::bigint as n, t.amount_kobo::bigint as a
        from vend_client_daily_totals t where t.day in (select day from clean)
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
      order by 1`,
  );
  return rows.map((r) => r.day);
}
