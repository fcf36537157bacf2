import { lagosDateOf } from '@vendport/shared';
import { describe, expect, it } from 'vitest';
import { lagosDayEnd, lagosDayStart, nextLagosTime } from './lagos-time';

describe('lagos-time', () => {
  it('[TIME] a Lagos day starts at 23:00 UTC the evening before and ends 24 hours later', () => {
    expect(lagosDayStart('2026-03-10')).toEqual(new Date('2026-03-09T23:00:00Z'));
    expect(lagosDayEnd('2026-03-10')).toEqual(new Date('2026-03-10T23:00:00Z'));
    expect(lagosDayEnd('2026-03-10')).toEqual(lagosDayStart('2026-03-11'));
  });

  it('[TIME] 23:30 UTC is already the next Lagos day, across month and year ends', () => {
    expect(lagosDateOf(new Date('2026-03-10T23:30:00Z'))).toBe('2026-03-11');
    expect(lagosDateOf(new Date('2026-03-10T22:59:59.999Z'))).toBe('2026-03-10');
    expect(lagosDateOf(new Date('2026-01-31T23:30:00Z'))).toBe('2026-02-01');
    expect(lagosDateOf(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
    const at = new Date('2025-12-31T23:30:00Z');
    expect(lagosDayStart(lagosDateOf(at))).toEqual(new Date('2025-12-31T23:00:00Z'));
  });

  it('[TIME] day bounds cross month, leap-day and year ends', () => {
    expect(lagosDayStart('2026-01-01')).toEqual(new Date('2025-12-31T23:00:00Z'));
    expect(lagosDayEnd('2025-12-31')).toEqual(new Date('2025-12-31T23:00:00Z'));
    expect(lagosDayEnd('2026-01-31')).toEqual(lagosDayStart('2026-02-01'));
    expect(lagosDayStart('2024-02-29')).toEqual(new Date('2024-02-28T23:00:00Z'));
    expect(lagosDayEnd('2024-02-29')).toEqual(new Date('2024-02-29T23:00:00Z'));
  });

  it('[TIME] day bounds are the instants the +01:00 ISO form names, even for a day the calendar lacks', () => {
    for (const day of ['2026-03-10', '2025-12-31', '2025-02-30', '2025-13-01', 'not a day']) {
      expect(lagosDayStart(day).getTime()).toBe(new Date(`${day}T00:00:00+01:00`).getTime());
    }
  });

  it('[TIME] the next Lagos time of day is today when still ahead, else tomorrow, never now', () => {
    // 23:30 UTC is already 00:30 of the next Lagos day.
    expect(nextLagosTime(new Date('2026-03-10T23:30:00Z'), 1)).toEqual(new Date('2026-03-11T00:00:00Z'));
    expect(nextLagosTime(new Date('2026-03-10T23:30:00Z'), 0, 5)).toEqual(new Date('2026-03-11T23:05:00Z'));
    expect(nextLagosTime(new Date('2026-03-10T22:59:00Z'), 0, 5)).toEqual(new Date('2026-03-10T23:05:00Z'));
    expect(nextLagosTime(new Date('2026-03-11T00:00:00Z'), 1)).toEqual(new Date('2026-03-12T00:00:00Z'));
    expect(nextLagosTime(new Date('2026-03-10T12:00:00Z'), 23, 59)).toEqual(new Date('2026-03-10T22:59:00Z'));
  });

  it('[TIME] the next Lagos time of day crosses month and year ends', () => {
    expect(nextLagosTime(new Date('2026-01-31T23:10:00Z'), 0, 5)).toEqual(new Date('2026-02-01T23:05:00Z'));
    expect(nextLagosTime(new Date('2025-12-31T23:30:00Z'), 1)).toEqual(new Date('2026-01-01T00:00:00Z'));
    expect(nextLagosTime(new Date('2025-12-31T22:30:00Z'), 0, 5)).toEqual(new Date('2025-12-31T23:05:00Z'));
    expect(nextLagosTime(new Date('2024-02-28T23:30:00Z'), 6)).toEqual(new Date('2024-02-29T05:00:00Z'));
  });

  it('[TIME] matches the arithmetic it replaced for every hour over two years', () => {
    // The commission settlement's former nextSettlementAt, kept here as the oracle.
    const before = (now: Date, hour: number) => {
      const l = new Date(now.getTime() + 3600_000);
      const at = Date.UTC(l.getUTCFullYear(), l.getUTCMonth(), l.getUTCDate(), hour) - 3600_000;
      return new Date(at > now.getTime() ? at : at + 24 * 3600_000);
    };
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2027, 0, 1); t += 7 * 3600_000 + 13 * 60_000) {
      const now = new Date(t);
      for (const hour of [0, 1, 12, 23]) expect(nextLagosTime(now, hour)).toEqual(before(now, hour));
    }
  });
});
