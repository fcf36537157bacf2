import { describe, expect, it } from 'vitest';
import { describeSchedule, nextRunAfter } from './auto-topup-schedule';

// Instants written in Lagos time (+01:00) so the expectations read as the client would.
const at = (lagos: string) => new Date(`${lagos}:00+01:00`);

describe('[AUTOTOPUP] next run, Africa/Lagos', () => {
  it('[AUTOTOPUP] daily: today at the time if still ahead, else tomorrow; the Lagos day, not the UTC one', () => {
    const s = { frequency: 'DAILY', timeOfDay: '08:00' };
    expect(nextRunAfter(s, at('2026-03-10T07:59'))).toEqual(at('2026-03-10T08:00'));
    expect(nextRunAfter(s, at('2026-03-10T08:00'))).toEqual(at('2026-03-11T08:00'));
    // 00:30 Lagos is still the previous day in UTC: the run is at 08:00 Lagos the same Lagos day.
    expect(nextRunAfter(s, at('2026-03-10T00:30'))).toEqual(at('2026-03-10T08:00'));
    expect(nextRunAfter({ frequency: 'DAILY', timeOfDay: '23:30' }, at('2026-12-31T23:45'))).toEqual(
      at('2027-01-01T23:30'),
    );
  });

  it('[AUTOTOPUP] weekly on a weekday (1 = Monday)', () => {
    // 2026-03-10 is a Tuesday.
    const mon = { frequency: 'WEEKLY', timeOfDay: '09:00', weekday: 1 };
    expect(nextRunAfter(mon, at('2026-03-10T12:00'))).toEqual(at('2026-03-16T09:00'));
    const tue = { ...mon, weekday: 2 };
    expect(nextRunAfter(tue, at('2026-03-10T08:00'))).toEqual(at('2026-03-10T09:00'));
    expect(nextRunAfter(tue, at('2026-03-10T09:00'))).toEqual(at('2026-03-17T09:00'));
    const sun = { ...mon, weekday: 7 };
    expect(nextRunAfter(sun, at('2026-03-10T12:00'))).toEqual(at('2026-03-15T09:00'));
  });

  it('[AUTOTOPUP] monthly on the 31st runs on the last day of shorter months', () => {
    const s = { frequency: 'MONTHLY', timeOfDay: '08:00', monthDay: 31 };
    expect(nextRunAfter(s, at('2026-01-31T09:00'))).toEqual(at('2026-02-28T08:00'));
    expect(nextRunAfter(s, at('2028-02-01T09:00'))).toEqual(at('2028-02-29T08:00'));
    expect(nextRunAfter(s, at('2026-02-28T08:00'))).toEqual(at('2026-03-31T08:00'));
    expect(nextRunAfter(s, at('2026-04-01T00:00'))).toEqual(at('2026-04-30T08:00'));
    expect(nextRunAfter(s, at('2026-12-31T08:30'))).toEqual(at('2027-01-31T08:00'));
    const fifteenth = { ...s, monthDay: 15 };
    expect(nextRunAfter(fifteenth, at('2026-03-15T07:00'))).toEqual(at('2026-03-15T08:00'));
    expect(nextRunAfter(fifteenth, at('2026-03-15T08:00'))).toEqual(at('2026-04-15T08:00'));
  });

  it('[AUTOTOPUP] once on a date: then, or never once it has passed', () => {
    const s = { frequency: 'ONCE', timeOfDay: '12:00', onceDate: '2026-05-01' };
    expect(nextRunAfter(s, at('2026-04-30T12:00'))).toEqual(at('2026-05-01T12:00'));
    expect(nextRunAfter(s, at('2026-05-01T12:00'))).toBeNull();
  });

  it('[AUTOTOPUP] the schedule in words', () => {
    expect(describeSchedule({ frequency: 'WEEKLY', timeOfDay: '09:00', weekday: 5 })).toBe(
      'Every Friday at 9:00 AM',
    );
    expect(describeSchedule({ frequency: 'MONTHLY', timeOfDay: '08:00', monthDay: 31 })).toBe(
      'Monthly on day 31 at 8:00 AM (or the last day)',
    );
    expect(describeSchedule({ frequency: 'ONCE', timeOfDay: '12:00', onceDate: '2026-05-01' })).toBe(
      'Once on 01/05/2026 at 12:00 PM',
    );
    expect(describeSchedule({ frequency: 'DAILY', timeOfDay: '00:05' })).toBe('Daily at 12:05 AM');
    expect(describeSchedule({ frequency: 'DAILY', timeOfDay: '23:30' })).toBe('Daily at 11:30 PM');
  });
});
