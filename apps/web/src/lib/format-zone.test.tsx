// Issue 16: the portal shows Lagos time whatever the browser's zone. This file runs the process in
// New York (UTC-5 in winter): a vend at 23:30 UTC is 6:30 PM on the 31st there, but 12:30 AM on
// the 1st in Lagos, and that is what every screen shows.
import { render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WhenCell } from '@/components/when-cell';
import { groupByDay } from '@/features/notifications/group-by-day';
import { rangeDays } from '@/features/overview/range';
import {
  formatDate,
  formatDateTime,
  formatDayHeading,
  formatShortDateTime,
  formatTime,
  lagosToday,
} from './format';

const previous = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = previous;
});

const LATE = '2025-12-31T23:30:00Z';

describe('[FORMAT] Lagos time in a browser in New York', () => {
  it('the process really is in New York', () => {
    expect(new Date(LATE).getDate()).toBe(31);
    expect(new Date(LATE).getHours()).toBe(18);
  });

  it('a vend at 23:30 UTC shows the next Lagos day, in the spec formats', () => {
    expect(formatDate(LATE)).toBe('01/01/2026');
    expect(formatDayHeading(LATE)).toBe('1 Jan, 2026');
    expect(formatShortDateTime(LATE)).toBe('Jan 1, 12:30 AM');
    expect(formatTime(LATE)).toBe('12:30 AM');
    expect(formatDateTime(LATE)).toBe('01/01/2026 12:30 AM');
  });

  it('a table cell and a notification day heading show the Lagos day', () => {
    render(<WhenCell at={LATE} />);
    expect(screen.getByText('01/01/2026')).toBeInTheDocument();
    expect(screen.getByText('12:30 AM')).toBeInTheDocument();
    const groups = groupByDay([{ createdAt: LATE } as never, { createdAt: '2025-12-31T22:30:00Z' } as never]);
    expect(groups.map((g) => g.day)).toEqual(['1 Jan, 2026', '31 Dec, 2025']);
  });

  it('filters send Lagos days: at 23:30 UTC, today is already the next Lagos day', () => {
    expect(lagosToday(new Date(LATE))).toBe('2026-01-01');
    expect(rangeDays({ filter: 'today' }, lagosToday(new Date(LATE)))).toEqual({
      startDate: '2026-01-01',
      endDate: '2026-01-01',
    });
    // The week runs from Monday (29 Dec 2025) in Lagos.
    expect(rangeDays({ filter: 'week' }, '2026-01-01')).toEqual({
      startDate: '2025-12-29',
      endDate: '2026-01-01',
    });
  });
});
