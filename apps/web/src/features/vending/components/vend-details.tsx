// One vend, for both areas: what was bought, for whom, what it cost and earned, its status, and
// the timeline. A PENDING vend can be requeried; admins also see the routing facts and can
// reverse a SUCCESSFUL vend (password-confirmed).

import { routeStepLabel } from '@vendport/shared';
import type { ReactNode } from 'react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useParams } from 'react-router';
import { MoneyLabel } from '@/components/money-label';
import { QueryError } from '@/components/query-error';
import { DownloadReceiptButton } from '@/components/receipt-actions';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { ArrowLeftIcon, RepeatIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { SuccessModal } from '@/components/ui/success-modal';
import { TestModeBadge, VendStatusBadge } from '@/components/vend-status-badge';
import { ApiError } from '@/lib/api-client';
import { toastApiError } from '@/lib/api-toasts';
import {
  channelLabel,
  isBillKindValue,
  platformLabel,
  recipientNetworkLabel,
  vendKindLabel,
} from '@/lib/catalogue-labels';
import { formatNaira, formatShortDateTime } from '@/lib/format';
import { clientTypeLabel, formatMsisdn, statusLabel } from '@/lib/labels';
import { usePermissions } from '@/lib/permissions';
import { useVend } from '../api/get-vend';
import { useRequeryVend } from '../api/requery-vend';
import { ReverseModal } from './reverse-modal';
import { VendAttempts } from './vend-attempts';
import { VendBill } from './vend-bill';
import { VendTimeline } from './vend-timeline';

const COMMISSION_MODES: Record<string, string> = {
  UPFRONT: 'taken upfront',
  ACCRUED: 'accrued',
  NONE: 'none',
};

function Fact({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 break-words text-sm font-medium text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

const when = (iso: string | null) => formatShortDateTime(iso, '—');

export function VendDetails({ area }: { area: 'CORPORATE' | 'ADMIN' }) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { can } = usePermissions();
  const vend = useVend(id);
  const requery = useRequeryVend();
  const [reversing, setReversing] = useState(false);
  const [reversedMessage, setReversedMessage] = useState<string | null>(null);
  const admin = area === 'ADMIN';
  const listPath = admin ? '/admin-dashboard/vending-history' : '/dashboard/vending-history';
  const v = vend.data;
  const bill = !!v && isBillKindValue(v.type);

  const canRequery = admin ? can('vending.manage') : can('vend');
  const canReverse = admin && can('vending.manage');

  const back = () => {
    // Back to where the user came from; straight to the list when the page was opened directly.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(listPath);
  };

  const onRequery = () => {
    if (!v) return;
    requery.mutate(v.id, {
      onSuccess: (res) => {
        if (res.success === false || !res.data) {
          toast.error(res.message || 'The provider could not be asked.');
          return;
        }
        if (res.data.status === 'SUCCESSFUL') toast.success(res.message);
        else if (res.data.status === 'FAILED') toast.error(res.message);
        else toast(res.message);
      },
      onError: toastApiError,
    });
  };

  const actions = (
    <>
      {v && v.status === 'PENDING' && canRequery ? (
        <Button
          variant="secondary"
          leftIcon={<RepeatIcon className="h-4 w-4" />}
          onClick={onRequery}
          loading={requery.isPending}
        >
          Requery
        </Button>
      ) : null}
      {v && !admin && can('transactions.read') ? <DownloadReceiptButton vend={v} /> : null}
      {v && v.status === 'SUCCESSFUL' && canReverse ? (
        <Button variant="danger" onClick={() => setReversing(true)}>
          Reverse
        </Button>
      ) : null}
      <Button variant="secondary" leftIcon={<ArrowLeftIcon className="h-4 w-4" />} onClick={back}>
        Back
      </Button>
    </>
  );

  const notFound = vend.error instanceof ApiError && vend.error.status === 404;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Transaction Details"
        description={
          <span className="flex items-center gap-2">
            {v ? <span className="font-mono">{v.code}</span> : null}
            {vend.isFetching ? <Spinner className="h-4 w-4 text-brand-700" label="Refreshing" /> : null}
          </span>
        }
        actions={actions}
      />

      {vend.isPending ? (
        <Card className="flex justify-center py-16 text-brand-700">
          <Spinner className="h-7 w-7" label="Loading transaction" />
        </Card>
      ) : notFound ? (
        <Alert tone="error" title="This transaction was not found.">
          <Link to={listPath} className="font-medium underline">
            Back to vending history
          </Link>
        </Alert>
      ) : vend.isError || !v ? (
        <QueryError title="This transaction could not be loaded." onRetry={() => vend.refetch()} />
      ) : (
        <>
          <Card className="px-6 py-5">
            <div className="flex flex-wrap items-start justify-between gap-4">
              <div>
                <p className="text-xs font-medium uppercase tracking-wide text-slate-500">
                  {vendKindLabel(v.type)}
                  {v.planName ? ` · ${v.planName}` : ''}
                </p>
                <p
                  className="mt-1 text-3xl font-semibold tracking-tight tabular-nums text-slate-900"
                  data-testid="vend-amount"
                >
                  {formatNaira(v.amountKobo)}
                </p>
                <p className="mt-1 text-sm text-slate-600">
                  {bill ? v.phone : formatMsisdn(v.phone)} · {recipientNetworkLabel(v)}
                </p>
              </div>
              <div className="flex items-center gap-2" data-testid="vend-status">
                {v.mode === 'TEST' ? <TestModeBadge /> : null}
                <VendStatusBadge status={v.status} />
              </div>
            </div>
            {v.failureReason ? (
              <Alert tone="error" title="Why it failed" className="mt-4">
                {v.failureReason}
                {/[.!?]$/.test(v.failureReason) ? '' : '.'}
                {v.status === 'FAILED' ? ' The debit was reversed.' : null}
              </Alert>
            ) : null}
            {v.status === 'PENDING' ? (
              <Alert tone="warning" title="Waiting for the provider" className="mt-4">
                The provider has not confirmed this purchase yet. It is checked again automatically; Requery
                asks now.
              </Alert>
            ) : null}
            <dl className="mt-5 grid gap-x-6 gap-y-4 border-t border-slate-100 pt-5 sm:grid-cols-2 lg:grid-cols-4">
              <Fact label="Vend ID" testId="vend-code">
                <span className="font-mono text-xs">{v.code}</span>
              </Fact>
              <Fact label="Reference">
                <span className="font-mono text-xs">{v.reference}</span>
              </Fact>
              <Fact label="Date">{when(v.createdAt)}</Fact>
              <Fact label="Completed">{when(v.completedAt)}</Fact>
              <Fact label="Debited">{formatNaira(v.chargedKobo)}</Fact>
              <Fact label={<MoneyLabel word="commissionEarned" />}>
                {v.status === 'FAILED' || v.status === 'REVERSED' ? 'None' : formatNaira(v.commissionKobo)}{' '}
                <span className="font-normal text-slate-500">
                  (
                  {v.status === 'FAILED' || v.status === 'REVERSED'
                    ? 'not earned'
                    : (COMMISSION_MODES[v.commissionMode] ?? v.commissionMode)}
                  )
                </span>
              </Fact>
              <Fact label="Channel">{channelLabel(v.channel)}</Fact>
              <Fact label="Mode">{v.mode === 'TEST' ? 'Test (sandbox wallet)' : 'Live'}</Fact>
              {v.planCode ? <Fact label="Plan code">{v.planCode}</Fact> : null}
              {v.reversedAt ? <Fact label="Reversed">{when(v.reversedAt)}</Fact> : null}
              {admin ? (
                <Fact label="Client">
                  {can('clients.read') ? (
                    <Link
                      to={`/admin-dashboard/view-corporate-client/${v.corporateId}`}
                      className="text-brand-700 hover:underline"
                    >
                      {v.corporateName}
                    </Link>
                  ) : (
                    v.corporateName
                  )}
                </Fact>
              ) : null}
            </dl>
          </Card>

          {bill ? <VendBill id={v.id} area={area} pending={v.status === 'PENDING'} /> : null}

          {admin && v.admin ? (
            <Card>
              <CardHeader title="Routing" description="How the purchase reached the network (admins only)." />
              <dl className="grid gap-x-6 gap-y-4 px-6 py-5 sm:grid-cols-2 lg:grid-cols-4">
                <Fact label="Client type">{clientTypeLabel(v.admin.clientType)}</Fact>
                <Fact label="Platform">{platformLabel(v.platform)}</Fact>
                <Fact label="Provider">
                  {v.admin.route
                    ? routeStepLabel(v.admin.route)
                    : v.admin.provider
                      ? routeStepLabel(v.admin.provider)
                      : '—'}
                </Fact>
                <Fact label="Provider reference">
                  <span className="font-mono text-xs">{v.admin.providerReference ?? '—'}</span>
                </Fact>
                <Fact label="VTU line">{v.admin.vtuLineId ?? '—'}</Fact>
                {v.admin.providerReason ? (
                  <Fact label="Provider's answer">
                    <span className="break-words">{v.admin.providerReason}</span>
                  </Fact>
                ) : null}
                {v.admin.reversalReason ? (
                  <Fact label="Reversal reason">{v.admin.reversalReason}</Fact>
                ) : null}
              </dl>
            </Card>
          ) : null}

          {v.attempts?.length ? (
            <Card>
              <CardHeader
                title="Attempts"
                description={
                  admin
                    ? 'Each request to an upstream provider, in route order, with what was sent and what came back.'
                    : 'Each request to an upstream provider, in route order.'
                }
              />
              <div className="px-6 py-5">
                <VendAttempts attempts={v.attempts} admin={admin} />
              </div>
            </Card>
          ) : null}

          <Card>
            <CardHeader
              title="Timeline"
              description={`Everything that happened to this purchase, up to ${statusLabel(v.status).toLowerCase()}.`}
            />
            <div className="px-6 py-5">
              <VendTimeline events={v.events} />
            </div>
          </Card>
        </>
      )}

      <ReverseModal
        vend={reversing && v ? v : null}
        onClose={() => setReversing(false)}
        onReversed={(r) => {
          setReversing(false);
          setReversedMessage(
            `${v?.code ?? 'The vend'} has been reversed and ${formatNaira(r?.chargedKobo ?? v?.chargedKobo ?? 0)} refunded to ${v?.corporateName ?? 'the client'}’s wallet.`,
          );
        }}
      />
      <SuccessModal
        open={!!reversedMessage}
        title="Reversal successful"
        message={reversedMessage}
        onClose={() => setReversedMessage(null)}
      />
    </div>
  );
}
