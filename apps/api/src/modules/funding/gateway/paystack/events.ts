// What a Paystack webhook event asks us to do. A webhook is only a hint: every event that concerns a
// card payment becomes a check (verify) of the transaction it names, and the verify's answer decides.
//   https://paystack.com/docs/payments/webhooks/#types-of-events
//   charge.success            data.reference
//   refund.processed, refund.* data.transaction_reference (the refunded transaction)
//   charge.dispute.*          data.transaction.reference (the disputed transaction)
// Events that name no transaction of ours (transfers, subscriptions, …) are acknowledged and ignored.
//   charge.success with data.channel "dedicated_nuban": a transfer into a client's dedicated virtual
//                             account; data.customer.customer_code names the account's customer
//                             (https://paystack.com/docs/payments/dedicated-virtual-accounts/): a check
//                             of that transaction for that customer's wallet (`transfer`).
// One place: every kind of event is one case here.

type Body = Record<string, unknown>;
const obj = (v: unknown): Body => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Body) : {});
const ref = (v: unknown) => (typeof v === 'string' && /^[A-Za-z0-9._=-]{1,100}$/.test(v) ? v : null);

/** What to do for one event: check this transaction (kind `charge` or `reversal`, which dedupe apart). */
export type PaystackEventAction =
  | { check: { reference: string; kind: 'charge' | 'reversal' } }
  | { transfer: { reference: string; customerCode: string } }
  | { ignore: string };

const code = (v: unknown) => (typeof v === 'string' && /^CUS_[A-Za-z0-9]{1,60}$/.test(v) ? v : null);

export function paystackEventAction(body: unknown): PaystackEventAction {
  const b = obj(body);
  const event = typeof b.event === 'string' ? b.event : '';
  const data = obj(b.data);
  if (event === 'charge.success') {
    const reference = ref(data.reference);
    if (reference && data.channel === 'dedicated_nuban') {
      const customerCode = code(obj(data.customer).customer_code);
      return customerCode
        ? { transfer: { reference, customerCode } }
        : { ignore: 'dedicated_nuban charge.success without a customer' };
    }
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
