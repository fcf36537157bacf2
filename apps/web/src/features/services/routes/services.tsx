// The service catalogue (DESIGN §2 Services and platforms): every (network, AIRTIME | DATA,
// platform) with its commission rate, the bounds of one vend and its status, filtered from the
// URL. Admins holding services.manage add, edit, enable and disable services.
import type { ServiceView } from '@vendport/shared';
import { useMemo, useState } from 'react';
import { ActiveStatusBadge } from '@/components/active-status-badge';
import { QueryError } from '@/components/query-error';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FilterBar, useUrlFilters } from '@/components/ui/filter-bar';
import { PageHeader } from '@/components/ui/page-header';
import { type Column, Table } from '@/components/ui/table';
import {
  CATALOGUE_STATUS_OPTIONS,
  formatRate,
  NETWORK_OPTIONS,
  networkLabel,
  PLATFORM_OPTIONS,
  platformLabel,
  SERVICE_TYPE_OPTIONS,
  serviceName,
  serviceTypeLabel,
} from '@/lib/catalogue-labels';
import { countOf, formatNaira } from '@/lib/format';
import { usePermissions } from '@/lib/permissions';
import { useServices } from '../api/get-services';
import type { ServiceFilters } from '../api/query-keys';
import { ServiceFormModal } from '../components/service-form-modal';
import { ServiceStatusModal } from '../components/service-status-modal';

const NAMES = ['network', 'serviceType', 'platform', 'status'] as const;

type Editing = { service: ServiceView | null } | null;

export default function ServicesRoute() {
  const { can } = usePermissions();
  const manage = can('services.manage');
  const f = useUrlFilters(NAMES);
  const filters: ServiceFilters = useMemo(() => ({ ...f }), [f.network, f.serviceType, f.platform, f.status]);
  const services = useServices(filters);
  const [editing, setEditing] = useState<Editing>(null);
  const [toggling, setToggling] = useState<ServiceView | null>(null);
  const rows = services.data ?? [];
  const filtered = NAMES.some((n) => f[n]);

  const columns: Column<ServiceView>[] = [
    {
      key: 'network',
      card: 'main',
      header: 'Network',
      cell: (s) => <span className="font-medium text-slate-900">{networkLabel(s.network)}</span>,
    },
    { key: 'service', card: 'main', header: 'Service', cell: (s) => serviceTypeLabel(s.service) },
    {
      key: 'platform',
      header: 'Platform',
      cell: (s) => (
        <div>
          <div>{platformLabel(s.platform)}</div>
          <div className="text-xs text-slate-500">
            {s.fallbackPlatforms.length
              ? `Falls back to ${s.fallbackPlatforms.map(platformLabel).join(', then ')}`
              : 'No fallback'}
          </div>
        </div>
      ),
    },
    {
      key: 'commission',
      card: 'main',
      header: 'Commission',
      align: 'right',
      cell: (s) => (
        <span className="font-medium tabular-nums text-slate-900">{formatRate(s.commissionBps)}</span>
      ),
    },
    {
      key: 'min',
      header: 'Min amount',
      align: 'right',
      cell: (s) => <span className="tabular-nums">{formatNaira(s.minAmountKobo)}</span>,
    },
    {
      key: 'max',
      header: 'Max amount',
      align: 'right',
      cell: (s) => <span className="tabular-nums">{formatNaira(s.maxAmountKobo)}</span>,
    },
    { key: 'status', card: 'main', header: 'Status', cell: (s) => <ActiveStatusBadge status={s.status} /> },
    ...(manage
      ? [
          {
            key: 'actions',
            card: 'action' as const,
            header: <span className="sr-only">Actions</span>,
            align: 'right' as const,
            cell: (s: ServiceView) => (
              <div className="flex justify-end gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Edit ${serviceName(s)}`}
                  onClick={() => setEditing({ service: s })}
                >
                  Edit
                </Button>
                <Button
                  variant={s.status === 'ACTIVE' ? 'ghost' : 'secondary'}
                  size="sm"
                  aria-label={`${s.status === 'ACTIVE' ? 'Disable' : 'Enable'} ${serviceName(s)}`}
                  onClick={() => setToggling(s)}
                >
                  {s.status === 'ACTIVE' ? 'Disable' : 'Enable'}
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
        title="Services"
        description="Airtime and data per network and platform, with the commission clients earn and the bounds of one vend."
        actions={
          manage ? <Button onClick={() => setEditing({ service: null })}>Add service</Button> : undefined
        }
      />
      <Card className="overflow-hidden">
        <FilterBar
          label="Service filters"
          fields={[
            {
              kind: 'select',
              name: 'network',
              label: 'Network',
              options: NETWORK_OPTIONS,
              allLabel: 'All networks',
            },
            {
              kind: 'select',
              name: 'serviceType',
              label: 'Service',
              options: SERVICE_TYPE_OPTIONS,
              allLabel: 'Airtime and data',
            },
            {
              kind: 'select',
              name: 'platform',
              label: 'Platform',
              options: PLATFORM_OPTIONS,
              allLabel: 'All platforms',
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
        {services.isError ? (
          <div className="p-6">
            <QueryError title="Services could not be loaded." onRetry={() => services.refetch()} />
          </div>
        ) : (
          <div className={services.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            <Table
              caption="Services"
              columns={columns}
              rows={rows}
              rowKey={(s) => s.id}
              loading={services.isPending}
              emptyText={filtered ? 'No services match these filters.' : 'No services yet.'}
            />
          </div>
        )}
        {services.data ? (
          <p className="border-t border-slate-100 px-4 py-3 text-sm text-slate-500">
            {countOf(rows.length, 'service')}
            {filtered ? ' match these filters' : ''}
          </p>
        ) : null}
      </Card>

      {editing ? (
        <ServiceFormModal
          service={editing.service}
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
        />
      ) : null}
      <ServiceStatusModal service={toggling} onClose={() => setToggling(null)} />
    </div>
  );
}
