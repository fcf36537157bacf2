// Auto top-up (DESIGN §2): a client's settings, the subscribers whose lines it tops up on a
// schedule, every run of a subscriber (one per due time and trigger, schedule or Run now: the
// unique (subscriber, trigger, due_at) and the vend reference derived from them make a run happen
// once), and the cap counters. Spend against the
// caps is counted by a trigger on vends (migration add_auto_topup_caps) inside the statement that
// records the vend and debits the wallet, so a cap is enforced in the same transaction as the debit.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { billVerifications } from './bills';
import { ts } from './columns';
import { corporates, users } from './identity';
import { vends } from './vends';

/** One row per client that has saved its settings (none: off, 08:00, no caps, skip and notify). */
export const autoTopupSettings = pgTable(
  'auto_topup_settings',
  {
    corporateId: uuid('corporate_id')
      .primaryKey()
      .references(() => corporates.id),
    /** The client's own switch (the platform's is corporates.auto_top_up_enabled). */
    enabled: boolean('enabled').notNull().default(false),
    /** HH:MM, Africa/Lagos: the time new subscribers get. */
    defaultTime: text('default_time').notNull().default('08:00'),
    /** Face value of auto top-ups per Lagos day / month; null: no cap. */
    dailyCapKobo: bigint('daily_cap_kobo', { mode: 'number' }),
    monthlyCapKobo: bigint('monthly_cap_kobo', { mode: 'number' }),
    /** SKIP_NOTIFY or RETRY_LATER_TODAY. */
    insufficientFundsPolicy: text('insufficient_funds_policy').notNull().default('SKIP_NOTIFY'),
    updatedById: uuid('updated_by_id').references(() => users.id),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'auto_topup_settings_caps_ck',
      sql`coalesce(${t.dailyCapKobo}, 1) > 0 and coalesce(${t.monthlyCapKobo}, 1) > 0`,
    ),
  ],
);

export const autoTopupSubscribers = pgTable(
  'auto_topup_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    corporateId: uuid('corporate_id')
      .notNull()
      .references(() => corporates.id),
    name: text('name').notNull(),
    /** +234XXXXXXXXXX: the line topped up; for a bill, the customer's phone (the receipt's). */
    msisdn: text('msisdn').notNull(),
    /** The network; for a bill, the biller's code (as on vends). */
    network: text('network').notNull(),
    /** AIRTIME (amount), DATA (plan), ELECTRICITY (amount) or TV (renew, or a bouquet). */
    serviceType: text('service_type').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }),
    /** Data: the plan code; TV with CHANGE: the bouquet's code (bouquets are the TV biller's plans). */
    planCode: text('plan_code'),
    /** Bills: the meter, smartcard or IUC number, its meter type (electricity), RENEW or CHANGE (TV). */
    customerNumber: text('customer_number'),
    meterType: text('meter_type'),
    subscriptionType: text('subscription_type'),
    /** Bills: the latest verification (when added, edited, or again at a run) and its customer. */
    verificationId: uuid('verification_id').references(() => billVerifications.id),
    customerName: text('customer_name'),
    /** DAILY, WEEKLY (weekday 1 = Monday ... 7 = Sunday), MONTHLY (day 1-31; 31 runs on the last
     * day of shorter months), ONCE (on once_date). */
    frequency: text('frequency').notNull(),
    weekday: integer('weekday'),
    monthDay: integer('month_day'),
    onceDate: date('once_date', { mode: 'string' }),
    /** HH:MM, Africa/Lagos. */
    timeOfDay: text('time_of_day').notNull(),
    paused: boolean('paused').notNull().default(false),
    /** The next due time; null when paused, removed or a ONCE that has run. */
    nextRunAt: ts('next_run_at'),
    removedAt: ts('removed_at'),
    createdById: uuid('created_by_id').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('auto_topup_subscribers_corporate_idx').on(t.corporateId, t.createdAt),
    check(
      'auto_topup_subscribers_bill_ck',
      sql`${t.serviceType} in ('AIRTIME', 'DATA') or (${t.customerNumber} is not null and ${t.verificationId} is not null)`,
    ),
    index('auto_topup_subscribers_due_idx')
      .on(t.nextRunAt)
      .where(sql`${t.nextRunAt} is not null and not ${t.paused} and ${t.removedAt} is null`),
  ],
);

/**
 * A subscriber's top-up at one due time: QUEUED (to be vended) -> VENDED (its vend then tells
 * the outcome), RETRYING (wallet short, tried again later the same day), SKIPPED (not vended:
 * no funds, a cap) or FAILED (refused). What is vended is copied here when the run is created, so
 * a retry sends exactly the same request under the same reference.
 */
export const autoTopupRuns = pgTable(
  'auto_topup_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    corporateId: uuid('corporate_id')
      .notNull()
      .references(() => corporates.id),
    subscriberId: uuid('subscriber_id')
      .notNull()
      .references(() => autoTopupSubscribers.id),
    dueAt: ts('due_at').notNull(),
    /** SCHEDULE or MANUAL (Run now). */
    trigger: text('trigger').notNull(),
    /** The vend's reference: ATU-<subscriber>-<due time>, with -M for a Run now. */
    reference: text('reference').notNull(),
    msisdn: text('msisdn').notNull(),
    network: text('network').notNull(),
    serviceType: text('service_type').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }),
    planCode: text('plan_code'),
    /** Bills: what the subscriber pays (the verification is the subscriber's latest, at the run). */
    customerNumber: text('customer_number'),
    meterType: text('meter_type'),
    subscriptionType: text('subscription_type'),
    status: text('status').notNull().default('QUEUED'),
    reason: text('reason'),
    vendId: uuid('vend_id').references(() => vends.id),
    attempts: integer('attempts').notNull().default(0),
    retryAt: ts('retry_at').notNull(),
    leaseUntil: ts('lease_until'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
    /** When the client was told this run's top-up failed (at once, or after its vend failed later). */
    failureNotifiedAt: ts('failure_notified_at'),
  },
  (t) => [
    uniqueIndex('auto_topup_runs_due_uq').on(t.subscriberId, t.trigger, t.dueAt),
    // The runs history pages by keyset on (due_at, id) (db/keyset).
    index('auto_topup_runs_corporate_idx').on(t.corporateId, t.dueAt, t.id),
    index('auto_topup_runs_open_idx').on(t.retryAt).where(sql`${t.status} in ('QUEUED', 'RETRYING')`),
    // Vended runs whose failure, if any, is not told yet: a vend pending at the run may fail later.
    index('auto_topup_runs_unnotified_idx')
      .on(t.finishedAt)
      .where(sql`${t.status} = 'VENDED' and ${t.failureNotifiedAt} is null`),
  ],
);

/** Auto top-up spend per client, mode and Lagos day / month: written only by the vends trigger. */
export const autoTopupSpend = pgTable(
  'auto_topup_spend',
  {
    corporateId: uuid('corporate_id')
      .notNull()
      .references(() => corporates.id),
    mode: text('mode').notNull(),
    /** DAY or MONTH. */
    period: text('period').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    spentKobo: bigint('spent_kobo', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.corporateId, t.mode, t.period, t.startsOn] }),
    check('auto_topup_spend_nonneg_ck', sql`${t.spentKobo} >= 0`),
  ],
);
