// VTU lines (DESIGN §2): dealer SIM lines per network with their float by our books (fundings
// minus the vends holding it) beside the balance the provider last reported, whom each line
// serves, whether API-key vends may use it, and its status. Admins holding vtu.manage add lines,
// refresh a line's balance from the provider, fund it (password-confirmed), assign it, and switch
// it on or off.
import type { VtuLineView } from '@vendport/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { ActiveStatusBadge } from '@/components/active-status-badge';
import { QueryError } from '@/components/query-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FilterBar, useUrlFilters } from '@/components/ui/filter-bar';
import { RepeatIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { Stat } from '@/components/ui/stat';
import { SuccessModal } from '@/components/ui/success-modal';
import { type Column, Table } from '@/components/ui/table';
import { toastApiError, toastApiResult } from '@/lib/api-toasts';
import { NETWORK_OPTIONS, networkLabel } from '@/lib/catalogue-labels';
import { formatNaira, formatShortDateTime } from '@/lib/format';
import { usePermissions } from '@/lib/permissions';
import { useVtuLines } from '../api/get-vtu-lines';
import { useRefreshingLines, useRefreshVtuLine } from '../api/refresh-vtu-line';
import { AddLineModal } from '../components/add-line-modal';
import { AssignLineModal } from '../components/assign-line-modal';
import { FundLineModal } from '../components/fund-line-modal';
import { type LineSwitch, LineSwitchModal } from '../components/line-switch-modal';

type Open = { kind: 'add' } | { kind: 'fund' | 'assign'; line: VtuLineView } | null;

function ProviderBalance({ line }: { line: VtuLineView }) {
  if (line.providerBalanceKobo === null)
    return <span className="text-xs text-slate-400">Not checked yet</span>;
  const diff = line.providerBalanceKobo - line.floatKobo;
  return (
    <div>
      <div className="tabular-nums text-slate-900">{formatNaira(line.providerBalanceKobo)}</div>
      <div className="text-xs text-slate-500">{formatShortDateTime(line.balanceCheckedAt)}</div>
      {diff !== 0 ? (
        <div className="text-xs font-medium text-amber-700">
          {diff > 0 ? '+' : '-'}
          {formatNaira(Math.abs(diff))} against the books
        </div>
      ) : null}
    </div>
  );
}

export default function VtuLinesRoute() {
  const { can } = usePermissions();
  const manage = can('vtu.manage');
  const { network } = useUrlFilters(['network'] as const);
  const lines = useVtuLines(network || undefined);
  const refresh = useRefreshVtuLine();
  const refreshing = useRefreshingLines();
  const [open, setOpen] = useState<Open>(null);
  const [switching, setSwitching] = useState<LineSwitch | null>(null);
  const [funded, setFunded] = useState<{ message: string; line: VtuLineView } | null>(null);
  const rows = lines.data ?? [];
  const totalFloat = rows.reduce((s, l) => s + l.floatKobo, 0);
  const active = rows.filter((l) => l.status === 'ACTIVE').length;

  // mutateAsync, not mutate's callbacks: those fire for the latest call only, and several rows may
  // be refreshing at once.
  const onRefresh = (line: VtuLineView) =>
    refresh.mutateAsync({ vtuLine: line.id }).then(toastApiResult, toastApiError);

  // Each action sits under the value it changes, so the table fits beside the sidebar.
  const columns: Column<VtuLineView>[] = [
    {
      key: 'line',
      card: 'main',
      header: 'Line',
      wrap: { min: '11rem', max: '16rem' },
      cell: (l) => (
        <div>
          <div className="font-medium text-slate-900">{l.name}</div>
          <div className="text-xs text-slate-600">
            {networkLabel(l.network)} · <span className="tabular-nums">{l.msisdn}</span>
          </div>
          <div className="font-mono text-xs text-slate-500">{l.code}</div>
        </div>
      ),
    },
    {
      key: 'float',
      card: 'main',
      header: 'Float (books)',
      align: 'right',
      cell: (l) => (
        <div className="flex flex-col items-end gap-1.5">
          <span className="font-medium tabular-nums text-slate-900">{formatNaira(l.floatKobo)}</span>
          {manage ? (
            <Button
              size="sm"
              aria-label={`Fund ${l.name}`}
              onClick={() => setOpen({ kind: 'fund', line: l })}
            >
              Fund
            </Button>
          ) : null}
        </div>
      ),
    },
    {
      key: 'provider',
      header: 'Provider balance',
      cell: (l) => {
        const busy = refreshing.has(l.id);
        return (
          <div className="flex flex-col items-start gap-1.5">
            <ProviderBalance line={l} />
            {manage ? (
              <Button
                variant="secondary"
                size="sm"
                loading={busy}
                leftIcon={<RepeatIcon className="h-3.5 w-3.5" />}
                aria-label={`Refresh balance of ${l.name}`}
                onClick={() => onRefresh(l)}
              >
                {busy ? 'Refreshing' : 'Refresh'}
              </Button>
            ) : null}
          </div>
        );
      },
    },
    {
      key: 'assigned',
      card: 'main',
      header: 'Assigned to',
      cell: (l) => (
        <div className="flex max-w-[12rem] flex-col items-start gap-1">
          {l.corporateId ? (
            can('clients.read') ? (
              <Link
                to={`/admin-dashboard/view-corporate-client/${l.corporateId}`}
                className="max-w-full truncate font-medium text-slate-900 hover:text-brand-700 hover:underline"
                title={l.corporateName ?? undefined}
              >
                {l.corporateName}
              </Link>
            ) : (
              <span className="max-w-full truncate font-medium text-slate-900">{l.corporateName}</span>
            )
          ) : (
            <span className="text-slate-500">Shared pool</span>
          )}
          {manage ? (
            <Button
              variant="link"
              size="sm"
              aria-label={`Assign ${l.name}`}
              onClick={() => setOpen({ kind: 'assign', line: l })}
            >
              {l.corporateId ? 'Reassign' : 'Assign'}
            </Button>
          ) : null}
        </div>
      ),
    },
    {
      key: 'api',
      header: 'API vends',
      cell: (l) => (
        <div className="flex flex-col items-start gap-1">
          {l.publicApi ? <Badge tone="info">Served</Badge> : <Badge tone="neutral">Not served</Badge>}
          {manage ? (
            <Button
              variant="link"
              size="sm"
              aria-label={`${l.publicApi ? 'Stop serving' : 'Serve'} API vends through ${l.name}`}
              onClick={() => setSwitching({ line: l, setting: 'publicApi' })}
            >
              {l.publicApi ? 'Stop' : 'Serve'}
            </Button>
          ) : null}
        </div>
      ),
    },
    {
      key: 'status',
      card: 'main',
      header: 'Status',
      cell: (l) => (
        <div className="flex flex-col items-start gap-1">
          <ActiveStatusBadge status={l.status} />
          {manage ? (
            <Button
              variant="link"
              size="sm"
              aria-label={`${l.status === 'ACTIVE' ? 'Deactivate' : 'Activate'} ${l.name}`}
              onClick={() => setSwitching({ line: l, setting: 'status' })}
            >
              {l.status === 'ACTIVE' ? 'Deactivate' : 'Activate'}
            </Button>
          ) : null}
        </div>
      ),
    },
  ];

  return (
    <div className="space-y-4">
      <PageHeader
        title="VTU Lines"
        description="Dealer SIM lines per network and their float. Vends through the VTU platform consume it."
        actions={manage ? <Button onClick={() => setOpen({ kind: 'add' })}>Add line</Button> : undefined}
      />
      <div className="grid gap-4 sm:grid-cols-3" data-testid="vtu-overview">
        <Card className="px-6 py-5">
          <Stat
            label="Lines"
            value={lines.data ? rows.length : '—'}
            hint={network ? networkLabel(network) : 'All networks'}
          />
        </Card>
        <Card className="px-6 py-5">
          <Stat label="Active lines" value={lines.data ? active : '—'} />
        </Card>
        <Card className="px-6 py-5">
          <Stat label="Float on the books" value={lines.data ? formatNaira(totalFloat) : '—'} />
        </Card>
      </div>
      <Card className="overflow-hidden">
        <FilterBar
          label="VTU line filters"
          fields={[
            {
              kind: 'select',
              name: 'network',
              label: 'Network',
              options: NETWORK_OPTIONS,
              allLabel: 'All networks',
            },
          ]}
        />
        {lines.isError ? (
          <div className="p-6">
            <QueryError title="VTU lines could not be loaded." onRetry={() => lines.refetch()} />
          </div>
        ) : (
          <Table
            caption="VTU lines"
            columns={columns}
            rows={rows}
            rowKey={(l) => l.id}
            loading={lines.isPending}
            emptyText={
              network
                ? `No ${networkLabel(network)} lines yet.`
                : manage
                  ? 'No VTU lines yet. Add a dealer line to start vending through the VTU platform.'
                  : 'No VTU lines yet.'
            }
          />
        )}
      </Card>

      {open?.kind === 'add' ? <AddLineModal onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'fund' ? (
        <FundLineModal
          line={open.line}
          onClose={() => setOpen(null)}
          onFunded={(message, line) => {
            setOpen(null);
            setFunded({ message, line });
          }}
        />
      ) : null}
      {open?.kind === 'assign' ? (
        <AssignLineModal
          line={open.line}
          canFindClients={can('clients.read')}
          onClose={() => setOpen(null)}
        />
      ) : null}
      <LineSwitchModal target={switching} onClose={() => setSwitching(null)} />
      <SuccessModal
        open={!!funded}
        title="Float recorded"
        message={
          funded ? (
            <>
              {funded.message}. {funded.line.name} now holds {formatNaira(funded.line.floatKobo)} on the
              books.
            </>
          ) : null
        }
        onClose={() => setFunded(null)}
      />
    </div>
  );
}
