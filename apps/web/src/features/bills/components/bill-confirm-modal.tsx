// "Confirm payment": the biller, the customer, what is bought, the amount, the commission and the
// total the wallet will be debited (the sandbox wallet in test mode), checked against what it can
// spend.
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { formatRate } from '@/lib/catalogue-labels';
import { formatNaira } from '@/lib/format';
import { formatMsisdn } from '@/lib/labels';
import { type BillDraft, type BillQuote, billerLabel } from './bill-rules';

function Row({ label, value, strong }: { label: string; value: ReactNode; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd
        className={
          strong
            ? 'text-right text-base font-semibold tabular-nums text-slate-900'
            : 'min-w-0 break-words text-right text-sm font-medium tabular-nums text-slate-800'
        }
      >
        {value}
      </dd>
    </div>
  );
}

export function BillConfirmModal({
  draft,
  quote,
  availableKobo,
  pending,
  onConfirm,
  onCancel,
}: {
  draft: BillDraft | null;
  quote: BillQuote | null;
  availableKobo: number | null;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const open = !!draft && !!quote;
  // Unknown commission mode: the most the wallet can be debited is the amount.
  const debit = quote ? (quote.debitKobo ?? quote.amountKobo) : 0;
  const short = availableKobo !== null && debit > availableKobo;
  const v = draft?.verification;
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title="Confirm payment"
      description="Check the details before your wallet is debited."
      dismissible={!pending}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button onClick={onConfirm} loading={pending} disabled={short}>
            {draft?.kind === 'TV' ? 'Pay subscription' : 'Buy electricity'}
          </Button>
        </>
      }
    >
      {draft && quote && v ? (
        <div className="space-y-4" data-testid="bill-confirm">
          <dl className="divide-y divide-slate-100">
            <Row label="Biller" value={billerLabel(draft.biller, draft.meterType)} />
            <Row
              label={draft.biller.customerNumberLabel}
              value={<span className="font-mono">{v.customerNumber}</span>}
            />
            {v.customerName ? <Row label="Customer name" value={v.customerName} /> : null}
            {draft.kind === 'TV' ? (
              <Row
                label="Bouquet"
                value={
                  draft.subscriptionType === 'RENEW'
                    ? `Renew ${v.currentBouquet ?? 'the current bouquet'}`
                    : `Change to ${draft.bouquet?.name ?? ''}`
                }
              />
            ) : null}
            <Row label="Customer phone" value={formatMsisdn(draft.phone)} />
            <Row label="Amount" value={formatNaira(quote.amountKobo)} />
            {quote.test ? null : (
              <Row
                label={`Commission (${formatRate(quote.commissionBps)})`}
                value={formatNaira(quote.commissionKobo)}
              />
            )}
            <Row
              label={quote.test ? 'Total (sandbox wallet)' : 'Total'}
              value={quote.debitKobo === null ? `Up to ${formatNaira(debit)}` : formatNaira(debit)}
              strong
            />
          </dl>
          {quote.test ? (
            <Alert tone="warning" title="Test mode">
              This payment uses your sandbox wallet and the simulator: no token is real and no live money
              moves.
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
                {`You can spend ${formatNaira(Math.max(0, availableKobo))}; this payment needs ${formatNaira(debit)}. Fund your wallet first.`}
              </Alert>
            ) : (
              <p className="text-xs text-slate-500">{`Available to spend: ${formatNaira(availableKobo)}`}</p>
            )
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
