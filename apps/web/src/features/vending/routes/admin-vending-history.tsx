// Every client's vends for admins: the §3 filters with client type, the client's name, the pager
// in the URL, CSV export; a row opens the vend (requery, reversal).
import { Link } from 'react-router';
import { ExportCsvButton } from '@/components/export-csv-button';
import { QueryError } from '@/components/query-error';
import { Card } from '@/components/ui/card';
import { FilterBar } from '@/components/ui/filter-bar';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { usePermissions } from '@/lib/permissions';
import { ADMIN_VENDING_HISTORY_PATH, useAdminVendingHistory } from '../api/get-admin-vending-history';
import { hasFilters, useVendingFilters, vendingFilterFields } from '../components/use-vending-filters';
import { VendingTable } from '../components/vending-table';

export default function AdminVendingHistoryRoute() {
  const { can } = usePermissions();
  const filters = useVendingFilters();
  const history = useAdminVendingHistory(filters);

  return (
    <div>
      <PageHeader
        title="Vending History"
        description="Airtime and data purchases across every corporate client."
        actions={
          <ExportCsvButton
            path={ADMIN_VENDING_HISTORY_PATH}
            query={filters}
            fallbackName="vending-transactions"
            disabled={!history.data || history.data.total === 0}
          />
        }
      />
      <Card className="overflow-hidden">
        <FilterBar label="Vending filters" fields={vendingFilterFields('ADMIN')} />
        {history.isError ? (
          <div className="p-6">
            <QueryError title="Vending transactions could not be loaded." onRetry={() => history.refetch()} />
          </div>
        ) : (
          <div className={history.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            <VendingTable
              rows={history.data?.data ?? []}
              loading={history.isPending}
              detailsPath="/admin-dashboard/vending-history"
              emptyText={
                (history.data?.total ?? 0) > 0
                  ? 'Nothing on this page. Go back to the first page.'
                  : hasFilters(filters)
                    ? 'No vends match these filters.'
                    : 'No vends yet.'
              }
              client={(r) =>
                can('clients.read') ? (
                  <Link
                    to={`/admin-dashboard/view-corporate-client/${r.corporateId}`}
                    onClick={(e) => e.stopPropagation()}
                    className="hover:text-brand-700 hover:underline"
                  >
                    {r.corporateName}
                  </Link>
                ) : (
                  r.corporateName
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
