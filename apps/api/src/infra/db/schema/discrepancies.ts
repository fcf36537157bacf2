// Late truths and provider reconciliation (issue 49 points 3 and 4): where a provider's word
// contradicts a final vend, or the provider's day does not match ours, a discrepancy keeps both
// versions until an admin resolves it with a ledgered, audited action.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timeOrderedId, ts } from './columns';
import { corporates, users } from './identity';
import { ledgerTransfers } from './ledger';
import { vends } from './vends';

/**
 * One reconciliation of a provider's Lagos day: both sides' counts and amounts, and how many
 * mismatches it found. A re-run adds a run; a mismatch found again finds its discrepancy (one per
 * vend and kind) instead of raising another.
 */
export const providerReconciliations = pgTable(
  'provider_reconciliations',
  {
    id: timeOrderedId(),
    provider: text('provider').notNull(),
    /** The Lagos day reconciled, YYYY-MM-DD. */
    day: text('day').notNull(),
    status: text('status').notNull().default('RUNNING'),
    /** Our side: attempts (vends) of the day and what we debited for the delivered ones. */
    ourCount: integer('our_count').notNull().default(0),
    ourDeliveredCount: integer('our_delivered_count').notNull().default(0),
    ourDebitedKobo: bigint('our_debited_kobo', { mode: 'number' }).notNull().default(0),
    ourCommissionKobo: bigint('our_commission_kobo', { mode: 'number' }).notNull().default(0),
    /** The provider's side: what it lists, what it delivered and charged, the discount it gave. */
    providerCount: integer('provider_count').notNull().default(0),
    providerDeliveredCount: integer('provider_delivered_count').notNull().default(0),
    providerChargedKobo: bigint('provider_charged_kobo', { mode: 'number' }).notNull().default(0),
    providerDiscountKobo: bigint('provider_discount_kobo', { mode: 'number' }).notNull().default(0),
    matched: integer('matched').notNull().default(0),
    mismatches: integer('mismatches').notNull().default(0),
    /** Each mismatch found, with both versions and the discrepancy it raised or found. */
    findings: jsonb('findings').$type<unknown[]>().notNull().default([]),
    /** Why a run could not finish (the provider did not answer, say). */
    error: text('error'),
    requestedById: uuid('requested_by_id').references(() => users.id),
    startedAt: ts('started_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('provider_reconciliations_day_idx').on(t.day, t.provider),
    check('provider_reconciliations_status', sql`${t.status} in ('RUNNING', 'DONE', 'FAILED')`),
  ],
);

/**
 * A contradiction between our books and a provider's word, kept with both versions.
 *   kind: DELIVERED_AFTER_REFUND (we FAILED or REVERSED it, the provider delivered),
 *         REFUNDED_AFTER_SUCCESS (we settled it SUCCESSFUL, the provider refunded, failed or has
 *         no record of it), MISSING_AT_PROVIDER (its day's report lacks a vend we settled
 *         SUCCESSFUL), AMOUNT_MISMATCH, MISSING_AT_US (a provider record we have no vend paying for).
 *   status: OPEN -> RESOLVED (CHARGED_AGAIN | WRITTEN_OFF | REVERSED | DISMISSED).
 * `key` makes it once: the same news, however often it arrives, finds the row already there.
 */
export const vendDiscrepancies = pgTable(
  'vend_discrepancies',
  {
    id: timeOrderedId(),
    key: text('key').notNull(),
    kind: text('kind').notNull(),
    /** Where the provider's word came from: REQUERY, CALLBACK, MANUAL_REQUERY, RECONCILIATION. */
    source: text('source').notNull(),
    provider: text('provider').notNull(),
    vendId: uuid('vend_id').references(() => vends.id),
    corporateId: uuid('corporate_id').references(() => corporates.id),
    reconciliationId: uuid('reconciliation_id').references(() => providerReconciliations.id),
    /** Our version: the vend's status and amount when the news arrived. */
    ourStatus: text('our_status'),
    ourAmountKobo: bigint('our_amount_kobo', { mode: 'number' }),
    /** The provider's version: its status, amount, reference and words. */
    providerStatus: text('provider_status').notNull(),
    providerAmountKobo: bigint('provider_amount_kobo', { mode: 'number' }),
    providerReference: text('provider_reference'),
    providerMessage: text('provider_message'),
    providerRaw: jsonb('provider_raw').$type<unknown>(),
    status: text('status').notNull().default('OPEN'),
    resolution: text('resolution'),
    resolutionNote: text('resolution_note'),
    resolutionTransferId: uuid('resolution_transfer_id').references(() => ledgerTransfers.id),
    resolvedById: uuid('resolved_by_id').references(() => users.id),
    resolvedAt: ts('resolved_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vend_discrepancies_key_uq').on(t.key),
    index('vend_discrepancies_status_idx').on(t.status, t.createdAt),
    index('vend_discrepancies_vend_idx').on(t.vendId),
    index('vend_discrepancies_run_idx').on(t.reconciliationId),
    check(
      'vend_discrepancies_kind',
      sql`${t.kind} in ('DELIVERED_AFTER_REFUND', 'REFUNDED_AFTER_SUCCESS', 'MISSING_AT_PROVIDER', 'AMOUNT_MISMATCH', 'MISSING_AT_US')`,
    ),
    check('vend_discrepancies_status', sql`${t.status} in ('OPEN', 'RESOLVED')`),
    check(
      'vend_discrepancies_resolution',
      sql`(${t.status} = 'OPEN') = (${t.resolution} is null)
          and (${t.resolution} is null or ${t.resolution} in ('CHARGED_AGAIN', 'WRITTEN_OFF', 'REVERSED', 'DISMISSED'))`,
    ),
  ],
);
