// The admin's list of corporate clients (spec §3 corporate account fields) with search, onboarding
// dates, status and client type in the URL; a client opens its own screen. A second tab lists the
// verification requests, each opening its Business Account.
import type { CorporateClientView } from '@vendport/shared';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ClientStatusBadge, VerificationBadge } from '@/components/client-badges';
import { MoneyLabel } from '@/components/money-label';
import { QueryError } from '@/components/query-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FilterBar, useUrlFilters } from '@/components/ui/filter-bar';
import { PageHeader } from '@/components/ui/page-header';
import { Pager, usePageParams } from '@/components/ui/pager';
import { SuccessModal } from '@/components/ui/success-modal';
import { type Column, Table } from '@/components/ui/table';
import { Tabs } from '@/components/ui/tabs';
import { formatDate, formatNaira } from '@/lib/format';
import { CLIENT_TYPE_OPTIONS, clientTypeLabel } from '@/lib/labels';
import { usePermissions } from '@/lib/permissions';
import { useCorporateClients } from '../api/get-corporate-clients';
import type { ClientFilters } from '../api/query-keys';
import type { ActionDone } from '../components/action-done';
import { OnboardClientModal } from '../components/onboard-client-modal';
import { VerificationRequestsPanel } from '../components/verification-requests-panel';

const NAMES = ['search', 'startDate', 'endDate', 'status', 'clientType'] as const;
const STATUS_OPTIONS = [
  { value: 'ACTIVE', label: 'Active' },
  { value: 'INACTIVE', label: 'Inactive' },
];
const clientPath = (id: string) => `/admin-dashboard/view-corporate-client/${id}`;

function ClientsPanel() {
  const navigate = useNavigate();
  const { page, limit } = usePageParams();
  const f = useUrlFilters(NAMES);
  const filters: ClientFilters = useMemo(
    () => ({ page, limit, ...f }),
    [page, limit, f.search, f.startDate, f.endDate, f.status, f.clientType],
  );
  const clients = useCorporateClients(filters);
  const rows = clients.data?.data ?? [];
  const filtered = NAMES.some((n) => f[n]);

  const columns: Column<CorporateClientView>[] = [
    {
      key: 'name',
      card: 'main',
      header: 'Client',
      wrap: { min: '12rem', max: '20rem' },
      cell: (c) => (
        <div className="min-w-0">
          <Link
            to={clientPath(c.id)}
            onClick={(e) => e.stopPropagation()}
            className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
          >
            {c.name || '—'}
          </Link>
          <div className="max-w-[16rem] truncate text-xs text-slate-500" title={c.email}>
            {c.email}
          </div>
          <div className="text-xs text-slate-500">{c.msisdn ?? '—'}</div>
        </div>
      ),
    },
    {
      key: 'type',
      header: 'Type',
      cell: (c) => (
        <span className="flex items-center gap-1.5">
          {clientTypeLabel(c.clientType)}
          {c.testMode ? <Badge tone="warning">Test</Badge> : null}
        </span>
      ),
    },
    {
      key: 'funding',
      header: <MoneyLabel word="fundingTotal" />,
      align: 'right',
      cell: (c) => <span className="tabular-nums">{formatNaira(c.totalFunding)}</span>,
    },
    {
      key: 'balance',
      card: 'main',
      header: 'Wallet balance',
      align: 'right',
      cell: (c) => (
        <span className="font-medium tabular-nums text-slate-900">{formatNaira(c.availableBalance)}</span>
      ),
    },
    {
      key: 'verification',
      header: 'Verification',
      cell: (c) => (
        <VerificationBadge status={c.verificationStatus} requestedAt={c.verificationRequestedAt} />
      ),
    },
    { key: 'status', card: 'main', header: 'Status', cell: (c) => <ClientStatusBadge status={c.status} /> },
    { key: 'onboarded', card: 'main', header: 'Onboarded', cell: (c) => formatDate(c.createdAt) },
  ];

  return (
    <>
      <FilterBar
        label="Client filters"
        fields={[
          { kind: 'search', name: 'search', label: 'Search', placeholder: 'Name, email or phone' },
          { kind: 'date', name: 'startDate', label: 'Onboarded from', pair: 'endDate', end: 'start' },
          { kind: 'date', name: 'endDate', label: 'Onboarded to', pair: 'startDate', end: 'end' },
          {
            kind: 'select',
            name: 'status',
            label: 'Status',
            options: STATUS_OPTIONS,
            allLabel: 'All statuses',
          },
          {
            kind: 'select',
            name: 'clientType',
            label: 'Client type',
            options: CLIENT_TYPE_OPTIONS,
            allLabel: 'All types',
          },
        ]}
      />
      {clients.isError ? (
        <div className="p-6">
          <QueryError title="Clients could not be loaded." onRetry={() => clients.refetch()} />
        </div>
      ) : (
        <div className={clients.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          <Table
            caption="Corporate clients"
            columns={columns}
            rows={rows}
            rowKey={(c) => c.id}
            loading={clients.isPending}
            emptyText={filtered ? 'No clients match these filters.' : 'No corporate clients yet.'}
            onRowClick={(c) => navigate(clientPath(c.id))}
          />
        </div>
      )}
      {clients.data ? (
        <Pager
          hasMorePages={clients.data.hasMorePages}
          lastPage={clients.data.lastPage}
          disabled={clients.isFetching}
        />
      ) : null}
    </>
  );
}

type Tab = 'clients' | 'verifications';

export default function ClientsRoute() {
  const [params, setParams] = useSearchParams();
  const { can } = usePermissions();
  const tab: Tab =
    params.get('tab') === 'verifications' && can('verification.read') ? 'verifications' : 'clients';
  const [onboarding, setOnboarding] = useState(false);
  const [done, setDone] = useState<ActionDone | null>(null);
  return (
    <div>
      <PageHeader
        title="Clients"
        description="Corporate client accounts and their business verification. Open one to see its wallet, fund it or change its terms."
        actions={
          can('clients.manage') ? (
            <Button onClick={() => setOnboarding(true)}>Onboard client</Button>
          ) : undefined
        }
      />
      {onboarding ? (
        <OnboardClientModal
          onClose={() => setOnboarding(false)}
          onDone={(d) => {
            setOnboarding(false);
            setDone(d);
          }}
        />
      ) : null}
      <SuccessModal
        open={!!done}
        title={done?.title ?? ''}
        message={done?.message}
        onClose={() => setDone(null)}
      />
      {can('verification.read') ? (
        <Tabs
          label="Accounts"
          items={[
            { value: 'clients', label: 'Clients' },
            { value: 'verifications', label: 'Verification requests' },
          ]}
          value={tab}
          // Each tab has its own filters: switching starts from a clean list.
          onChange={(next) => setParams(new URLSearchParams(next === 'verifications' ? { tab: next } : {}))}
        />
      ) : null}
      <Card className="overflow-hidden">
        {tab === 'verifications' ? <VerificationRequestsPanel /> : <ClientsPanel />}
      </Card>
    </div>
  );
}
