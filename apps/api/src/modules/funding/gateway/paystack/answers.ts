// Paystack's answer to GET /transaction/verify/:reference → what card funding does with the payment.
//
// Read from Paystack's documentation:
//   https://paystack.com/docs/api/transaction/#verify      the answer ({ status, message, data })
//   https://paystack.com/docs/payments/verify-payments/    its "Transaction statuses" table: abandoned
//     (not completed), failed, ongoing (e.g. waiting for an OTP), pending (in progress), processing
//     (pending, for direct debit), queued (bulk charges), reversed (refunded, or a chargeback logged),
//     success; and: check that value was not already given for a reference (webhooks and verify both
//     arrive). Read from a stored copy of that page; the amount and currency checks are our rule.
//   https://paystack.com/docs/api/#errors                  400 with status false for a reference that is
//     not found ("Transaction reference not found"), 401 for a wrong key, 5xx Paystack's own error
//
// | data.status                                          | GatewayPaymentStatus | card payment          |
// | success                                              | SUCCESSFUL           | credited if amount and currency NGN match, else REVIEW |
// | failed                                               | FAILED               | FAILED                |
// | abandoned, ongoing, pending, processing, queued      | PENDING              | stays PENDING (expiry asks again) |
// | reversed                                             | REVERSED             | REVERSED (uncredited) |
// | anything else; no answer; 5xx; 401; unparseable body | UNKNOWN              | unchanged, asked again |
// | status false + "not found" (400/404)                 | NOT_FOUND            | unchanged             |
//
// The rule: an answer we cannot classify is UNKNOWN, never FAILED. A wrong FAILED tells a payer whose
// card was charged that it was not; a wrong UNKNOWN only costs another verify.
import type { GatewayPaymentStatus, GatewayVerifyResult } from '../gateway';
import { envelope, type PaystackAnswer, transactionData } from './client';

/** The statuses Paystack documents for a transaction, and what each means here. */
export const PAYSTACK_STATUS_MAP: Readonly<Record<string, GatewayPaymentStatus>> = {
  success: 'SUCCESSFUL',
  failed: 'FAILED',
  abandoned: 'PENDING',
  ongoing: 'PENDING',
  pending: 'PENDING',
  processing: 'PENDING',
  queued: 'PENDING',
  reversed: 'REVERSED',
};

export const PAYSTACK_DOCUMENTED_STATUSES = Object.keys(PAYSTACK_STATUS_MAP);

const unknownResult = (detail: string): GatewayVerifyResult => ({
  status: 'UNKNOWN',
  amountKobo: null,
  currency: null,
  paidAt: null,
  detail,
});

const date = (v: string | null | undefined) => {
  if (!v) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
};

export function paystackVerifyResult(answer: PaystackAnswer, reference: string): GatewayVerifyResult {
  if ('noAnswer' in answer) return unknownResult(`Paystack: no answer (${answer.reason})`);
  if (answer.httpStatus >= 500) return unknownResult(`Paystack: HTTP ${answer.httpStatus}`);
  const env = envelope.safeParse(answer.body);
  if (!env.success) return unknownResult(`Paystack: HTTP ${answer.httpStatus}, the answer does not parse`);
  const said = env.data.message ?? '';
  if (!env.data.status || answer.httpStatus >= 300) {
    // Only Paystack's own words that the reference is unknown make it NOT_FOUND; a wrong key (401)
    // or anything else says nothing about the payment.
    if (
      (answer.httpStatus === 400 || answer.httpStatus === 404) &&
      (env.data.code === 'transaction_not_found' || /reference not found/i.test(said))
    ) {
      return {
        status: 'NOT_FOUND',
        amountKobo: null,
        currency: null,
        paidAt: null,
        detail: `Paystack: ${said}`,
      };
    }
    return unknownResult(`Paystack: HTTP ${answer.httpStatus}${said ? ` ${said}` : ''}`);
  }
  const data = transactionData.safeParse(env.data.data);
  if (!data.success) return unknownResult('Paystack: the transaction in the answer does not parse');
  const t = data.data;
  if (t.reference !== reference)
    return unknownResult(`Paystack: the answer is about ${t.reference}, not ${reference}`);
  const status = Object.hasOwn(PAYSTACK_STATUS_MAP, t.status) ? PAYSTACK_STATUS_MAP[t.status] : 'UNKNOWN';
  return {
    status,
    amountKobo: t.amount,
    currency: t.currency,
    paidAt: date(t.paid_at),
    detail: `Paystack: ${t.status}${t.gateway_response ? ` (${t.gateway_response})` : ''}`,
    gatewayTransactionId: t.id,
    gatewayStatus: t.status,
  };
}
