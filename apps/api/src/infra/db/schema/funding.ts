// Wallet funding: bank-transfer fund requests (and postpaid repayments), card payments through a
// payment gateway, direct admin fundings, and the built-in gateway simulator's own records.
// Each credit is one ledger transfer whose id is kept here; unique references make it happen once.
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { corporates } from './identity';
import { ledgerTransfers } from './ledger';

/** PENDING (created) -> PAID (client says it has paid) -> APPROVED | DECLINED (admin). */
export const fundRequests = pgTable(
  'fund_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Readable id shown to people: FR-XXXXXXXX. */
    code: text('code').notNull(),
    corporateId: uuid('corporate_id')
      .notNull()
      .references(() => corporates.id),
    /** FUNDING (prepaid top-up) or REPAYMENT (postpaid repayment). */
    kind: text('kind').notNull().default('FUNDING'),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    /** The client's bank transfer reference. */
    transferReference: text('transfer_reference').notNull(),
    narration: text('narration').notNull(),
    status: text('status').notNull().default('PENDING'),
    proofPath: text('proof_path'),
    proofMime: text('proof_mime'),
    proofName: text('proof_name'),
    createdById: uuid('created_by_id'),
    paidAt: ts('paid_at'),
    decidedAt: ts('decided_at'),
    decidedById: uuid('decided_by_id'),
    declineReason: text('decline_reason'),
    transferId: uuid('transfer_id').references(() => ledgerTransfers.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fund_requests_code_uq').on(t.code),
    uniqueIndex('fund_requests_transfer_uq').on(t.transferId),
    // One live claim per bank transfer: the same transfer reference cannot be approved twice.
    uniqueIndex('fund_requests_bank_ref_uq')
      .on(t.corporateId, sql`lower(${t.transferReference})`)
      .where(sql`${t.status} <> 'DECLINED'`),
    // The funding history pages by keyset on (created_at, id), one client's or every client's.
    index('fund_requests_corporate_idx').on(t.corporateId, t.createdAt, t.id),
    index('fund_requests_created_idx').on(t.createdAt, t.id),
    index('fund_requests_status_idx').on(t.status, t.createdAt),
    check('fund_requests_amount_positive', sql`${t.amountKobo} > 0`),
    check(
      'fund_requests_approved_has_transfer',
      sql`(${t.status} = 'APPROVED') = (${t.transferId} is not null)`,
    ),
  ],
);

/**
 * PENDING -> SUCCESSFUL | FAILED | CANCELLED; a late success still credits (money was taken).
 * SUCCESSFUL -> REVERSED (refund or chargeback at the gateway): the credit stays, and its reversal
 * transfer is kept beside it; a payment reversed before it was credited is REVERSED with neither.
 */
export const cardPayments = pgTable(
  'card_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Readable id and the gateway reference: CP-XXXXXXXXXXXX. */
    reference: text('reference').notNull(),
    corporateId: uuid('corporate_id')
      .notNull()
      .references(() => corporates.id),
    gateway: text('gateway').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    feeKobo: bigint('fee_kobo', { mode: 'number' }).notNull(),
    totalKobo: bigint('total_kobo', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('PENDING'),
    /** Why a payment was not credited (gateway message, amount mismatch). */
    statusReason: text('status_reason'),
    /** Where the payer completes the payment (the gateway's hosted page). */
    checkoutUrl: text('checkout_url'),
    createdById: uuid('created_by_id'),
    paidAt: ts('paid_at'),
    transferId: uuid('transfer_id').references(() => ledgerTransfers.id),
    /** The debit that took a credited payment back when the gateway reversed it. */
    reversalTransferId: uuid('reversal_transfer_id').references(() => ledgerTransfers.id),
    reversedAt: ts('reversed_at'),
    /** What Paystack took back since the credit (refunds, disputes taken less returned), of the total. */
    refundedKobo: bigint('refunded_kobo', { mode: 'number' }).notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('card_payments_reference_uq').on(t.reference),
    uniqueIndex('card_payments_transfer_uq').on(t.transferId),
    uniqueIndex('card_payments_reversal_transfer_uq').on(t.reversalTransferId),
    // The funding history pages by keyset on (created_at, id), one client's or every client's.
    index('card_payments_corporate_idx').on(t.corporateId, t.createdAt, t.id),
    index('card_payments_created_idx').on(t.createdAt, t.id),
    check(
      'card_payments_amounts',
      sql`${t.amountKobo} > 0 and ${t.feeKobo} >= 0 and ${t.totalKobo} = ${t.amountKobo} + ${t.feeKobo}`,
    ),
    check('card_payments_refunded', sql`${t.refundedKobo} >= 0 and ${t.refundedKobo} <= ${t.totalKobo}`),
    check(
      'card_payments_credited_states',
      sql`(${t.status} <> 'SUCCESSFUL' or ${t.transferId} is not null)
          and (${t.transferId} is null or ${t.status} in ('SUCCESSFUL', 'REVERSED'))
          and (${t.reversalTransferId} is null or (${t.status} = 'REVERSED' and ${t.transferId} is not null))
          and (${t.status} <> 'REVERSED' or ${t.transferId} is null or ${t.reversalTransferId} is not null)`,
    ),
  ],
);

/**
 * What a client owes after a credited card payment was reversed and its wallet could not give it
 * all back (a prepaid wallet with less than the amount, a postpaid one beyond its floor). The
 * money is on the ledger's SYSTEM:CARD_RECEIVABLE account; this row says whose and how much is
 * left. OUTSTANDING holds the client's vending (corporates.vending_hold) until the later funding
 * credits have recovered it all: then SETTLED.
 */
