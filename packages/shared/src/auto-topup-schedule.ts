// When an auto top-up subscriber is due, in Africa/Lagos (UTC+1 all year, no daylight saving):
// daily at a time, weekly on a weekday, monthly on a day (a day the month does not have, such as
// the 31st, means its last day), or once on a date.
import { LAGOS_OFFSET_MINUTES } from './dates';

export const AUTO_TOPUP_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'ONCE'] as const;
export type AutoTopupFrequency = (typeof AUTO_TOPUP_FREQUENCIES)[number];

/** ISO weekdays: 1 = Monday ... 7 = Sunday. */
export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export interface AutoTopupSchedule {
  frequency: AutoTopupFrequency | string;
  /** HH:MM, Lagos. */
  timeOfDay: string;
  weekday?: number | null;
  monthDay?: number | null;
  /** YYYY-MM-DD. */
  onceDate?: string | null;
}

const LAGOS_OFFSET_MS = LAGOS_OFFSET_MINUTES * 60_000;
const DAY_MS = 86_400_000;

/** The instant of a Lagos wall-clock time (month 0-based, as Date.UTC takes it). */
function lagosInstant(y: number, m: number, d: number, hh: number, mm: number): Date {
  return new Date(Date.UTC(y, m, d, hh, mm) - LAGOS_OFFSET_MS);
}

const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m + 1, 0)).getUTCDate();

/** The first due time of `s` strictly after `after`; null when there is none (a past ONCE). */
export function nextRunAfter(s: AutoTopupSchedule, after: Date): Date | null {
  const [hh, mm] = s.timeOfDay.split(':').map(Number);
  const local = new Date(after.getTime() + LAGOS_OFFSET_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const d = local.getUTCDate();
  const later = (c: Date) => c.getTime() > after.getTime();
  switch (s.frequency) {
    case 'DAILY': {
      const today = lagosInstant(y, m, d, hh, mm);
      return later(today) ? today : new Date(today.getTime() + DAY_MS);
    }
    case 'WEEKLY': {
      const isoToday = ((local.getUTCDay() + 6) % 7) + 1;
      const ahead = ((((s.weekday ?? 1) - isoToday) % 7) + 7) % 7;
      const c = lagosInstant(y, m, d + ahead, hh, mm);
      return later(c) ? c : new Date(c.getTime() + 7 * DAY_MS);
    }
    case 'MONTHLY': {
      for (let i = 0; i < 3; i++) {
        const day = Math.min(s.monthDay ?? 1, daysInMonth(y, m + i));
        const c = lagosInstant(y, m + i, day, hh, mm);
        if (later(c)) return c;
      }
      return null;
    }
    case 'ONCE': {
      if (!s.onceDate) return null;
      const [oy, om, od] = s.onceDate.split('-').map(Number);
      const c = lagosInstant(oy, om - 1, od, hh, mm);
      return later(c) ? c : null;
    }
    default:
      return null;
  }
}

/** A HH:mm time of day in the spec's time format (h:mm A): "08:00" is "8:00 AM", "23:30" "11:30 PM". */
export function clockTime(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  if (!Number.isInteger(h) || !Number.isInteger(m)) return hhmm;
  return `${h % 12 || 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** The schedule in words: "Daily at 8:00 AM", "Every Monday at 8:00 AM", "Monthly on day 31 at 8:00 AM"... */
export function describeSchedule(s: AutoTopupSchedule): string {
  const at = clockTime(s.timeOfDay);
  switch (s.frequency) {
    case 'DAILY':
      return `Daily at ${at}`;
    case 'WEEKLY':
      return `Every ${WEEKDAY_NAMES[(s.weekday ?? 1) - 1]} at ${at}`;
    case 'MONTHLY':
      return `Monthly on day ${s.monthDay} at ${at}${(s.monthDay ?? 1) > 28 ? ' (or the last day)' : ''}`;
    case 'ONCE': {
      const [y, mo, d] = (s.onceDate ?? '').split('-');
      return `Once on ${d}/${mo}/${y} at ${at}`;
    }
    default:
      return s.frequency;
  }
}
