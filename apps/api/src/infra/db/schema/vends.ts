// Vends and their timeline: what was sold, to whom, through which line, pointing at the ledger
// transfers that moved its money (money itself lives in the ledger).
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { dataPlans, services } from './catalogue';
import { timeOrderedId, ts } from './columns';
import { commissionSettlements } from './commissions';
import { corporates } from './identity';
import { ledgerTransfers } from './ledger';
import { vtuLines } from './providers';

/**
 * One vend: PENDING -> SUCCESSFUL | FAILED (debit reversed in the same transaction);
 * SUCCESSFUL -> REVERSED (admin refund). One debit transfer per vend, at most one reversal.
 */
export const vends = pgTable(
  'vends',
  {
    id: timeOrderedId(),
    /** Readable id: VND-XXXXXXXXXXXX. */
    code: text('code').notNull(),
    corporateId: uuid('corporate_id')
      .notNull()
      .references(() => corporates.id),
    /** LIVE, or TEST (sandbox wallet and simulator only; never in live reports). */
    mode: text('mode').notNull(),
    channel: text('channel').notNull(),
    /** The client's reference (generated for portal vends without one). */
    reference: text('reference').notNull(),
    /** SHA-256 of the normalised request, to tell a retry from a different request. */
    requestHash: text('request_hash').notNull(),
    msisdn: text('msisdn').notNull(),
    network: text('network').notNull(),
    serviceType: text('service_type').notNull(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id),
    platform: text('platform').notNull(),
    dataPlanId: uuid('data_plan_id').references(() => dataPlans.id),
    planCode: text('plan_code'),
    planName: text('plan_name'),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    /** What the wallet was debited: amount, or amount - commission when upfront. */
    chargeKobo: bigint('charge_kobo', { mode: 'number' }).notNull(),
    commissionKobo: bigint('commission_kobo', { mode: 'number' }).notNull(),
    commissionBps: integer('commission_bps').notNull(),
    commissionMode: text('commission_mode').notNull(),
    status: text('status').notNull().default('PENDING'),
    /** The app process (its PostgreSQL application_name) whose request placed the vend: when that
     * process is gone while the vend is still in its request's phase, the sweep requeries it at
     * once instead of waiting for the crash guard. Null on PGlite (one process). */
    placedBy: text('placed_by'),
    /** The routes to try, in order, and the index of the one now holding the vend. */
    routes: jsonb('routes').$type<string[]>().notNull(),
    routeIndex: integer('route_index').notNull().default(0),
    /** The provider now holding the vend (asked on requery) and its reference. */
    provider: text('provider'),
    providerReference: text('provider_reference'),
    /** The ledger float account the debit (or the reroute) credited, and the VTU line whose
     * float that is (per-line float = its fundings - the vends holding its float). */
    floatAccount: text('float_account').notNull(),
    floatLineId: uuid('float_line_id').references(() => vtuLines.id),
    /** The line of the latest attempt through the VTU platform. */
    vtuLineId: uuid('vtu_line_id').references(() => vtuLines.id),
    failureReason: text('failure_reason'),
    /** The vend's debit: the vend and its debit are written by one statement. */
    debitTransferId: uuid('debit_transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id),
    rerouteTransferId: uuid('reroute_transfer_id').references(() => ledgerTransfers.id),
    reversalTransferId: uuid('reversal_transfer_id').references(() => ledgerTransfers.id),
    commissionSettlementId: uuid('commission_settlement_id').references(() => commissionSettlements.id),
    reversalReason: text('reversal_reason'),
    reversedById: uuid('reversed_by_id'),
    reversedAt: ts('reversed_at'),
    createdById: uuid('created_by_id'),
    apiKeyId: uuid('api_key_id'),
    /** The client's type when it vended (reports filter on it). */
    clientType: text('client_type').notNull(),
    /** When the requery job should next ask the provider (null once final). */
    requeryAt: ts('requery_at'),
    requeryCount: integer('requery_count').notNull().default(0),
    /** Set when the request that created the vend has finished its provider calls; identical
     * retries wait for it so that every answer carries the same result. */
    settledAt: ts('settled_at'),
    completedAt: ts('completed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vends_code_uq').on(t.code),
    uniqueIndex('vends_reference_uq').on(t.corporateId, t.mode, t.reference),
    uniqueIndex('vends_debit_uq').on(t.debitTransferId),
    // Partial: a vend is rarely reversed, and NULLs never clash anyway.
    uniqueIndex('vends_reversal_uq').on(t.reversalTransferId).where(sql`${t.reversalTransferId} is not null`),
    // The histories' sort key (created_at, id) follows the filters: a page is an index range after
    // a cursor, a page by its number an index-only scan of the key (db/keyset). A client's status
    // and network ride at the end, so its bounded count filters on them without the heap.
    index('vends_corporate_idx').on(t.corporateId, t.mode, t.createdAt, t.id, t.status, t.network),
    index('vends_mode_created_idx').on(t.mode, t.createdAt, t.id),
    // Vending history filtered by status and network (the admin's usual filters): the count and
    // the page's ids come from this index alone, however deep the page (bench:reports).
    index('vends_history_status_network_idx').on(t.mode, t.status, t.network, t.createdAt, t.id),
    index('vends_requery_idx').on(t.requeryAt).where(sql`${t.status} = 'PENDING'`),
    index('vends_float_line_idx').on(t.floatLineId, t.createdAt).where(sql`${t.floatLineId} is not null`),
    index('vends_unsettled_commission_idx')
      .on(t.corporateId)
      .where(
        sql`${t.commissionMode} = 'ACCRUED' and ${t.commissionSettlementId} is null and ${t.status} = 'SUCCESSFUL'`,
      ),
    check(
      'vends_amounts',
      sql`${t.amountKobo} > 0 and ${t.commissionKobo} >= 0 and ${t.chargeKobo} > 0 and ${t.chargeKobo} <= ${t.amountKobo}`,
    ),
    check('vends_status', sql`${t.status} in ('PENDING', 'SUCCESSFUL', 'FAILED', 'REVERSED')`),
    check(
      'vends_reversed_iff_undone',
      sql`(${t.status} in ('FAILED', 'REVERSED')) = (${t.reversalTransferId} is not null)`,
    ),
  ],
);

/** The vend's timeline: creation, every provider call and its outcome, status changes,
 * reversal, webhook deliveries. Append-only. */
export const vendEvents = pgTable(
  'vend_events',
  {
    /** Insertion order is the timeline's order (several events may share a timestamp). */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    vendId: uuid('vend_id')
      .notNull()
      .references(() => vends.id),
    type: text('type').notNull(),
    status: text('status'),
    provider: text('provider'),
    outcome: text('outcome'),
    message: text('message'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    actorId: uuid('actor_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('vend_events_vend_idx').on(t.vendId, t.id)],
);

/**
 * One request of a vend to an upstream provider (issue 32): written before the HTTP call, with the
 * request id made for it, which every requery of the attempt reuses; never resent with a new id
 * after an unknown outcome. The simulator's calls are on the vend's timeline only.
 *   SENT -> SUCCESSFUL | FAILED | UNKNOWN -> ... ; SUCCESSFUL -> REVERSED (the provider's notice).
 */
export const vendAttempts = pgTable(
  'vend_attempts',
  {
    id: timeOrderedId(),
    vendId: uuid('vend_id')
      .notNull()
      .references(() => vends.id),
    /** The index in the vend's route. */
    position: integer('position').notNull(),
    platform: text('platform').notNull(),
    provider: text('provider').notNull(),
    requestId: text('request_id').notNull(),
    providerReference: text('provider_reference'),
    status: text('status').notNull().default('SENT'),
    /** RECIPIENT or PROVIDER, for a FAILED attempt. */
    failureKind: text('failure_kind'),
    message: text('message'),
    /** The last exchange as the provider answered it (support reads it). */
    raw: jsonb('raw').$type<unknown>(),
    durationMs: integer('duration_ms'),
    requeryCount: integer('requery_count').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    answeredAt: ts('answered_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vend_attempts_request_uq').on(t.provider, t.requestId),
    index('vend_attempts_vend_idx').on(t.vendId, t.position),
    index('vend_attempts_provider_created_idx').on(t.provider, t.createdAt),
    check(
      'vend_attempts_status',
      sql`${t.status} in ('SENT', 'SUCCESSFUL', 'FAILED', 'UNKNOWN', 'NOT_FOUND', 'REVERSED')`,
    ),
  ],
);
