// The runs of auto top-up (client and admin): due time, subscriber, what was sent, status, reason
// and the vend (linked to its details), with the list's filters and pager in the URL.
import type { AutoTopupRunView } from '@vendport/shared';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { FilterField } from '@/components/ui/filter-bar';
import { useUrlFilters } from '@/components/ui/filter-bar';
import { usePageParams } from '@/components/ui/pager';
import { type Column, Table } from '@/components/ui/table';
import { NETWORK_OPTIONS, networkLabel, serviceTypeLabel } from '@/lib/catalogue-labels';
import { formatDate, formatTime } from '@/lib/format';
import { formatMsisdn } from '@/lib/labels';
import type { RunFilters } from '../api/query-keys';
import { RUN_STATUS_OPTIONS, RunStatusBadge } from './run-status';

const NAMES = ['search', 'startDate', 'endDate', 'status', 'network'] as const;

export function useRunFilters(): RunFilters {
  const { page, limit, cursor } = usePageParams();
  const f = useUrlFilters(NAMES);
  return useMemo(
    () => ({ page, limit, cursor, ...f }),
    [page, limit, cursor, f.search, f.startDate, f.endDate, f.status, f.network],
  );
}

export const hasRunFilters = (f: RunFilters) =>
  !!(f.search || f.startDate || f.endDate || f.status || f.network);

export const RUN_FILTER_FIELDS: FilterField[] = [
  {
    kind: 'search',
    name: 'search',
    label: 'Search',
    placeholder: 'Name, phone, customer number or VND code',
  },
  { kind: 'date', name: 'startDate', label: 'Start date', pair: 'endDate', end: 'start' },
  { kind: 'date', name: 'endDate', label: 'End date', pair: 'startDate', end: 'end' },
  { kind: 'select', name: 'status', label: 'Status', options: RUN_STATUS_OPTIONS, allLabel: 'All statuses' },
  { kind: 'select', name: 'network', label: 'Network', options: NETWORK_OPTIONS, allLabel: 'All networks' },
];

export function RunsTable({
  rows,
  loading,
  emptyText,
  vendPath,
}: {
  rows: AutoTopupRunView[];
  loading: boolean;
  emptyText: string;
  /** Where a vend's details open (client or admin area). */
  vendPath: string;
}) {
  const columns: Column<AutoTopupRunView>[] = [
    {
      key: 'due',
      card: 'main',
      header: 'Due',
      cell: (r) => (
        <div className="tabular-nums">
          <div>{formatDate(r.dueAt)}</div>
          <div className="text-xs text-slate-500">{formatTime(r.dueAt)}</div>
        </div>
      ),
    },
    {
      key: 'subscriber',
      card: 'main',
      header: 'Subscriber',
      wrap: true,
      cell: (r) => (
        <div>
          <div className="font-medium text-slate-900">{r.subscriberName}</div>
          <div className="text-xs tabular-nums text-slate-500">{formatMsisdn(r.phone)}</div>
        </div>
      ),
    },
    {
      key: 'what',
      header: 'Top-up',
      cell: (r) =>
        r.bill ? (
          <div data-testid="run-bill">
            <div>
              {r.bill.billerName} {serviceTypeLabel(r.type)}
              {r.planCode ? ` · ${r.planCode}` : ''}
            </div>
            <div className="text-xs tabular-nums text-slate-500">{r.bill.customerNumber}</div>
            {r.bill.token ? (
              <div className="font-mono text-xs text-slate-500">Token {r.bill.token}</div>
            ) : null}
          </div>
        ) : (
          `${networkLabel(r.network)} ${serviceTypeLabel(r.type)}${r.planCode ? ` · ${r.planCode}` : ''}`
        ),
    },
    {
      key: 'amount',
      card: 'main',
      header: 'Amount',
      align: 'right',
      cell: (r) => <span className="tabular-nums">{r.amount ?? '—'}</span>,
    },
    { key: 'status', card: 'main', header: 'Status', cell: (r) => <RunStatusBadge status={r.status} /> },
    {
      key: 'reason',
      header: 'Reason',
      wrap: { min: '10rem', max: '20rem' },
      cell: (r) => <span className="text-xs text-slate-600">{r.reason ?? '—'}</span>,
    },
    {
      key: 'vend',
      header: 'Vend',
      cell: (r) =>
        r.vendId && r.vendCode ? (
          <Link
            to={`${vendPath}/${r.vendId}`}
            className="font-mono text-xs font-medium text-brand-700 hover:underline"
          >
            {r.vendCode}
          </Link>
        ) : (
          '—'
        ),
    },
    { key: 'trigger', header: 'By', cell: (r) => (r.trigger === 'MANUAL' ? 'Run now' : 'Schedule') },
  ];
  return (
    <Table
      caption="Auto top-up runs"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      loading={loading}
      emptyText={emptyText}
    />
  );
}
