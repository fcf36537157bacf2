// Bills (issue 51): electricity tokens and TV subscriptions from the wallet, beside airtime and
// data. Each tab verifies the customer's number with the provider first, then pays; the payment is
// a vend of the bill's kind, listed in the vending history with its token or receipt. The Bulk tab
// does the same for every row of a CSV file: all verified first, then paid row by row.
import type { BillKind } from '@vendport/shared';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardHeader } from '@/components/ui/card';
import { BoltIcon, FileIcon, TvIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs } from '@/components/ui/tabs';
import { formatNaira } from '@/lib/format';
import { usePermissions } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { useUrlParams } from '@/lib/use-url-params';
import { useWalletBalance } from '@/lib/wallet-balance';
import { useCommissionTerms } from '../api/get-commission-terms';
import { BillPayment } from '../components/bill-payment';
import { BulkBills } from '../components/bulk-bills';

const DETAILS_PATH = '/dashboard/vending-history';

type Tab = { value: 'electricity' | 'tv' | 'bulk'; kind: BillKind | null; label: string; title: string };

const TABS: Tab[] = [
  { value: 'electricity', kind: 'ELECTRICITY', label: 'Electricity', title: 'Buy electricity' },
  { value: 'tv', kind: 'TV', label: 'TV', title: 'Pay for TV' },
  { value: 'bulk', kind: null, label: 'Bulk', title: 'Pay bills in bulk' },
];

const DESCRIPTIONS: Record<Tab['value'], string> = {
  electricity: 'Prepaid tokens and postpaid bills for every distribution company.',
  tv: 'Renew a DStv, GOtv, StarTimes or Showmax subscription, or change its bouquet.',
  bulk: 'Upload a CSV file: every meter and smartcard is verified with its biller before anything is paid.',
};

export default function BillsRoute() {
  const { user } = useSession();
  const { can } = usePermissions();
  const [params, edit] = useUrlParams();
  const tab = TABS.find((t) => t.value === params.get('tab')) ?? TABS[0];
  const corporate = user?.corporate ?? null;
  const inactive = corporate?.status === 'INACTIVE';
  const testMode = corporate?.testMode ?? false;
  const balance = useWalletBalance(can('wallet.read'));
  const terms = useCommissionTerms(can('commission.read') && !testMode);
  const availableKobo = balance.data
    ? testMode
      ? balance.data.sandboxBalanceKobo
      : balance.data.availableKobo
    : null;
  const Icon = tab.kind === 'TV' ? TvIcon : tab.kind === null ? FileIcon : BoltIcon;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Bills"
        description="Electricity tokens and TV subscriptions from your wallet: the customer’s number is verified with the provider before anything is paid."
      />
      <Card>
        <CardHeader
          title={
            <span className="flex items-center gap-2">
              <Icon className="h-5 w-5 text-brand-700" />
              {tab.title}
            </span>
          }
          description={DESCRIPTIONS[tab.value]}
          actions={
            <div className="flex items-center gap-3 text-right" data-testid="bill-available">
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
        <div className="px-6 py-5">
          <Tabs
            label="Bill type"
            value={tab.value}
            onChange={(v) =>
              edit((p) => {
                p.set('tab', v);
              })
            }
            items={TABS.map((t) => ({ value: t.value, label: t.label }))}
          />
          {inactive ? (
            <Alert tone="error" title="This account is inactive and cannot pay bills.">
              Contact VendPort support to reactivate it.
            </Alert>
          ) : !can('vend') ? (
            <Alert tone="info" title="Your role cannot pay bills.">
              Ask an owner of the account for the permission to vend.
            </Alert>
          ) : tab.kind === null ? (
            <BulkBills detailsPath={DETAILS_PATH} />
          ) : (
            <BillPayment
              key={tab.kind}
              kind={tab.kind}
              upfront={terms.data?.upfront ?? null}
              testMode={testMode}
              availableKobo={availableKobo}
              detailsPath={DETAILS_PATH}
            />
          )}
        </div>
      </Card>
    </div>
  );
}
