// The web app's one formatting module (issue 16): every date and time on screen or in a file
// the browser makes goes through here, in Africa/Lagos whatever the browser's zone, in the spec
// §9 formats: DD/MM/YYYY (dates in tables and forms), D MMM, YYYY (day headings), MMM D, h:mm A
// (times). The implementation is @vendport/shared's dates module, which the API's exports use
// too. Money in naira (en-NG) from integer kobo, through the shared money module.
// format-guard.test.ts fails when another file formats dates itself.
import {
  addCalendarDays,
  addThousandsSeparators,
  type DateInput,
  formatLagosDate,
  formatLagosDateTime,
  formatLagosDayHeading,
  formatLagos as formatLagosShared,
  formatLagosShortDateTime,
  formatLagosTime,
  formatNaira,
  weekdayOf,
} from '@vendport/shared';

export {
  DATE_FORMAT,
  DATE_TIME_FORMAT,
  DAY_HEADING_FORMAT,
  LAGOS_OFFSET_MINUTES,
  SHORT_DATE_FORMAT,
  SHORT_DATE_TIME_FORMAT,
  TIME_FORMAT,
} from '@vendport/shared';
export { addThousandsSeparators, formatNaira };

/** 25/12/2025 ("—" when there is none; the spec's NIL only where it shows it) */
export const formatDate = (v: DateInput, empty = '—') => formatLagosDate(v, empty);
/** 5 Jan, 2026 */
export const formatDayHeading = (v: DateInput, empty = '') => formatLagosDayHeading(v, empty);
/** Jan 5 (a chart's day axis: the date part of MMM D, h:mm A) */
export const formatShortDate = (v: DateInput, empty = '') => formatLagosShared(v, 'MMM D', empty);
/** 3:07 PM */
export const formatTime = (v: DateInput, empty = '') => formatLagosTime(v, empty);
/** Jan 5, 3:07 PM */
export const formatShortDateTime = (v: DateInput, empty = '') => formatLagosShortDateTime(v, empty);
/**
 * 25/12/2025 3:07 PM: a moment in a CSV the browser writes, as the API's exports show it. Never
 * on screen, where a moment is MMM D, h:mm A (formatShortDateTime), or DD/MM/YYYY over h:mm A in
 * a table's date column (format-guard.test.ts, issue 36).
 */
export const formatDateTime = (v: DateInput, empty = '') => formatLagosDateTime(v, empty);

/** A moment in Lagos time with a pattern (file names, ISO days for filters). */
export const formatLagos = (v: DateInput, pattern: string) => formatLagosShared(v, pattern, '');

/** Today's date in Lagos, YYYY-MM-DD: what date pickers and filters send (Lagos days). */
export const lagosToday = (now: DateInput = new Date()) => formatLagos(now, 'YYYY-MM-DD');

/** The hour of the day in Lagos (greetings). */
export const lagosHour = (now: DateInput = new Date()) => Number(formatLagos(now, 'H'));

/** Calendar-day arithmetic on YYYY-MM-DD days (periods, defaults of date filters). */
export const shiftDay = addCalendarDays;
/** Monday 0 … Sunday 6 of a YYYY-MM-DD day. */
export const weekdayOfDay = weekdayOf;

/**
 * A count and its noun, in the words a person writes: "1 row", "3 rows", "1,204 vends" (grouped as money is: addThousandsSeparators), "1 entry",
 * "2 entries". `plural` for a noun that does not take an s. Every count on a screen goes through
 * this (the plural walk, lib/plurals.test.ts, finds any written by hand).
 */
export function countOf(n: number, noun: string, plural = `${noun}s`): string {
  return `${addThousandsSeparators(String(n))} ${pluralOf(n, noun, plural)}`;
}

/** The words that agree with a count, without it: pluralOf(n, 'has a problem', 'have problems'). */
export function pluralOf(n: number, one: string, many = `${one}s`): string {
  return n === 1 ? one : many;
}
