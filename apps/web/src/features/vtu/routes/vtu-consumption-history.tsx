// VTU consumption history: the live vends holding the lines' float (pending or successful; a
// failed vend gave it back), with line, network, phone, type, amount, status and client, filtered
// and paged from the URL, exportable as CSV.
import type { VtuConsumptionView } from '@vendport/shared';
import { Link } from 'react-router';
import { ExportCsvButton } from '@/components/export-csv-button';
import { FundingStatusBadge } from '@/components/funding-status-badge';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FilterBar } from '@/components/ui/filter-bar';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { type Column, Table } from '@/components/ui/table';
import { networkLabel, serviceTypeLabel } from '@/lib/catalogue-labels';
import { formatNaira } from '@/lib/format';
import { usePermissions } from '@/lib/permissions';
import { useVtuConsumptionHistory, VTU_CONSUMPTION_HISTORY_PATH } from '../api/get-vtu-consumption-history';
import { hasFilters, useVtuHistoryFields, useVtuHistoryFilters } from '../components/use-vtu-history-filters';
import { WhenCell } from '../components/when-cell';

export default function VtuConsumptionHistoryRoute() {
  const { can } = usePermissions();
  const filters = useVtuHistoryFilters();
  const fields = useVtuHistoryFields('Phone or vend ID');
  const history = useVtuConsumptionHistory(filters);

  const columns: Column<VtuConsumptionView>[] = [
    { key: 'date', header: 'Date', cell: (r) => <WhenCell at={r.createdAt} /> },
    {
      key: 'vend',
      header: 'Vend',
      cell: (r) => (
        <div>
          {can('vending.read') ? (
            <Link
              to={`/admin-dashboard/vending-history/${r.vendId}`}
              className="font-mono text-xs text-brand-700 hover:underline"
            >
              {r.vendCode}
            </Link>
          ) : (
            <span className="font-mono text-xs text-slate-800">{r.vendCode}</span>
          )}
          <div className="text-slate-800 tabular-nums">{r.phone}</div>
          <div className="text-xs text-slate-500">{serviceTypeLabel(r.type)}</div>
        </div>
      ),
    },
    {
      key: 'client',
      header: 'Client',
      cell: (r) => (
        <span className="block max-w-[12rem] truncate" title={r.corporateName}>
          {r.corporateName}
        </span>
      ),
    },
    {
      key: 'line',
      header: 'Line',
      cell: (r) => (
        <div>
          <div className="font-medium text-slate-900">{r.lineName}</div>
          <div className="text-xs text-slate-500">
            {networkLabel(r.network)} · <span className="font-mono">{r.lineCode}</span>
          </div>
        </div>
      ),
    },
    {
      key: 'amount',
      header: 'Amount',
      align: 'right',
      cell: (r) => (
        <span className="font-medium tabular-nums text-slate-900">{formatNaira(r.amountKobo)}</span>
      ),
    },
    { key: 'status', header: 'Status', cell: (r) => <FundingStatusBadge status={r.status} /> },
  ];

  return (
    <div className="space-y-4">
      <PageHeader
        title="VTU Consumption History"
        description="Live vends that used a VTU line's float, newest first. A failed vend gives its float back and is not listed."
        actions={
          <ExportCsvButton
            path={VTU_CONSUMPTION_HISTORY_PATH}
            query={filters}
            fallbackName="vtu-consumption-history"
          />
        }
      />
      <Card className="overflow-hidden">
        <FilterBar label="VTU consumption filters" fields={fields} />
        {history.isError ? (
          <div className="p-6">
            <Alert tone="error" title="The VTU consumption history could not be loaded.">
              <Button variant="link" size="sm" onClick={() => history.refetch()}>
                Try again
              </Button>
            </Alert>
          </div>
        ) : (
          <div className={history.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            <Table
              caption="VTU consumption"
              columns={columns}
              rows={history.data?.data ?? []}
              rowKey={(r) => r.vendId}
              loading={history.isPending}
              emptyText={
                hasFilters(filters)
                  ? 'No VTU consumption matches these filters.'
                  : 'No vend has used a VTU line’s float yet.'
              }
            />
          </div>
        )}
        {history.data ? (
          <Pager
            hasMorePages={history.data.hasMorePages}
            lastPage={history.data.lastPage}
            disabled={history.isFetching}
          />
        ) : null}
      </Card>
    </div>
  );
}
