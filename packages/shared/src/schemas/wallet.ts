// Wallet, funding and client-credit calls (spec §7 Wallet, Clients, Transactions). Amounts come
// in as naira (strings like "2,500.50" or numbers with at most two decimals) and leave as integer
// kobo, with a naira string beside each for display.
import { z } from 'zod';
import { AMOUNT_LIMITS, type AmountField } from '../amount-limits';
import { nairaAmount } from '../money';
import { cursorQuery, dateOnly, listFilters, pageQuery } from '../pagination';
import { confirmPassword } from '../password';

export const CLIENT_TYPES = ['PREPAID', 'POSTPAID', 'POSTPAID_PLUS'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

/** Types that spend on credit (down to -creditLimit). */
export const CREDIT_CLIENT_TYPES: readonly ClientType[] = ['POSTPAID', 'POSTPAID_PLUS'];

/**
 * The lowest balance a client's wallet may reach: 0 for PREPAID, -creditLimit for POSTPAID and
 * POSTPAID_PLUS (whose prepaid balance is spent first, then the line). The ledger computes the
 * same rule in SQL inside the debit statement.
 */
export function walletFloorKobo(clientType: string, creditLimitKobo: number): number {
  return (CREDIT_CLIENT_TYPES as readonly string[]).includes(clientType) ? -creditLimitKobo : 0;
}

export const FUND_REQUEST_KINDS = ['FUNDING', 'REPAYMENT'] as const;
export const FUND_REQUEST_STATUSES = ['PENDING', 'PAID', 'APPROVED', 'DECLINED'] as const;
export type FundRequestStatus = (typeof FUND_REQUEST_STATUSES)[number];
/** What needs an admin's action: not yet decided, whether or not the client has marked it paid. */
export const OPEN_FUND_REQUEST_STATUSES = ['PENDING', 'PAID'] as const satisfies readonly FundRequestStatus[];
/** The admin list's status filter: one status, or OPEN for every request awaiting a decision. */
export const FUND_REQUEST_STATUS_FILTERS = ['OPEN', ...FUND_REQUEST_STATUSES] as const;
export const CARD_PAYMENT_STATUSES = [
  'PENDING',
  'SUCCESSFUL',
  'FAILED',
  'CANCELLED',
  'REVIEW',
  'EXPIRED',
  'REVERSED',
] as const;
export type CardPaymentStatus = (typeof CARD_PAYMENT_STATUSES)[number];
export const FUNDING_CHANNELS = ['BANK_TRANSFER', 'CARD', 'ADMIN'] as const;
/** Every status a funding-history row can carry (fund requests, card payments, admin fundings). */
export const FUNDING_STATUSES = [
  'PENDING',
  'PAID',
  'APPROVED',
  'DECLINED',
  'SUCCESSFUL',
  'FAILED',
  'CANCELLED',
  'REVIEW',
  'EXPIRED',
  'REVERSED',
] as const;

/** Smallest and largest single funding: NGN 100 and NGN 1,000,000,000. */
export const MIN_FUNDING_KOBO = AMOUNT_LIMITS.funding.minKobo;
export const MAX_FUNDING_KOBO = AMOUNT_LIMITS.funding.maxKobo;

/** A naira field within one of AMOUNT_LIMITS' ranges. */
export const limitedAmount = (field: AmountField, label = 'Amount') =>
  nairaAmount({ min: AMOUNT_LIMITS[field].minKobo, max: AMOUNT_LIMITS[field].maxKobo, label });

export const fundingAmount = (label = 'Amount') => limitedAmount('funding', label);

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

/** A fund request is named by its id or its readable code (FR-...). */
export const fundRequestRef = z
  .string({ error: 'Choose a fund request' })
  .trim()
  .min(1, 'Choose a fund request')
  .max(64, 'Unknown fund request');

// ---- Client: bank transfer funding and postpaid repayment ----

export const fundRequestBody = z.object({
  amount: fundingAmount(),
  transferReference: text('Transfer reference', 100),
});
export type FundRequestBody = z.input<typeof fundRequestBody>;
export const repaymentBody = fundRequestBody;

export const fundRequestConfirmBody = z.object({ fundRequestId: fundRequestRef });

// ---- Admin: deciding fund requests ----

export const fundRequestApproveBody = z.object({ fundRequestId: fundRequestRef, password: confirmPassword });
export const fundRequestDeclineBody = z.object({
  fundRequestId: fundRequestRef,
  password: confirmPassword,
  reason: z
    .string({ error: 'Please enter your reason' })
    .trim()
    .min(1, 'Please enter your reason')
    .max(500, 'The reason is too long'),
});

// ---- Card funding ----

export const cardAmountQuery = z.object({ amount: limitedAmount('card') });
export const cardInitializeBody = z.object({ amount: limitedAmount('card') });
export const cardReference = z
  .string({ error: 'Payment reference is required' })
  .trim()
  .regex(/^CP-[0-9A-Z]{8,32}$/, 'Unknown payment reference');
export const cardReferenceQuery = z.object({ reference: cardReference });
/** What the gateway posts to our callback (signed; see the gateway adapter). */
export const gatewayCallbackBody = z.object({
  event: z.string().max(60),
  data: z.object({
    reference: z.string().max(64),
    status: z.enum(['PENDING', 'SUCCESSFUL', 'FAILED', 'CANCELLED', 'REVERSED']),
    amountKobo: z.number().int().nonnegative(),
    paidAt: z.iso.datetime({ offset: true }).nullable().optional(),
  }),
});
export type GatewayCallbackBody = z.infer<typeof gatewayCallbackBody>;

// ---- Admin funding and client credit ----

export const adminFundBody = z.object({
  corporateId: z.string({ error: 'Choose a client' }).uuid('Choose a client'),
  amount: fundingAmount(),
  reason: z
    .string({ error: 'Please enter your reason' })
    .trim()
    .min(1, 'Please enter your reason')
    .max(500, 'The reason is too long'),
  password: confirmPassword,
  /** Optional idempotency key (one per opened form): a retried submit never credits twice. */
  reference: z.string().trim().min(8).max(100).optional(),
});

export const creditLimitBody = z.object({
  corporateId: z.string({ error: 'Choose a client' }).uuid('Choose a client'),
  limit: limitedAmount('creditLimit', 'Credit limit'),
  password: confirmPassword,
});

export const switchClientTypeBody = z.object({
  corporateId: z.string({ error: 'Choose a client' }).uuid('Choose a client'),
  clientType: z.enum(CLIENT_TYPES, { error: 'Choose PREPAID, POSTPAID or POSTPAID_PLUS' }),
  password: confirmPassword,
});

// ---- Reading ----

export const walletBalanceQuery = z.object({ date: dateOnly.optional() });

export const fundingHistoryQuery = listFilters.extend({
  ...cursorQuery.shape,
  status: z.enum(FUNDING_STATUSES).optional(),
  channel: z.enum(FUNDING_CHANNELS).optional(),
  format: z.enum(['json', 'csv']).default('json'),
});
export const adminFundingHistoryQuery = fundingHistoryQuery.extend({
  clientType: z.enum(CLIENT_TYPES).optional(),
  corporateId: z.string().uuid().optional(),
});
export const fundRequestsQuery = listFilters.extend({
  status: z.enum(FUND_REQUEST_STATUS_FILTERS).optional(),
  kind: z.enum(FUND_REQUEST_KINDS).optional(),
  clientType: z.enum(CLIENT_TYPES).optional(),
  corporateId: z.string().uuid().optional(),
});
export const pendingFundRequestsQuery = pageQuery;

// ---- Views ----

const koboInt = z.number().int();

export const fundingAccountView = z.object({
  bankName: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
  /** What the client must write as the transfer narration, e.g. VP-7K3QX9M2. */
  narration: z.string(),
});
export type FundingAccountView = z.infer<typeof fundingAccountView>;

export const fundRequestView = z.object({
  id: z.string(),
  code: z.string(),
  corporateId: z.string(),
  corporateName: z.string(),
  clientType: z.string(),
  kind: z.enum(FUND_REQUEST_KINDS),
  amountKobo: koboInt,
  transferReference: z.string(),
  narration: z.string(),
  status: z.enum(FUND_REQUEST_STATUSES),
  hasProof: z.boolean(),
  proofName: z.string().nullable(),
  proofUrl: z.string().nullable(),
  declineReason: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type FundRequestView = z.infer<typeof fundRequestView>;

export const cardFeeView = z.object({
  amountKobo: koboInt,
  feeKobo: koboInt,
  totalKobo: koboInt,
});
export type CardFeeView = z.infer<typeof cardFeeView>;
/** A fee quoted before paying: with whether the cap applied and the rule in words. */
export const cardFeeQuoteView = cardFeeView.extend({ capped: z.boolean(), rule: z.string() });
export type CardFeeQuoteView = z.infer<typeof cardFeeQuoteView>;
export const cardPaymentView = cardFeeView.extend({
  reference: z.string(),
  status: z.enum(CARD_PAYMENT_STATUSES),
  credited: z.boolean(),
  checkoutUrl: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** What the gateway took back since the credit (refunds, disputes taken less returned), of the total. */
  refundedKobo: koboInt,
  /** Each refund or dispute movement, oldest first (issue 50). */
  moneyEvents: z.array(
    z.object({
      kind: z.enum(['REFUND', 'DISPUTE_TAKEN', 'DISPUTE_RETURNED']),
      amountKobo: koboInt,
      walletKobo: koboInt,
      createdAt: z.string(),
    }),
  ),
  /** The payment's disputes at the gateway, with every state seen and the evidence deadline. */
  disputes: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      resolution: z.string().nullable(),
      dueAt: z.string().nullable(),
      states: z.array(z.object({ status: z.string(), resolution: z.string().nullable(), at: z.string() })),
    }),
  ),
});
export type CardPaymentView = z.infer<typeof cardPaymentView>;

