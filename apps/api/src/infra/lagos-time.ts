// Africa/Lagos time on the server: a calendar day as instants, and the next run of a daily job.
// Lagos is UTC+1 all year (no daylight saving). The offset, the day of an instant (lagosDateOf),
// calendar arithmetic (addCalendarDays, weekdayOf) and the display formats are @vendport/shared's,
// which the web app uses too; this adds what only the server needs, on top of them.
import { LAGOS_OFFSET_MINUTES, lagosDateOf } from '@vendport/shared';

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
