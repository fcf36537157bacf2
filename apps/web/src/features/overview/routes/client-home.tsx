// Client home (spec §2 index, §7 corporate-dashboard-data): the wallet (and the sandbox wallet in
// test mode), the period's figures (today, this week, this month or a custom range, Lagos days),
// value per day by network, the split by service and by platform, the last ten vends, and
// shortcuts to fund and to vend. Live vends only.

import { PALETTE } from '@/components/chart';
import { ChartCard } from '@/components/chart-card';
import { MoneyLabel } from '@/components/money-label';
import { QueryError } from '@/components/query-error';
import { Card } from '@/components/ui/card';
import { ChartIcon, SignalIcon, WalletIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { Stat } from '@/components/ui/stat';
import { channelLabel, serviceTypeLabel } from '@/lib/catalogue-labels';
import { formatNaira, lagosHour } from '@/lib/format';
import { usePermissions } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { useCorporateDashboard } from '../api/get-corporate-dashboard';
import { AccountFacts } from '../components/account-facts';
import { DailySalesCard, greeting, QuickLink } from '../components/home-parts';
import { RangeFilter } from '../components/range-filter';
import { RecentVends } from '../components/recent-vends';
import { rangeReady, useHomeRange } from '../range';

const n = (v: number | undefined) => (v === undefined ? '—' : v.toLocaleString('en-NG'));
const money = (v: number | undefined) => (v === undefined ? '—' : formatNaira(v));

export default function ClientHomeRoute() {
  const { user } = useSession();
  const { can } = usePermissions();
  const [range, setRange] = useHomeRange();
  // A role without the dashboard figures (a finance clerk, say) gets the account and shortcuts:
  // asking for the figures would only earn a 403.
  const figures = can('dashboard.view');
  const ready = rangeReady(range);
  const q = useCorporateDashboard(range, ready && figures);
  const d = ready ? q.data : undefined;
  const t = d?.totals;
  const loading = ready && q.isPending;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Dashboard"
        description={`${greeting(lagosHour())}, ${user?.first_name ?? ''}. Here is your business at a glance.`}
        actions={q.isFetching && !loading ? <Spinner className="h-5 w-5 text-brand-700" /> : undefined}
      />
      <AccountFacts />
      {!figures ? (
        <p className="text-sm text-slate-500">
          Your role does not include the dashboard figures. Use the shortcuts below.
        </p>
      ) : null}
      {figures ? (
        <RangeFilter
          value={range}
          onChange={setRange}
          shown={d ? { startDate: d.startDate, endDate: d.endDate } : undefined}
        />
      ) : null}
      {figures && !ready ? (
        <p className="text-sm text-slate-500">Choose a start date and an end date.</p>
      ) : null}
      {!figures ? null : q.isError ? (
        <QueryError title="Your dashboard figures could not be loaded." onRetry={() => q.refetch()} />
      ) : (
        <>
          <Card
            className="grid grid-cols-2 gap-x-4 gap-y-5 px-5 py-5 sm:gap-6 sm:px-6 lg:grid-cols-4"
            data-testid="client-figures"
            aria-busy={loading || undefined}
          >
            <Stat
              label="Wallet balance"
              value={money(d?.wallet.balanceKobo)}
              emphasis
              testId="wallet-balance"
              className="col-span-2 sm:col-span-1"
            />
            {d?.wallet.testMode ? (
              <Stat
                label="Sandbox balance"
                value={money(d.wallet.sandboxBalanceKobo ?? 0)}
                hint="Test mode: purchases spend this"
              />
            ) : null}
            <Stat
              label="Successful vends (value)"
              value={money(t?.successValueKobo)}
              testId="success-value"
            />
            <Stat label="Successful vends" value={n(t?.successCount)} testId="success-count" />
            <Stat label="Failed vends" value={n(t?.failedCount)} />
            <Stat label="Pending vends" value={n(t?.pendingCount)} />
            <Stat label={<MoneyLabel word="commissionEarned" />} value={money(t?.commissionKobo)} />
            <Stat
              label={<MoneyLabel word="fundingReceived" />}
              value={money(t?.fundingKobo)}
              testId="funding-received"
            />
          </Card>

          <DailySalesCard daily={d?.daily ?? []} loading={loading} />
          <div className="grid gap-4 lg:grid-cols-2">
            <ChartCard
              heading="By service"
              loading={loading}
              title="Sales by service"
              rowHeader="Service"
              rows={(d?.byService ?? []).map((s) => ({
                label: serviceTypeLabel(s.serviceType),
                values: { value: s.valueKobo },
              }))}
              series={[{ key: 'value', label: 'Value', colour: PALETTE[0] ?? '#1d4ed8' }]}
              format="naira"
              height={200}
              emptyText="No successful vends in this period."
            />
            <ChartCard
              heading="By platform"
              description="Where your vends came from."
              loading={loading}
              title="Sales by platform"
              rowHeader="Platform"
              rows={(d?.byChannel ?? []).map((c) => ({
                label: channelLabel(c.channel),
                values: { value: c.valueKobo },
              }))}
              series={[{ key: 'value', label: 'Value', colour: PALETTE[1] ?? '#0d9488' }]}
              format="naira"
              height={200}
              emptyText="No successful vends in this period."
            />
          </div>

          <RecentVends rows={d?.recent ?? []} loading={loading} />
        </>
      )}

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {can('wallet.fund') ? (
          <QuickLink
            to="/dashboard/wallet"
            title="Fund wallet"
            description="By card or bank transfer."
            icon={<WalletIcon className="h-5 w-5" />}
          />
        ) : null}
        {can('vend') ? (
          <QuickLink
            to="/dashboard/vending-history"
            title="Buy airtime & data"
            description="One number, or many from a CSV file, paid from your wallet."
            icon={<SignalIcon className="h-5 w-5" />}
          />
        ) : null}
        {can('transactions.read') ? (
          <QuickLink
            to="/dashboard/sales-valuation"
            title="Sales valuation"
            description="Value, commission and net cost over any period."
            icon={<ChartIcon className="h-5 w-5" />}
          />
        ) : null}
      </div>
    </div>
  );
}
