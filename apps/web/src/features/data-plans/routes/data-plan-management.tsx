// The data-plan catalogue (DESIGN §2 Data plans): per network (tabs kept in the URL), each plan's
// code, name, data size, validity, price and status. Admins holding services.manage add and
// edit plans and enable or disable them. The "Provider codes" view (?view=provider-codes) shows
// each plan's code and price at an upstream provider (issue 32).
import {
  type DataPlanView,
  NETWORKS,
  type Network,
  PLAN_PROVIDERS,
  type PlanProvider,
} from '@vendport/shared';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { ActiveStatusBadge } from '@/components/active-status-badge';
import { QueryError } from '@/components/query-error';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { FilterBar, useUrlFilters } from '@/components/ui/filter-bar';
import { PageHeader } from '@/components/ui/page-header';
import { type Column, Table } from '@/components/ui/table';
import { Tabs } from '@/components/ui/tabs';
import { useDataPlans } from '@/lib/api/get-data-plans';
import { toastApiError } from '@/lib/api-toasts';
import { CATALOGUE_STATUS_OPTIONS, networkLabel } from '@/lib/catalogue-labels';
import { countOf, formatNaira } from '@/lib/format';
import { usePermissions } from '@/lib/permissions';
import { useUrlParams } from '@/lib/use-url-params';
import { useSetDataPlanStatus } from '../api/set-data-plan-status';
import { DataPlanFormModal } from '../components/data-plan-form-modal';
import { ProviderCodes } from '../components/provider-codes';

type Tab = 'ALL' | Network;
const TABS = [
  { value: 'ALL' as Tab, label: 'All networks' },
  ...NETWORKS.map((n) => ({ value: n as Tab, label: networkLabel(n) })),
];
type View = 'plans' | 'provider-codes';
const VIEWS = [
  { value: 'plans' as View, label: 'Plans' },
  { value: 'provider-codes' as View, label: 'Provider codes' },
];

function PlanStatusModal({ plan, onClose }: { plan: DataPlanView | null; onClose: () => void }) {
  const setStatus = useSetDataPlanStatus();
  const disabling = plan?.status === 'ACTIVE';
  return (
    <ConfirmModal
      open={!!plan}
      title={disabling ? 'Disable data plan' : 'Enable data plan'}
      message={
        plan ? (
          <>
            <strong className="font-medium text-slate-900">{plan.name}</strong> (
            <span className="font-mono">{plan.code}</span>){' '}
            {disabling
              ? 'is withdrawn: clients can no longer buy it until it is enabled again.'
              : 'is offered to clients again.'}
          </>
        ) : null
      }
      confirmLabel={disabling ? 'Disable' : 'Enable'}
      tone={disabling ? 'danger' : 'primary'}
      loading={setStatus.isPending}
      onCancel={onClose}
      onConfirm={() =>
        plan &&
        setStatus.mutate(
          { id: plan.id, status: disabling ? 'INACTIVE' : 'ACTIVE' },
          {
            onSuccess: (res) => {
              if (res.success === false) {
                toast.error(res.message || 'The data plan status could not be changed.');
                return;
              }
              toast.success(res.message);
              onClose();
            },
            onError: toastApiError,
          },
        )
      }
    />
  );
}

