// "Provider codes" on the Data plans screen (issue 32): for the chosen provider (VTPASS or
// RELOADLY, kept in the URL), each plan of ours with its code, price and state there; a plan with no
// code is never routed to that provider. Managers edit a mapping and sync from VTpass.
import { PLAN_PROVIDERS, type PlanProvider, type ProviderPlanView } from '@vendport/shared';
import { useState } from 'react';
import { QueryError } from '@/components/query-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Select } from '@/components/ui/select';
import { type Column, Table } from '@/components/ui/table';
import { networkLabel } from '@/lib/catalogue-labels';
import { countOf, formatNaira } from '@/lib/format';
import { useProviderPlans } from '../api/provider-plans';
import { ProviderPlanModal } from './provider-plan-modal';
import { ProviderSyncModal } from './provider-sync-modal';

const PROVIDER_OPTIONS = PLAN_PROVIDERS.map((p) => ({
  value: p,
  label: p === 'VTPASS' ? 'VTpass' : 'Reloadly',
}));

function MappingState({ row }: { row: ProviderPlanView }) {
  if (!row.mapping) return <Badge tone="neutral">Not mapped</Badge>;
  return row.mapping.active ? <Badge tone="success">Active</Badge> : <Badge tone="warning">Inactive</Badge>;
}

export function ProviderCodes({
  provider,
  onProvider,
  manage,
}: {
  provider: PlanProvider;
  onProvider: (p: PlanProvider) => void;
  manage: boolean;
}) {
  const rows = useProviderPlans(provider);
  const [editing, setEditing] = useState<ProviderPlanView | null>(null);
  const [syncing, setSyncing] = useState(false);
  const list = rows.data ?? [];
  const mapped = list.filter((r) => r.mapping?.active).length;

  const columns: Column<ProviderPlanView>[] = [
    {
      key: 'plan',
      card: 'main',
      header: 'Our plan',
      wrap: true,
      cell: (r) => (
        <div>
          <div className="font-mono text-xs text-slate-800">{r.code}</div>
          <div className="text-xs text-slate-500">
            {networkLabel(r.network)} · {r.name}
          </div>
        </div>
      ),
    },
    {
      key: 'price',
      header: 'Our price',
      align: 'right',
      cell: (r) => <span className="tabular-nums">{formatNaira(r.priceKobo)}</span>,
    },
    {
      key: 'code',
      card: 'main',
      header: `${provider} code`,
      cell: (r) =>
        r.mapping ? (
          <span className="font-mono text-xs text-slate-800">{r.mapping.providerCode}</span>
        ) : (
          <span className="text-slate-400">None</span>
        ),
    },
    {
      key: 'providerPrice',
      card: 'main',
      header: `${provider} price`,
      align: 'right',
      cell: (r) =>
        r.mapping?.providerPriceKobo != null ? (
          <span className="font-medium tabular-nums text-slate-900">
            {formatNaira(r.mapping.providerPriceKobo)}
          </span>
        ) : (
          <span className="text-slate-400">None</span>
        ),
    },
    { key: 'state', card: 'main', header: 'Mapping', cell: (r) => <MappingState row={r} /> },
    ...(manage
      ? [
          {
            key: 'actions',
            card: 'action' as const,
            header: <span className="sr-only">Actions</span>,
            align: 'right' as const,
            cell: (r: ProviderPlanView) => (
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Edit ${provider} code of ${r.code}`}
                onClick={() => setEditing(r)}
              >
                {r.mapping ? 'Edit' : 'Add code'}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card className="overflow-hidden">
      <div className="flex flex-wrap items-end gap-3 border-b border-slate-100 p-4">
        <Select
          label="Provider"
          options={PROVIDER_OPTIONS}
          value={provider}
          onChange={(e) => onProvider(e.target.value as PlanProvider)}
          containerClassName="w-48"
        />
        <p className="flex-1 text-sm text-slate-500">
          A plan with no active {provider} code is never sent to {provider}; its vends go to the next
          provider.
        </p>
        {manage && provider === 'VTPASS' ? (
          <Button variant="secondary" onClick={() => setSyncing(true)} disabled={!rows.data}>
            Sync from provider
          </Button>
        ) : null}
      </div>
      {rows.isError ? (
        <div className="p-6">
          <QueryError title="Provider codes could not be loaded." onRetry={() => rows.refetch()} />
        </div>
      ) : (
        <div className={rows.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          <Table
            caption={`${provider} codes`}
            columns={columns}
            rows={list}
            rowKey={(r) => r.dataPlanId}
            loading={rows.isPending}
            emptyText="No data plans yet."
          />
        </div>
      )}
      {rows.data ? (
        <p className="border-t border-slate-100 px-4 py-3 text-sm text-slate-500">
          {mapped} of {countOf(list.length, 'plan')} mapped at {provider}
        </p>
      ) : null}
      {editing ? <ProviderPlanModal row={editing} onClose={() => setEditing(null)} /> : null}
      {syncing ? <ProviderSyncModal plans={list} onClose={() => setSyncing(false)} /> : null}
    </Card>
  );
}
