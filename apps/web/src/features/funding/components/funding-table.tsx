// Funding transactions as a table: date (DD/MM/YYYY), reference, method, amount, fee, status;
// the admin's view adds the client.
import type { FundingTransactionView } from '@vendport/shared';
import type { ReactNode } from 'react';
import { FundingStatusBadge } from '@/components/funding-status-badge';
import { type Column, Table } from '@/components/ui/table';
import { WhenCell } from '@/components/when-cell';
import { formatNaira } from '@/lib/format';
import { clientTypeLabel, fundingMethodLabel } from '@/lib/labels';

export function FundingTable({
  rows,
  loading,
  emptyText,
  client,
}: {
  rows: FundingTransactionView[];
  loading: boolean;
  emptyText: ReactNode;
  /** Shows the client column, rendering the client's name (a link, for admins who may open it). */
  client?: (row: FundingTransactionView) => ReactNode;
}) {
  const columns: Column<FundingTransactionView>[] = [
    {
      key: 'date',
      card: 'main' as const,
      header: 'Date',
      cell: (r) => <WhenCell at={r.createdAt} />,
    },
    ...(client
      ? [
          {
            key: 'client',
            card: 'main' as const,
            header: 'Client',
            wrap: true,
            cell: (r: FundingTransactionView) => (
              <div className="min-w-0">
                <div className="font-medium text-slate-900">{client(r)}</div>
                <div className="text-xs text-slate-500">{clientTypeLabel(r.clientType)}</div>
              </div>
            ),
          },
        ]
      : []),
    {
      key: 'reference',
      header: 'Reference',
      cell: (r) => (
        <div>
          <div className="font-mono text-xs text-slate-800">{r.code}</div>
          {r.reference && r.reference !== r.code ? (
            <div className="text-xs text-slate-500">{r.reference}</div>
          ) : null}
        </div>
      ),
    },
    { key: 'method', header: 'Method', cell: (r) => fundingMethodLabel(r.channel, r.kind) },
    {
      key: 'amount',
      card: 'main' as const,
      header: 'Amount',
      align: 'right',
      cell: (r) => (
        <span className="font-medium tabular-nums text-slate-900">{formatNaira(r.amountKobo)}</span>
      ),
    },
    {
      key: 'fee',
      header: 'Fee',
      align: 'right',
      cell: (r) => <span className="tabular-nums">{formatNaira(r.feeKobo)}</span>,
    },
    {
      key: 'status',
      card: 'main' as const,
      header: 'Status',
      cell: (r) => <FundingStatusBadge status={r.status} />,
    },
  ];
  return (
    <Table
      caption="Funding transactions"
      columns={columns}
      rows={rows}
      rowKey={(r) => `${r.channel}:${r.id}`}
      loading={loading}
      emptyText={emptyText}
    />
  );
}
