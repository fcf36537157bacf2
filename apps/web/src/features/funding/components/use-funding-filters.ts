import { FUND_REQUEST_STATUSES, FUNDING_CHANNELS, FUNDING_STATUSES } from '@vendport/shared';
import { useMemo } from 'react';
import { useUrlFilters } from '@/components/ui/filter-bar';
import { usePageParams } from '@/components/ui/pager';
import { CLIENT_TYPE_OPTIONS, fundingMethodLabel, statusLabel } from '@/lib/labels';
import type { FundingFilters } from '../api/query-keys';

const NAMES = ['search', 'startDate', 'endDate', 'status', 'channel', 'clientType'] as const;

/** The list's filters, page and limit, all from the URL. */
export function useFundingFilters(): FundingFilters {
  const { page, limit, cursor } = usePageParams();
  const f = useUrlFilters(NAMES);
  return useMemo(
    () => ({ page, limit, cursor, ...f }),
    [page, limit, cursor, f.search, f.startDate, f.endDate, f.status, f.channel, f.clientType],
  );
}

export const FUNDING_STATUS_OPTIONS = FUNDING_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }));
/** OPEN: every request awaiting the admin's decision (Pending or Paid), what the admin home counts. */
export const FUND_REQUEST_STATUS_OPTIONS = [
  { value: 'OPEN', label: 'Awaiting action' },
  ...FUND_REQUEST_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })),
];
export const CHANNEL_OPTIONS = FUNDING_CHANNELS.map((c) => ({
  value: c,
  label: fundingMethodLabel(c, 'FUNDING'),
}));
export { CLIENT_TYPE_OPTIONS };

export const DATE_FIELDS = [
  { kind: 'date', name: 'startDate', label: 'Start date', pair: 'endDate', end: 'start' },
  { kind: 'date', name: 'endDate', label: 'End date', pair: 'startDate', end: 'end' },
] as const;
