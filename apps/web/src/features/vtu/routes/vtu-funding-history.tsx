// VTU funding history: every purchase of float for a line (date, line, network, amount, the
// payment reference, who recorded it), filtered and paged from the URL, exportable as CSV.
import type { VtuFundingView } from '@vendport/shared';
import type { Column } from '@/components/ui/table';
import { WhenCell } from '@/components/when-cell';
import { networkLabel } from '@/lib/catalogue-labels';
import { formatNaira } from '@/lib/format';
import { useVtuFundingHistory, VTU_FUNDING_HISTORY_PATH } from '../api/get-vtu-funding-history';
import { useVtuHistoryFilters } from '../components/use-vtu-history-filters';
import { VtuHistoryPage } from '../components/vtu-history-page';

const columns: Column<VtuFundingView>[] = [
  { key: 'date', header: 'Date', cell: (r) => <WhenCell at={r.createdAt} /> },
  {
    key: 'line',
    header: 'Line',
    wrap: true,
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
  { key: 'by', header: 'Recorded by', cell: (r) => r.actorEmail ?? '—' },
];

export default function VtuFundingHistoryRoute() {
  const filters = useVtuHistoryFilters();
  const history = useVtuFundingHistory(filters);
  return (
    <VtuHistoryPage
      title="VTU Funding History"
      description="Every purchase of float for a VTU line, newest first."
      exportPath={VTU_FUNDING_HISTORY_PATH}
      exportName="vtu-funding-history"
      filterLabel="VTU funding filters"
      searchPlaceholder="Reference or line"
      errorTitle="The VTU funding history could not be loaded."
      caption="VTU fundings"
      emptyText={{
        filtered: 'No VTU fundings match these filters.',
        none: 'No float has been bought for any line yet.',
      }}
      filters={filters}
      history={history}
      columns={columns}
      rowKey={(r) => r.id}
    />
  );
}
