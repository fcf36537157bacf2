// The outcome of a bill: SUCCESSFUL with the token (prepaid electricity) or the receipt reference
// (postpaid, TV), the units and whatever else the provider returned; PENDING (read again every few
// seconds until the provider answers, when the token arrives); FAILED with its reason (the debit
// reversed). The token is copied with one press; the receipt is downloaded as a PDF or sent to the
// customer's email or phone (components/receipt-actions).
import type { BillView } from '@vendport/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DownloadReceiptButton, SendReceiptButton } from '@/components/receipt-actions';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { CheckIcon, ClockIcon, CloseIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { VendStatusBadge } from '@/components/vend-status-badge';
import { cn } from '@/lib/cn';
import { formatNaira } from '@/lib/format';
import { formatMsisdn } from '@/lib/labels';
import { usePermissions } from '@/lib/permissions';
import { useBillFollow, waiting } from '../api/get-bill';
import { billerLabel } from './bill-rules';

const LOOK = {
  SUCCESSFUL: { title: 'Payment successful', icon: CheckIcon, tone: 'bg-emerald-50 text-emerald-600' },
  PENDING: { title: 'Payment pending', icon: ClockIcon, tone: 'bg-amber-50 text-amber-600' },
  FAILED: { title: 'Payment failed', icon: CloseIcon, tone: 'bg-red-50 text-red-600' },
  REVERSED: { title: 'Payment reversed', icon: CloseIcon, tone: 'bg-sky-50 text-sky-600' },
} as const;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-3 gap-y-0.5 py-2">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-right text-slate-800">{children}</dd>
    </div>
  );
}

/** A token in groups of four digits, as meters and receipts print it. */
export const groupToken = (token: string) => {
  const digits = token.replace(/\D/g, '');
  return digits.length >= 12 ? (digits.match(/.{1,4}/g) ?? [digits]).join('-') : token;
};

export function BillResult({
  bill: first,
  message,
  detailsPath,
  onDone,
}: {
  bill: BillView;
  message: string;
  detailsPath: string;
  onDone: () => void;
}) {
  const follow = useBillFollow(first);
  const { can } = usePermissions();
  const bill = follow.data ?? first;
  const look = LOOK[bill.status];
  const Icon = look.icon;
  const still = waiting(bill);
  return (
    <div className="mx-auto max-w-xl" data-testid="bill-result" aria-live="polite">
      <div className="flex flex-col items-center text-center">
        <span className={cn('mb-3 flex h-12 w-12 items-center justify-center rounded-full', look.tone)}>
          <Icon className="h-6 w-6" />
        </span>
        <h3 className="text-lg font-semibold text-slate-900">{look.title}</h3>
        <p className="mt-1 text-sm text-slate-600">{follow.data ? null : message}</p>
      </div>

      {bill.token ? (
        <div className="mt-5 rounded-xl border border-brand-200 bg-brand-50/60 px-4 py-4 text-center">
          <p className="text-xs font-semibold uppercase tracking-wide text-brand-800">Token</p>
          <p
            className="mt-1 break-words font-mono text-lg font-semibold tracking-wide text-slate-900 sm:text-2xl sm:tracking-wider"
            data-testid="bill-token"
          >
            {groupToken(bill.token)}
          </p>
          <div className="mt-3 flex justify-center">
            <CopyButton value={bill.token} label="Token" />
          </div>
          <p className="mt-2 text-xs text-slate-600">Enter it on the meter’s keypad to load the units.</p>
        </div>
      ) : still ? (
        <Alert tone="warning" title="Waiting for the provider" className="mt-5">
          <span className="flex items-center gap-2">
            <Spinner className="h-4 w-4" />
            {bill.kind === 'ELECTRICITY' && bill.meterType === 'PREPAID'
              ? 'The token shows here as soon as the provider sends it. It is also on the payment’s details.'
              : 'The result shows here as soon as the provider confirms it.'}
          </span>
        </Alert>
      ) : null}

      {bill.failureReason ? (
        <Alert tone="error" title="Why it failed" className="mt-5">
          {bill.failureReason}
          {bill.status === 'FAILED' ? ' The debit was reversed.' : null}
        </Alert>
      ) : null}

      <dl className="mt-5 divide-y divide-slate-100 rounded-lg bg-slate-50 px-4 text-sm">
        <Row label="Status">
          <VendStatusBadge status={bill.status} />
        </Row>
        <Row label="Reference">
          <span className="font-mono text-xs">{bill.code}</span>
        </Row>
        <Row label="Biller">{billerLabel({ name: bill.billerName }, bill.meterType)}</Row>
        <Row label="Customer">
          <span className="font-mono">{bill.customerNumber}</span>
          {bill.customerName ? (
            <span className="block text-xs text-slate-500">{bill.customerName}</span>
          ) : null}
        </Row>
        {bill.bouquetName ? <Row label="Bouquet">{bill.bouquetName}</Row> : null}
        {bill.units ? <Row label="Units">{bill.units}</Row> : null}
        {bill.receiptReference ? (
          <Row label="Receipt reference">
            <span className="font-mono text-xs" data-testid="bill-receipt">
              {bill.receiptReference}
            </span>
          </Row>
        ) : null}
        {bill.details.map((d) => (
          <Row key={d.label} label={d.label}>
            {d.value}
          </Row>
        ))}
        <Row label="Customer phone">{formatMsisdn(bill.phone)}</Row>
        <Row label="Amount">{formatNaira(bill.amountKobo)}</Row>
        <Row label={bill.status === 'FAILED' ? 'Debited, then refunded' : 'Debited'}>
          <span className="font-medium tabular-nums">{formatNaira(bill.chargedKobo)}</span>
        </Row>
      </dl>

      {can('transactions.read') || (bill.status === 'SUCCESSFUL' && can('vend')) ? (
        <div className="mt-5 grid gap-3 sm:grid-cols-2" data-testid="bill-receipt-actions">
          {can('transactions.read') ? <DownloadReceiptButton vend={bill} className="w-full" /> : null}
          {bill.status === 'SUCCESSFUL' && can('vend') ? (
            <SendReceiptButton bill={bill} className="w-full" />
          ) : null}
        </div>
      ) : null}
      <div className="mt-3 flex flex-wrap justify-end gap-3">
        <Link
          to={`${detailsPath}/${bill.id}`}
          className="inline-flex items-center rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
        >
          View details
        </Link>
        <Button onClick={onDone}>Pay another bill</Button>
      </div>
    </div>
  );
}
