// Funding by bank transfer, as one flow of two steps: 1. the request (the account to pay, the
// amount, the transfer reference, an optional proof: fund-request), 2. the confirmation once the
// money has left the client's bank (fund-request-confirmation), with the account and the
// narration to quote at hand and copyable. Then what happens next: an admin approves, the wallet
// is credited, the client is notified. A request not confirmed here stays in Pending requests.
import type { FundingAccountView, FundRequestView } from '@vendport/shared';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { QueryError } from '@/components/query-error';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { BankIcon, CheckIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { formatNaira } from '@/lib/format';
import { useFundingAccount } from '../api/get-funding-account';
import { ConfirmPaymentModal } from './confirm-payment-modal';
import { FundRequestForm } from './fund-request-form';

function Detail({
  label,
  value,
  copyLabel,
  hint,
}: {
  label: string;
  value: string;
  copyLabel?: string;
  hint?: string;
}) {
  return (
    <div className="flex items-center justify-between gap-3 py-2.5">
      <div className="min-w-0">
        <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">
          {label}
          {hint ? <span className="ml-1 font-normal normal-case tracking-normal">({hint})</span> : null}
        </dt>
        <dd
          className="mt-0.5 break-words font-medium text-slate-900"
          data-testid={`funding-${label.toLowerCase().replace(/\s+/g, '-')}`}
        >
          {value}
        </dd>
      </div>
      {copyLabel ? <CopyButton value={value} label={copyLabel} /> : null}
    </div>
  );
}

function AccountList({ account, narration }: { account: FundingAccountView; narration: string }) {
  return (
    <div>
      <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200 px-4">
        <Detail label="Bank" value={account.bankName} />
        <Detail label="Account number" value={account.accountNumber} copyLabel="Account number" />
        <Detail label="Account name" value={account.accountName} copyLabel="Account name" />
        <Detail label="Narration" hint="the reference to quote" value={narration} copyLabel="Narration" />
      </dl>
      <p className="mt-2 text-xs text-slate-500">
        Write the narration exactly as shown on your transfer so we can match it to your account.
      </p>
    </div>
  );
}

/** The platform's collection account and the narration naming this client. */
export function FundingAccountDetails({ narration }: { narration?: string }) {
  const account = useFundingAccount();
  if (account.isPending)
    return (
      <div className="flex justify-center py-6 text-brand-700">
        <Spinner className="h-6 w-6" label="Loading the funding account" />
      </div>
    );
  if (account.isError || !account.data)
    return <QueryError title="The funding account could not be loaded." />;
  return <AccountList account={account.data} narration={narration ?? account.data.narration} />;
}

const STEPS = ['Request funding', 'Confirm your transfer'] as const;

function Stepper({ current, done }: { current: 1 | 2; done: boolean }) {
  return (
    <ol aria-label="Bank transfer steps" className="flex items-center gap-2 text-sm">
      {STEPS.map((label, i) => {
        const n = i + 1;
        const complete = n < current || done;
        const active = n === current && !done;
        return (
          <li
            key={label}
            className="flex min-w-0 flex-1 items-center gap-2"
            aria-current={active ? 'step' : undefined}
          >
            <span
              className={cn(
                'flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                complete
                  ? 'bg-brand-700 text-white'
                  : active
                    ? 'bg-brand-50 text-brand-800 ring-2 ring-brand-600'
                    : 'bg-slate-100 text-slate-500',
              )}
              aria-hidden="true"
            >
              {complete ? <CheckIcon className="h-4 w-4" /> : n}
            </span>
            <span
              className={cn(
                'min-w-0 leading-tight',
                active || complete ? 'font-medium text-slate-900' : 'text-slate-500',
              )}
            >
              {label}
              <span className="sr-only">{complete ? ' (done)' : active ? ' (current step)' : ''}</span>
            </span>
            {n < STEPS.length ? (
              <span className="h-px min-w-4 flex-1 bg-slate-200" aria-hidden="true" />
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

function StepHeading({ step, title, children }: { step: 1 | 2; title: string; children?: ReactNode }) {
  return (
    <div>
      <p className="text-xs font-semibold uppercase tracking-wide text-brand-700" data-testid="funding-step">
        Step {step} of 2
      </p>
      <h3 className="mt-0.5 text-base font-semibold text-slate-900">{title}</h3>
      {children ? <p className="mt-1 text-sm text-slate-600">{children}</p> : null}
    </div>
  );
}

/** After the request: an admin approves it, the wallet is credited, the client hears about it. */
export function WhatHappensNext() {
  return (
    <section
      aria-labelledby="funding-next"
      className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700"
    >
      <h4 id="funding-next" className="font-semibold text-slate-900">
        What happens next
      </h4>
      <ol className="mt-1.5 list-decimal space-y-1 pl-5">
        <li>An admin checks that the transfer has reached our account and approves your request.</li>
        <li>
          Your wallet is credited with the amount and you are notified, in Notifications and by email (as set
          in your notification settings).
        </li>
        <li>
          If the transfer cannot be matched, the request is declined with the reason and you are notified too.
        </li>
      </ol>
    </section>
  );
}

function RequestSummary({ request }: { request: FundRequestView }) {
  return (
    <dl className="grid gap-3 rounded-lg border border-brand-100 bg-brand-50/50 px-4 py-3 text-sm sm:grid-cols-3">
      <div>
        <dt className="text-xs text-slate-500">Request</dt>
        <dd className="font-mono font-medium text-slate-900" data-testid="funding-request-code">
          {request.code}
        </dd>
      </div>
      <div>
        <dt className="text-xs text-slate-500">Amount</dt>
        <dd className="font-semibold tabular-nums text-slate-900">{formatNaira(request.amountKobo)}</dd>
      </div>
      <div className="min-w-0">
        <dt className="text-xs text-slate-500">Your transfer reference</dt>
        <dd className="break-words font-medium text-slate-900">{request.transferReference}</dd>
      </div>
    </dl>
  );
}

export function BankTransferCard() {
  // The request of this visit, once step 1 created it; PAID once confirmed.
  const [request, setRequest] = useState<FundRequestView | null>(null);
  const [confirming, setConfirming] = useState(false);
  const step: 1 | 2 = request ? 2 : 1;
  const done = request?.status === 'PAID';
  // The form ends low on the page: when the step changes, its start is brought back into view.
  const stepsTop = useRef<HTMLDivElement>(null);
  const stage = `${step}:${done}`;
  const shownStage = useRef(stage);
  useEffect(() => {
    if (shownStage.current === stage) return;
    shownStage.current = stage;
    const el = stepsTop.current;
    if (el && el.getBoundingClientRect().top < 64)
      el.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [stage]);

  return (
    <Card>
      <CardHeader
        title={
          <span className="flex items-center gap-2">
            <BankIcon className="h-5 w-5 text-brand-700" /> Fund by bank transfer
          </span>
        }
        description="Transfer to the account below, then tell us about it. An admin approves it and your wallet is credited."
      />
      <div className="space-y-5 px-6 py-5">
        <div ref={stepsTop} className="scroll-mt-24">
          <Stepper current={step} done={done} />
        </div>
        {!request ? (
          <>
            <StepHeading step={1} title="Request funding">
              Transfer the amount to this account from your bank, quoting the narration, then enter the amount
              and your bank&apos;s reference below.
            </StepHeading>
            <FundingAccountDetails />
            <FundRequestForm kind="FUNDING" onSubmitted={setRequest} />
          </>
        ) : done ? (
          <>
            <Alert tone="success" title={`Request ${request.code} is awaiting approval`}>
              Thank you: you confirmed your transfer of {formatNaira(request.amountKobo)}.
            </Alert>
            <WhatHappensNext />
            <div className="flex justify-end">
              <Button variant="secondary" onClick={() => setRequest(null)}>
                Start a new request
              </Button>
            </div>
          </>
        ) : (
          <>
            <StepHeading step={2} title="Confirm your transfer">
              Once the money has left your account, confirm it here so an admin can approve the request.
            </StepHeading>
            <RequestSummary request={request} />
            <FundingAccountDetails narration={request.narration} />
            <WhatHappensNext />
            <div className="flex flex-wrap items-center justify-end gap-3">
              <Button variant="ghost" onClick={() => setRequest(null)}>
                Confirm later
              </Button>
              <Button onClick={() => setConfirming(true)}>I have paid</Button>
            </div>
            <p className="text-right text-xs text-slate-500">
              Not paid yet? The request waits in Pending requests below; confirm it there once you have paid.
            </p>
          </>
        )}
      </div>
      <ConfirmPaymentModal
        request={confirming ? request : null}
        onClose={() => setConfirming(false)}
        onConfirmed={(paid) => setRequest({ ...paid, status: 'PAID' })}
      />
    </Card>
  );
}
