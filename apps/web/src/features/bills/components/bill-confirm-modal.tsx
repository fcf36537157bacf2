// "Confirm payment": the biller, the customer, what is bought, the amount, the commission and the
// total the wallet will be debited (the sandbox wallet in test mode), checked against what it can
// spend.
import type { ReactNode } from 'react';
import { QuoteNotes, QuoteRows, quoteDebit, SummaryRow } from '@/components/quote-summary';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { formatMsisdn } from '@/lib/labels';
import { type BillDraft, type BillQuote, billerLabel } from './bill-rules';

function Row(props: { label: string; value: ReactNode }) {
  return <SummaryRow {...props} wrap />;
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
  const short = availableKobo !== null && quoteDebit(quote) > availableKobo;
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
            <QuoteRows quote={quote} totalLabel="Total" testTotalLabel="Total (sandbox wallet)" wrap />
          </dl>
          <QuoteNotes
            quote={quote}
            availableKobo={availableKobo}
            noun="payment"
            testMessage="This payment uses your sandbox wallet and the simulator: no token is real and no live money moves."
          />
        </div>
      ) : null}
    </Modal>
  );
}
