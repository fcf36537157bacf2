// Billers (issue 51): the electricity distribution companies and TV services clients pay bills to,
// each a service of its kind with the commission clients earn, the limits of one payment and its
// status; TV billers' bouquets are synced from the provider. Admins holding services.manage edit,
// enable and disable them (assignment to a client is on the client's page, beside its services).
import type { BillerView } from '@vendport/shared';
import { useMemo, useState } from 'react';
import { ActiveStatusBadge } from '@/components/active-status-badge';
import { QueryError } from '@/components/query-error';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FilterBar, useUrlFilters } from '@/components/ui/filter-bar';
import { PageHeader } from '@/components/ui/page-header';
import { type Column, Table } from '@/components/ui/table';
import { CATALOGUE_STATUS_OPTIONS, formatRate } from '@/lib/catalogue-labels';
import { countOf, formatNaira } from '@/lib/format';
import { usePermissions } from '@/lib/permissions';
import { useAdminBillers } from '../api/admin-billers';
import type { BillerFilters } from '../api/query-keys';
import { BillerFormModal, billerKindLabel } from '../components/biller-form-modal';
import { BillerStatusModal } from '../components/biller-status-modal';
import { BouquetsModal } from '../components/bouquets-modal';

const NAMES = ['kind', 'status'] as const;

const KIND_OPTIONS = [
  { value: 'ELECTRICITY', label: 'Electricity' },
  { value: 'TV', label: 'TV' },
];

export default function BillersRoute() {
  const { can } = usePermissions();
  const manage = can('services.manage');
  const f = useUrlFilters(NAMES);
  const filters: BillerFilters = useMemo(() => ({ ...f }), [f.kind, f.status]);
  const billers = useAdminBillers(filters);
  const [editing, setEditing] = useState<BillerView | null>(null);
  const [toggling, setToggling] = useState<BillerView | null>(null);
  const [bouquetsOf, setBouquetsOf] = useState<BillerView | null>(null);
  const rows = billers.data ?? [];
  const filtered = NAMES.some((n) => f[n]);

  const columns: Column<BillerView>[] = [
    {
      key: 'biller',
      card: 'main',
      header: 'Biller',
      cell: (b) => (
        <div>
          <div className="font-medium text-slate-900">{b.name}</div>
          <div className="font-mono text-xs text-slate-500">{b.code}</div>
        </div>
      ),
    },
    {
      key: 'kind',
      card: 'main',
      header: 'Kind',
      cell: (b) => (
        <div>
          <div>{billerKindLabel(b.kind)}</div>
          <div className="text-xs text-slate-500">
            {b.kind === 'ELECTRICITY' ? 'Prepaid and postpaid' : b.customerNumberLabel}
          </div>
        </div>
      ),
    },
    {
      key: 'commission',
      card: 'main',
      header: 'Commission',
      align: 'right',
      cell: (b) => (
        <span className="font-medium tabular-nums text-slate-900">{formatRate(b.commissionBps)}</span>
      ),
    },
    {
      key: 'min',
      header: 'Min amount',
      align: 'right',
      cell: (b) => <span className="tabular-nums">{formatNaira(b.minAmountKobo)}</span>,
    },
    {
      key: 'max',
      header: 'Max amount',
      align: 'right',
      cell: (b) => <span className="tabular-nums">{formatNaira(b.maxAmountKobo)}</span>,
    },
    { key: 'status', card: 'main', header: 'Status', cell: (b) => <ActiveStatusBadge status={b.status} /> },
    {
      key: 'actions',
      card: 'action',
      header: <span className="sr-only">Actions</span>,
      align: 'right',
      cell: (b) => (
        <div className="flex justify-end gap-2">
          {b.kind === 'TV' ? (
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Bouquets of ${b.name}`}
              onClick={() => setBouquetsOf(b)}
            >
              Bouquets
            </Button>
          ) : null}
          {manage ? (
            <>
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Edit ${b.name}`}
                onClick={() => setEditing(b)}
              >
                Edit
              </Button>
              <Button
                variant={b.status === 'ACTIVE' ? 'ghost' : 'secondary'}
                size="sm"
                aria-label={`${b.status === 'ACTIVE' ? 'Disable' : 'Enable'} ${b.name}`}
                onClick={() => setToggling(b)}
              >
                {b.status === 'ACTIVE' ? 'Disable' : 'Enable'}
              </Button>
            </>
          ) : null}
        </div>
      ),
    },
  ];

  return (
    <div className="space-y-4">
      <PageHeader
        title="Billers"
        description="Electricity and TV billers, with the commission clients earn, the limits of one payment and the bouquets on sale. Assign them to a client on the client's page."
      />
      <Card className="overflow-hidden">
        <FilterBar
          label="Biller filters"
          fields={[
            {
              kind: 'select',
              name: 'kind',
              label: 'Kind',
              options: KIND_OPTIONS,
              allLabel: 'Electricity and TV',
            },
            {
              kind: 'select',
              name: 'status',
              label: 'Status',
              options: CATALOGUE_STATUS_OPTIONS,
              allLabel: 'All statuses',
            },
          ]}
        />
        {billers.isError ? (
          <div className="p-6">
            <QueryError title="Billers could not be loaded." onRetry={() => billers.refetch()} />
          </div>
        ) : (
          <div className={billers.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            <Table
              caption="Billers"
              columns={columns}
              rows={rows}
              rowKey={(b) => b.id}
              loading={billers.isPending}
              emptyText={filtered ? 'No billers match these filters.' : 'No billers yet.'}
            />
          </div>
        )}
        {billers.data ? (
          <p className="border-t border-slate-100 px-4 py-3 text-sm text-slate-500">
            {countOf(rows.length, 'biller')}
            {filtered ? ' match these filters' : ''}
          </p>
        ) : null}
      </Card>

      {editing ? <BillerFormModal biller={editing} onClose={() => setEditing(null)} /> : null}
      <BillerStatusModal biller={toggling} onClose={() => setToggling(null)} />
      {bouquetsOf ? (
        <BouquetsModal biller={bouquetsOf} canManage={manage} onClose={() => setBouquetsOf(null)} />
      ) : null}
    </div>
  );
}
