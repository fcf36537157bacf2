// What a Paystack webhook event asks us to do. A webhook is only a hint: every event that concerns a
// card payment becomes a check (verify) of the transaction it names, and the verify's answer decides.
//   https://paystack.com/docs/payments/webhooks/#types-of-events
//   charge.success            data.reference
//   refund.processed, refund.* data.transaction_reference (the refunded transaction)
//   charge.dispute.*          data.transaction.reference (the disputed transaction)
// Events that name no transaction of ours (transfers, subscriptions, …) are acknowledged and ignored.
// One place, so that later kinds (dedicated virtual account credits) are one more case here.

type Body = Record<string, unknown>;
const obj = (v: unknown): Body => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Body) : {});
const ref = (v: unknown) => (typeof v === 'string' && /^[A-Za-z0-9._=-]{1,100}$/.test(v) ? v : null);

/** What to do for one event: check this transaction (kind `charge` or `reversal`, which dedupe apart). */
export type PaystackEventAction =
  | { check: { reference: string; kind: 'charge' | 'reversal' } }
  | { ignore: string };

export function paystackEventAction(body: unknown): PaystackEventAction {
  const b = obj(body);
  const event = typeof b.event === 'string' ? b.event : '';
  const data = obj(b.data);
  if (event === 'charge.success') {
    const reference = ref(data.reference);
    return reference
      ? { check: { reference, kind: 'charge' } }
      : { ignore: 'charge.success without a reference' };
  }
  if (event.startsWith('refund.')) {
    const reference = ref(data.transaction_reference) ?? ref(obj(data.transaction).reference);
    return reference
      ? { check: { reference, kind: 'reversal' } }
      : { ignore: `${event} without a transaction` };
  }
  if (event.startsWith('charge.dispute.')) {
    const reference = ref(obj(data.transaction).reference);
    return reference
      ? { check: { reference, kind: 'reversal' } }
      : { ignore: `${event} without a transaction` };
  }
  return { ignore: event ? `event ${event}` : 'no event' };
}
