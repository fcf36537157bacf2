// Issue 53 point 8: back from the checkout, the wallet says how the card payment ended, in every
// state the payment can be in (CARD_PAYMENT_STATUSES) and however the checkout sent the payer back.
// A payer who cancelled is told so, though the gateway may still call the payment pending (Paystack:
// abandoned) until it expires; only a payment nobody said anything about is "not confirmed yet".
import { CARD_PAYMENT_STATUSES, type CardPaymentView } from '@vendport/shared';
import { describe, expect, it } from 'vitest';
import { outcomeOf } from './use-card-payment-return';

const payment = (status: CardPaymentView['status']): CardPaymentView => ({
  amountKobo: 1_000_000,
  feeKobo: 25_000,
  totalKobo: 1_025_000,
  reference: 'CP-TEST0000000000',
  status,
  credited: status === 'SUCCESSFUL' || status === 'REVERSED',
  checkoutUrl: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  paidAt: null,
  refundedKobo: 0,
  moneyEvents: [],
  disputes: [],
});

describe('[CARD] the outcome of a card payment, back from the checkout', () => {
  it('[CARD] every status, returned cancelled or not: a cancelled checkout never reads "credited as soon as it does"', () => {
    for (const status of CARD_PAYMENT_STATUSES)
      for (const returned of [null, 'cancelled']) {
        const o = outcomeOf(payment(status), returned);
        const said = `${o.title} ${o.message}`;
        if (returned === 'cancelled' && (status === 'PENDING' || status === 'CANCELLED')) {
          expect(o.title, `${status} returned ${returned}`).toBe('Card payment cancelled');
          expect(said).not.toMatch(/not confirmed|credited as soon/);
        }
        if (status === 'PENDING' && returned === null) expect(o.title).toBe('Card payment not confirmed yet');
        // What the gateway settled wins over the way back (a paid payment stays paid).
        if (status !== 'PENDING') expect(o).toEqual(outcomeOf(payment(status), null));
      }
  });
});
