// The verification requests of the admin's accounts screen (spec §7 verifications/{param}): by
// status, with search, request dates, client type and the table pager; a row opens its Business
// Account (accounts/{id}).
import type { VerificationRequestView } from '@vendport/shared';
import { useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { VerificationBadge } from '@/components/client-badges';
import { QueryError } from '@/components/query-error';
import { FilterBar, useUrlFilters } from '@/components/ui/filter-bar';
import { Pager, usePageParams } from '@/components/ui/pager';
import { type Column, Table } from '@/components/ui/table';
import { formatDate } from '@/lib/format';
import { CLIENT_TYPE_OPTIONS, clientTypeLabel } from '@/lib/labels';
import { useVerificationRequests, type VerificationFilters } from '../api/get-verification-requests';

const NAMES = ['search', 'startDate', 'endDate', 'clientType', 'verification'] as const;
const STATUS_OPTIONS = [
  { value: 'pending', label: 'Pending' },
  { value: 'verified', label: 'Verified' },
  { value: 'declined', label: 'Declined' },
];
const accountPath = (id: string) => `/admin-dashboard/accounts/${id}`;

export function VerificationRequestsPanel() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { page, limit } = usePageParams();
  const f = useUrlFilters(NAMES);
  const status = (
    STATUS_OPTIONS.some((o) => o.value === params.get('verification')) ? params.get('verification') : 'all'
  ) as VerificationFilters['status'];
  const filters = useMemo(
    () => ({
      status,
      page,
      limit,
      search: f.search,
      startDate: f.startDate,
      endDate: f.endDate,
      clientType: f.clientType,
    }),
    [status, page, limit, f.search, f.startDate, f.endDate, f.clientType],
  );
  const list = useVerificationRequests(filters);
  const rows = list.data?.data ?? [];
  const columns: Column<VerificationRequestView>[] = [
    {
      key: 'name',
      card: 'main',
      header: 'Client',
      wrap: { min: '12rem', max: '20rem' },
      cell: (c) => (
        <div className="min-w-0">
          <Link
            to={accountPath(c.id)}
            onClick={(e) => e.stopPropagation()}
            className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
          >
            {c.name || '—'}
          </Link>
          <div className="max-w-[16rem] truncate text-xs text-slate-500">{c.email}</div>
        </div>
      ),
    },
    { key: 'type', header: 'Type', cell: (c) => clientTypeLabel(c.clientType) },
    { key: 'documents', card: 'main', header: 'Documents', align: 'right', cell: (c) => c.documentsCount },
    {
      key: 'requested',
      card: 'main',
      header: 'Request date',
      cell: (c) => formatDate(c.verificationRequestedAt),
    },
    {
      key: 'status',
      card: 'main',
      header: 'Verification',
      cell: (c) => (
        <VerificationBadge status={c.verificationStatus} requestedAt={c.verificationRequestedAt} />
      ),
    },
  ];
  return (
    <>
      <FilterBar
        label="Verification filters"
        fields={[
          { kind: 'search', name: 'search', label: 'Search', placeholder: 'Name, email or phone' },
          {
            kind: 'select',
            name: 'verification',
            label: 'Verification',
            options: STATUS_OPTIONS,
            allLabel: 'All requests',
          },
          { kind: 'date', name: 'startDate', label: 'Requested from', pair: 'endDate', end: 'start' },
          { kind: 'date', name: 'endDate', label: 'Requested to', pair: 'startDate', end: 'end' },
          {
            kind: 'select',
            name: 'clientType',
            label: 'Client type',
            options: CLIENT_TYPE_OPTIONS,
            allLabel: 'All types',
          },
        ]}
      />
      {list.isError ? (
        <div className="p-6">
          <QueryError title="Verification requests could not be loaded." onRetry={() => list.refetch()} />
        </div>
      ) : (
        <div className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          <Table
            caption="Verification requests"
            columns={columns}
            rows={rows}
            rowKey={(c) => c.id}
            loading={list.isPending}
            emptyText="No verification requests match."
            onRowClick={(c) => navigate(accountPath(c.id))}
          />
        </div>
      )}
      {list.data ? (
        <Pager
          hasMorePages={list.data.hasMorePages}
          lastPage={list.data.lastPage}
          disabled={list.isFetching}
        />
      ) : null}
    </>
  );
}
