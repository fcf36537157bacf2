import { useMemo } from 'react';
import type { FilterField } from '@/components/ui/filter-bar';
import { useUrlFilters } from '@/components/ui/filter-bar';
import { usePageParams } from '@/components/ui/pager';
import { NETWORK_OPTIONS } from '@/lib/catalogue-labels';
import { useVtuLines } from '../api/get-vtu-lines';
import type { VtuHistoryFilters } from '../api/query-keys';

const NAMES = ['search', 'startDate', 'endDate', 'network', 'vtuLine'] as const;

/** A VTU history's filters, page and limit, all from the URL. */
export function useVtuHistoryFilters(): VtuHistoryFilters {
  const { page, limit } = usePageParams();
  const f = useUrlFilters(NAMES);
  return useMemo(
    () => ({ page, limit, ...f }),
    [page, limit, f.search, f.startDate, f.endDate, f.network, f.vtuLine],
  );
}

/** The filter bar's fields: search, date range, network and one line (by its code). */
export function useVtuHistoryFields(searchPlaceholder: string): FilterField[] {
  const lines = useVtuLines();
  const lineOptions = (lines.data ?? []).map((l) => ({ value: l.code, label: `${l.name} (${l.code})` }));
  return [
    { kind: 'search', name: 'search', label: 'Search', placeholder: searchPlaceholder },
    { kind: 'date', name: 'startDate', label: 'Start date', pair: 'endDate', end: 'start' },
    { kind: 'date', name: 'endDate', label: 'End date', pair: 'startDate', end: 'end' },
    { kind: 'select', name: 'network', label: 'Network', options: NETWORK_OPTIONS, allLabel: 'All networks' },
    { kind: 'select', name: 'vtuLine', label: 'Line', options: lineOptions, allLabel: 'All lines' },
  ];
}

export const hasFilters = (f: VtuHistoryFilters) =>
  !!(f.search || f.startDate || f.endDate || f.network || f.vtuLine);
