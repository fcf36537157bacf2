// The admin's reconciliation with Paystack (issue 50): the latest runs (what Paystack received,
// what wallets were credited, the difference) and the discrepancies the sweep raised, each resolved
// once by a password-confirmed action; the discrepancies as CSV. A run can be started at once.
import {
  GATEWAY_DISCREPANCY_LABELS,
  type GatewayDiscrepancyView,
  type GatewayReconRunView,
} from '@vendport/shared';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { ExportCsvButton } from '@/components/export-csv-button';
import { QueryError } from '@/components/query-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { type Column, Table } from '@/components/ui/table';
import { Tabs } from '@/components/ui/tabs';
import { WhenCell } from '@/components/when-cell';
import { toastApiError } from '@/lib/api-toasts';
import { formatNaira } from '@/lib/format';
import { usePermissions } from '@/lib/permissions';
import { GATEWAY_RECONCILIATION_PATH, useGatewayReconciliation } from '../api/get-gateway-reconciliation';
import { useRunGatewayReconciliation } from '../api/run-gateway-reconciliation';
import { ResolveDiscrepancyModal } from '../components/resolve-discrepancy-modal';

type View = 'OPEN' | 'RESOLVED' | 'ALL';

const kobo = (k: number | null, currency?: string | null) =>
  k === null ? '—' : !currency || currency === 'NGN' ? formatNaira(k) : `${k} ${currency} subunits`;

const runColumns: Column<GatewayReconRunView>[] = [
  {
    key: 'started',
    header: 'Started',
    cell: (r) => <WhenCell at={r.startedAt} />,
    card: 'main',
  },
  {
    key: 'kind',
    header: 'Run',
    cell: (r) => (r.kind === 'DAILY' ? 'Daily (previous day)' : 'Sweep (48 hours)'),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (r) => (
      <Badge tone={r.status === 'DONE' ? 'success' : r.status === 'FAILED' ? 'danger' : 'info'}>
        {r.status}
      </Badge>
    ),
    card: 'main',
  },
  {
    key: 'paystack',
    header: 'Paystack received',
    align: 'right',
    cell: (r) => formatNaira(r.paystackTotalKobo),
    card: 'main',
  },
  {
    key: 'ours',
    header: 'Booked here',
    align: 'right',
    cell: (r) => formatNaira(r.oursTotalKobo),
    card: 'main',
  },
  {
    key: 'difference',
    header: 'Difference',
    align: 'right',
    cell: (r) => (
      <span className={r.differenceKobo === 0 ? undefined : 'font-medium text-amber-700'}>
        {formatNaira(r.differenceKobo)}
      </span>
    ),
    card: 'main',
  },
  { key: 'credited', header: 'Credited by the run', align: 'right', cell: (r) => r.creditedCount },
  { key: 'found', header: 'Discrepancies', align: 'right', cell: (r) => r.discrepancyCount },
];

export default function GatewayReconciliationRoute() {
  const [params, setParams] = useSearchParams();
  const view = (params.get('view') as View | null) ?? 'OPEN';
  const status = view === 'ALL' ? undefined : view;
  const data = useGatewayReconciliation(status);
  const run = useRunGatewayReconciliation();
  const { can } = usePermissions();
  const [resolving, setResolving] = useState<GatewayDiscrepancyView | null>(null);

  const discrepancyColumns: Column<GatewayDiscrepancyView>[] = [
    { key: 'code', header: 'ID', cell: (d) => d.code, card: 'main' },
    {
      key: 'raised',
      header: 'Raised',
      cell: (d) => <WhenCell at={d.createdAt} />,
    },
    {
      key: 'kind',
      header: 'Kind',
      cell: (d) => GATEWAY_DISCREPANCY_LABELS[d.kind as keyof typeof GATEWAY_DISCREPANCY_LABELS] ?? d.kind,
      card: 'main',
    },
    { key: 'reference', header: 'Paystack reference', cell: (d) => d.reference },
    { key: 'client', header: 'Client', cell: (d) => d.corporateName ?? '—', wrap: true },
    {
      key: 'paystack',
      header: 'Paystack',
      align: 'right',
      cell: (d) => kobo(d.paystackAmountKobo, d.paystackCurrency),
      card: 'main',
    },
    { key: 'ours', header: 'Credited', align: 'right', cell: (d) => kobo(d.oursAmountKobo) },
    { key: 'detail', header: 'Detail', cell: (d) => d.detail, wrap: { min: '12rem', max: '22rem' } },
    {
      key: 'status',
      header: 'Status',
      cell: (d) =>
        d.status === 'OPEN' ? (
          <Badge tone="warning">Open</Badge>
        ) : (
          <Badge tone="success">{`Resolved: ${d.resolution?.toLowerCase().replace('_', ' ')}`}</Badge>
        ),
      card: 'main',
    },
    {
      key: 'action',
      header: '',
      cell: (d) =>
        d.status === 'OPEN' && can('funding.manage') ? (
          <Button size="sm" variant="secondary" onClick={() => setResolving(d)}>
            Resolve
          </Button>
        ) : null,
      card: 'action',
    },
  ];

  const runNow = () =>
    run.mutate(undefined, {
      onSuccess: (res) => {
        if (res.success === false) {
          toast.error(res.message || 'The reconciliation could not run.');
          return;
        }
        toast.success(res.message);
      },
      onError: toastApiError,
    });

  return (
    <div className="space-y-4">
      <PageHeader
        title="Gateway Reconciliation"
        description="What Paystack received against what wallets were credited, every few minutes for the last 48 hours and daily for the previous day."
        actions={
          <div className="flex flex-wrap gap-2">
            {can('funding.manage') ? (
              <Button variant="secondary" onClick={runNow} loading={run.isPending}>
                Reconcile now
              </Button>
            ) : null}
            <ExportCsvButton
              path={GATEWAY_RECONCILIATION_PATH}
              query={{ status }}
              fallbackName="gateway-discrepancies"
            />
          </div>
        }
      />
      {data.isError ? (
        <QueryError title="The reconciliation could not be loaded." onRetry={() => data.refetch()} />
      ) : (
        <>
          <Card className="overflow-hidden">
            <h2 className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">
              Runs
            </h2>
            <Table
              caption="Reconciliation runs"
              columns={runColumns}
              rows={data.data?.data?.runs ?? []}
              rowKey={(r) => r.id}
              loading={data.isPending}
              emptyText="No reconciliation has run yet."
              dense
            />
          </Card>
          <Card className="overflow-hidden">
            <h2 className="px-4 pt-3 text-base font-semibold text-slate-900">Discrepancies</h2>
            <div className="px-4">
              <Tabs
                label="Discrepancies shown"
                value={view}
                onChange={(v) => setParams({ view: v })}
                items={[
                  { value: 'OPEN', label: 'Open' },
                  { value: 'RESOLVED', label: 'Resolved' },
                  { value: 'ALL', label: 'All' },
                ]}
              />
            </div>
            <Table
              caption="Gateway discrepancies"
              columns={discrepancyColumns}
              rows={data.data?.data?.discrepancies ?? []}
              rowKey={(d) => d.id}
              loading={data.isPending}
              emptyText={
                view === 'OPEN'
                  ? 'No open discrepancies: Paystack and the wallets agree.'
                  : 'No discrepancies.'
              }
              dense
            />
          </Card>
        </>
      )}
      <ResolveDiscrepancyModal discrepancy={resolving} onClose={() => setResolving(null)} />
    </div>
  );
}
