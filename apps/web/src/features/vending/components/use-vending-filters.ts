import { VEND_STATUSES } from '@vendport/shared';
import { useMemo } from 'react';
import type { FilterField } from '@/components/ui/filter-bar';
import { useUrlFilters } from '@/components/ui/filter-bar';
import { usePageParams } from '@/components/ui/pager';
import { NETWORK_OPTIONS, VEND_KIND_OPTIONS } from '@/lib/catalogue-labels';
import { CLIENT_TYPE_OPTIONS, statusLabel } from '@/lib/labels';
import type { VendingFilters } from '../api/query-keys';

const NAMES = [
  'search',
  'startDate',
  'endDate',
  'status',
  'network',
  'vendType',
  'mode',
  'clientType',
] as const;

/** The list's filters (spec §3), page and limit, all from the URL. */
export function useVendingFilters(): VendingFilters {
  const { page, limit, cursor } = usePageParams();
  const f = useUrlFilters(NAMES);
  return useMemo(
    () => ({ page, limit, cursor, ...f }),
    [
      page,
      limit,
      cursor,
      f.search,
      f.startDate,
      f.endDate,
      f.status,
      f.network,
      f.vendType,
      f.mode,
      f.clientType,
    ],
  );
}

export const hasFilters = (f: VendingFilters) =>
  !!(f.search || f.startDate || f.endDate || f.status || f.network || f.vendType || f.mode || f.clientType);

const STATUS_OPTIONS = VEND_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }));

/** The filter bar of both areas; admins also filter by client type. */
export function vendingFilterFields(area: 'CORPORATE' | 'ADMIN'): FilterField[] {
  return [
    {
      kind: 'search',
      name: 'search',
      label: 'Search',
      placeholder: 'Phone number, reference or VND code',
    },
    { kind: 'date', name: 'startDate', label: 'Start date', pair: 'endDate', end: 'start' },
    { kind: 'date', name: 'endDate', label: 'End date', pair: 'startDate', end: 'end' },
    { kind: 'select', name: 'status', label: 'Status', options: STATUS_OPTIONS, allLabel: 'All statuses' },
    { kind: 'select', name: 'network', label: 'Network', options: NETWORK_OPTIONS, allLabel: 'All networks' },
    { kind: 'select', name: 'vendType', label: 'Type', options: VEND_KIND_OPTIONS, allLabel: 'All types' },
    ...(area === 'ADMIN'
      ? [
          {
            kind: 'select',
            name: 'clientType',
            label: 'Client type',
            options: CLIENT_TYPE_OPTIONS,
            allLabel: 'All client types',
          } as const,
        ]
      : []),
    // Live by default: test vends are never mixed into live reports (DESIGN §2).
    {
      kind: 'select',
      name: 'mode',
      label: 'Mode',
      options: [{ value: 'TEST', label: 'Test' }],
      allLabel: 'Live',
    },
  ];
}
