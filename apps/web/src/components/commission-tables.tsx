// The commission report's tables shared by the client's Commission screen and the admin's
// Analytics: earned per day (newest first, with a bar for the day's share of the best day) and per
// service. Each screen words and draws them its own way (a "look") and names services for its
// audience; the columns and their order are the same.
import type { CommissionsView } from '@vendport/shared';
import type { ReactNode } from 'react';
import { MoneyLabel } from '@/components/money-label';
import { type Column, Table } from '@/components/ui/table';
import { formatDate, formatNaira } from '@/lib/format';

export type CommissionDay = CommissionsView['byDay'][number];
export type CommissionService = CommissionsView['byService'][number];
type Figures = { vends: number; amountKobo: number; commissionKobo: number };

export type CommissionTableLook = {
  /** Header of the count column ("Purchases" for clients, "Vends" for VendPort staff). */
  countHeader: string;
  count: (vends: number) => ReactNode;
  emptyText: string;
  /** The per-day share bar: its screen-reader header and the classes of column, track and fill. */
  bar: { label: string; column: string; track: string; fill: string };
};

/** Count, sales and commission: the figures every breakdown row ends with. */
export function commissionFigures<T extends Figures>(look: CommissionTableLook): Column<T>[] {
  return [
    { key: 'vends', header: look.countHeader, align: 'right', cell: (r) => look.count(r.vends) },
    {
      key: 'amount',
      header: 'Sales',
      align: 'right',
      cell: (r) => <span className="tabular-nums">{formatNaira(r.amountKobo)}</span>,
    },
    {
      key: 'commission',
      header: <MoneyLabel word="commissionEarned" />,
      align: 'right',
      cell: (r) => (
        <span className="font-medium tabular-nums text-slate-900">{formatNaira(r.commissionKobo)}</span>
      ),
    },
  ];
}

export function CommissionByDayTable({
  rows,
  loading,
  look,
}: {
  rows: CommissionDay[];
  loading: boolean;
  look: CommissionTableLook;
}) {
  const newestFirst = [...rows].sort((a, b) => b.date.localeCompare(a.date));
  const max = Math.max(1, ...rows.map((r) => r.commissionKobo));
  const columns: Column<CommissionDay>[] = [
    { key: 'date', header: 'Date', cell: (r) => <time dateTime={r.date}>{formatDate(r.date)}</time> },
    ...commissionFigures<CommissionDay>(look),
    {
      key: 'bar',
      header: <span className="sr-only">{look.bar.label}</span>,
      className: look.bar.column,
      cell: (r) => (
        <div className={`h-2 ${look.bar.track} rounded-full bg-slate-100`} aria-hidden="true">
          <div
            className={`h-2 rounded-full ${look.bar.fill}`}
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
      emptyText={look.emptyText}
    />
  );
}

export function CommissionByServiceTable({
  rows,
  loading,
  look,
  service,
}: {
  rows: CommissionService[];
  loading: boolean;
  look: CommissionTableLook;
  /** The service cell: clients see network and type, staff also the platform. */
  service: (row: CommissionService) => ReactNode;
}) {
  const columns: Column<CommissionService>[] = [
    { key: 'service', header: 'Service', cell: service },
    ...commissionFigures<CommissionService>(look),
  ];
  return (
    <Table
      caption="Commission per service"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.serviceId}
      loading={loading}
      emptyText={look.emptyText}
    />
  );
}