/** What a client owes after card payments credited to its wallet were reversed (refund,
 * chargeback) and the wallet could not give them back; live vending is suspended meanwhile. */
export const cardReceivableView = z.object({
  id: z.string(),
  /** The reversed card payment (CP-...). */
  reference: z.string(),
  amountKobo: koboInt,
  recoveredKobo: koboInt,
  outstandingKobo: koboInt,
  status: z.enum(['OUTSTANDING', 'SETTLED']),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type CardReceivableView = z.infer<typeof cardReceivableView>;
export const cardReceivablesView = z.object({
  outstandingKobo: koboInt,
  vendingSuspended: z.boolean(),
  receivables: z.array(cardReceivableView),
});
export type CardReceivablesView = z.infer<typeof cardReceivablesView>;

export const adminFundingView = z.object({
  id: z.string(),
  code: z.string(),
  corporateId: z.string(),
  kind: z.string(),
  amountKobo: koboInt,
  reason: z.string(),
  balanceKobo: koboInt,
  createdAt: z.string(),
});
export type AdminFundingView = z.infer<typeof adminFundingView>;

export const walletBalanceView = z.object({
  clientType: z.string(),
  balanceKobo: koboInt,
  /** The lowest the wallet may reach (0, or -creditLimit). */
  floorKobo: koboInt,
  /** What may still be spent: balance - floor. */
  availableKobo: koboInt,
  /** Credit clients only (null for PREPAID). */
  creditLimitKobo: koboInt.nullable(),
  usedKobo: koboInt.nullable(),
  commissionBalanceKobo: koboInt,
  sandboxBalanceKobo: koboInt,
  /** The balance at the end of the requested Lagos day, from the ledger entries. */
  asAt: z.object({ date: z.string(), balanceKobo: koboInt }).nullable(),
});
export type WalletBalanceView = z.infer<typeof walletBalanceView>;

export const fundingTransactionView = z.object({
  id: z.string(),
  code: z.string(),
  channel: z.enum(FUNDING_CHANNELS),
  kind: z.string(),
  corporateId: z.string(),
  corporateName: z.string(),
  clientType: z.string(),
  amountKobo: koboInt,
  feeKobo: koboInt,
  status: z.enum(FUNDING_STATUSES),
  /** The bank transfer reference or the card payment reference. */
  reference: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type FundingTransactionView = z.infer<typeof fundingTransactionView>;

export const clientCreditView = z.object({
  corporateId: z.string(),
  clientType: z.string(),
  creditLimitKobo: koboInt,
  balanceKobo: koboInt,
  floorKobo: koboInt,
  availableKobo: koboInt,
});
export type ClientCreditView = z.infer<typeof clientCreditView>;

/** A client's dedicated virtual account (Paystack): transfers into it fund the wallet at once. */
export const dedicatedAccountView = z.object({
  accountNumber: z.string(),
  accountName: z.string(),
  bankName: z.string(),
  createdAt: z.string(),
});
export type DedicatedAccountView = z.infer<typeof dedicatedAccountView>;
export const dedicatedAccountState = z.object({
  /** Whether the platform offers dedicated accounts at all (Paystack configured). */
  enabled: z.boolean(),
  /** Whether this client has, or may get, an account number of its own. */
  available: z.boolean(),
  account: dedicatedAccountView.nullable(),
  /** Why not, in words for the client. */
  reason: z.string().nullable(),
});
export type DedicatedAccountState = z.infer<typeof dedicatedAccountState>;
