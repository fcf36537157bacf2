import { CommissionFilterBar, useCommissionFilters } from '@/components/commission-filters';
import { MoneyLabel } from '@/components/money-label';
import { QueryError } from '@/components/query-error';
import { Badge } from '@/components/ui/badge';
import { Card, CardHeader } from '@/components/ui/card';
import { PercentIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { Stat } from '@/components/ui/stat';
import { useCommissions } from '@/lib/api/get-commissions';
import { formatNaira } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useCommissionSettlements } from '../api/get-commission-settlements';
import { ByDayTable, ByServiceTable, SettlementsTable } from '../components/commission-tables';

function ModeCard({ upfront, testMode }: { upfront: boolean | null; testMode: boolean }) {
  return (
    <Card className="flex flex-wrap items-start gap-4 px-6 py-5">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <PercentIcon className="h-5 w-5" />
      </span>
      <div className="min-w-0 flex-1" data-testid="commission-mode">
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-sm font-semibold text-slate-900">Commission mode</p>
          {upfront === null ? null : upfront ? (
            <Badge tone="info">Upfront</Badge>
          ) : (
            <Badge tone="success">Accrued</Badge>
          )}
          {testMode ? <Badge tone="warning">Test mode: test purchases earn no commission</Badge> : null}
        </div>
        <p className="mt-1 text-sm text-slate-600">
          {upfront
            ? 'Your commission is taken when you buy: the wallet pays the amount less your commission.'
            : 'The full amount is debited when you buy; your commission accrues to your commission balance and is settled to your wallet once a day.'}{' '}
          VendPort sets the mode of your account.
        </p>
      </div>
    </Card>
  );
}

export default function CommissionRoute() {
  const { user } = useSession();
  const report = useCommissions(useCommissionFilters('client'));
  const settlements = useCommissionSettlements();
  const data = report.data;
  const t = data?.totals;

  return (
    <div className="space-y-6">
      <PageHeader title="Commission" description="What you earn on every successful live purchase." />

      <Card className="overflow-hidden">
        <CommissionFilterBar audience="client" />
        {report.isPending ? (
          <div className="flex justify-center py-12 text-brand-700">
            <Spinner className="h-7 w-7" label="Loading commission" />
          </div>
        ) : report.isError || !t ? (
          <div className="p-6">
            <QueryError title="Your commission could not be loaded." onRetry={() => report.refetch()} />
          </div>
        ) : (
          <div
            className={`grid gap-6 px-6 py-5 sm:grid-cols-2 lg:grid-cols-4 ${report.isPlaceholderData ? 'opacity-60' : ''}`}
          >
            <Stat
              label={<MoneyLabel word="commissionEarned" />}
              value={formatNaira(t.commissionKobo)}
              emphasis
              testId="commission-total"
            />
            <Stat
              label="Sales"
              value={formatNaira(t.amountKobo)}
              hint={`${t.vends.toLocaleString('en-NG')} successful purchases`}
            />
            <Stat
              label={<MoneyLabel word="commissionAccrued" />}
              value={formatNaira(t.accruedKobo)}
              hint={`${formatNaira(t.settledKobo)} settled to your wallet`}
              testId="commission-accrued"
            />
            <Stat
              label={<MoneyLabel word="commissionUpfront" />}
              value={formatNaira(t.upfrontKobo)}
              hint="Deducted at purchase"
            />
          </div>
        )}
        {data && data.unsettledKobo !== null ? (
          <div className="flex flex-wrap gap-x-8 gap-y-2 border-t border-slate-100 bg-slate-50 px-6 py-3 text-sm text-slate-600">
            <span>
              <MoneyLabel word="commissionUnsettled" />:{' '}
              <span className="font-semibold tabular-nums text-slate-900" data-testid="commission-unsettled">
                {formatNaira(data.unsettledKobo)}
              </span>
            </span>
            {data.pendingKobo ? (
              <span>
                <MoneyLabel word="commissionPending" />:{' '}
                <span className="font-semibold tabular-nums text-slate-900" data-testid="commission-pending">
                  {formatNaira(data.pendingKobo)}
                </span>
              </span>
            ) : null}
            {data.commissionBalanceKobo !== null ? (
              <span>
                <MoneyLabel word="commissionBalance" />:{' '}
                <span className="font-semibold tabular-nums text-slate-900">
                  {formatNaira(data.commissionBalanceKobo)}
                </span>
              </span>
            ) : null}
          </div>
        ) : null}
      </Card>

      <ModeCard upfront={data?.upfrontCommission ?? null} testMode={user?.corporate?.testMode ?? false} />

      <div className="grid items-start gap-6 2xl:grid-cols-2">
        <Card className="overflow-hidden">
          <CardHeader title="Earned per day" description="Lagos calendar days, newest first." />
          {report.isError ? (
            <NotLoaded />
          ) : (
            <ByDayTable rows={data?.byDay ?? []} loading={report.isPending} />
          )}
        </Card>
        <Card className="overflow-hidden">
          <CardHeader title="Earned per service" />
          {report.isError ? (
            <NotLoaded />
          ) : (
            <ByServiceTable rows={data?.byService ?? []} loading={report.isPending} />
          )}
        </Card>
      </div>

      <Card className="overflow-hidden">
        <CardHeader title="Settlements" description="Accrued commission paid into your wallet." />
        {settlements.isError ? (
          <div className="p-6">
            <QueryError title="Settlements could not be loaded." onRetry={() => settlements.refetch()} />
          </div>
        ) : (
          <SettlementsTable rows={settlements.data ?? []} loading={settlements.isPending} />
        )}
      </Card>
    </div>
  );
}

/** In place of a table whose data failed to load: not an empty state, which would mislead. */
function NotLoaded() {
  return (
    <p className="px-6 py-8 text-center text-sm text-slate-500">
      Not available: the commission could not be loaded (see above).
    </p>
  );
}
