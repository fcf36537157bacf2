// The review queue (issue 49): every discrepancy between our vends and a provider's word, with
// both versions, filtered and paged from the URL, exportable as CSV. An admin with vending.manage
// resolves an open one (password-confirmed): charge again or write off a delivery we refunded,
// reverse a vend the provider refunded, or dismiss with a note.
import { DISCREPANCY_KIND_LABELS, type DiscrepancyView } from '@vendport/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { ExportCsvButton } from '@/components/export-csv-button';
import { QueryError } from '@/components/query-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FilterBar } from '@/components/ui/filter-bar';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { type Column, Table } from '@/components/ui/table';
import { WhenCell } from '@/components/when-cell';
import { formatDate, formatNaira, formatTime } from '@/lib/format';
import { usePermissions } from '@/lib/permissions';
import { DISCREPANCIES_PATH, useDiscrepancies } from '../api/get-discrepancies';
import { ResolveModal } from '../components/resolve-modal';
import {
  discrepancyFields,
  hasFilters,
  sourceLabel,
  useDiscrepancyFilters,
} from '../components/use-discrepancy-filters';

const RESOLUTION_LABELS: Record<string, string> = {
  CHARGED_AGAIN: 'Charged again',
  WRITTEN_OFF: 'Written off',
  REVERSED: 'Reversed',
  DISMISSED: 'Dismissed',
};

const version = (status: string | null, kobo: number | null) => (
  <div>
    <div className="font-medium text-slate-900">{status ?? '—'}</div>
    {kobo !== null ? <div className="text-xs tabular-nums text-slate-500">{formatNaira(kobo)}</div> : null}
  </div>
);

export default function DiscrepanciesRoute() {
  const { can } = usePermissions();
  const manage = can('vending.manage');
  const filters = useDiscrepancyFilters();
  const list = useDiscrepancies(filters);
  const [resolving, setResolving] = useState<DiscrepancyView | null>(null);

  const columns: Column<DiscrepancyView>[] = [
    {
      key: 'raised',
      header: 'Raised',
      card: 'main',
      cell: (d) => <WhenCell at={d.createdAt} />,
    },
    {
      key: 'kind',
      header: 'Discrepancy',
      card: 'main',
      wrap: { min: '11rem', max: '15rem' },
      cell: (d) => (
        <div>
          <div className="font-medium text-slate-900">{DISCREPANCY_KIND_LABELS[d.kind]}</div>
          <div className="text-xs text-slate-500">
            {d.provider} · {sourceLabel(d.source)}
          </div>
        </div>
      ),
    },
    {
      key: 'vend',
      header: 'Vend',
      card: 'main',
      cell: (d) =>
        d.vendId && d.vendCode ? (
          <div>
            <Link
              to={`/admin-dashboard/vending-history/${d.vendId}`}
              className="font-mono text-xs text-brand-700 hover:underline"
            >
              {d.vendCode}
            </Link>
            <div className="text-xs text-slate-500">{d.corporateName}</div>
          </div>
        ) : (
          <span className="font-mono text-xs text-slate-500">{d.providerReference ?? '—'}</span>
        ),
    },
    { key: 'ours', header: 'Our books', cell: (d) => version(d.ourStatus, d.ourAmountKobo) },
    { key: 'theirs', header: 'Provider says', cell: (d) => version(d.providerStatus, d.providerAmountKobo) },
    {
      key: 'status',
      header: 'Status',
      card: 'main',
      cell: (d) =>
        d.status === 'OPEN' ? (
          <Badge tone="warning">Open</Badge>
        ) : (
          <div>
            <Badge tone="success">{RESOLUTION_LABELS[d.resolution ?? ''] ?? 'Resolved'}</Badge>
            {d.resolvedAt ? (
              <div className="mt-1 text-xs text-slate-500">
                {formatDate(d.resolvedAt)} {formatTime(d.resolvedAt)}
              </div>
            ) : null}
          </div>
        ),
    },
    ...(manage
      ? [
          {
            key: 'action',
            header: <span className="sr-only">Actions</span>,
            card: 'action' as const,
            align: 'right' as const,
            cell: (d: DiscrepancyView) =>
              d.status === 'OPEN' ? (
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Resolve ${d.vendCode ?? d.providerReference ?? 'discrepancy'}`}
                  onClick={() => setResolving(d)}
                >
                  Resolve
                </Button>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <div>
      <PageHeader
        title="Discrepancies"
        description="Where a provider’s word contradicts a final vend, or a reconciliation found a mismatch. Nothing moves until an admin resolves it."
        actions={
          <ExportCsvButton
            path={DISCREPANCIES_PATH}
            query={filters}
            fallbackName="discrepancies"
            disabled={!list.data || list.data.total === 0}
          />
        }
      />
      <Card className="overflow-hidden">
        <FilterBar label="Discrepancy filters" fields={discrepancyFields} />
        {list.isError ? (
          <div className="p-6">
            <QueryError title="The discrepancies could not be loaded." onRetry={() => list.refetch()} />
          </div>
        ) : (
          <div className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            <Table
              caption="Discrepancies"
              columns={columns}
              rows={list.data?.data ?? []}
              rowKey={(d) => d.id}
              loading={list.isPending}
              emptyText={
                (list.data?.total ?? 0) > 0
                  ? 'Nothing on this page. Go back to the first page.'
                  : hasFilters(filters)
                    ? 'No discrepancies match these filters.'
                    : 'No discrepancies: the providers agree with our books.'
              }
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
      </Card>
      <ResolveModal item={resolving} onClose={() => setResolving(null)} />
    </div>
  );
}
