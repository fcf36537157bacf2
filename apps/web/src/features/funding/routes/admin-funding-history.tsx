// The admin's funding screen: every client's funding transactions (filters incl. client type,
// pager, CSV export) and the review of fund requests (approve / decline, password-confirmed).
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ExportCsvButton } from '@/components/export-csv-button';
import { QueryError } from '@/components/query-error';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FilterBar } from '@/components/ui/filter-bar';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { Tabs } from '@/components/ui/tabs';
import { countOf } from '@/lib/format';
import { usePermissions } from '@/lib/permissions';
import { ADMIN_FUNDING_HISTORY_PATH, useAdminFundingHistory } from '../api/get-admin-funding-history';
import { usePaidFundRequests } from '../api/get-paid-fund-requests';
import { FundRequestsPanel } from '../components/fund-requests-panel';
import { FundingTable } from '../components/funding-table';
import {
  CHANNEL_OPTIONS,
  CLIENT_TYPE_OPTIONS,
  DATE_FIELDS,
  FUNDING_STATUS_OPTIONS,
  useFundingFilters,
} from '../components/use-funding-filters';

type Tab = 'transactions' | 'requests';

function TransactionsPanel({ clientCell }: { clientCell: (id: string, name: string) => ReactNode }) {
  const filters = useFundingFilters();
  const history = useAdminFundingHistory(filters);
  return (
    <>
      <FilterBar
        label="Funding filters"
        fields={[
          {
            kind: 'search',
            name: 'search',
            label: 'Search',
            placeholder: 'Client, reference or transaction ID',
          },
          ...DATE_FIELDS,
          {
            kind: 'select',
            name: 'status',
            label: 'Status',
            options: FUNDING_STATUS_OPTIONS,
            allLabel: 'All statuses',
          },
          {
            kind: 'select',
            name: 'clientType',
            label: 'Client type',
            options: CLIENT_TYPE_OPTIONS,
            allLabel: 'All types',
          },
          {
            kind: 'select',
            name: 'channel',
            label: 'Method',
            options: CHANNEL_OPTIONS,
            allLabel: 'All methods',
          },
        ]}
      />
      {history.isError ? (
        <div className="p-6">
          <QueryError title="Funding transactions could not be loaded." onRetry={() => history.refetch()} />
        </div>
      ) : (
        <div className={history.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          <FundingTable
            rows={history.data?.data ?? []}
            loading={history.isPending}
            emptyText="No funding transactions match these filters."
            client={(r) => clientCell(r.corporateId, r.corporateName)}
          />
        </div>
      )}
      {history.data ? (
        <Pager
          hasMorePages={history.data.hasMorePages}
          lastPage={history.data.lastPage}
          nextCursor={history.data.nextCursor}
          prevCursor={history.data.prevCursor}
          totalIsEstimate={history.data.totalIsEstimate}
          disabled={history.isFetching}
        />
      ) : null}
    </>
  );
}

export default function AdminFundingHistoryRoute() {
  const [params, setParams] = useSearchParams();
  const { can } = usePermissions();
  const tab: Tab = params.get('tab') === 'requests' ? 'requests' : 'transactions';
  const filters = useFundingFilters();
  const paid = usePaidFundRequests();
  const paidCount = paid.data?.total ?? 0;

  // Each tab has its own filters: switching starts from a clean list.
  const showTab = (next: Tab, extra: Record<string, string> = {}) =>
    setParams(new URLSearchParams({ ...(next === 'requests' ? { tab: next } : {}), ...extra }));

  const clientCell = (id: string, name: string) =>
    can('clients.read') ? (
      <Link
        to={`/admin-dashboard/view-corporate-client/${id}`}
        className="hover:text-brand-700 hover:underline"
      >
        {name}
      </Link>
    ) : (
      name
    );

  return (
    <div className="space-y-4">
      <PageHeader
        title="Funding History"
        description="Funding of every client's wallet, and the bank-transfer requests awaiting a decision."
        actions={
          tab === 'transactions' ? (
            <ExportCsvButton
              path={ADMIN_FUNDING_HISTORY_PATH}
              query={filters}
              fallbackName="corporate-funding"
            />
          ) : undefined
        }
      />
      {paidCount > 0 && !(tab === 'requests' && filters.status === 'PAID') ? (
        <Alert
          tone="warning"
          title={`${countOf(paidCount, 'fund request is', 'fund requests are')} marked paid and awaiting a decision.`}
        >
          <Button variant="link" size="sm" onClick={() => showTab('requests', { status: 'PAID' })}>
            Review paid requests
          </Button>
        </Alert>
      ) : null}
      <Tabs
        label="Funding views"
        value={tab}
        onChange={(t) => showTab(t)}
        items={[
          { value: 'transactions', label: 'Funding transactions' },
          {
            value: 'requests',
            label: 'Fund requests',
            badge: paidCount > 0 ? <Badge tone="warning">{paidCount}</Badge> : undefined,
          },
        ]}
      />
      <Card className="overflow-hidden">
        {tab === 'transactions' ? (
          <TransactionsPanel clientCell={clientCell} />
        ) : (
          <FundRequestsPanel canDecide={can('funding.approve')} clientCell={clientCell} />
        )}
      </Card>
    </div>
  );
}
