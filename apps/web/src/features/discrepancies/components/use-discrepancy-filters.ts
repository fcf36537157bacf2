import {
  DISCREPANCY_KIND_LABELS,
  DISCREPANCY_KINDS,
  DISCREPANCY_SOURCES,
  RECONCILED_PROVIDER_IDS,
} from '@vendport/shared';
import { useMemo } from 'react';
import { type FilterField, useUrlFilters } from '@/components/ui/filter-bar';
import { usePageParams } from '@/components/ui/pager';
import type { DiscrepancyFilters, ReconciliationFilters } from '../api/query-keys';

const NAMES = [
  'search',
  'startDate',
  'endDate',
  'status',
  'kind',
  'provider',
  'source',
  'reconciliationId',
] as const;

/** The review queue's filters, page and limit, all from the URL. */
export function useDiscrepancyFilters(): DiscrepancyFilters {
  const { page, limit } = usePageParams();
  const f = useUrlFilters(NAMES);
  return useMemo(
    () => ({ page, limit, ...f }),
    [
      page,
      limit,
      f.search,
      f.startDate,
      f.endDate,
      f.status,
      f.kind,
      f.provider,
      f.source,
      f.reconciliationId,
    ],
  );
}

export const PROVIDER_OPTIONS = RECONCILED_PROVIDER_IDS.map((p) => ({
  value: p,
  label: { RELOADLY: 'Reloadly', VTPASS: 'VTpass', SIMULATOR: 'Simulator' }[p],
}));

const SOURCE_LABELS: Record<(typeof DISCREPANCY_SOURCES)[number], string> = {
  REQUERY: 'Requery',
  CALLBACK: 'Provider callback',
  MANUAL_REQUERY: 'Requery by hand',
  RECONCILIATION: 'Reconciliation',
};
export const sourceLabel = (s: string) => SOURCE_LABELS[s as keyof typeof SOURCE_LABELS] ?? s;

export const discrepancyFields: FilterField[] = [
  { kind: 'search', name: 'search', label: 'Search', placeholder: 'VND code, client or reference' },
  { kind: 'date', name: 'startDate', label: 'Start date', pair: 'endDate', end: 'start' },
  { kind: 'date', name: 'endDate', label: 'End date', pair: 'startDate', end: 'end' },
  {
    kind: 'select',
    name: 'status',
    label: 'Status',
    options: [
      { value: 'OPEN', label: 'Open' },
      { value: 'RESOLVED', label: 'Resolved' },
    ],
    allLabel: 'All statuses',
  },
  {
    kind: 'select',
    name: 'kind',
    label: 'Kind',
    options: DISCREPANCY_KINDS.map((k) => ({ value: k, label: DISCREPANCY_KIND_LABELS[k] })),
    allLabel: 'All kinds',
  },
  {
    kind: 'select',
    name: 'provider',
    label: 'Provider',
    options: PROVIDER_OPTIONS,
    allLabel: 'All providers',
  },
  {
    kind: 'select',
    name: 'source',
    label: 'Source',
    options: DISCREPANCY_SOURCES.map((s) => ({ value: s, label: SOURCE_LABELS[s] })),
    allLabel: 'All sources',
  },
];

export const hasFilters = (f: DiscrepancyFilters) =>
  !!(
    f.search ||
    f.startDate ||
    f.endDate ||
    f.status ||
    f.kind ||
    f.provider ||
    f.source ||
    f.reconciliationId
  );

const RUN_NAMES = ['startDate', 'endDate', 'provider', 'status'] as const;

/** The reconciliation runs' filters, page and limit, from the URL. */
export function useReconciliationFilters(): ReconciliationFilters {
  const { page, limit } = usePageParams();
  const f = useUrlFilters(RUN_NAMES);
  return useMemo(() => ({ page, limit, ...f }), [page, limit, f.startDate, f.endDate, f.provider, f.status]);
}

export const reconciliationFields: FilterField[] = [
  { kind: 'date', name: 'startDate', label: 'From day', pair: 'endDate', end: 'start' },
  { kind: 'date', name: 'endDate', label: 'To day', pair: 'startDate', end: 'end' },
  {
    kind: 'select',
    name: 'provider',
    label: 'Provider',
    options: PROVIDER_OPTIONS,
    allLabel: 'All providers',
  },
  {
    kind: 'select',
    name: 'status',
    label: 'Status',
    options: [
      { value: 'DONE', label: 'Done' },
      { value: 'FAILED', label: 'Failed' },
      { value: 'RUNNING', label: 'Running' },
    ],
    allLabel: 'All statuses',
  },
];
