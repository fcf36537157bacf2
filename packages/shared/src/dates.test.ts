// The portal's date formats (spec §9) in Africa/Lagos, whatever the process's zone.
import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  formatLagos,
  formatLagosDate,
  formatLagosDateTime,
  formatLagosDayHeading,
  formatLagosShortDateTime,
  formatLagosTime,
  lagosDateOf,
  weekdayOf,
} from './dates';

describe('[FORMAT] Lagos dates', () => {
  it('shows a moment in Lagos: 23:30 UTC is 12:30 AM on the next Lagos day', () => {
    const at = '2025-12-31T23:30:00Z';
    expect(formatLagosDate(at)).toBe('01/01/2026');
    expect(formatLagosDayHeading(at)).toBe('1 Jan, 2026');
    expect(formatLagosShortDateTime(at)).toBe('Jan 1, 12:30 AM');
    expect(formatLagosDateTime(at)).toBe('01/01/2026 12:30 AM');
    expect(formatLagosTime(new Date('2026-01-05T11:07:00Z'))).toBe('12:07 PM');
  });

  it('reads a bare calendar day as that Lagos day', () => {
    expect(formatLagosDate('2026-03-01')).toBe('01/03/2026');
    expect(formatLagosDayHeading('2026-03-01')).toBe('1 Mar, 2026');
  });

  it('keeps bracketed text and gives the fallback for what is not a date', () => {
    expect(formatLagos('2026-01-05T14:07:09Z', 'YYYY-MM-DD[T]HH:mm:ss')).toBe('2026-01-05T15:07:09');
    expect(formatLagosDate('nonsense', 'NIL')).toBe('NIL');
    expect(formatLagosDate(null)).toBe('');
  });

  it('does calendar-day arithmetic', () => {
    expect(addCalendarDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addCalendarDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(weekdayOf('2026-01-05')).toBe(0); // a Monday
  });

  it('gives the Lagos day of an instant: 23:30 UTC is already the next day', () => {
    expect(lagosDateOf(new Date('2026-03-10T23:30:00Z'))).toBe('2026-03-11');
    expect(lagosDateOf(new Date('2026-03-10T22:59:59.999Z'))).toBe('2026-03-10');
  });
});
