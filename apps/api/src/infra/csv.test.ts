// CSV exports show moments as the screens do (issue 16): Lagos time, DD/MM/YYYY h:mm A, from the
// one shared dates module, whatever the server's zone.
import { describe, expect, it } from 'vitest';
import { lagosDateTime, toCsv } from './csv';

describe('[CSV] dates in exports', () => {
  it('a moment at 23:30 UTC is 12:30 AM on the next Lagos day', () => {
    expect(lagosDateTime(new Date('2025-12-31T23:30:00Z'))).toBe('01/01/2026 12:30 AM');
    expect(lagosDateTime('2026-03-10T13:05:00Z')).toBe('10/03/2026 2:05 PM');
  });

  it('a Date cell is written in that format', () => {
    const csv = toCsv(
      [['Date', (r: { at: Date }) => r.at] as never],
      [{ at: new Date('2026-01-05T11:00:00Z') }],
    );
    expect(csv).toBe('Date\r\n05/01/2026 12:00 PM\r\n');
  });
});
