// The client's funding history: every credit to the wallet (bank transfers, card payments, admin
// funding) with filters and the pager in the URL, and the filtered set as CSV.
import { Link } from 'react-router';
import { ExportCsvButton } from '@/components/export-csv-button';
import { QueryError } from '@/components/query-error';
import { Card } from '@/components/ui/card';
import { FilterBar } from '@/components/ui/filter-bar';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { FUNDING_HISTORY_PATH, useFundingHistory } from '../api/get-funding-history';
import { FundingTable } from '../components/funding-table';
import {
  CHANNEL_OPTIONS,
  DATE_FIELDS,
  FUNDING_STATUS_OPTIONS,
  useFundingFilters,
} from '../components/use-funding-filters';

export default function FundingHistoryRoute() {
  const filters = useFundingFilters();
  const history = useFundingHistory(filters);
  const rows = history.data?.data ?? [];
  const filtered = !!(
    filters.search ||
    filters.startDate ||
    filters.endDate ||
    filters.status ||
    filters.channel
  );

  return (
    <div>
      <PageHeader
        title="Funding History"
        description="Every credit to your wallet: bank transfers, card payments and admin funding."
        actions={
          <ExportCsvButton
            path={FUNDING_HISTORY_PATH}
            query={filters}
            fallbackName="funding-history"
            disabled={!history.data || history.data.total === 0}
          />
        }
      />
      <Card className="overflow-hidden">
        <FilterBar
          label="Funding filters"
          fields={[
            { kind: 'search', name: 'search', label: 'Search', placeholder: 'Reference or transaction ID' },
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
              name: 'channel',
              label: 'Method',
              options: CHANNEL_OPTIONS,
              allLabel: 'All methods',
            },
          ]}
        />
        {history.isError ? (
          <div className="p-6">
            <QueryError title="Your funding history could not be loaded." onRetry={() => history.refetch()} />
          </div>
        ) : (
          <div className={history.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            <FundingTable
              rows={rows}
              loading={history.isPending}
              emptyText={
                filtered ? (
                  'No funding matches these filters.'
                ) : (
                  <>
                    No funding yet.{' '}
                    <Link to="/dashboard/wallet" className="font-medium text-brand-700 hover:underline">
                      Fund your wallet
                    </Link>
                  </>
                )
              }
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
      </Card>
    </div>
  );
}
