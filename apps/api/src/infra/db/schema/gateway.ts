// What the payment gateway (Paystack) did with money after a card payment was credited, and the
// reconciliation of Paystack's books with ours (issue 50). Owned by the funding module.
//
// card_money_events: one row per movement Paystack made on a credited card payment, each one ledger
// transfer: a refund (partial or full, keyed by Paystack's refund id), the money a dispute took, and
// the money given back when the merchant won the dispute. Unique gateway_key makes each happen once.
// card_disputes: a dispute as Paystack reports it, with every state it went through (the payment's
// history shows them) and the deadline Paystack gives for evidence.
// gateway_recon_runs / gateway_discrepancies: the sweep's runs (Paystack's total, ours, the
// difference) and what did not match, each raised once per kind and reference and resolved once.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { cardPayments } from './funding';
import { corporates } from './identity';
import { ledgerTransfers } from './ledger';

export const cardMoneyEvents = pgTable(
  'card_money_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cardPaymentId: uuid('card_payment_id')
      .notNull()
      .references(() => cardPayments.id),
    corporateId: uuid('corporate_id')
      .notNull()
      .references(() => corporates.id),
    /** REFUND | DISPUTE_TAKEN (a chargeback logged or lost) | DISPUTE_RETURNED (the merchant won). */
    kind: text('kind').notNull(),
    /** refund:<Paystack refund id> | dispute:<id>:taken | dispute:<id>:returned. */
    gatewayKey: text('gateway_key').notNull(),
    /** What Paystack moved, of the total charged (amount + fee), in kobo. */
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    /** The part of it that is the wallet's credit (the rest is the card fee). */
    walletKobo: bigint('wallet_kobo', { mode: 'number' }).notNull(),
    feeKobo: bigint('fee_kobo', { mode: 'number' }).notNull(),
    /** What the wallet could not give (a debit's receivable); 0 for a returned dispute. */
    receivableKobo: bigint('receivable_kobo', { mode: 'number' }).notNull().default(0),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id),
    detail: text('detail'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('card_money_events_key_uq').on(t.gatewayKey),
    uniqueIndex('card_money_events_transfer_uq').on(t.transferId),
    index('card_money_events_payment_idx').on(t.cardPaymentId, t.createdAt),
    check(
      'card_money_events_amounts',
      sql`${t.amountKobo} > 0 and ${t.walletKobo} >= 0 and ${t.feeKobo} >= 0
          and ${t.amountKobo} = ${t.walletKobo} + ${t.feeKobo}
          and ${t.receivableKobo} >= 0 and ${t.receivableKobo} <= ${t.walletKobo}
          and ${t.kind} in ('REFUND', 'DISPUTE_TAKEN', 'DISPUTE_RETURNED')
          and (${t.kind} <> 'DISPUTE_RETURNED' or ${t.receivableKobo} = 0)`,
    ),
  ],
);

export const cardDisputes = pgTable(
  'card_disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cardPaymentId: uuid('card_payment_id')
      .notNull()
      .references(() => cardPayments.id),
    /** Paystack's dispute id. */
    gatewayId: text('gateway_id').notNull(),
    status: text('status').notNull(),
    resolution: text('resolution'),
    refundAmountKobo: bigint('refund_amount_kobo', { mode: 'number' }),
    /** Paystack's deadline for the merchant's evidence. */
    dueAt: ts('due_at'),
    /** Every state seen, oldest first: { status, resolution, at }. */
    states: jsonb('states')
      .$type<Array<{ status: string; resolution: string | null; at: string }>>()
      .notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('card_disputes_gateway_uq').on(t.gatewayId),
    index('card_disputes_payment_idx').on(t.cardPaymentId),
  ],
);

export const gatewayReconRuns = pgTable(
  'gateway_recon_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SWEEP (the last 48 hours, every few minutes) | DAILY (the previous Lagos day). */
    kind: text('kind').notNull(),
    windowFrom: ts('window_from').notNull(),
    windowTo: ts('window_to').notNull(),
    /** DAILY: the Lagos day (YYYY-MM-DD), one run per day. */
    day: text('day'),
    status: text('status').notNull().default('RUNNING'),
    paystackCount: integer('paystack_count').notNull().default(0),
    paystackTotalKobo: bigint('paystack_total_kobo', { mode: 'number' }).notNull().default(0),
    oursCount: integer('ours_count').notNull().default(0),
    oursTotalKobo: bigint('ours_total_kobo', { mode: 'number' }).notNull().default(0),
    creditedCount: integer('credited_count').notNull().default(0),
    discrepancyCount: integer('discrepancy_count').notNull().default(0),
    error: text('error'),
    startedAt: ts('started_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('gateway_recon_runs_started_idx').on(t.startedAt),
    uniqueIndex('gateway_recon_runs_day_uq').on(t.kind, t.day),
  ],
);

export const gatewayDiscrepancies = pgTable(
  'gateway_discrepancies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Readable id: GD-XXXXXXXX. */
    code: text('code').notNull(),
    /** UNCREDITED | NO_PAYMENT | AMOUNT_MISMATCH | CURRENCY_MISMATCH | UNKNOWN_CUSTOMER | UNKNOWN_REFERENCE. */
    kind: text('kind').notNull(),
    /** Paystack's transaction reference. */
    reference: text('reference').notNull(),
    runId: uuid('run_id').references(() => gatewayReconRuns.id),
    corporateId: uuid('corporate_id').references(() => corporates.id),
    channel: text('channel'),
    paystackAmountKobo: bigint('paystack_amount_kobo', { mode: 'number' }),
    paystackCurrency: text('paystack_currency'),
    oursAmountKobo: bigint('ours_amount_kobo', { mode: 'number' }),
    detail: text('detail').notNull(),
    status: text('status').notNull().default('OPEN'),
    /** CREDIT | REFUND | WRITE_OFF. */
    resolution: text('resolution'),
    resolvedAmountKobo: bigint('resolved_amount_kobo', { mode: 'number' }),
    resolvedById: uuid('resolved_by_id'),
    resolvedAt: ts('resolved_at'),
    note: text('note'),
    transferId: uuid('transfer_id').references(() => ledgerTransfers.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gateway_discrepancies_code_uq').on(t.code),
    uniqueIndex('gateway_discrepancies_kind_ref_uq').on(t.kind, t.reference),
    uniqueIndex('gateway_discrepancies_transfer_uq').on(t.transferId),
    index('gateway_discrepancies_status_idx').on(t.status, t.createdAt),
    check(
      'gateway_discrepancies_resolved',
      sql`(${t.status} = 'RESOLVED') = (${t.resolution} is not null) and ${t.status} in ('OPEN', 'RESOLVED')
          and (${t.transferId} is null or ${t.resolution} in ('CREDIT', 'WRITE_OFF'))`,
    ),
  ],
);
