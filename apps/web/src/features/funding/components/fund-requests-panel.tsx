// The admin's review of fund requests and repayments: filters, the list (client, amount, transfer
// reference, proof, requested date, status) and Approve / Decline for undecided ones, each
// password-confirmed, followed by a success modal.
import { type FundRequestView, OPEN_FUND_REQUEST_STATUSES } from '@vendport/shared';
import { type ReactNode, useState } from 'react';
import { FundingStatusBadge } from '@/components/funding-status-badge';
import { QueryError } from '@/components/query-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FilterBar } from '@/components/ui/filter-bar';
import { Pager } from '@/components/ui/pager';
import { SuccessModal } from '@/components/ui/success-modal';
import { type Column, Table } from '@/components/ui/table';
import { formatDate, formatNaira } from '@/lib/format';
import { clientTypeLabel } from '@/lib/labels';
import { useFundRequests } from '../api/get-fund-requests';
import { ApproveModal } from './approve-modal';
import { DeclineModal } from './decline-modal';
import { ProofButton } from './proof-button';
import {
  CLIENT_TYPE_OPTIONS,
  DATE_FIELDS,
  FUND_REQUEST_STATUS_OPTIONS,
  useFundingFilters,
} from './use-funding-filters';

const UNDECIDED = new Set<string>(OPEN_FUND_REQUEST_STATUSES);

type Done = { title: string; message: string };

export function FundRequestsPanel({
  canDecide,
  clientCell,
}: {
  canDecide: boolean;
  clientCell: (corporateId: string, name: string) => ReactNode;
}) {
  const filters = useFundingFilters();
  const requests = useFundRequests(filters);
  const [approving, setApproving] = useState<FundRequestView | null>(null);
  const [declining, setDeclining] = useState<FundRequestView | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const rows = requests.data?.data ?? [];

  const columns: Column<FundRequestView>[] = [
    {
      key: 'request',
      card: 'main' as const,
      header: 'Request',
      cell: (r) => (
        <div>
          <div className="flex items-center gap-1.5">
            <span className="font-mono text-xs text-slate-800">{r.code}</span>
            {r.kind === 'REPAYMENT' ? <Badge tone="info">Repayment</Badge> : null}
          </div>
          <time dateTime={r.createdAt} className="text-xs text-slate-500">
            Requested {formatDate(r.createdAt)}
          </time>
        </div>
      ),
    },
    {
      key: 'client',
      card: 'main' as const,
      header: 'Client',
      wrap: true,
      cell: (r) => (
        <div>
          <div className="font-medium text-slate-900">{clientCell(r.corporateId, r.corporateName)}</div>
          <div className="text-xs text-slate-500">{clientTypeLabel(r.clientType)}</div>
        </div>
      ),
    },
    {
      key: 'amount',
      card: 'main' as const,
      header: 'Amount',
      align: 'right',
      cell: (r) => (
        <span className="font-medium tabular-nums text-slate-900">{formatNaira(r.amountKobo)}</span>
      ),
    },
    { key: 'reference', header: 'Transfer reference', cell: (r) => r.transferReference },
    { key: 'proof', header: 'Proof', cell: (r) => <ProofButton request={r} /> },
    {
      key: 'status',
      card: 'main' as const,
      header: 'Status',
      cell: (r) => (
        <div className="space-y-1">
          <FundingStatusBadge status={r.status} />
          {r.declineReason ? (
            <div className="max-w-[14rem] truncate text-xs text-slate-500" title={r.declineReason}>
              {r.declineReason}
            </div>
          ) : null}
        </div>
      ),
    },
    ...(canDecide
      ? [
          {
            key: 'actions',
            card: 'action' as const,
            header: <span className="sr-only">Actions</span>,
            align: 'right' as const,
            cell: (r: FundRequestView) =>
              UNDECIDED.has(r.status) ? (
                <div className="flex justify-end gap-2">
                  <Button size="sm" onClick={() => setApproving(r)} aria-label={`Approve ${r.code}`}>
                    Approve
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setDeclining(r)}
                    aria-label={`Decline ${r.code}`}
                  >
                    Decline
                  </Button>
                </div>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <>
      <FilterBar
        label="Fund request filters"
        fields={[
          {
            kind: 'search',
            name: 'search',
            label: 'Search',
            placeholder: 'Client, request code or transfer reference',
          },
          ...DATE_FIELDS,
          {
            kind: 'select',
            name: 'status',
            label: 'Status',
            options: FUND_REQUEST_STATUS_OPTIONS,
            allLabel: 'All statuses',
          },
          {
            kind: 'select',
            name: 'clientType',
            label: 'Client type',
            options: CLIENT_TYPE_OPTIONS,
            allLabel: 'All types',
          },
        ]}
      />
      {requests.isError ? (
        <div className="p-6">
          <QueryError title="Fund requests could not be loaded." onRetry={() => requests.refetch()} />
        </div>
      ) : (
        <div className={requests.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          <Table
            caption="Fund requests"
            columns={columns}
            rows={rows}
            rowKey={(r) => r.id}
            loading={requests.isPending}
            emptyText="No fund requests match these filters."
          />
        </div>
      )}
      {requests.data ? (
        <Pager
          hasMorePages={requests.data.hasMorePages}
          lastPage={requests.data.lastPage}
          disabled={requests.isFetching}
        />
      ) : null}

      <ApproveModal
        request={approving}
        onClose={() => setApproving(null)}
        onApproved={(_message, r) => {
          setApproving(null);
          setDone({
            title: 'Approval successful',
            message: `Fund request ${r.code} has been successfully approved. ${formatNaira(r.amountKobo)} has been credited to ${r.corporateName}.`,
          });
        }}
      />
      <DeclineModal
        request={declining}
        onClose={() => setDeclining(null)}
        onDeclined={(_message, r) => {
          setDeclining(null);
          setDone({
            title: 'Decline successful',
            message: `Fund request ${r.code} has been successfully declined. The client has been informed.`,
          });
        }}
      />
      <SuccessModal
        open={!!done}
        title={done?.title ?? ''}
        message={done?.message}
        onClose={() => setDone(null)}
      />
    </>
  );
}
