// VTU funding history: every purchase of float for a line (date, line, network, amount, the
// payment reference, who recorded it), filtered and paged from the URL, exportable as CSV.
import type { VtuFundingView } from '@vendport/shared';
import { ExportCsvButton } from '@/components/export-csv-button';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FilterBar } from '@/components/ui/filter-bar';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { type Column, Table } from '@/components/ui/table';
import { networkLabel } from '@/lib/catalogue-labels';
import { formatNaira } from '@/lib/format';
import { useVtuFundingHistory, VTU_FUNDING_HISTORY_PATH } from '../api/get-vtu-funding-history';
import { hasFilters, useVtuHistoryFields, useVtuHistoryFilters } from '../components/use-vtu-history-filters';
import { WhenCell } from '../components/when-cell';

const columns: Column<VtuFundingView>[] = [
  { key: 'date', header: 'Date', cell: (r) => <WhenCell at={r.createdAt} /> },
  {
    key: 'line',
    header: 'Line',
    cell: (r) => (
      <div>
        <div className="font-medium text-slate-900">{r.lineName}</div>
        <div className="font-mono text-xs text-slate-500">{r.lineCode}</div>
      </div>
    ),
  },
  { key: 'network', header: 'Network', cell: (r) => networkLabel(r.network) },
  {
    key: 'amount',
    header: 'Amount',
    align: 'right',
    cell: (r) => <span className="font-medium tabular-nums text-slate-900">{formatNaira(r.amountKobo)}</span>,
  },
  {
    key: 'reference',
    header: 'Payment reference',
    cell: (r) => <span className="font-mono text-xs">{r.reference}</span>,
  },
  { key: 'by', header: 'Recorded by', cell: (r) => r.actorEmail ?? 'NIL' },
];

export default function VtuFundingHistoryRoute() {
  const filters = useVtuHistoryFilters();
  const fields = useVtuHistoryFields('Reference or line');
  const history = useVtuFundingHistory(filters);
  return (
    <div className="space-y-4">
      <PageHeader
        title="VTU Funding History"
        description="Every purchase of float for a VTU line, newest first."
        actions={
          <ExportCsvButton
            path={VTU_FUNDING_HISTORY_PATH}
            query={filters}
            fallbackName="vtu-funding-history"
          />
        }
      />
      <Card className="overflow-hidden">
        <FilterBar label="VTU funding filters" fields={fields} />
        {history.isError ? (
          <div className="p-6">
            <Alert tone="error" title="The VTU funding history could not be loaded.">
              <Button variant="link" size="sm" onClick={() => history.refetch()}>
                Try again
              </Button>
            </Alert>
          </div>
        ) : (
          <div className={history.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            <Table
              caption="VTU fundings"
              columns={columns}
              rows={history.data?.data ?? []}
              rowKey={(r) => r.id}
              loading={history.isPending}
              emptyText={
                hasFilters(filters)
                  ? 'No VTU fundings match these filters.'
                  : 'No float has been bought for any line yet.'
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
