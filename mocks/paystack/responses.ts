// The answers of the Paystack stand-in, in the shapes Paystack documents. Every answer is Paystack's
// envelope { status, message, data } (https://paystack.com/docs/api/#response-format); amounts are in
// the currency's subunit (kobo for NGN).
//   transaction:  https://paystack.com/docs/api/transaction/   (initialize, verify, list)
//   refund:       https://paystack.com/docs/api/refund/        (create)
//   webhooks:     https://paystack.com/docs/payments/webhooks/ (charge.success, refund.processed)
import { createHmac } from 'node:crypto';

/** Paystack's transaction states (https://paystack.com/docs/api/transaction/#verify). */
export type TxnStatus =
  | 'abandoned'
  | 'ongoing'
  | 'pending'
  | 'processing'
  | 'queued'
  | 'success'
  | 'failed'
  | 'reversed';

export interface Txn {
  id: number;
  reference: string;
  accessCode: string;
  amount: number;
  currency: string;
  email: string;
  callbackUrl: string | null;
  metadata: unknown;
  status: TxnStatus;
  gatewayResponse: string | null;
  createdAt: Date;
  paidAt: Date | null;
  customerId: number;
  customerCode: string;
  /** Every refund, oldest first (partial refunds add up to at most the amount). */
  refunds: MockRefund[];
  /** A transfer into a dedicated virtual account (dedicated.ts): channel dedicated_nuban. */
  transfer?: {
    accountNumber: string;
    bankName: string;
    senderName: string;
    senderBank: string;
    firstName: string | null;
    lastName: string | null;
  };
}

/** https://paystack.com/docs/api/refund/ : a refund, in the subunit; processed once money moved. */
export interface MockRefund {
  id: number;
  amount: number;
  status: 'pending' | 'processed' | 'failed';
  createdAt: Date;
}

/** What the refunds of a transaction have returned so far. */
export const refundedOf = (t: Txn) =>
  t.refunds.filter((r) => r.status !== 'failed').reduce((s, r) => s + r.amount, 0);

export const envelope = (message: string, data?: unknown, extra: Record<string, unknown> = {}) => ({
  status: true,
  message,
  ...(data === undefined ? {} : { data }),
  ...extra,
});

/** Paystack's refusals: status false and a message (sometimes a code and a type). */
export const refusal = (message: string, extra: Record<string, unknown> = {}) => ({
  status: false,
  message,
  ...extra,
});

/** Paystack's fee rule for local cards (1.5% + ₦100 from ₦2,500, capped at ₦2,000), in kobo. */
export const paystackFee = (amount: number) =>
  Math.min(Math.round(amount * 0.015) + (amount >= 250_000 ? 10_000 : 0), 200_000);

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function customerOf(t: Txn) {
  return {
    id: t.customerId,
    first_name: t.transfer?.firstName ?? null,
    last_name: t.transfer?.lastName ?? null,
    email: t.email,
    customer_code: t.customerCode,
    phone: null,
    metadata: null,
    risk_action: 'default',
    international_format_phone: null,
  };
}

/** https://paystack.com/docs/payments/dedicated-virtual-accounts/ : a transfer's authorization names
 * the sender and the receiving (dedicated) account. */
function transferAuthorizationOf(t: Txn, x: NonNullable<Txn['transfer']>) {
  return {
    authorization_code: `AUTH_${t.accessCode.slice(0, 10)}`,
    bin: '008XXX',
    last4: 'X553',
    exp_month: '12',
    exp_year: '2030',
    channel: 'dedicated_nuban',
    card_type: 'transfer',
    bank: x.senderBank,
    country_code: 'NG',
    brand: 'Managed Account',
    reusable: false,
    signature: null,
    account_name: null,
    sender_country: 'NG',
    sender_bank: x.senderBank,
    sender_bank_account_number: 'XXXXXX4553',
    sender_name: x.senderName,
    narration: `NIP transfer from ${x.senderName}`,
    receiver_bank_account_number: x.accountNumber,
    receiver_bank: x.bankName,
  };
}

