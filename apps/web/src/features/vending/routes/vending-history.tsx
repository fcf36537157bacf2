// The client's vending: "Buy airtime & data" (one purchase, or a CSV of many) above the history
// of every purchase, with the §3 filters and the pager in the URL, CSV export, and a row opening
// the purchase's details.
import { ExportCsvButton } from '@/components/export-csv-button';
import { QueryError } from '@/components/query-error';
import { Card } from '@/components/ui/card';
import { FilterBar } from '@/components/ui/filter-bar';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { usePermissions } from '@/lib/permissions';
import { useVendingHistory, VENDING_HISTORY_PATH } from '../api/get-vending-history';
import { hasFilters, useVendingFilters, vendingFilterFields } from '../components/use-vending-filters';
import { VendPanel } from '../components/vend-panel';
import { VendingTable } from '../components/vending-table';

const DETAILS_PATH = '/dashboard/vending-history';

export default function VendingHistoryRoute() {
  const { can } = usePermissions();
  const canRead = can('transactions.read');
  const filters = useVendingFilters();
  const history = useVendingHistory(filters, canRead);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Vending History"
        description="Buy airtime and data, and follow every purchase to its final status."
        actions={
          canRead ? (
            <ExportCsvButton
              path={VENDING_HISTORY_PATH}
              query={filters}
              fallbackName="vending-history"
              disabled={!history.data || history.data.total === 0}
            />
          ) : undefined
        }
      />
      {can('vend') ? <VendPanel detailsPath={DETAILS_PATH} /> : null}
      {canRead ? (
        <Card className="overflow-hidden">
          <FilterBar label="Vending filters" fields={vendingFilterFields('CORPORATE')} />
          {history.isError ? (
            <div className="p-6">
              <QueryError
                title="Your vending history could not be loaded."
                onRetry={() => history.refetch()}
              />
            </div>
          ) : (
            <div className={history.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
              <VendingTable
                rows={history.data?.data ?? []}
                loading={history.isPending}
                detailsPath={DETAILS_PATH}
                emptyText={
                  (history.data?.total ?? 0) > 0
                    ? 'Nothing on this page. Go back to the first page.'
                    : hasFilters(filters)
                      ? 'No purchases match these filters.'
                      : 'No purchases yet. Your airtime and data purchases will show here.'
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
      ) : null}
    </div>
  );
}
