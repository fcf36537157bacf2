// The money part of the confirmations before a wallet is debited (airtime and data purchases, bill
// payments): the amount, the commission and the total rows, then the test-mode warning or how the
// commission is paid, and whether the wallet can spend the total.
import type { CommissionQuote } from '@vendport/shared';
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { formatRate } from '@/lib/catalogue-labels';
import { formatNaira } from '@/lib/format';

/** One label/value line of a confirmation's <dl>; `wrap` lets a long value break inside the line. */
export function SummaryRow({
  label,
  value,
  strong,
  wrap,
}: {
  label: string;
  value: ReactNode;
  strong?: boolean;
  wrap?: boolean;
}) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd
        className={
          strong
            ? 'text-right text-base font-semibold tabular-nums text-slate-900'
            : `${wrap ? 'min-w-0 break-words ' : ''}text-right text-sm font-medium tabular-nums text-slate-800`
        }
      >
        {value}
      </dd>
    </div>
  );
}

/** The most the wallet can be debited (the amount when the commission mode is unknown). */
export const quoteDebit = (quote: CommissionQuote | null) =>
  quote ? (quote.debitKobo ?? quote.amountKobo) : 0;

/** The amount, the commission (not in test mode) and the total rows. */
export function QuoteRows({
  quote,
  totalLabel,
  testTotalLabel,
  wrap,
}: {
  quote: CommissionQuote;
  totalLabel: string;
  testTotalLabel: string;
  wrap?: boolean;
}) {
  const debit = quoteDebit(quote);
  return (
    <>
      <SummaryRow label="Amount" value={formatNaira(quote.amountKobo)} wrap={wrap} />
      {quote.test ? null : (
        <SummaryRow
          label={`Commission (${formatRate(quote.commissionBps)})`}
          value={formatNaira(quote.commissionKobo)}
          wrap={wrap}
        />
      )}
      <SummaryRow
        label={quote.test ? testTotalLabel : totalLabel}
        value={quote.debitKobo === null ? `Up to ${formatNaira(debit)}` : formatNaira(debit)}
        strong
        wrap={wrap}
      />
    </>
  );
}

/** Below the rows: the test-mode warning or how the commission is paid, then what the wallet can spend. */
export function QuoteNotes({
  quote,
  availableKobo,
  noun,
  testMessage,
}: {
  quote: CommissionQuote;
  availableKobo: number | null;
  /** What is bought: "payment", "purchase". */
  noun: string;
  testMessage: string;
}) {
  const debit = quoteDebit(quote);
  const short = availableKobo !== null && debit > availableKobo;
  return (
    <>
      {quote.test ? (
        <Alert tone="warning" title="Test mode">
          {testMessage}
        </Alert>
      ) : quote.commissionKobo > 0 ? (
        <p className="text-xs text-slate-500">
          {quote.upfront === true
            ? `Your commission is taken upfront: the wallet pays the amount less ${formatNaira(quote.commissionKobo)}.`
            : quote.upfront === false
              ? `${formatNaira(quote.commissionKobo)} commission accrues to your commission balance and is settled to your wallet.`
              : `With upfront commission the wallet pays ${formatNaira(quote.amountKobo - quote.commissionKobo)}; otherwise the commission accrues to your commission balance.`}
        </p>
      ) : null}
      {availableKobo !== null ? (
        short ? (
          <Alert tone="error" title="Not enough in your wallet">
            {`You can spend ${formatNaira(Math.max(0, availableKobo))}; this ${noun} needs ${formatNaira(debit)}. Fund your wallet first.`}
          </Alert>
        ) : (
          <p className="text-xs text-slate-500">{`Available to spend: ${formatNaira(availableKobo)}`}</p>
        )
      ) : null}
    </>
  );
}
