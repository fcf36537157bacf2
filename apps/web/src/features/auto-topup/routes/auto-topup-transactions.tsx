// Auto top-up transactions (client): every run with its vend, status and reason; the §3 filters
// and the pager in the URL; CSV export of the filtered runs.
import { ExportCsvButton } from '@/components/export-csv-button';
import { QueryError } from '@/components/query-error';
import { Card } from '@/components/ui/card';
import { FilterBar } from '@/components/ui/filter-bar';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { AUTO_TOPUP_RUNS_PATH, useRuns } from '../api/get-runs';
import { AutoTopupGate } from '../components/auto-topup-gate';
import { hasRunFilters, RUN_FILTER_FIELDS, RunsTable, useRunFilters } from '../components/runs-table';

function TransactionsScreen() {
  const filters = useRunFilters();
  const runs = useRuns(filters);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Auto Top-up Transactions"
        description="Every scheduled or Run now top-up, with its purchase and what happened. Times are Lagos time."
        actions={
          <ExportCsvButton
            path={AUTO_TOPUP_RUNS_PATH}
            query={filters}
            fallbackName="auto-topup-transactions"
            disabled={!runs.data || runs.data.total === 0}
          />
        }
      />
      <Card className="overflow-hidden">
        <FilterBar label="Top-up filters" fields={RUN_FILTER_FIELDS} />
        {runs.isError ? (
          <div className="p-6">
            <QueryError
              title="Your auto top-up transactions could not be loaded."
              onRetry={() => runs.refetch()}
            />
          </div>
        ) : (
          <div className={runs.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            <RunsTable
              rows={runs.data?.data ?? []}
              loading={runs.isPending}
              vendPath="/dashboard/vending-history"
              emptyText={
                (runs.data?.total ?? 0) > 0
                  ? 'Nothing on this page. Go back to the first page.'
                  : hasRunFilters(filters)
                    ? 'No top-ups match these filters.'
                    : 'No top-ups yet. They show here as your subscribers are topped up.'
              }
            />
          </div>
        )}
        {runs.data ? (
          <Pager
            hasMorePages={runs.data.hasMorePages}
            lastPage={runs.data.lastPage}
            nextCursor={runs.data.nextCursor}
            prevCursor={runs.data.prevCursor}
            totalIsEstimate={runs.data.totalIsEstimate}
            disabled={runs.isFetching}
          />
        ) : null}
      </Card>
    </div>
  );
}

export default function AutoTopupTransactionsRoute() {
  return (
    <AutoTopupGate title="Auto Top-up Transactions">
      <TransactionsScreen />
    </AutoTopupGate>
  );
}
