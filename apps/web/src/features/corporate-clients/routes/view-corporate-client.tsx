// One corporate client for the admin (spec §3 corporate fields; dates DD/MM/YYYY; NIL when empty)
// with its wallet, and the password-confirmed actions the admin's permissions allow: fund the
// wallet, set the credit limit (credit clients), switch type, activate or deactivate. Below: its
// commission (upfront setting, settling accrued commission) and the services assigned to it.
import type { CorporateClientDetailView } from '@vendport/shared';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ClientStatusBadge, VerificationBadge } from '@/components/client-badges';
import { DetailField, dash } from '@/components/detail-field';
import { DetailHeader, LoadingCard } from '@/components/detail-page';
import { MoneyLabel } from '@/components/money-label';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { BuildingIcon } from '@/components/ui/icons';
import { Stat } from '@/components/ui/stat';
import { SuccessModal } from '@/components/ui/success-modal';
import { ApiError } from '@/lib/api-client';
import { countOf, formatDate, formatNaira } from '@/lib/format';
import { clientTypeLabel } from '@/lib/labels';
import { usePermissions } from '@/lib/permissions';
import { useCorporateClient } from '../api/get-corporate-client';
import type { ActionDone } from '../components/action-done';
import { ClientBillersCard } from '../components/client-billers-card';
import { ClientCardReceivablesCard } from '../components/client-card-receivables-card';
import { ClientCommissionCard } from '../components/client-commission-card';
import { ClientRateLimitsCard } from '../components/client-rate-limits-card';
import { ClientServicesCard } from '../components/client-services-card';
import { CreditLimitModal } from '../components/credit-limit-modal';
import { FundWalletModal } from '../components/fund-wallet-modal';
import { AutoTopupModal, ResetPasswordModal, TestModeModal } from '../components/lifecycle-modals';
import { StatusModal } from '../components/status-modal';
import { SwitchTypeModal } from '../components/switch-type-modal';

type Action = 'fund' | 'limit' | 'switch' | 'status' | 'testMode' | 'autoTopup' | 'resetPassword';

function ClientDetails({ client }: { client: CorporateClientDetailView }) {
  return (
    <Card>
      <CardHeader title="Details" />
      <dl className="grid gap-5 px-6 py-5 sm:grid-cols-2 lg:grid-cols-3" data-testid="client-details">
        <DetailField label="Corporate Name">{dash(client.name)}</DetailField>
        <DetailField label="Verification">
          <VerificationBadge
            status={client.verificationStatus}
            requestedAt={client.verificationRequestedAt}
          />
        </DetailField>
        <DetailField label="Email Address">{dash(client.email)}</DetailField>
        <DetailField label="Phone Number">{dash(client.msisdn)}</DetailField>
        <DetailField label="Onboarding Date">{formatDate(client.createdAt)}</DetailField>
        <DetailField label="Request Date">{formatDate(client.verificationRequestedAt)}</DetailField>
        <DetailField label="Status">
          <ClientStatusBadge status={client.status} />
        </DetailField>
        <DetailField label="Mode">
          {client.testMode ? <Badge tone="warning">Test mode</Badge> : <Badge tone="success">Live</Badge>}
        </DetailField>
        <DetailField label="Test mode">{client.testModeAllowed ? 'Allowed' : 'Not allowed'}</DetailField>
        <DetailField label="Auto top-up">{client.autoTopUpEnabled ? 'Enabled' : 'Disabled'}</DetailField>
        <DetailField label="Documents">{String(client.documentsCount)}</DetailField>
      </dl>
    </Card>
  );
}