export const cardReceivables = pgTable(
  'card_receivables',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    corporateId: uuid('corporate_id')
      .notNull()
      .references(() => corporates.id),
    cardPaymentId: uuid('card_payment_id')
      .notNull()
      .references(() => cardPayments.id),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    recoveredKobo: bigint('recovered_kobo', { mode: 'number' }).notNull().default(0),
    status: text('status').notNull().default('OUTSTANDING'),
    createdAt: ts('created_at').notNull().defaultNow(),
    settledAt: ts('settled_at'),
  },
  (t) => [
    uniqueIndex('card_receivables_payment_uq').on(t.cardPaymentId),
    index('card_receivables_outstanding_idx')
      .on(t.corporateId, t.createdAt)
      .where(sql`${t.status} = 'OUTSTANDING'`),
    check(
      'card_receivables_amounts',
      sql`${t.amountKobo} > 0 and ${t.recoveredKobo} >= 0 and ${t.recoveredKobo} <= ${t.amountKobo}`,
    ),
    check(
      'card_receivables_settled',
      sql`(${t.status} = 'SETTLED') = (${t.recoveredKobo} = ${t.amountKobo}) and ${t.status} in ('OUTSTANDING', 'SETTLED')`,
    ),
  ],
);

/** Direct credits by an admin (fund, fund-postpaid, fund-postpaidplus), with their reason. */
export const adminFundings = pgTable(
  'admin_fundings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Readable id: AF-XXXXXXXX. */
    code: text('code').notNull(),
    corporateId: uuid('corporate_id')
      .notNull()
      .references(() => corporates.id),
    /** The route used: FUND, FUND_POSTPAID, FUND_POSTPAID_PLUS. */
    kind: text('kind').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    /** Idempotency key given by the caller (or generated): a retried click never credits twice. */
    requestKey: text('request_key').notNull(),
    actorId: uuid('actor_id').notNull(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('admin_fundings_code_uq').on(t.code),
    uniqueIndex('admin_fundings_request_key_uq').on(t.requestKey),
    uniqueIndex('admin_fundings_transfer_uq').on(t.transferId),
    // The funding history pages by keyset on (created_at, id), one client's or every client's.
    index('admin_fundings_corporate_idx').on(t.corporateId, t.createdAt, t.id),
    index('admin_fundings_created_idx').on(t.createdAt, t.id),
    check('admin_fundings_amount_positive', sql`${t.amountKobo} > 0`),
  ],
);

/** The built-in payment gateway simulator's side of a payment (what a real gateway would hold). */
export const gatewaySimPayments = pgTable('gateway_sim_payments', {
  reference: text('reference').primaryKey(),
  amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
  email: text('email').notNull(),
  description: text('description').notNull(),
  status: text('status').notNull().default('PENDING'),
  paidAt: ts('paid_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * A client's dedicated virtual account at Paystack (issue 33 point 3): an account number of its own
 * that funds its wallet without an admin. One per client (unique corporate_id): the row is claimed
 * first (PENDING), locked while Paystack is asked (POST /customer, POST /dedicated_account), and
 * ACTIVE once Paystack answered with the account number.
 */
export const dedicatedAccounts = pgTable(
  'dedicated_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    corporateId: uuid('corporate_id')
      .notNull()
      .references(() => corporates.id),
    provider: text('provider').notNull().default('PAYSTACK'),
    /** PENDING (claimed, Paystack not answered yet) -> ACTIVE. */
    status: text('status').notNull().default('PENDING'),
    customerCode: text('customer_code'),
    accountNumber: text('account_number'),
    accountName: text('account_name'),
    bankName: text('bank_name'),
    bankSlug: text('bank_slug'),
    /** Paystack's id of the dedicated account. */
    providerAccountId: text('provider_account_id'),
    createdById: uuid('created_by_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('dedicated_accounts_corporate_uq').on(t.corporateId),
    uniqueIndex('dedicated_accounts_customer_uq').on(t.customerCode),
    uniqueIndex('dedicated_accounts_number_uq').on(t.accountNumber),
    check(
      'dedicated_accounts_active_complete',
      sql`${t.status} <> 'ACTIVE' or (${t.customerCode} is not null and ${t.accountNumber} is not null)`,
    ),
  ],
);

/**
 * A transfer into a client's dedicated account, verified at Paystack and credited at once (funding
 * kind BANK_TRANSFER_AUTO). Only credited transfers have a row: unique Paystack reference, unique
 * ledger transfer; the amount is the verified one.
 */
export const autoTransfers = pgTable(
  'auto_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Readable id: BT-XXXXXXXXXXXX. */
    code: text('code').notNull(),
    /** Paystack's transaction reference. */
    reference: text('reference').notNull(),
    corporateId: uuid('corporate_id')
      .notNull()
      .references(() => corporates.id),
    dedicatedAccountId: uuid('dedicated_account_id')
      .notNull()
      .references(() => dedicatedAccounts.id),
    providerTransactionId: text('provider_transaction_id'),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    /** Who sent it, as Paystack reports (authorization.sender_name / sender_bank), for the history. */
    sender: text('sender'),
    status: text('status').notNull().default('SUCCESSFUL'),
    paidAt: ts('paid_at'),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auto_transfers_code_uq').on(t.code),
    uniqueIndex('auto_transfers_reference_uq').on(t.reference),
    uniqueIndex('auto_transfers_transfer_uq').on(t.transferId),
    // The funding history pages by keyset on (created_at, id), one client's or every client's.
    index('auto_transfers_corporate_idx').on(t.corporateId, t.createdAt, t.id),
    index('auto_transfers_created_idx').on(t.createdAt, t.id),
    check('auto_transfers_amount_positive', sql`${t.amountKobo} > 0`),
  ],
);
