import { QueryError } from '@/components/query-error';
import { Card, CardHeader } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { BankIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { useFundingAccount } from '../api/get-funding-account';
import { FundRequestForm } from './fund-request-form';

function Detail({ label, value, copyLabel }: { label: string; value: string; copyLabel?: string }) {
  return (
    <div className="flex items-center justify-between gap-3 py-2.5">
      <div className="min-w-0">
        <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
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

export function FundingAccountDetails() {
  const account = useFundingAccount();
  if (account.isPending)
    return (
      <div className="flex justify-center py-6 text-brand-700">
        <Spinner className="h-6 w-6" label="Loading the funding account" />
      </div>
    );
  if (account.isError || !account.data)
    return <QueryError title="The funding account could not be loaded." />;
  const a = account.data;
  return (
    <div>
      <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200 px-4">
        <Detail label="Bank" value={a.bankName} />
        <Detail label="Account number" value={a.accountNumber} copyLabel="Account number" />
        <Detail label="Account name" value={a.accountName} copyLabel="Account name" />
        <Detail label="Narration" value={a.narration} copyLabel="Narration" />
      </dl>
      <p className="mt-2 text-xs text-slate-500">
        Write the narration exactly as shown on your transfer so we can match it to your account.
      </p>
    </div>
  );
}

export function BankTransferCard() {
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
        <FundingAccountDetails />
        <FundRequestForm kind="FUNDING" />
      </div>
    </Card>
  );
}
