// VTU consumption history: the live vends holding the lines' float (pending or successful; a
// failed vend gave it back), with line, network, phone, type, amount, status and client, filtered
// and paged from the URL, exportable as CSV.
import type { VtuConsumptionView } from '@vendport/shared';
import { Link } from 'react-router';
import { FundingStatusBadge } from '@/components/funding-status-badge';
import type { Column } from '@/components/ui/table';
import { WhenCell } from '@/components/when-cell';
import { networkLabel, serviceTypeLabel } from '@/lib/catalogue-labels';
import { formatNaira } from '@/lib/format';
import { usePermissions } from '@/lib/permissions';
import { useVtuConsumptionHistory, VTU_CONSUMPTION_HISTORY_PATH } from '../api/get-vtu-consumption-history';
import { useVtuHistoryFilters } from '../components/use-vtu-history-filters';
import { VtuHistoryPage } from '../components/vtu-history-page';

export default function VtuConsumptionHistoryRoute() {
  const { can } = usePermissions();
  const filters = useVtuHistoryFilters();
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
      wrap: true,
      cell: (r) => r.corporateName,
    },
    {
      key: 'line',
      header: 'Line',
      wrap: true,
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
    <VtuHistoryPage
      title="VTU Consumption History"
      description="Live vends that used a VTU line's float, newest first. A failed vend gives its float back and is not listed."
      exportPath={VTU_CONSUMPTION_HISTORY_PATH}
      exportName="vtu-consumption-history"
      filterLabel="VTU consumption filters"
      searchPlaceholder="Phone or vend ID"
      errorTitle="The VTU consumption history could not be loaded."
      caption="VTU consumption"
      emptyText={{
        filtered: 'No VTU consumption matches these filters.',
        none: 'No vend has used a VTU line’s float yet.',
      }}
      filters={filters}
      history={history}
      columns={columns}
      rowKey={(r) => r.vendId}
    />
  );
}
