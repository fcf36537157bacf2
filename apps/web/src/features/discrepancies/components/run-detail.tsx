// One reconciliation run: both sides' counts and amounts, then each mismatch with both versions
// and the discrepancy it raised or found (the review queue, filtered to the run), and its CSV.
import { DISCREPANCY_KIND_LABELS, type ReconciliationFindingView } from '@vendport/shared';
import { Link } from 'react-router';
import { ExportCsvButton } from '@/components/export-csv-button';
import { QueryError } from '@/components/query-error';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Stat } from '@/components/ui/stat';
import { type Column, Table } from '@/components/ui/table';
import { formatDate, formatNaira } from '@/lib/format';
import { reconciliationPath, useReconciliation } from '../api/get-reconciliation';

const count = (n: number) => n.toLocaleString('en-NG');

const columns: Column<ReconciliationFindingView>[] = [
  {
    key: 'kind',
    header: 'Mismatch',
    card: 'main',
    wrap: { min: '12rem', max: '20rem' },
    cell: (f) => DISCREPANCY_KIND_LABELS[f.kind],
  },
  {
    key: 'vend',
    header: 'Vend',
    card: 'main',
    cell: (f) =>
      f.vendId && f.code ? (
        <Link
          to={`/admin-dashboard/vending-history/${f.vendId}`}
          className="font-mono text-xs text-brand-700 hover:underline"
        >
          {f.code}
        </Link>
      ) : (
        <span className="font-mono text-xs text-slate-500">{f.providerReference ?? '—'}</span>
      ),
  },
  {
    key: 'ours',
    header: 'Our books',
    cell: (f) =>
      `${f.ourStatus ?? '—'}${f.ourAmountKobo !== null ? ` · ${formatNaira(f.ourAmountKobo)}` : ''}`,
  },
  {
    key: 'theirs',
    header: 'Provider says',
    card: 'main',
    cell: (f) =>
      `${f.providerStatus}${f.providerAmountKobo !== null ? ` · ${formatNaira(f.providerAmountKobo)}` : ''}`,
  },
  {
    key: 'raised',
    header: 'Discrepancy',
    cell: (f) =>
      f.raised ? <Badge tone="warning">Raised</Badge> : <Badge tone="neutral">Already raised</Badge>,
  },
];

export function RunDetail({ id }: { id: string }) {
  const run = useReconciliation(id);
  if (run.isError) return <QueryError title="The run could not be loaded." onRetry={() => run.refetch()} />;
  const r = run.data;
  if (!r)
    return (
      <div className="flex justify-center p-6">
        <Spinner />
      </div>
    );
  return (
    <Card className="overflow-hidden" aria-label={`Reconciliation of ${r.provider} on ${formatDate(r.day)}`}>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 p-4">
        <div>
          <h2 className="text-base font-semibold text-slate-900">
            {r.provider} · {formatDate(r.day)}
          </h2>
          {r.error ? <p className="text-sm text-red-700">{r.error}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {r.mismatches > 0 ? (
            <Link
              to={`/admin-dashboard/discrepancies?reconciliationId=${r.id}`}
              className="text-sm font-medium text-brand-700 hover:underline"
            >
              Open in the review queue
            </Link>
          ) : null}
          <ExportCsvButton
            path={reconciliationPath(r.id)}
            query={{}}
            fallbackName={`reconciliation-${r.day}`}
            disabled={r.mismatches === 0}
          />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-4 p-4 md:grid-cols-4">
        <Stat
          label="Our attempts"
          value={count(r.ourCount)}
          hint={`${count(r.ourDeliveredCount)} delivered`}
        />
        <Stat
          label="Provider’s records"
          value={count(r.providerCount)}
          hint={`${count(r.providerDeliveredCount)} delivered`}
        />
        <Stat label="We debited" value={formatNaira(r.ourDebitedKobo)} hint="Clients, for delivered vends" />
        <Stat
          label="Provider charged"
          value={formatNaira(r.providerChargedKobo)}
          hint="Net of its discount"
        />
        <Stat label="Commission to clients" value={formatNaira(r.ourCommissionKobo)} />
        <Stat
          label="Commission earned"
          value={formatNaira(r.providerDiscountKobo)}
          hint="The provider’s discount"
        />
        <Stat label="Matched" value={count(r.matched)} />
        <Stat label="Mismatches" value={count(r.mismatches)} emphasis={r.mismatches > 0} />
      </div>
      <Table
        caption="Mismatches"
        columns={columns}
        rows={r.findings}
        rowKey={(f) => `${f.kind}:${f.vendId ?? f.providerReference}`}
        emptyText="No mismatches: the provider’s record agrees with ours."
      />
    </Card>
  );
}