export default function DataPlanManagementRoute() {
  const { can } = usePermissions();
  const manage = can('services.manage');
  const [params, editParams] = useUrlParams();
  const raw = params.get('network') ?? '';
  const tab: Tab = (NETWORKS as readonly string[]).includes(raw) ? (raw as Network) : 'ALL';
  const { status } = useUrlFilters(['status'] as const);
  const plans = useDataPlans({ network: tab === 'ALL' ? undefined : tab, status: status || undefined });
  const [editing, setEditing] = useState<{ plan: DataPlanView | null } | null>(null);
  const [toggling, setToggling] = useState<DataPlanView | null>(null);
  const rows = plans.data ?? [];
  const view: View = params.get('view') === 'provider-codes' ? 'provider-codes' : 'plans';
  const rawProvider = params.get('provider') ?? '';
  const provider: PlanProvider = (PLAN_PROVIDERS as readonly string[]).includes(rawProvider)
    ? (rawProvider as PlanProvider)
    : 'VTPASS';
  const showView = (next: View) =>
    editParams((p) => {
      if (next === 'plans') {
        p.delete('view');
        p.delete('provider');
      } else p.set('view', next);
    });
  const showProvider = (next: PlanProvider) => editParams((p) => p.set('provider', next));

  const showTab = (next: Tab) =>
    editParams((p) => {
      if (next === 'ALL') p.delete('network');
      else p.set('network', next);
    });

  const columns: Column<DataPlanView>[] = [
    {
      key: 'code',
      header: 'Code',
      cell: (p) => <span className="font-mono text-xs text-slate-800">{p.code}</span>,
    },
    {
      key: 'name',
      card: 'main',
      header: 'Name',
      wrap: true,
      cell: (p) => (
        <div>
          <div className="font-medium text-slate-900">{p.name}</div>
          {tab === 'ALL' ? <div className="text-xs text-slate-500">{networkLabel(p.network)}</div> : null}
        </div>
      ),
    },
    { key: 'size', header: 'Size', cell: (p) => p.size },
    { key: 'validity', card: 'main', header: 'Validity', cell: (p) => p.validity },
    {
      key: 'price',
      card: 'main',
      header: 'Price',
      align: 'right',
      cell: (p) => (
        <span className="font-medium tabular-nums text-slate-900">{formatNaira(p.priceKobo)}</span>
      ),
    },
    { key: 'status', card: 'main', header: 'Status', cell: (p) => <ActiveStatusBadge status={p.status} /> },
    ...(manage
      ? [
          {
            key: 'actions',
            card: 'action' as const,
            header: <span className="sr-only">Actions</span>,
            align: 'right' as const,
            cell: (p: DataPlanView) => (
              <div className="flex justify-end gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Edit ${p.code}`}
                  onClick={() => setEditing({ plan: p })}
                >
                  Edit
                </Button>
                <Button
                  variant={p.status === 'ACTIVE' ? 'ghost' : 'secondary'}
                  size="sm"
                  aria-label={`${p.status === 'ACTIVE' ? 'Disable' : 'Enable'} ${p.code}`}
                  onClick={() => setToggling(p)}
                >
                  {p.status === 'ACTIVE' ? 'Disable' : 'Enable'}
                </Button>
              </div>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="space-y-4">
      <PageHeader
        title="Data Plan Management"
        description="The data plans clients buy, per network: plan code, size, validity and price."
        actions={
          manage && view === 'plans' ? (
            <Button onClick={() => setEditing({ plan: null })}>Add data plan</Button>
          ) : undefined
        }
      />
      <Tabs label="Data plan views" value={view} onChange={showView} items={VIEWS} />
      {view === 'provider-codes' ? (
        <ProviderCodes provider={provider} onProvider={showProvider} manage={manage} />
      ) : (
        <>
          <Tabs label="Networks" value={tab} onChange={showTab} items={TABS} />
          <Card className="overflow-hidden">
            <FilterBar
              label="Data plan filters"
              fields={[
                {
                  kind: 'select',
                  name: 'status',
                  label: 'Status',
                  options: CATALOGUE_STATUS_OPTIONS,
                  allLabel: 'All statuses',
                },
              ]}
            />
            {plans.isError ? (
              <div className="p-6">
                <QueryError title="Data plans could not be loaded." onRetry={() => plans.refetch()} />
              </div>
            ) : (
              <div className={plans.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
                <Table
                  caption="Data plans"
                  columns={columns}
                  rows={rows}
                  rowKey={(p) => p.id}
                  loading={plans.isPending}
                  emptyText={
                    status || tab !== 'ALL'
                      ? `No ${status ? `${status.toLowerCase()} ` : ''}data plans${tab === 'ALL' ? '' : ` for ${networkLabel(tab)}`}.`
                      : 'No data plans yet.'
                  }
                />
              </div>
            )}
            {plans.data ? (
              <p className="border-t border-slate-100 px-4 py-3 text-sm text-slate-500">
                {countOf(rows.length, 'plan')}
              </p>
            ) : null}
          </Card>
        </>
      )}

      {editing ? (
        <DataPlanFormModal
          plan={editing.plan}
          network={tab === 'ALL' ? 'MTN' : tab}
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
        />
      ) : null}
      <PlanStatusModal plan={toggling} onClose={() => setToggling(null)} />
    </div>
  );
}
