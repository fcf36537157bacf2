// The home screens' period (today, this week from Monday, this month, or a custom range) as Lagos
// calendar days, read from and written to the URL (filter, startDate, endDate).
import { useSearchParams } from 'react-router';
import { lagosToday, shiftDay, weekdayOfDay } from '@/lib/format';
import type { HomeRange } from './api/query-keys';

export const RANGE_OPTIONS = [
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'This week' },
  { value: 'month', label: 'This month' },
  { value: 'custom', label: 'Custom range' },
] as const;

/** The Lagos days a period covers on the Lagos day `today`; a custom range keeps its own. */
export function rangeDays(r: HomeRange, today: string): { startDate: string; endDate: string } {
  if (r.filter === 'today') return { startDate: today, endDate: today };
  if (r.filter === 'week') {
    return { startDate: shiftDay(today, -weekdayOfDay(today)), endDate: today };
  }
  if (r.filter === 'month') return { startDate: `${today.slice(0, 8)}01`, endDate: today };
  return { startDate: r.startDate || today, endDate: r.endDate || today };
}

/** The period in the URL (this month by default; a custom range without both dates waits). */
export function useHomeRange(): [HomeRange, (next: HomeRange) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('filter');
  const filter = RANGE_OPTIONS.some((o) => o.value === raw) ? (raw as HomeRange['filter']) : 'month';
  const range: HomeRange =
    filter === 'custom'
      ? { filter, startDate: params.get('startDate') ?? '', endDate: params.get('endDate') ?? '' }
      : { filter };
  const set = (next: HomeRange) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        p.set('filter', next.filter);
        for (const k of ['startDate', 'endDate'] as const) {
          const v = next.filter === 'custom' ? next[k] : '';
          if (v) p.set(k, v);
          else p.delete(k);
        }
        return p;
      },
      { replace: true },
    );
  return [range, set];
}

/** Whether a custom range has both ends, in order. */
export const rangeReady = (r: HomeRange) =>
  r.filter !== 'custom' || (!!r.startDate && !!r.endDate && r.startDate <= r.endDate);

export { lagosToday };
