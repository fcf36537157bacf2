// Display formats of spec §9: dates DD/MM/YYYY, D MMM, YYYY, MMM D, h:mm A; money in naira
// (en-NG) from integer kobo, through the one money module in @vendport/shared. Every date and time
// is shown in Africa/Lagos (UTC+1 all year, no daylight saving), whatever the browser's zone.
import { addThousandsSeparators, formatNaira } from '@vendport/shared';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/** Africa/Lagos is UTC+1 all year. */
export const LAGOS_OFFSET_MINUTES = 60;

export { addThousandsSeparators, formatNaira };

export const DATE_FORMAT = 'DD/MM/YYYY';
export const DAY_HEADING_FORMAT = 'D MMM, YYYY';
export const SHORT_DATE_FORMAT = 'MMM D';
export const TIME_FORMAT = 'h:mm A';
export const SHORT_DATE_TIME_FORMAT = `${SHORT_DATE_FORMAT}, ${TIME_FORMAT}`;

type DateInput = string | number | Date | null | undefined;

function fmt(value: DateInput, pattern: string, empty: string): string {
  if (value === null || value === undefined || value === '') return empty;
  const d = dayjs.utc(value);
  return d.isValid() ? d.utcOffset(LAGOS_OFFSET_MINUTES).format(pattern) : empty;
}

/** 25/12/2025 */
export const formatDate = (v: DateInput, empty = 'NIL') => fmt(v, DATE_FORMAT, empty);
/** 5 Jan, 2026 */
export const formatDayHeading = (v: DateInput, empty = '') => fmt(v, DAY_HEADING_FORMAT, empty);
/** Jan 5 */
export const formatShortDate = (v: DateInput, empty = '') => fmt(v, SHORT_DATE_FORMAT, empty);
/** 3:07 PM */
export const formatTime = (v: DateInput, empty = '') => fmt(v, TIME_FORMAT, empty);
/** Jan 5, 3:07 PM */
export const formatShortDateTime = (v: DateInput, empty = '') => fmt(v, SHORT_DATE_TIME_FORMAT, empty);

/** A moment formatted in Lagos time with any dayjs pattern (file names, default dates). */
export const formatLagos = (v: DateInput, pattern: string) => fmt(v, pattern, '');

/** Today's date in Lagos, YYYY-MM-DD. */
export const lagosToday = (now: DateInput = new Date()) => formatLagos(now, 'YYYY-MM-DD');

/** The hour of the day in Lagos (greetings). */
export const lagosHour = (now: DateInput = new Date()) => Number(formatLagos(now, 'H'));
