// My open fund requests and repayments: PENDING until I say I have paid, then PAID until an
// admin approves or declines. "I have paid" asks for a confirmation first.
import type { FundRequestView } from '@vendport/shared';
import { useState } from 'react';
import { FundingStatusBadge } from '@/components/funding-status-badge';
import { QueryError } from '@/components/query-error';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { InboxIcon } from '@/components/ui/icons';
import { type Column, Table } from '@/components/ui/table';
import { formatDate, formatNaira } from '@/lib/format';
import { usePendingTransactions } from '../api/get-pending-transactions';
import { ConfirmPaymentModal } from './confirm-payment-modal';

export function PendingRequests({ canConfirm }: { canConfirm: boolean }) {
  const pending = usePendingTransactions();
  const [toConfirm, setToConfirm] = useState<FundRequestView | null>(null);
  const rows = pending.data?.data ?? [];

  const columns: Column<FundRequestView>[] = [
    { key: 'date', card: 'main', header: 'Date', cell: (r) => formatDate(r.createdAt) },
    {
      key: 'code',
      card: 'main',
      header: 'Request',
      cell: (r) => <span className="font-mono text-xs">{r.code}</span>,
    },
    { key: 'kind', header: 'Type', cell: (r) => (r.kind === 'REPAYMENT' ? 'Repayment' : 'Fund request') },
    { key: 'reference', header: 'Transfer reference', cell: (r) => r.transferReference },
    {
      key: 'amount',
      card: 'main',
      header: 'Amount',
      align: 'right',
      cell: (r) => <span className="font-medium tabular-nums">{formatNaira(r.amountKobo)}</span>,
    },
    { key: 'status', card: 'main', header: 'Status', cell: (r) => <FundingStatusBadge status={r.status} /> },
    {
      key: 'action',
      card: 'action',
      header: <span className="sr-only">Action</span>,
      align: 'right',
      cell: (r) =>
        r.status === 'PENDING' && canConfirm ? (
          <Button size="sm" onClick={() => setToConfirm(r)} aria-label={`I have paid ${r.code}`}>
            I have paid
          </Button>
        ) : r.status === 'PAID' ? (
          <span className="text-xs text-slate-500">Awaiting approval</span>
        ) : null,
    },
  ];

  return (
    <Card className="overflow-hidden">
      <CardHeader
        title="Pending requests"
        description="Bank transfers you told us about that an admin has not decided yet."
      />
      {pending.isError ? (
        <div className="p-6">
          <QueryError title="Your pending requests could not be loaded." onRetry={() => pending.refetch()} />
        </div>
      ) : (
        <Table
          caption="Pending requests"
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          loading={pending.isPending}
          emptyText={
            <span className="flex flex-col items-center gap-2">
              <InboxIcon className="h-6 w-6 text-slate-400" />
              No pending requests. Requests you submit appear here until they are approved or declined.
            </span>
          }
        />
      )}
      {pending.data?.hasMorePages ? (
        <p className="border-t border-slate-100 px-6 py-3 text-xs text-slate-500">
          Showing the 40 most recent. See Funding History for the rest.
        </p>
      ) : null}
      <ConfirmPaymentModal request={toConfirm} onClose={() => setToConfirm(null)} />
    </Card>
  );
}
