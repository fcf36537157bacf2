// Providers' VTU lines (SIMs on the telco platforms) and the float funded onto them.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { corporates } from './identity';
import { ledgerTransfers } from './ledger';

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

/** The vends that used a line's float (migration 0026): the vtu module's read model of vends. */
export const vtuFloatVends = pgView('vtu_float_vends', {
  id: uuid('id').notNull(),
  code: text('code').notNull(),
  corporateId: uuid('corporate_id').notNull(),
  msisdn: text('msisdn').notNull(),
  serviceType: text('service_type').notNull(),
  amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
  status: text('status').notNull(),
  mode: text('mode').notNull(),
  floatLineId: uuid('float_line_id').notNull(),
  createdAt: ts('created_at').notNull(),
}).existing();

/**
 * The ordered providers of a platform (issue 32), as an admin set them on the Providers screen:
 * this wins over AGGREGATOR_PROVIDERS / VTU_PROVIDERS. No row: the variable (or its default).
 * An empty list turns the platform off.
 */
export const platformProviders = pgTable('platform_providers', {
  platform: text('platform').primaryKey(),
  providers: jsonb('providers').$type<string[]>().notNull(),
  updatedById: uuid('updated_by_id'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** What each upstream provider last said its balance was (read on a schedule). */
export const providerBalances = pgTable('provider_balances', {
  provider: text('provider').primaryKey(),
  balanceKobo: bigint('balance_kobo', { mode: 'number' }),
  /** Why the last read failed, when it did (the balance above is then the one before). */
  error: text('error'),
  checkedAt: ts('checked_at').notNull().defaultNow(),
  /** Below this an alert goes to admins (once per crossing). */
  lowAlertSentAt: ts('low_alert_sent_at'),
  durationMs: integer('duration_ms'),
});

/**
 * Each upstream's circuit breaker (issue 49): CLOSED takes vends, OPEN is skipped by new vends until
 * its cool-down has passed, HALF_OPEN has one probe out (its balance call). Kept here, not in a
 * process, so every instance routes alike. `windowFrom`: calls before it no longer count (an
 * admin's forced close starts a clean window).
 */
export const providerHealth = pgTable(
  'provider_health',
  {
    provider: text('provider').primaryKey(),
    state: text('state').notNull().default('CLOSED'),
    since: ts('since').notNull().defaultNow(),
    reason: text('reason'),
    /** Set by an admin: the state stays until an admin changes it (no probe, no automatic open). */
    forced: boolean('forced').notNull().default(false),
    /** When the half-open probe was sent (a probe older than the deadline may be claimed again). */
    probeAt: ts('probe_at'),
    windowFrom: ts('window_from'),
  },
  (t) => [check('provider_health_state_ck', sql`${t.state} in ('CLOSED', 'OPEN', 'HALF_OPEN')`)],
);

/**
 * One row per call of a vend to a real upstream, as the breaker reads it: the rolling window and
 * the Providers screen's last hour. Pruned after a day (providers.jobs).
 */
export const providerCalls = pgTable(
  'provider_calls',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    at: ts('at').notNull().defaultNow(),
    /** DELIVERED, FAILED, RECIPIENT, UNKNOWN, TIMEOUT, HTTP_5XX, CONNECTION, REFUSED. */
    outcome: text('outcome').notNull(),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('provider_calls_provider_at_idx').on(t.provider, t.at)],
);
