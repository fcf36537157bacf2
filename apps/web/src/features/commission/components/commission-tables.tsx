// The commission report's tables: earned per day (newest first, with a bar for the eye), per
// service, and the settlements of accrued commission to the wallet.
import type { CommissionSettlementView, CommissionsView } from '@vendport/shared';
import { type Column, Table } from '@/components/ui/table';
import { networkLabel, serviceTypeLabel } from '@/lib/catalogue-labels';
import { formatDate, formatNaira, formatTime } from '@/lib/format';

type Day = CommissionsView['byDay'][number];
type Service = CommissionsView['byService'][number];

export function ByDayTable({ rows, loading }: { rows: Day[]; loading: boolean }) {
  const newestFirst = [...rows].sort((a, b) => b.date.localeCompare(a.date));
  const max = Math.max(1, ...rows.map((r) => r.commissionKobo));
  const columns: Column<Day>[] = [
    { key: 'date', header: 'Date', cell: (r) => <time dateTime={r.date}>{formatDate(r.date)}</time> },
    { key: 'vends', header: 'Purchases', align: 'right', cell: (r) => r.vends.toLocaleString('en-NG') },
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
    {
      key: 'bar',
      header: <span className="sr-only">Share of the best day</span>,
      className: 'w-40',
      cell: (r) => (
        <div className="h-2 w-32 rounded-full bg-slate-100" aria-hidden="true">
          <div
            className="h-2 rounded-full bg-brand-500"
            style={{ width: `${Math.max(2, Math.round((r.commissionKobo / max) * 100))}%` }}
          />
        </div>
      ),
    },
  ];
  return (
    <Table
      caption="Commission per day"
      columns={columns}
      rows={newestFirst}
      rowKey={(r) => r.date}
      loading={loading}
      emptyText="No commission in this period."
    />
  );
}

export function ByServiceTable({ rows, loading }: { rows: Service[]; loading: boolean }) {
  const columns: Column<Service>[] = [
    {
      key: 'service',
      header: 'Service',
      cell: (r) => (
        <span className="font-medium text-slate-900">
          {networkLabel(r.network)} {serviceTypeLabel(r.service)}
        </span>
      ),
    },
    { key: 'vends', header: 'Purchases', align: 'right', cell: (r) => r.vends.toLocaleString('en-NG') },
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
  return (
    <Table
      caption="Commission per service"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.serviceId}
      loading={loading}
      emptyText="No commission in this period."
    />
  );
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
      header: 'Settled to wallet',
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