function authorizationOf(t: Txn) {
  if (t.status !== 'success' && t.status !== 'reversed') return {};
  if (t.transfer) return transferAuthorizationOf(t, t.transfer);
  return {
    authorization_code: `AUTH_${t.accessCode.slice(0, 10)}`,
    bin: '408408',
    last4: '4081',
    exp_month: '12',
    exp_year: '2030',
    channel: 'card',
    card_type: 'visa ',
    bank: 'TEST BANK',
    country_code: 'NG',
    brand: 'visa',
    reusable: true,
    signature: `SIG_${t.accessCode.slice(0, 12)}`,
    account_name: null,
  };
}

/** One transaction as verify (https://paystack.com/docs/api/transaction/#verify) and list show it. */
export function transactionView(t: Txn) {
  const paid = t.status === 'success' || t.status === 'reversed';
  return {
    id: t.id,
    domain: 'test',
    status: t.status,
    reference: t.reference,
    receipt_number: null,
    amount: t.amount,
    message: null,
    gateway_response: t.gatewayResponse,
    paid_at: iso(t.paidAt),
    created_at: iso(t.createdAt),
    channel: t.transfer ? 'dedicated_nuban' : 'card',
    currency: t.currency,
    ip_address: t.transfer ? null : '127.0.0.1',
    metadata: t.metadata ?? '',
    log: null,
    fees: paid ? paystackFee(t.amount) : null,
    fees_split: null,
    authorization: authorizationOf(t),
    customer: customerOf(t),
    plan: null,
    split: {},
    order_id: null,
    paidAt: iso(t.paidAt),
    createdAt: iso(t.createdAt),
    requested_amount: t.amount,
    pos_transaction_data: null,
    source: null,
    fees_breakdown: null,
    connect: null,
    transaction_date: iso(t.createdAt),
    plan_object: {},
    subaccount: {},
  };
}

/** https://paystack.com/docs/payments/webhooks/ : charge.success carries the transaction. */
export const chargeSuccessEvent = (t: Txn) => ({ event: 'charge.success', data: transactionView(t) });

/** https://paystack.com/docs/payments/webhooks/ (refund events): the refunded transaction by reference,
 * the amount of this refund (https://paystack.com/docs/payments/refunds/: partial or full). */
export const refundProcessedEvent = (t: Txn, r: MockRefund) => ({
  event: 'refund.processed',
  data: {
    status: 'processed',
    id: r.id,
    transaction_reference: t.reference,
    refund_reference: String(r.id),
    amount: r.amount,
    currency: t.currency,
    processor: 'mock',
    customer: { first_name: null, last_name: null, email: t.email },
    integration: 100001,
    domain: 'test',
  },
});

/** https://paystack.com/docs/api/refund/#create : the refund as queued. */
export function refundView(t: Txn, r: MockRefund) {
  return {
    transaction: {
      id: t.id,
      domain: 'test',
      reference: t.reference,
      amount: t.amount,
      paid_at: iso(t.paidAt),
      channel: 'card',
      currency: t.currency,
    },
    integration: 100001,
    deducted_amount: 0,
    channel: null,
    merchant_note: `Refund for transaction ${t.reference} by the stand-in`,
    customer_note: `Refund for transaction ${t.reference}`,
    status: r.status,
    refunded_by: 'mock@paystack.local',
    expected_at: iso(r.createdAt),
    currency: t.currency,
    domain: 'test',
    amount: r.amount,
    fully_deducted: true,
    id: r.id,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.createdAt),
  };
}

/** x-paystack-signature: hex HMAC-SHA512 of the body bytes with the secret key. */
export const signPaystack = (secretKey: string, body: string) =>
  createHmac('sha512', secretKey).update(body).digest('hex');
