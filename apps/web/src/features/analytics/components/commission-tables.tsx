// The commission report's three breakdowns for VendPort staff: per day and per service (the
// shared tables, worded for staff) and per client.
import type { CommissionsView } from '@vendport/shared';
import type { ReactNode } from 'react';
import {
  CommissionByDayTable,
  CommissionByServiceTable,
  type CommissionDay,
  type CommissionService,
  type CommissionTableLook,
  commissionFigures,
} from '@/components/commission-tables';
import { type Column, Table } from '@/components/ui/table';
import { serviceName } from '@/lib/catalogue-labels';

export type ByClient = NonNullable<CommissionsView['byClient']>[number];

const look: CommissionTableLook = {
  countHeader: 'Vends',
  count: (n) => <span className="tabular-nums">{n}</span>,
  emptyText: 'No commission earned in this period.',
  bar: {
    label: 'Share of the busiest day',
    column: 'w-1/3',
    track: 'w-full min-w-24',
    fill: 'bg-brand-600',
  },
};

export function CommissionByDay({ rows, loading }: { rows: CommissionDay[]; loading: boolean }) {
  return <CommissionByDayTable rows={rows} loading={loading} look={look} />;
}

export function CommissionByService({ rows, loading }: { rows: CommissionService[]; loading: boolean }) {
  return (
    <CommissionByServiceTable
      rows={rows}
      loading={loading}
      look={look}
      service={(s) => <span className="text-slate-900">{serviceName(s)}</span>}
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
      wrap: true,
      cell: (c) => <span className="font-medium text-slate-900">{client(c)}</span>,
    },
    ...commissionFigures<ByClient>(look),
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
