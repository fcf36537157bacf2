// Providers (issue 32): the upstreams vends are delivered through (the simulator, VTpass,
// Reloadly), each with its keys set or not, the balance it last reported (Refresh reads it now)
// and its last 24 hours of attempts; below, each platform's provider order. Read with
// services.read; services.manage refreshes balances and changes the orders.
import type { UpstreamProviderView } from '@vendport/shared';
import { QueryError } from '@/components/query-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { RepeatIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { type Column, Table } from '@/components/ui/table';
import { toastApiError, toastApiResult } from '@/lib/api-toasts';
import { formatNaira, formatShortDateTime } from '@/lib/format';
import { usePermissions } from '@/lib/permissions';
import { useProviders } from '../api/get-providers';
import { useRefreshingProviders, useRefreshProviderBalance } from '../api/refresh-provider-balance';
import { OpenDiscrepancies } from '../components/open-discrepancies';
import { PlatformRouteEditor } from '../components/platform-route-editor';
import { ProviderHealthPanel } from '../components/provider-health-panel';

/** 850 ms, 1.2 s */
export const formatLatency = (ms: number | null) =>
  ms === null ? '—' : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;

const count = (n: number) => n.toLocaleString('en-NG');

export const formatRate = (rate: number | null) => (rate === null ? '—' : `${rate.toFixed(1)}%`);

function StatusBadge({ p }: { p: UpstreamProviderView }) {
  if (!p.configured) return <Badge tone="neutral">Not configured</Badge>;
  if (!p.usable) return <Badge tone="warning">Not usable here</Badge>;
  return <Badge tone="success">Configured</Badge>;
}

function Balance({ p }: { p: UpstreamProviderView }) {
  if (!p.hasBalance) return <span className="text-xs text-slate-500">Answers from our books</span>;
  return (
    <div>
      {p.balanceKobo === null ? (
        <span className="text-xs text-slate-400">{p.configured ? 'Not read yet' : '—'}</span>
      ) : (
        <div className="flex items-center gap-2">
          <span className="font-medium tabular-nums text-slate-900">{formatNaira(p.balanceKobo)}</span>
          {p.lowBalance ? <Badge tone="danger">Low</Badge> : null}
        </div>
      )}
      {p.balanceCheckedAt ? (
        <div className="text-xs text-slate-500">Checked {formatShortDateTime(p.balanceCheckedAt)}</div>
      ) : null}
      {p.balanceError ? (
        <div className="text-xs font-medium text-red-700">Last read failed: {p.balanceError}</div>
      ) : null}
    </div>
  );
}

export default function ProvidersRoute() {
  const { can } = usePermissions();
  const manage = can('services.manage');
  const screen = useProviders();
  const refresh = useRefreshProviderBalance();
  const refreshing = useRefreshingProviders();
  const data = screen.data;

  const onRefresh = (p: UpstreamProviderView) =>
    refresh.mutateAsync(p.id).then(toastApiResult, toastApiError);

  const columns: Column<UpstreamProviderView>[] = [
    {
      key: 'provider',
      card: 'main',
      header: 'Provider',
      cell: (p) => (
        <div>
          <div className="font-medium text-slate-900">{p.name}</div>
          <div className="font-mono text-xs text-slate-500">{p.id}</div>
        </div>
      ),
    },
    { key: 'status', card: 'main', header: 'Status', cell: (p) => <StatusBadge p={p} /> },
    {
      key: 'balance',
      card: 'main',
      header: 'Balance',
      cell: (p) => {
        const busy = refreshing.has(p.id);
        return (
          <div className="flex flex-col items-start gap-1.5">
            <Balance p={p} />
            {manage && p.hasBalance && p.configured ? (
              <Button
                variant="secondary"
                size="sm"
                loading={busy}
                leftIcon={<RepeatIcon className="h-3.5 w-3.5" />}
                aria-label={`Refresh balance of ${p.name}`}
                onClick={() => onRefresh(p)}
              >
                {busy ? 'Refreshing' : 'Refresh'}
              </Button>
            ) : null}
          </div>
        );
      },
    },
    {
      key: 'attempts',
      header: 'Attempts',
      align: 'right',
      cell: (p) =>
        p.last24h.counted ? (
          <span className="tabular-nums">{count(p.last24h.attempts)}</span>
        ) : (
          <span className="text-xs text-slate-500" title="The simulator's calls are on each vend's timeline">
            Not counted
          </span>
        ),
    },
    {
      key: 'success',
      header: 'Success',
      align: 'right',
      cell: (p) => (
        <div className="tabular-nums">
          <div>{p.last24h.counted ? formatRate(p.last24h.successRate) : '—'}</div>
          {p.last24h.attempts ? (
            <div className="text-xs text-slate-500">
              {count(p.last24h.successful)} delivered · {count(p.last24h.failed)} failed
              {p.last24h.reversed ? ` · ${count(p.last24h.reversed)} refunded` : ''}
            </div>
          ) : null}
        </div>
      ),
    },
    {
      key: 'latency',
      header: 'p50 / p95',
      align: 'right',
      cell: (p) => (
        <span className="tabular-nums">
          {formatLatency(p.last24h.p50Ms)} / {formatLatency(p.last24h.p95Ms)}
        </span>
      ),
    },
    {
      key: 'unknown',
      header: 'Unknown',
      align: 'right',
      cell: (p) =>
        p.last24h.unknownOpen ? (
          <Badge tone="warning">{p.last24h.unknownOpen}</Badge>
        ) : (
          <span className="tabular-nums text-slate-500">0</span>
        ),
    },
  ];

  return (
    <div className="space-y-4">
      <PageHeader
        title="Providers"
        description="The upstreams vends are delivered through, their balances and last 24 hours, and the order each platform tries them in."
      />
      <OpenDiscrepancies />
      {screen.isError ? (
        <Card className="p-6">
          <QueryError title="Providers could not be loaded." onRetry={() => screen.refetch()} />
        </Card>
      ) : (
        <>
          <Card className="overflow-hidden">
            <Table
              caption="Providers"
              columns={columns}
              rows={data?.providers ?? []}
              rowKey={(p) => p.id}
              loading={screen.isPending}
              dense
              emptyText="No providers."
            />
            {data ? (
              <p className="border-t border-slate-100 px-4 py-3 text-sm text-slate-500">
                Attempts, success rate (of answered attempts), latency and unknown outcomes still being
                requeried cover the last 24 hours. Balances are read every 10 minutes; admins are alerted when
                one falls below {formatNaira(data.lowBalanceKobo)}.
              </p>
            ) : null}
          </Card>
          {data ? <ProviderHealthPanel providers={data.providers} manage={manage} /> : null}
          <div>
            <h2 className="mb-1 text-base font-semibold text-slate-900">Provider order per platform</h2>
            <p className="mb-3 text-sm text-slate-500">
              Each platform tries its providers in this order; a provider failure moves the vend to the next.
              Only providers configured on this server can be added.
            </p>
            {data ? (
              <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
                {data.platforms.map((r) => (
                  <PlatformRouteEditor
                    key={r.platform}
                    route={r}
                    providers={data.providers}
                    manage={manage}
                  />
                ))}
              </div>
            ) : (
              <div className="flex justify-center py-8">
                <Spinner />
              </div>
            )}
          </div>
        </>
      )}
    </div>
  );
}
