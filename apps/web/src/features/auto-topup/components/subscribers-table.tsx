// Subscribers (client and admin): who, what, the schedule in words, the next run (Lagos), and the
// actions the screen gives (none for the admin's read).
import type { AutoTopupSubscriberView } from '@vendport/shared';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { Badge } from '@/components/ui/badge';
import type { FilterField } from '@/components/ui/filter-bar';
import { useUrlFilters } from '@/components/ui/filter-bar';
import { usePageParams } from '@/components/ui/pager';
import { type Column, Table } from '@/components/ui/table';
import { networkLabel, serviceTypeLabel } from '@/lib/catalogue-labels';
import { formatDate, formatTime } from '@/lib/format';
import { formatMsisdn } from '@/lib/labels';
import type { SubscriberFilters } from '../api/query-keys';

const NAMES = ['search', 'status'] as const;

export function useSubscriberFilters(): SubscriberFilters {
  const { page, limit } = usePageParams();
  const f = useUrlFilters(NAMES);
  return useMemo(() => ({ page, limit, ...f }), [page, limit, f.search, f.status]);
}

export const SUBSCRIBER_FILTER_FIELDS: FilterField[] = [
  { kind: 'search', name: 'search', label: 'Search', placeholder: 'Name, phone or customer number' },
  {
    kind: 'select',
    name: 'status',
    label: 'Status',
    options: [
      { value: 'ACTIVE', label: 'Active' },
      { value: 'PAUSED', label: 'Paused' },
    ],
    allLabel: 'All',
  },
];

function NextRun({ s }: { s: AutoTopupSubscriberView }) {
  if (s.paused) return <span className="text-slate-500">Paused</span>;
  if (!s.nextRunAt) return <span className="text-slate-500">Completed</span>;
  return (
    <div className="tabular-nums" data-testid="next-run">
      <div>{formatDate(s.nextRunAt)}</div>
      <div className="text-xs text-slate-500">{formatTime(s.nextRunAt)}</div>
    </div>
  );
}

export function SubscribersTable({
  rows,
  loading,
  emptyText,
  actions,
}: {
  rows: AutoTopupSubscriberView[];
  loading: boolean;
  emptyText: string;
  actions?: (s: AutoTopupSubscriberView) => ReactNode;
}) {
  const columns: Column<AutoTopupSubscriberView>[] = [
    {
      key: 'name',
      card: 'main',
      header: 'Subscriber',
      wrap: true,
      cell: (s) => (
        <div>
          <div className="font-medium text-slate-900">{s.name}</div>
          <div className="text-xs tabular-nums text-slate-500">{formatMsisdn(s.phone)}</div>
        </div>
      ),
    },
    {
      key: 'what',
      card: 'main',
      header: 'Top-up',
      wrap: { min: '9rem', max: '16rem' },
      cell: (s) =>
        s.bill ? (
          <div data-testid="subscriber-bill">
            <div>
              {s.bill.billerName} {serviceTypeLabel(s.type)}
            </div>
            <div className="text-xs tabular-nums text-slate-500">
              {s.bill.customerNumber}
              {s.bill.customerName ? ` · ${s.bill.customerName}` : ''}
            </div>
            <div className="text-xs text-slate-500">
              {s.amount ??
                (s.bill.subscriptionType === 'RENEW' ? 'Renew current bouquet' : s.bill.bouquetCode)}
            </div>
          </div>
        ) : (
          <div>
            <div>
              {networkLabel(s.network)} {serviceTypeLabel(s.type)}
            </div>
            <div className="text-xs text-slate-500">{s.amount ?? s.planCode}</div>
          </div>
        ),
    },
    { key: 'schedule', header: 'Schedule', wrap: { min: '9rem', max: '14rem' }, cell: (s) => s.schedule },
    { key: 'next', card: 'main', header: 'Next run', cell: (s) => <NextRun s={s} /> },
    {
      key: 'status',
      card: 'main',
      header: 'Status',
      cell: (s) => (s.paused ? <Badge tone="warning">Paused</Badge> : <Badge tone="success">Active</Badge>),
    },
    ...(actions
      ? [
          {
            key: 'actions',
            card: 'action' as const,
            header: <span className="sr-only">Actions</span>,
            align: 'right' as const,
            cell: actions,
          },
        ]
      : []),
  ];
  return (
    <Table
      caption="Subscribers"
      columns={columns}
      rows={rows}
      rowKey={(s) => s.id}
      loading={loading}
      emptyText={emptyText}
    />
  );
}
