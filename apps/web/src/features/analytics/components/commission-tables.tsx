// The commission report's three breakdowns: per day (with a bar for the day's share of the
// busiest day), per service and per client.
import type { CommissionsView } from '@vendport/shared';
import type { ReactNode } from 'react';
import { type Column, Table } from '@/components/ui/table';
import { serviceName } from '@/lib/catalogue-labels';
import { formatDate, formatNaira } from '@/lib/format';

type Day = CommissionsView['byDay'][number];
type ByService = CommissionsView['byService'][number];
export type ByClient = NonNullable<CommissionsView['byClient']>[number];

const figures = <T extends { vends: number; amountKobo: number; commissionKobo: number }>(): Column<T>[] => [
  {
    key: 'vends',
    header: 'Vends',
    align: 'right',
    cell: (r) => <span className="tabular-nums">{r.vends}</span>,
  },
  {
    key: 'amount',
    header: 'Sales',
    align: 'right',
    cell: (r) => <span className="tabular-nums">{formatNaira(r.amountKobo)}</span>,
  },
  {
    key: 'commission',
    header: 'Commission',
    align: 'right',
    cell: (r) => (
      <span className="font-medium tabular-nums text-slate-900">{formatNaira(r.commissionKobo)}</span>
    ),
  },
];

export function CommissionByDay({ rows, loading }: { rows: Day[]; loading: boolean }) {
  const peak = Math.max(1, ...rows.map((d) => d.commissionKobo));
  const columns: Column<Day>[] = [
    { key: 'date', header: 'Date', cell: (d) => <time dateTime={d.date}>{formatDate(d.date)}</time> },
    ...figures<Day>(),
    {
      key: 'bar',
      header: <span className="sr-only">Share of the busiest day</span>,
      className: 'w-1/3',
      cell: (d) => (
        <div className="h-2 w-full min-w-24 rounded-full bg-slate-100" aria-hidden="true">
          <div
            className="h-2 rounded-full bg-brand-600"
            style={{ width: `${Math.max(2, Math.round((d.commissionKobo / peak) * 100))}%` }}
          />
        </div>
      ),
    },
  ];
  return (
    <Table
      caption="Commission per day"
      columns={columns}
      rows={[...rows].reverse()}
      rowKey={(d) => d.date}
      loading={loading}
      emptyText="No commission earned in this period."
    />
  );
}

export function CommissionByService({ rows, loading }: { rows: ByService[]; loading: boolean }) {
  const columns: Column<ByService>[] = [
    {
      key: 'service',
      header: 'Service',
      cell: (s) => <span className="text-slate-900">{serviceName(s)}</span>,
    },
    ...figures<ByService>(),
  ];
  return (
    <Table
      caption="Commission per service"
      columns={columns}
      rows={rows}
      rowKey={(s) => s.serviceId}
      loading={loading}
      emptyText="No commission earned in this period."
    />
  );
}

export function CommissionByClient({
  rows,
  loading,
  client,
  action,
}: {
  rows: ByClient[];
  loading: boolean;
  client: (row: ByClient) => ReactNode;
  action?: (row: ByClient) => ReactNode;
}) {
  const columns: Column<ByClient>[] = [
    {
      key: 'client',
      header: 'Client',
      cell: (c) => <span className="font-medium text-slate-900">{client(c)}</span>,
    },
    ...figures<ByClient>(),
    ...(action
      ? [
          {
            key: 'actions',
            header: <span className="sr-only">Actions</span>,
            align: 'right' as const,
            cell: (c: ByClient) => action(c),
          },
        ]
      : []),
  ];
  return (
    <Table
      caption="Commission per client"
      columns={columns}
      rows={rows}
      rowKey={(c) => c.corporateId}
      loading={loading}
      emptyText="No client earned commission in this period."
    />
  );
}
