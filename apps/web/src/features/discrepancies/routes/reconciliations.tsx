// Provider reconciliation (issue 49): each run of a provider's Lagos day (the daily job's and
// those run by hand), filtered and paged from the URL; a run opens its counts, amounts and
// mismatches. Admins with vending.manage reconcile a day on demand.
import type { ReconciliationView } from '@vendport/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryError } from '@/components/query-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FilterBar } from '@/components/ui/filter-bar';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { type Column, Table } from '@/components/ui/table';
import { WhenCell } from '@/components/when-cell';
import { formatDate } from '@/lib/format';
import { usePermissions } from '@/lib/permissions';
import { useReconciliations } from '../api/get-reconciliations';
import { RunDetail } from '../components/run-detail';
import { RunForm } from '../components/run-form';
import { reconciliationFields, useReconciliationFilters } from '../components/use-discrepancy-filters';

const STATUS_TONE = { DONE: 'success', FAILED: 'danger', RUNNING: 'info' } as const;

export default function ReconciliationsRoute() {
  const { can } = usePermissions();
  const filters = useReconciliationFilters();
  const runs = useReconciliations(filters);
  const [open, setOpen] = useState<string | null>(null);

  const columns: Column<ReconciliationView>[] = [
    { key: 'day', header: 'Day', card: 'main', cell: (r) => formatDate(r.day) },
    { key: 'provider', header: 'Provider', card: 'main', cell: (r) => r.provider },
    {
      key: 'status',
      header: 'Status',
      card: 'main',
      cell: (r) => <Badge tone={STATUS_TONE[r.status]}>{r.status.toLowerCase()}</Badge>,
    },
    {
      key: 'counts',
      header: 'Ours / theirs',
      align: 'right',
      cell: (r) => (
        <span className="tabular-nums">
          {r.ourCount} / {r.providerCount}
        </span>
      ),
    },
    {
      key: 'matched',
      header: 'Matched',
      align: 'right',
      cell: (r) => <span className="tabular-nums">{r.matched}</span>,
    },
    {
      key: 'mismatches',
      header: 'Mismatches',
      align: 'right',
      card: 'main',
      cell: (r) =>
        r.mismatches ? <Badge tone="warning">{r.mismatches}</Badge> : <span className="tabular-nums">0</span>,
    },
    {
      key: 'ran',
      header: 'Ran',
      cell: (r) => <WhenCell at={r.startedAt} />,
    },
    {
      key: 'open',
      header: <span className="sr-only">Open</span>,
      card: 'action',
      align: 'right',
      cell: (r) => (
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Open the ${r.provider} run of ${formatDate(r.day)}`}
          onClick={() => setOpen(r.id)}
        >
          Open
        </Button>
      ),
    },
  ];

  return (
    <div className="space-y-4">
      <PageHeader
        title="Reconciliation"
        description="Each provider’s day compared with ours, attempt by attempt; every mismatch goes to the review queue."
        actions={
          <Link
            to="/admin-dashboard/discrepancies?status=OPEN"
            className="text-sm font-medium text-brand-700 hover:underline"
          >
            Review queue
          </Link>
        }
      />
      <Card className="overflow-hidden">
        {can('vending.manage') ? <RunForm onDone={setOpen} /> : null}
        <FilterBar label="Reconciliation filters" fields={reconciliationFields} />
        {runs.isError ? (
          <div className="p-6">
            <QueryError title="The reconciliations could not be loaded." onRetry={() => runs.refetch()} />
          </div>
        ) : (
          <Table
            caption="Reconciliation runs"
            columns={columns}
            rows={runs.data?.data ?? []}
            rowKey={(r) => r.id}
            loading={runs.isPending}
            emptyText="No reconciliation has run yet."
          />
        )}
        {runs.data ? (
          <Pager
            hasMorePages={runs.data.hasMorePages}
            lastPage={runs.data.lastPage}
            disabled={runs.isFetching}
          />
        ) : null}
      </Card>
      {open ? <RunDetail id={open} /> : null}
    </div>
  );
}