function WalletDetails({ client }: { client: CorporateClientDetailView }) {
  const w = client.wallet;
  const credit = w.creditLimitKobo !== null;
  return (
    <Card>
      <CardHeader title="Wallet" description={credit ? 'Balance and credit line.' : 'Prepaid balance.'} />
      <div className="grid gap-5 px-6 py-5 sm:grid-cols-2 lg:grid-cols-4" data-testid="client-wallet">
        <Stat label="Balance" value={formatNaira(w.balanceKobo)} />
        {credit ? (
          <>
            <Stat label="Credit limit" value={formatNaira(w.creditLimitKobo ?? 0)} />
            <Stat label="Credit used" value={formatNaira(w.usedKobo ?? 0)} />
            <Stat label="Available to spend" value={formatNaira(w.availableKobo)} />
          </>
        ) : null}
        <Stat label={<MoneyLabel word="commissionBalance" />} value={formatNaira(w.commissionBalanceKobo)} />
      </div>
    </Card>
  );
}

export default function ViewCorporateClientRoute() {
  const { corporateId = '' } = useParams();
  const { can } = usePermissions();
  const client = useCorporateClient(corporateId);
  const [action, setAction] = useState<Action | null>(null);
  const [done, setDone] = useState<ActionDone | null>(null);
  const c = client.data;

  const finish = (d: ActionDone) => {
    setAction(null);
    setDone(d);
  };
  const credit = c ? c.clientType === 'POSTPAID' || c.clientType === 'POSTPAID_PLUS' : false;
  const actions = c
    ? [
        can('funding.manage') && { key: 'fund' as const, label: 'Fund wallet', variant: 'primary' as const },
        can('funding.manage') &&
          credit && { key: 'limit' as const, label: 'Set credit limit', variant: 'secondary' as const },
        can('clients.manage') && {
          key: 'switch' as const,
          label: 'Switch type',
          variant: 'secondary' as const,
        },
        can('clients.manage') && {
          key: 'testMode' as const,
          label: c.testModeAllowed ? 'Turn test mode off' : 'Allow test mode',
          variant: 'secondary' as const,
        },
        can('clients.manage') && {
          key: 'autoTopup' as const,
          label: c.autoTopUpEnabled ? 'Disable auto top-up' : 'Enable auto top-up',
          variant: 'secondary' as const,
        },
        can('clients.manage') && {
          key: 'resetPassword' as const,
          label: 'Reset password',
          variant: 'secondary' as const,
        },
        can('clients.manage') && {
          key: 'status' as const,
          label: c.status === 'ACTIVE' ? 'Deactivate' : 'Activate',
          variant: c.status === 'ACTIVE' ? ('danger' as const) : ('primary' as const),
        },
      ].filter((a) => !!a)
    : [];

  return (
    <div className="space-y-6">
      <DetailHeader title="Corporate Client" fetching={client.isFetching} loadingLabel="Loading client" />

      {client.isPending ? (
        <LoadingCard label="Loading client" />
      ) : client.isError || !c ? (
        <Alert
          tone="error"
          title={
            client.error instanceof ApiError && client.error.status === 404
              ? 'This client does not exist.'
              : 'The client could not be loaded.'
          }
        >
          <Link to="/admin-dashboard/accounts" className="font-medium underline">
            Back to clients
          </Link>
        </Alert>
      ) : (
        <>
          <Card className="flex flex-wrap items-center gap-4 px-6 py-5">
            <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-slate-100 text-slate-600">
              <BuildingIcon className="h-6 w-6" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="truncate text-lg font-semibold text-slate-900" data-testid="client-name">
                {dash(c.name)}
              </p>
              <div className="mt-1 flex flex-wrap items-center gap-2">
                <ClientStatusBadge status={c.status} />
                <VerificationBadge status={c.verificationStatus} requestedAt={c.verificationRequestedAt} />
                {c.testMode ? <Badge tone="warning">Test mode</Badge> : null}
              </div>
            </div>
            {actions.length ? (
              <div className="flex flex-wrap gap-2">
                {actions.map((a) => (
                  <Button key={a.key} variant={a.variant} onClick={() => setAction(a.key)}>
                    {a.label}
                  </Button>
                ))}
              </div>
            ) : null}
          </Card>

          <div className="grid gap-4 sm:grid-cols-3" data-testid="client-overview">
            <Card className="px-6 py-5">
              <Stat label={<MoneyLabel word="fundingTotal" />} value={formatNaira(c.totalFunding)} />
            </Card>
            <Card className="px-6 py-5">
              <Stat label="Corporate Client Type" value={clientTypeLabel(c.clientType)} />
            </Card>
            <Card className="px-6 py-5">
              <Stat label="Available Wallet Balance" value={formatNaira(c.availableBalance)} />
            </Card>
          </div>

          <ClientDetails client={c} />
          <WalletDetails client={c} />
          {can('funding.read') ? <ClientCardReceivablesCard corporateId={c.id} /> : null}
          {can('commissions.read') ? (
            <ClientCommissionCard client={c} canManage={can('commissions.manage')} onDone={setDone} />
          ) : null}
          {can('services.read') ? (
            <ClientServicesCard corporateId={c.id} clientName={c.name} canManage={can('services.manage')} />
          ) : null}
          {can('services.read') ? (
            <ClientBillersCard corporateId={c.id} clientName={c.name} canManage={can('services.manage')} />
          ) : null}
          <ClientRateLimitsCard corporateId={c.id} canManage={can('clients.manage')} />

          {can('verification.read') ? (
            <p className="text-sm text-slate-500">
              <Link
                to={`/admin-dashboard/accounts/${c.id}`}
                className="font-medium text-brand-700 hover:underline"
              >
                Open Business Account
              </Link>{' '}
              (verification {c.verificationStatus.toLowerCase()}, {countOf(c.documentsCount, 'document')})
            </p>
          ) : null}
          <p className="text-sm text-slate-500">
            <Link
              to={`/admin-dashboard/auto-top-up/${c.id}`}
              className="font-medium text-brand-700 hover:underline"
            >
              Open Auto Top-up
            </Link>{' '}
            (subscribers, runs and totals; {c.autoTopUpEnabled ? 'enabled' : 'disabled'})
          </p>
          {can('funding.read') ? (
            <p className="text-sm text-slate-500">
              <Link
                to={`/admin-dashboard/funding-history?search=${encodeURIComponent(c.name)}`}
                className="font-medium text-brand-700 hover:underline"
              >
                See this client’s funding history
              </Link>
            </p>
          ) : null}
          {can('analytics.read') ? (
            <p className="text-sm text-slate-500">
              <Link
                to={`/admin-dashboard/sales-valuation/${c.id}`}
                className="font-medium text-brand-700 hover:underline"
              >
                Sales valuation
              </Link>{' '}
              of this client’s vends over a period
            </p>
          ) : null}

          {action === 'fund' ? (
            <FundWalletModal client={c} onClose={() => setAction(null)} onDone={finish} />
          ) : null}
          {action === 'limit' ? (
            <CreditLimitModal client={c} onClose={() => setAction(null)} onDone={finish} />
          ) : null}
          {action === 'switch' ? (
            <SwitchTypeModal client={c} onClose={() => setAction(null)} onDone={finish} />
          ) : null}
          {action === 'status' ? (
            <StatusModal client={c} onClose={() => setAction(null)} onDone={finish} />
          ) : null}
          {action === 'testMode' ? (
            <TestModeModal client={c} onClose={() => setAction(null)} onDone={finish} />
          ) : null}
          {action === 'autoTopup' ? (
            <AutoTopupModal client={c} onClose={() => setAction(null)} onDone={finish} />
          ) : null}
          {action === 'resetPassword' ? (
            <ResetPasswordModal client={c} onClose={() => setAction(null)} onDone={finish} />
          ) : null}
        </>
      )}
      <SuccessModal
        open={!!done}
        title={done?.title ?? ''}
        message={done?.message}
        onClose={() => setDone(null)}
      />
    </div>
  );
}
