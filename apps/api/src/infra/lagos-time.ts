// Africa/Lagos time on the server: a calendar day as instants, the next run of a daily job, and
// the Lagos day in SQL. Lagos is UTC+1 all year (no daylight saving). The offset, the day of an
// instant (lagosDateOf), calendar arithmetic (addCalendarDays, weekdayOf) and the display formats
// are @vendport/shared's, which the web app uses too; this adds what only the server needs.
import { LAGOS_OFFSET_MINUTES, lagosDateOf } from '@vendport/shared';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

const OFFSET_MS = LAGOS_OFFSET_MINUTES * 60_000;
const DAY_MS = 86_400_000;

/** The first instant of a Lagos calendar day (YYYY-MM-DD): its midnight in Lagos. */
export function lagosDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS);
}

/** The instant just after the end of a Lagos calendar day (the next day's first). */
export function lagosDayEnd(day: string): Date {
  return new Date(lagosDayStart(day).getTime() + DAY_MS);
}

/** The first instant strictly after `now` at which Lagos clocks read `hour`:`minute`. */
export function nextLagosTime(now: Date, hour: number, minute = 0): Date {
  const at = lagosDayStart(lagosDateOf(now)).getTime() + (hour * 60 + minute) * 60_000;
  return new Date(at > now.getTime() ? at : at + DAY_MS);
}

// The Lagos day in SQL, written once: PostgreSQL turns a timestamptz into Lagos wall time with
// `at time zone`, and a Lagos date back into its first instant the same way. Statements kept as
// text (named prepared statements, SQL assembled from parts) take the text forms; Drizzle
// statements take lagosDayOf.
const LAGOS_ZONE_SQL = `'Africa/Lagos'`;

/** SQL text: the Lagos calendar day (a date) of the timestamptz expression `at`. */
export const lagosDaySql = (at: string) => `(${at} at time zone ${LAGOS_ZONE_SQL})::date`;

/** SQL text: the first instant (a timestamptz) of the Lagos day given by the date expression `day`. */
export const lagosMidnightSql = (day: string) => `(${day}::timestamp at time zone ${LAGOS_ZONE_SQL})`;

/** lagosDaySql for a Drizzle column or expression. */
export const lagosDayOf = (at: SQLWrapper): SQL<string> =>
  sql<string>`(${at} at time zone ${sql.raw(LAGOS_ZONE_SQL)})::date`;
