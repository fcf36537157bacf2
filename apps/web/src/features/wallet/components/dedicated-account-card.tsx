// The client's own account number (a Paystack dedicated virtual account): any transfer into it funds
// the wallet within moments, without a fund request or an admin. A verified client gets it with
// "Get my account number" (created once; asking again shows the same account); an unverified one is
// told to verify its business. Hidden when the platform offers no dedicated accounts.
import type { DedicatedAccountView } from '@vendport/shared';
import { QueryError } from '@/components/query-error';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { BankIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { envelopeCallbacks } from '@/lib/api-toasts';
import { useCreateDedicatedAccount, useDedicatedAccount } from '../api/dedicated-account';

function Row({
  label,
  value,
  copy,
  testId,
}: {
  label: string;
  value: string;
  copy?: string;
  testId: string;
}) {
  return (
    <div className="flex items-center justify-between gap-3 py-2.5">
      <div className="min-w-0">
        <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
        <dd className="mt-0.5 break-words font-medium text-slate-900" data-testid={testId}>
          {value}
        </dd>
      </div>
      {copy ? <CopyButton value={value} label={copy} /> : null}
    </div>
  );
}

function AccountDetails({ account }: { account: DedicatedAccountView }) {
  return (
    <div className="space-y-3">
      <dl className="divide-y divide-slate-100 rounded-lg border border-brand-100 bg-brand-50/40 px-4">
        <Row
          label="Account number"
          value={account.accountNumber}
          copy="Your account number"
          testId="dedicated-account-number"
        />
        <Row
          label="Account name"
          value={account.accountName}
          copy="Your account name"
          testId="dedicated-account-name"
        />
        <Row label="Bank" value={account.bankName} testId="dedicated-account-bank" />
      </dl>
      <p className="text-sm text-slate-600">
        Transfer any amount to this account from any Nigerian bank. Your wallet is credited automatically
        within moments; no request, narration or proof is needed.
      </p>
    </div>
  );
}

export function DedicatedAccountCard() {
  const state = useDedicatedAccount();
  const create = useCreateDedicatedAccount();
  if (state.data && !state.data.enabled) return null;

  const getIt = () =>
    create.mutate(
      undefined,
      envelopeCallbacks(undefined, {
        message: () => 'Your account number is ready',
        failure: 'Your account number could not be created.',
      }),
    );

  return (
    <Card>
      <CardHeader
        title={
          <span className="flex items-center gap-2">
            <BankIcon className="h-5 w-5 text-brand-700" /> Your own account number
          </span>
        }
        description="Bank transfers into your own account number fund your wallet at once, without an admin."
      />
      <div className="px-6 py-5">
        {state.isPending ? (
          <div className="flex justify-center py-4 text-brand-700">
            <Spinner className="h-6 w-6" label="Loading your account number" />
          </div>
        ) : state.isError || !state.data ? (
          <QueryError title="Your account number could not be loaded." />
        ) : state.data.account ? (
          <AccountDetails account={state.data.account} />
        ) : state.data.available ? (
          <div className="space-y-3">
            <p className="text-sm text-slate-600">
              Get an account number in your business&apos;s name. It is yours to keep: every transfer into it
              is added to your wallet automatically.
            </p>
            <Button onClick={getIt} loading={create.isPending}>
              Get my account number
            </Button>
          </div>
        ) : (
          <Alert tone="info">{state.data.reason}</Alert>
        )}
      </div>
    </Card>
  );
}
