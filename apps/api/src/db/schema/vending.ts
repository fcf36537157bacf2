// Vending: the service catalogue and data plans, VTU lines, vends and their timeline, commission
// settlements, the client's IP allow-list and webhook with its deliveries, and the job queue.
// Money itself lives in the ledger; these rows say what was sold and point at its transfers.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { corporates } from './identity';
import { ledgerTransfers } from './ledger';

/** A sellable product: (network, AIRTIME|DATA, platform) with its commission rate and bounds. */
export const services = pgTable(
  'services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    network: text('network').notNull(),
    serviceType: text('service_type').notNull(),
    platform: text('platform').notNull(),
    /** Platforms tried next, in order, after a definite failure of the platform. */
    fallbackPlatforms: jsonb('fallback_platforms').$type<string[]>().notNull().default([]),
    commissionBps: integer('commission_bps').notNull().default(0),
    minAmountKobo: bigint('min_amount_kobo', { mode: 'number' }).notNull(),
    maxAmountKobo: bigint('max_amount_kobo', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('ACTIVE'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('services_product_uq').on(t.network, t.serviceType, t.platform),
    check('services_commission_range', sql`${t.commissionBps} between 0 and 5000`),
    check('services_amount_bounds', sql`${t.minAmountKobo} > 0 and ${t.minAmountKobo} <= ${t.maxAmountKobo}`),
  ],
);

/** Which services a client may vend. */
export const serviceAssignments = pgTable(
  'service_assignments',
  {
    corporateId: uuid('corporate_id')
      .notNull()
      .references(() => corporates.id),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id),
    assignedById: uuid('assigned_by_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.corporateId, t.serviceId] }),
    index('service_assignments_service_idx').on(t.serviceId),
  ],
);

export const dataPlans = pgTable(
  'data_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    network: text('network').notNull(),
    /** Unique across networks, so an API call names a plan by its code alone. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    size: text('size').notNull(),
    validity: text('validity').notNull(),
    priceKobo: bigint('price_kobo', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('ACTIVE'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('data_plans_code_uq').on(sql`lower(${t.code})`),
    index('data_plans_network_idx').on(t.network, t.priceKobo),
    check('data_plans_price_positive', sql`${t.priceKobo} > 0`),
  ],
);

/** Dealer SIM lines. Their float is on the ledger's VTU float account; per line it is derived
 * from the fundings and the vends through the line. */
export const vtuLines = pgTable(
  'vtu_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Readable id: VTU-XXXXXX. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    network: text('network').notNull(),
    msisdn: text('msisdn').notNull(),
    status: text('status').notNull().default('ACTIVE'),
    /** Whether vends from the public (API-key) API may use the line. */
    publicApi: boolean('public_api').notNull().default(true),
    /** A line dedicated to one client; null means the shared pool. */
    corporateId: uuid('corporate_id').references(() => corporates.id),
    providerBalanceKobo: bigint('provider_balance_kobo', { mode: 'number' }),
    balanceCheckedAt: ts('balance_checked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('vtu_lines_code_uq').on(t.code), uniqueIndex('vtu_lines_msisdn_uq').on(t.msisdn)],
);

export const vtuFundings = pgTable(
  'vtu_fundings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lineId: uuid('line_id')
      .notNull()
      .references(() => vtuLines.id),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    /** The payment reference to the telco: one funding per payment. */
    reference: text('reference').notNull(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vtu_fundings_reference_uq').on(sql`lower(${t.reference})`),
    uniqueIndex('vtu_fundings_transfer_uq').on(t.transferId),
    index('vtu_fundings_line_idx').on(t.lineId, t.createdAt),
    check('vtu_fundings_amount_positive', sql`${t.amountKobo} > 0`),
  ],
);

export const commissionSettlements = pgTable(
  'commission_settlements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    corporateId: uuid('corporate_id')
      .notNull()
      .references(() => corporates.id),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    vends: integer('vends').notNull(),
    /** ADMIN (an admin's action) or SCHEDULE (the settlement job). */
    trigger: text('trigger').notNull(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id),
    actorId: uuid('actor_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('commission_settlements_corporate_idx').on(t.corporateId, t.createdAt),
    uniqueIndex('commission_settlements_transfer_uq').on(t.transferId),
    check('commission_settlements_amount_positive', sql`${t.amountKobo} > 0`),
  ],
);

/**
 * One vend: PENDING -> SUCCESSFUL | FAILED (debit reversed in the same transaction);
 * SUCCESSFUL -> REVERSED (admin refund). One debit transfer per vend, at most one reversal.
 */
export const vends = pgTable(
  'vends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
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
    index('vends_corporate_idx').on(t.corporateId, t.mode, t.createdAt),
    index('vends_mode_created_idx').on(t.mode, t.createdAt),
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

export const ipAllowlist = pgTable(
  'ip_allowlist',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    corporateId: uuid('corporate_id')
      .notNull()
      .references(() => corporates.id),
    address: text('address').notNull(),
    createdById: uuid('created_by_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ip_allowlist_uq').on(t.corporateId, t.address)],
);

export const webhookEndpoints = pgTable('webhook_endpoints', {
  corporateId: uuid('corporate_id')
    .primaryKey()
    .references(() => corporates.id),
  url: text('url').notNull(),
  /** AES-GCM sealed (lib/crypto): it signs every delivery, so it cannot be a one-way hash. */
  secretEnc: text('secret_enc').notNull(),
  secretLast4: text('secret_last4').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    corporateId: uuid('corporate_id')
      .notNull()
      .references(() => corporates.id),
    /** The event id (evt_...): the same on a resend, so receivers can deduplicate. */
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    vendId: uuid('vend_id').references(() => vends.id),
    mode: text('mode').notNull(),
    url: text('url').notNull(),
    /** The exact JSON body, fixed at creation and signed afresh on every attempt. */
    body: text('body').notNull(),
    status: text('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    nextAttemptAt: ts('next_attempt_at'),
    deliveredAt: ts('delivered_at'),
    resendOf: uuid('resend_of'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_corporate_idx').on(t.corporateId, t.createdAt),
    index('webhook_deliveries_vend_idx').on(t.vendId),
    index('webhook_deliveries_event_idx').on(t.eventId),
  ],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id),
    attempt: integer('attempt').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attempt)],
);

/**
 * The durable job queue (requery, webhook delivery, commission settlement). A job is due when
 * it is PENDING, or RUNNING with an expired lease, and run_at has passed: claiming sets
 * run_at = locked_until, so a worker that dies leaves the job due again when its lease ends.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    queue: text('queue').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: ts('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(25),
    status: text('status').notNull().default('PENDING'),
    lockedUntil: ts('locked_until'),
    lastError: text('last_error'),
    /** At most one unfinished job per key (e.g. one requery per vend, one recurring sweep). */
    dedupeKey: text('dedupe_key'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt).where(sql`${t.status} in ('PENDING', 'RUNNING')`),
    uniqueIndex('jobs_dedupe_uq').on(t.dedupeKey).where(sql`${t.status} in ('PENDING', 'RUNNING')`),
    check('jobs_status', sql`${t.status} in ('PENDING', 'RUNNING', 'DONE', 'FAILED')`),
  ],
);
