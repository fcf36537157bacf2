// "Confirm purchase": the number, network, what is bought, the commission and what the wallet
// will be debited (the sandbox wallet in test mode), checked against what it can spend.
import { QuoteNotes, QuoteRows, quoteDebit, SummaryRow } from '@/components/quote-summary';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { networkLabel } from '@/lib/catalogue-labels';
import { formatMsisdn } from '@/lib/labels';
import type { VendDraft, VendQuote } from './vend-rules';

const Row = SummaryRow;

export function VendConfirmModal({
  draft,
  quote,
  availableKobo,
  pending,
  onConfirm,
  onCancel,
}: {
  draft: VendDraft | null;
  quote: VendQuote | null;
  availableKobo: number | null;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const open = !!draft && !!quote;
  const short = availableKobo !== null && quoteDebit(quote) > availableKobo;
  const what = draft?.type === 'DATA' ? 'data' : 'airtime';
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title="Confirm purchase"
      description={draft ? `Check the details before your wallet is debited.` : undefined}
      dismissible={!pending}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button onClick={onConfirm} loading={pending} disabled={short}>
            {`Buy ${what}`}
          </Button>
        </>
      }
    >
      {draft && quote ? (
        <div className="space-y-4" data-testid="vend-confirm">
          <dl className="divide-y divide-slate-100">
            <Row label="Phone number" value={formatMsisdn(draft.phone)} />
            <Row label="Network" value={networkLabel(draft.network)} />
            <Row
              label={draft.type === 'DATA' ? 'Data plan' : 'Airtime'}
              value={
                draft.plan
                  ? `${draft.plan.name} (${draft.plan.size}, ${draft.plan.validity})`
                  : 'Airtime top-up'
              }
            />
            <QuoteRows quote={quote} totalLabel="Wallet debit" testTotalLabel="Sandbox wallet debit" />
          </dl>
          <QuoteNotes
            quote={quote}
            availableKobo={availableKobo}
            noun="purchase"
            testMessage="This purchase uses your sandbox wallet and the simulator: nothing is delivered and no live money moves."
          />
        </div>
      ) : null}
    </Modal>
  );
}
