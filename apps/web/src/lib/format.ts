// Display formats of spec §9: dates DD/MM/YYYY, D MMM, YYYY, MMM D, h:mm A; money in naira
// (en-NG) from integer kobo, through the one money module in @vendport/shared.
import { addThousandsSeparators, formatNaira } from '@vendport/shared';
import dayjs from 'dayjs';

export { addThousandsSeparators, formatNaira };

export const DATE_FORMAT = 'DD/MM/YYYY';
export const DAY_HEADING_FORMAT = 'D MMM, YYYY';
export const SHORT_DATE_FORMAT = 'MMM D';
export const TIME_FORMAT = 'h:mm A';
export const SHORT_DATE_TIME_FORMAT = `${SHORT_DATE_FORMAT}, ${TIME_FORMAT}`;

type DateInput = string | number | Date | null | undefined;

function fmt(value: DateInput, pattern: string, empty: string): string {
  if (value === null || value === undefined || value === '') return empty;
  const d = dayjs(value);
  return d.isValid() ? d.format(pattern) : empty;
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
