// Admin home (spec §2 index, §7 admin-dashboard-data-v2): platform totals for the period (today,
// this week, this month or a custom range, Lagos days), vend value per day by network, top clients,
// the fund requests and verifications waiting for an admin, and the VTU lines' float with low
// lines flagged. Live vends only.
import { MoneyLabel } from '@/components/money-label';
import { QueryError } from '@/components/query-error';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { Stat } from '@/components/ui/stat';
import { formatNaira, lagosHour, lagosToday } from '@/lib/format';
import { usePermissions } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { useAdminDashboard } from '../api/get-admin-dashboard';
import { PendingWork, TopClients, VtuFloat } from '../components/admin-panels';
import { DailySalesCard, greeting } from '../components/home-parts';
import { RangeFilter } from '../components/range-filter';
import { rangeDays, rangeReady, useHomeRange } from '../range';

const n = (v: number | undefined) => (v === undefined ? '—' : v.toLocaleString('en-NG'));
const money = (v: number | undefined) => (v === undefined ? '—' : formatNaira(v));

function PlatformFigures() {
  const [range, setRange] = useHomeRange();
  const ready = rangeReady(range);
  const q = useAdminDashboard(rangeDays(range, lagosToday()), ready);
  const d = ready ? q.data : undefined;
  const t = d?.totals;
  const loading = ready && q.isPending;
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <RangeFilter
          value={range}
          onChange={setRange}
          shown={d ? { startDate: d.startDate, endDate: d.endDate } : undefined}
        />
        {q.isFetching && !loading ? <Spinner className="mb-2 h-5 w-5 text-brand-700" /> : null}
      </div>
      {!ready ? <p className="text-sm text-slate-500">Choose a start date and an end date.</p> : null}
      {q.isError ? (
        <QueryError title="Platform figures could not be loaded." onRetry={() => q.refetch()} />
      ) : (
        <>
          <Card
            className="grid grid-cols-2 gap-x-4 gap-y-5 px-5 py-5 sm:gap-6 sm:px-6 lg:grid-cols-3"
            data-testid="admin-figures"
            aria-busy={loading || undefined}
          >
            <Stat
              label="Sales (successful vends)"
              value={money(t?.successValueKobo)}
              emphasis
              testId="success-value"
              className="col-span-2 sm:col-span-1"
            />
            <Stat label="Successful vends" value={n(t?.successCount)} testId="success-count" />
            <Stat
              label={<MoneyLabel word="fundingReceived" />}
              value={money(t?.fundingKobo)}
              testId="funding-received"
            />
            <Stat
              label="Client wallet balances"
              value={money(t?.clientBalancesKobo)}
              hint="Sum of live wallets now"
            />
            <Stat
              label="Failed vends"
              value={n(t?.failedCount)}
              hint={t ? formatNaira(t.failedValueKobo) : undefined}
            />
            <Stat
              label="Pending vends"
              value={n(t?.pendingCount)}
              hint={t ? formatNaira(t.pendingValueKobo) : undefined}
            />
            <Stat
              label="Reversed vends"
              value={n(t?.reversedCount)}
              hint={t ? formatNaira(t.reversedValueKobo) : undefined}
            />
            <Stat
              label={<MoneyLabel word="commissionEarned" />}
              value={money(t?.commissionKobo)}
              hint="On successful vends"
            />
            <Stat
              label={<MoneyLabel word="commissionUpfront" />}
              value={money(t?.commissionUpfrontKobo)}
              hint="Off the price of successful vends"
            />
            <Stat
              label={<MoneyLabel word="commissionSettled" />}
              value={money(t?.commissionSettledKobo)}
              hint="Accrued, moved to wallets"
            />
          </Card>

          <DailySalesCard daily={d?.daily ?? []} loading={loading} />

          <PendingWork d={d} loading={loading} />
          <div className="grid gap-4 xl:grid-cols-2">
            <TopClients rows={d?.topClients ?? []} loading={loading} />
            <VtuFloat d={d} loading={loading} />
          </div>
        </>
      )}
    </>
  );
}

export default function AdminHomeRoute() {
  const { user } = useSession();
  const { can } = usePermissions();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Dashboard"
        description={`${greeting(lagosHour())}, ${user?.first_name ?? ''}. Platform operations at a glance.`}
      />
      {can('analytics.read') ? (
        <PlatformFigures />
      ) : (
        <Alert tone="info" title="Platform figures need the View dashboards and analytics permission." />
      )}
    </div>
  );
}
