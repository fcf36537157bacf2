// Analytics: trends (sales and funding over time, by dimension, against the previous period), and
// the commission clients earned on successful live vends across the platform (DESIGN
// §2 Commission), over a chosen period and by network, service type and client type: totals (of
// which upfront, accrued, settled), per day, per service and per client. Admins holding
// commissions.manage settle a client's accrued commission to its wallet (password-confirmed).

import type { CommissionSettlementView } from '@vendport/shared';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useSearchParams } from 'react-router';
import { CommissionFilterBar, useCommissionFilters } from '@/components/commission-filters';
import { MoneyLabel } from '@/components/money-label';
import { PasswordConfirmModal } from '@/components/password-action-modal';
import { QueryError } from '@/components/query-error';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { Stat } from '@/components/ui/stat';
import { SuccessModal } from '@/components/ui/success-modal';
import { Tabs } from '@/components/ui/tabs';
import { useCommissions } from '@/lib/api/get-commissions';
import { toastApiError } from '@/lib/api-toasts';
import { countOf, formatNaira } from '@/lib/format';
import { usePermissions } from '@/lib/permissions';
import { useSettleCommission } from '../api/settle-commission';
import {
  type ByClient,
  CommissionByClient,
  CommissionByDay,
  CommissionByService,
} from '../components/commission-tables';
import { TrendsReport } from '../components/trends-report';

function CommissionReport() {
  const { can } = usePermissions();
  const report = useCommissions(useCommissionFilters('admin'));
  const settle = useSettleCommission();
  const [settling, setSettling] = useState<ByClient | null>(null);
  const [settled, setSettled] = useState<{ name: string; s: CommissionSettlementView } | null>(null);
  const r = report.data;
  const loading = report.isPending;

  const onSettle = (password: string) => {
    if (!settling) return;
    const name = settling.corporateName;
    settle.mutate(
      { corporateId: settling.corporateId, password },
      {
        onSuccess: (res) => {
          if (res.success === false) {
            toast.error(res.message || 'The commission could not be settled.');
            return;
          }
          toast.success(res.message);
          setSettling(null);
          if (res.data) setSettled({ name, s: res.data });
        },
        onError: toastApiError,
      },
    );
  };

  return (
    <>
      <Card className="overflow-hidden">
        <CardHeader
          title="Commission"
          description="Earned by clients on successful live vends: amount × the service's rate. Test vends earn none."
          actions={report.isFetching && !loading ? <Spinner className="h-5 w-5 text-brand-700" /> : undefined}
        />
        <CommissionFilterBar audience="admin" />
        {report.isError ? (
          <div className="p-6">
            <QueryError title="Commission figures could not be loaded." onRetry={() => report.refetch()} />
          </div>
        ) : (
          <div
            className="grid gap-5 px-6 py-5 sm:grid-cols-3 lg:grid-cols-6"
            data-testid="commission-totals"
            aria-busy={loading || undefined}
          >
            <Stat label="Successful vends" value={r ? r.totals.vends.toLocaleString('en-NG') : '—'} />
            <Stat label="Sales" value={r ? formatNaira(r.totals.amountKobo) : '—'} />
            <Stat
              label={<MoneyLabel word="commissionEarned" />}
              value={r ? formatNaira(r.totals.commissionKobo) : '—'}
              emphasis
            />
            <Stat
              label={<MoneyLabel word="commissionUpfront" />}
              value={r ? formatNaira(r.totals.upfrontKobo) : '—'}
              hint="Deducted at vend time"
            />
            <Stat
              label={<MoneyLabel word="commissionAccrued" />}
              value={r ? formatNaira(r.totals.accruedKobo) : '—'}
              hint="Paid by settlement"
            />
            <Stat
              label={<MoneyLabel word="commissionSettled" />}
              value={r ? formatNaira(r.totals.settledKobo) : '—'}
              hint="Accrued, now paid"
            />
          </div>
        )}
      </Card>

      {report.isError ? null : (
        <>
          <div className="grid gap-4 2xl:grid-cols-2">
            <Card className="overflow-hidden">
              <CardHeader title="Per day" description="Lagos calendar days, newest first." />
              <CommissionByDay rows={r?.byDay ?? []} loading={loading} />
            </Card>
            <Card className="overflow-hidden">
              <CardHeader title="Per service" />
              <CommissionByService rows={r?.byService ?? []} loading={loading} />
            </Card>
          </div>
          <Card className="overflow-hidden">
            <CardHeader
              title="Per client"
              description={
                can('commissions.manage')
                  ? 'Accrued commission is settled to each wallet daily; settle a client now if it cannot wait.'
                  : 'Accrued commission is settled to each wallet daily.'
              }
            />
            <CommissionByClient
              rows={r?.byClient ?? []}
              loading={loading}
              client={(c) =>
                can('clients.read') ? (
                  <Link
                    to={`/admin-dashboard/view-corporate-client/${c.corporateId}`}
                    className="hover:text-brand-700 hover:underline"
                  >
                    {c.corporateName}
                  </Link>
                ) : (
                  c.corporateName
                )
              }
              action={
                can('commissions.manage')
                  ? (c) => (
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={`Settle accrued commission of ${c.corporateName}`}
                        onClick={() => setSettling(c)}
                      >
                        Settle accrued commission
                      </Button>
                    )
                  : undefined
              }
            />
          </Card>
        </>
      )}

      <PasswordConfirmModal
        open={!!settling}
        title="Settle accrued commission"
        description={
          settling
            ? `Credit ${settling.corporateName}’s wallet now with the commission accrued on its successful vends and not yet settled.`
            : undefined
        }
        submitLabel="Settle commission"
        pending={settle.isPending}
        onConfirm={onSettle}
        onClose={() => setSettling(null)}
      >
        <p className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-600">
          Upfront commission was already taken off at vend time and is not part of a settlement.
        </p>
      </PasswordConfirmModal>
      <SuccessModal
        open={!!settled}
        title="Commission settled"
        message={
          settled
            ? `${formatNaira(settled.s.amountKobo)} from ${countOf(settled.s.vends, 'vend')} has been credited to ${settled.name}’s wallet.`
            : null
        }
        onClose={() => setSettled(null)}
      />
    </>
  );
}

type View = 'trends' | 'commission';

export default function AnalyticsRoute() {
  const { can } = usePermissions();
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'commission' ? 'commission' : 'trends';
  // Each report keeps its own filters: switching drops the other's from the URL.
  const show = (next: View) => setParams(next === 'trends' ? {} : { view: next });
  return (
    <div className="space-y-4">
      <PageHeader
        title="Analytics"
        description="Platform sales, funding and commission over a chosen period."
      />
      <Tabs
        label="Reports"
        value={view}
        onChange={show}
        items={[
          { value: 'trends', label: 'Trends' },
          { value: 'commission', label: 'Commission' },
        ]}
      />
      {view === 'trends' ? (
        <TrendsReport />
      ) : can('commissions.read') ? (
        <CommissionReport />
      ) : (
        <Alert tone="info" title="Commission figures need the View commissions permission." />
      )}
    </div>
  );
}
