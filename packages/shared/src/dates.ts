// The one implementation of the portal's date formats (spec §9) in Africa/Lagos time, used by
// the web app (through apps/web/src/lib/format.ts, its only formatting module) and by the API's
// exports (CSV, statements), whatever the zone of the machine or browser. Lagos is UTC+1 all
// year (no daylight saving), so a fixed offset is exact; no Intl, no locale data.
//
// Spec §9 formats: DD/MM/YYYY (dates in tables and forms), D MMM, YYYY (day headings) and
// MMM D, h:mm A (times). A table row's moment is its DD/MM/YYYY date with the h:mm A time
// (DATE_TIME_FORMAT), as tables, CSV exports and PDF statements show it.

export const LAGOS_TIME_ZONE = 'Africa/Lagos';
/** Africa/Lagos is UTC+1 all year. */
export const LAGOS_OFFSET_MINUTES = 60;

export const DATE_FORMAT = 'DD/MM/YYYY';
export const DAY_HEADING_FORMAT = 'D MMM, YYYY';
export const SHORT_DATE_FORMAT = 'MMM D';
export const TIME_FORMAT = 'h:mm A';
export const SHORT_DATE_TIME_FORMAT = `${SHORT_DATE_FORMAT}, ${TIME_FORMAT}`;
export const DATE_TIME_FORMAT = `${DATE_FORMAT} ${TIME_FORMAT}`;

export type DateInput = string | number | Date | null | undefined;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const TOKENS = /YYYY|MMM|MM|DD|D|HH|H|hh|h|mm|ss|A|\[[^\]]*]/g;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The instant of a value: a Date, epoch milliseconds, an ISO timestamp, or a bare calendar day
 * YYYY-MM-DD, which names that Lagos day (its midnight in Lagos). null when not a date.
 */
export function instantOf(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') {
    const day = ISO_DAY.exec(value);
    if (day) return new Date(Date.UTC(+day[1], +day[2] - 1, +day[3]) - LAGOS_OFFSET_MINUTES * 60_000);
  }
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * `value` in Lagos wall-clock time with a pattern of YYYY, MMM, MM, DD, D, HH, H, hh, h, mm, ss
 * and A (AM/PM); text in [brackets] is kept as it is. `empty` when not a date.
 */
export function formatLagos(value: DateInput, pattern: string, empty = ''): string {
  const at = instantOf(value);
  if (!at) return empty;
  const l = new Date(at.getTime() + LAGOS_OFFSET_MINUTES * 60_000);
  const p2 = (n: number) => String(n).padStart(2, '0');
  const h = l.getUTCHours();
  const parts: Record<string, string> = {
    YYYY: String(l.getUTCFullYear()),
    MMM: MONTHS[l.getUTCMonth()] as string,
    MM: p2(l.getUTCMonth() + 1),
    DD: p2(l.getUTCDate()),
    D: String(l.getUTCDate()),
    HH: p2(h),
    H: String(h),
    hh: p2(h % 12 || 12),
    h: String(h % 12 || 12),
    mm: p2(l.getUTCMinutes()),
    ss: p2(l.getUTCSeconds()),
    A: h < 12 ? 'AM' : 'PM',
  };
  return pattern.replace(TOKENS, (t) => (t.startsWith('[') ? t.slice(1, -1) : (parts[t] as string)));
}

/** 25/12/2025 */
export const formatLagosDate = (v: DateInput, empty = '') => formatLagos(v, DATE_FORMAT, empty);
/** 5 Jan, 2026 */
export const formatLagosDayHeading = (v: DateInput, empty = '') => formatLagos(v, DAY_HEADING_FORMAT, empty);
/** 3:07 PM */
export const formatLagosTime = (v: DateInput, empty = '') => formatLagos(v, TIME_FORMAT, empty);
/** Jan 5, 3:07 PM */
export const formatLagosShortDateTime = (v: DateInput, empty = '') =>
  formatLagos(v, SHORT_DATE_TIME_FORMAT, empty);
/** 25/12/2025 3:07 PM: a row's moment in tables, CSV exports and statements. */
export const formatLagosDateTime = (v: DateInput, empty = '') => formatLagos(v, DATE_TIME_FORMAT, empty);

/** The Lagos calendar day (YYYY-MM-DD) of an instant. */
export const lagosDateOf = (at: Date) =>
  new Date(at.getTime() + LAGOS_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);

/** The calendar day `n` days after `day` (YYYY-MM-DD; n may be negative). */
export function addCalendarDays(day: string, n: number): string {
  const m = ISO_DAY.exec(day);
  if (!m) throw new Error(`not a calendar day: ${day}`);
  return new Date(Date.UTC(+m[1], +m[2] - 1, +m[3] + n)).toISOString().slice(0, 10);
}

/** Monday 0 … Sunday 6 of a calendar day (YYYY-MM-DD). */
export function weekdayOf(day: string): number {
  const m = ISO_DAY.exec(day);
  if (!m) throw new Error(`not a calendar day: ${day}`);
  return (new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])).getUTCDay() + 6) % 7;
}
