// A client's commission on its screen: what it earned on successful live vends (upfront and
// accrued), what is accrued and not yet settled, and its commission balance; with the upfront
// setting and "Settle accrued commission" for admins holding commissions.manage.

import type { CorporateClientDetailView } from '@vendport/shared';
import { MONEY_WORDS } from '@vendport/shared';
import { useState } from 'react';
import { MoneyLabel } from '@/components/money-label';
import { QueryError } from '@/components/query-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Stat } from '@/components/ui/stat';
import { countOf, formatNaira } from '@/lib/format';
import { useClientCommission } from '../api/get-client-commission';
import type { ActionDone } from './action-done';
import { SettleCommissionModal } from './settle-commission-modal';
import { UpfrontCommissionModal } from './upfront-commission-modal';

export function ClientCommissionCard({
  client,
  canManage,
  onDone,
}: {
  client: CorporateClientDetailView;
  canManage: boolean;
  onDone: (done: ActionDone) => void;
}) {
  const commission = useClientCommission(client.id);
  const [open, setOpen] = useState<'upfront' | 'settle' | null>(null);
  const c = commission.data;
  const upfront = c?.upfrontCommission ?? false;
  const unsettled = c?.unsettledKobo ?? 0;

  return (
    <Card>
      <CardHeader
        title="Commission"
        description="Earned on successful live vends at each service's rate."
        actions={
          c && canManage ? (
            <>
              <Button variant="secondary" onClick={() => setOpen('upfront')}>
                {upfront ? 'Disable upfront commission' : 'Enable upfront commission'}
              </Button>
              <Button
                onClick={() => setOpen('settle')}
                disabled={unsettled <= 0}
                title={unsettled <= 0 ? 'No accrued commission is waiting to be settled' : undefined}
              >
                Settle accrued commission
              </Button>
            </>
          ) : undefined
        }
      />
      {commission.isPending ? (
        <div className="flex justify-center py-10 text-brand-700">
          <Spinner className="h-6 w-6" label="Loading commission" />
        </div>
      ) : commission.isError || !c ? (
        <div className="p-6">
          <QueryError
            title="The client's commission could not be loaded."
            onRetry={() => commission.refetch()}
          />
        </div>
      ) : (
        <div className="space-y-4 px-6 py-5">
          <div
            className="flex flex-wrap items-center gap-2 text-sm text-slate-600"
            data-testid="upfront-commission"
          >
            <span className="font-medium text-slate-700">Upfront commission</span>
            {upfront ? <Badge tone="success">On</Badge> : <Badge tone="neutral">Off</Badge>}
            <span>
              {upfront
                ? 'The wallet is debited the amount less the commission at vend time.'
                : 'The wallet is debited the full amount; commission accrues and is settled to the wallet daily.'}
            </span>
          </div>
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4" data-testid="client-commission">
            <Stat
              label={<MoneyLabel word="commissionEarned" />}
              value={formatNaira(c.totals.commissionKobo)}
              hint={countOf(c.totals.vends, 'vend')}
            />
            <Stat label={<MoneyLabel word="commissionUpfront" />} value={formatNaira(c.totals.upfrontKobo)} />
            <Stat
              label={<MoneyLabel word="commissionUnsettled" />}
              value={formatNaira(unsettled)}
              hint={
                c.pendingKobo
                  ? `${MONEY_WORDS.commissionPending}: ${formatNaira(c.pendingKobo)}, apart`
                  : undefined
              }
              testId="client-commission-awaiting"
            />
            <Stat label={<MoneyLabel word="commissionSettled" />} value={formatNaira(c.totals.settledKobo)} />
          </div>
        </div>
      )}
      {open === 'upfront' ? (
        <UpfrontCommissionModal
          client={client}
          upfront={upfront}
          onClose={() => setOpen(null)}
          onDone={(d) => {
            setOpen(null);
            onDone(d);
          }}
        />
      ) : null}
      {open === 'settle' ? (
        <SettleCommissionModal
          client={client}
          unsettledKobo={unsettled}
          onClose={() => setOpen(null)}
          onDone={(d) => {
            setOpen(null);
            if (d) onDone(d);
          }}
        />
      ) : null}
    </Card>
  );
}
