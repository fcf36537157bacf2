// Settings that people change at run time: the platform's (one row per key, JSON value), each
// user's notification set-up, each client's reconciliation settings and statements, and the
// low-balance alert state of wallets and VTU lines.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { corporates, users } from './identity';

/** `platform` (general settings) and `smtp` (with the password sealed by infra/crypto). */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedById: uuid('updated_by_id'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Per user and event: in-app and email. Events without a saved choice use their defaults. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  preferences: jsonb('preferences').$type<Record<string, { inApp: boolean; email: boolean }>>().notNull(),
  updatedById: uuid('updated_by_id'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const reconciliationSettings = pgTable('reconciliation_settings', {
  corporateId: uuid('corporate_id')
    .primaryKey()
    .references(() => corporates.id),
  enabled: boolean('enabled').notNull().default(false),
  frequency: text('frequency').notNull().default('DAILY'),
  emails: jsonb('emails').$type<string[]>().notNull().default([]),
  inApp: boolean('in_app').notNull().default(true),
  format: text('format').notNull().default('CSV'),
  /** Below this wallet balance the client's opted-in users are alerted; null: platform default. */
  lowBalanceThresholdKobo: bigint('low_balance_threshold_kobo', { mode: 'number' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** A statement of the client's wallet from the ledger, kept as produced (CSV text). */
export const statements = pgTable(
  'statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    corporateId: uuid('corporate_id')
      .notNull()
      .references(() => corporates.id),
    /** DAILY, WEEKLY (made by the job at the period's end) or ON_DEMAND. */
    kind: text('kind').notNull(),
    /** [periodStart, periodEnd): Lagos midnights. */
    periodStart: ts('period_start').notNull(),
    periodEnd: ts('period_end').notNull(),
    openingKobo: bigint('opening_kobo', { mode: 'number' }).notNull(),
    creditsKobo: bigint('credits_kobo', { mode: 'number' }).notNull(),
    debitsKobo: bigint('debits_kobo', { mode: 'number' }).notNull(),
    closingKobo: bigint('closing_kobo', { mode: 'number' }).notNull(),
    entryCount: integer('entry_count').notNull(),
    csv: text('csv').notNull(),
    createdById: uuid('created_by_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('statements_code_uq').on(t.code),
    // One scheduled statement per client and period, however many workers run the job.
    uniqueIndex('statements_scheduled_uq')
      .on(t.corporateId, t.kind, t.periodStart)
      .where(sql`${t.kind} <> 'ON_DEMAND'`),
    index('statements_corporate_idx').on(t.corporateId, t.createdAt),
    check(
      'statements_balance_check',
      sql`${t.openingKobo} + ${t.creditsKobo} - ${t.debitsKobo} = ${t.closingKobo}`,
    ),
  ],
);

/** Whether a balance is under its threshold and its users were told: `WALLET:<corporateId>` or
 * `VTU:<lineId>`. Kept apart from the corporate row, which every vend's debit locks. */
export const balanceAlerts = pgTable('balance_alerts', {
  subject: text('subject').primaryKey(),
  alertedAt: ts('alerted_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
