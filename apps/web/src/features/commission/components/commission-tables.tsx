// The client's commission tables: earned per day and per service (the shared tables, worded for
// the client) and the settlements of accrued commission to the wallet.
import type { CommissionSettlementView } from '@vendport/shared';
import {
  CommissionByDayTable,
  CommissionByServiceTable,
  type CommissionDay,
  type CommissionService,
  type CommissionTableLook,
} from '@/components/commission-tables';
import { MoneyLabel } from '@/components/money-label';
import { type Column, Table } from '@/components/ui/table';
import { networkLabel, serviceTypeLabel } from '@/lib/catalogue-labels';
import { formatDate, formatNaira, formatTime } from '@/lib/format';

const look: CommissionTableLook = {
  countHeader: 'Purchases',
  count: (n) => n.toLocaleString('en-NG'),
  emptyText: 'No commission in this period.',
  bar: { label: 'Share of the best day', column: 'w-40', track: 'w-32', fill: 'bg-brand-500' },
};

const serviceCell = (r: CommissionService) => (
  <span className="font-medium text-slate-900">
    {networkLabel(r.network)} {serviceTypeLabel(r.service)}
  </span>
);

export function ByDayTable({ rows, loading }: { rows: CommissionDay[]; loading: boolean }) {
  return <CommissionByDayTable rows={rows} loading={loading} look={look} />;
}

export function ByServiceTable({ rows, loading }: { rows: CommissionService[]; loading: boolean }) {
  return <CommissionByServiceTable rows={rows} loading={loading} look={look} service={serviceCell} />;
}

export function SettlementsTable({ rows, loading }: { rows: CommissionSettlementView[]; loading: boolean }) {
  const columns: Column<CommissionSettlementView>[] = [
    {
      key: 'date',
      header: 'Date',
      cell: (r) => (
        <time dateTime={r.createdAt}>
          {formatDate(r.createdAt)} <span className="text-xs text-slate-500">{formatTime(r.createdAt)}</span>
        </time>
      ),
    },
    {
      key: 'amount',
      header: <MoneyLabel word="commissionSettled" />,
      align: 'right',
      cell: (r) => (
        <span className="font-medium tabular-nums text-slate-900">{formatNaira(r.amountKobo)}</span>
      ),
    },
    { key: 'vends', header: 'Purchases', align: 'right', cell: (r) => r.vends.toLocaleString('en-NG') },
    {
      key: 'trigger',
      header: 'How',
      cell: (r) => (r.trigger === 'SCHEDULE' ? 'Daily settlement' : 'Settled by VendPort'),
    },
  ];
  return (
    <Table
      caption="Commission settlements"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      loading={loading}
      emptyText="No settlements yet."
    />
  );
}
