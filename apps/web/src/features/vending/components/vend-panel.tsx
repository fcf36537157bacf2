// "Buy airtime & data": one purchase, or many from a CSV file, from the wallet. Shows what the
// wallet can spend (the sandbox wallet in test mode) and says plainly when the account cannot
// vend (inactive, or no services assigned yet).
import { type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { QueryError } from '@/components/query-error';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardHeader } from '@/components/ui/card';
import { SignalIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { usePlanCatalogue } from '@/lib/api/get-data-plans';
import { formatNaira } from '@/lib/format';
import { usePermissions } from '@/lib/permissions';
import { usePlatform } from '@/lib/platform';
import { useSession } from '@/lib/session';
import { useWalletBalance } from '@/lib/wallet-balance';
import { useCommissionTerms } from '../api/get-commission-terms';
import { useVendServices } from '../api/get-vend-services';
import { BulkVend } from './bulk-vend';
import { SingleVend } from './single-vend';
import type { VendCatalogue } from './vend-rules';

type Tab = 'single' | 'bulk';

export function VendPanel({ detailsPath = '/dashboard/vending-history' }: { detailsPath?: string }) {
  const { user } = useSession();
  const { can } = usePermissions();
  const [tab, setTab] = useState<Tab>('single');
  const corporate = user?.corporate ?? null;
  const inactive = corporate?.status === 'INACTIVE';
  const testMode = corporate?.testMode ?? false;

  const services = useVendServices(!inactive);
  const plans = usePlanCatalogue(!inactive);
  const balance = useWalletBalance(can('wallet.read'));
  const terms = useCommissionTerms(can('commission.read') && !testMode);
  // The platform's largest single vend bounds every service (issue 36 point 17); when it cannot be
  // read the service's bounds are quoted and the server still applies both.
  const platform = usePlatform(!inactive);
  const platformMaxKobo = platform.data?.maxVendAmountKobo ?? null;
  const platformSettled = !platform.isLoading;

  const catalogue = useMemo<VendCatalogue | null>(
    () =>
      services.data && plans.data && platformSettled
        ? { services: services.data, plans: plans.data, platformMaxKobo }
        : null,
    [services.data, plans.data, platformSettled, platformMaxKobo],
  );
  const availableKobo = balance.data
    ? testMode
      ? balance.data.sandboxBalanceKobo
      : balance.data.availableKobo
    : null;

  let body: ReactNode;
  if (inactive) {
    body = (
      <Alert tone="error" title="This account is inactive and cannot vend.">
        Contact VendPort support to reactivate it. Your history stays available below.
      </Alert>
    );
  } else if (services.isError || plans.isError) {
    body = (
      <QueryError
        title="The services of your account could not be loaded."
        onRetry={() => {
          void services.refetch();
          void plans.refetch();
        }}
      />
    );
  } else if (!catalogue) {
    body = (
      <div className="flex justify-center py-8 text-brand-700">
        <Spinner className="h-6 w-6" label="Loading services" />
      </div>
    );
  } else if (catalogue.services.length === 0) {
    body = (
      <Alert tone="info" title="No airtime or data services are on your account yet.">
        VendPort assigns the networks you can sell once your account is set up. Contact support to have them
        switched on.
      </Alert>
    );
  } else {
    body = (
      <>
        <Tabs
          label="How to buy"
          value={tab}
          onChange={setTab}
          items={[
            { value: 'single', label: 'Single purchase' },
            { value: 'bulk', label: 'Bulk upload (CSV)' },
          ]}
        />
        {tab === 'single' ? (
          <SingleVend
            catalogue={catalogue}
            upfront={terms.data?.upfront ?? null}
            testMode={testMode}
            availableKobo={availableKobo}
            detailsPath={detailsPath}
          />
        ) : (
          <BulkVend catalogue={catalogue} availableKobo={availableKobo} detailsPath={detailsPath} />
        )}
      </>
    );
  }

  return (
    <Card>
      <CardHeader
        title={
          <span className="flex items-center gap-2">
            <SignalIcon className="h-5 w-5 text-brand-700" /> Buy airtime &amp; data
          </span>
        }
        description="Send airtime or data to any Nigerian number on MTN, Airtel, Glo or 9mobile, paid from your wallet."
        actions={
          <div className="flex items-center gap-3 text-right" data-testid="vend-available">
            {testMode ? <Badge tone="warning">Test mode</Badge> : null}
            {availableKobo !== null ? (
              <div>
                <p className="text-xs font-medium uppercase tracking-wide text-slate-500">
                  {testMode ? 'Sandbox balance' : 'Available to spend'}
                </p>
                <p className="text-lg font-semibold tabular-nums text-slate-900">
                  {formatNaira(availableKobo)}
                </p>
              </div>
            ) : null}
            {can('wallet.fund') && !testMode ? (
              <Link to="/dashboard/wallet" className="text-sm font-medium text-brand-700 hover:underline">
                Fund wallet
              </Link>
            ) : null}
          </div>
        }
      />
      <div className="px-6 py-5">{body}</div>
    </Card>
  );
}
