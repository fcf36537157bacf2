// Reporting roll-ups: live vends summed per Lagos day, for the platform-wide figures (admin home,
// analytics) and per client (top clients). Rows are derived data, rebuilt a whole day at a time
// from the vends (modules/reports); a day is trusted only when vend_rollup_days says it is built
// and clean. A trigger on vends marks a past day dirty when one of its vends changes (a late
// settlement, a reversal, a back-dated row), so a report never reads a stale roll-up: dirty,
// unbuilt days are read from the vends themselves. Today (and a day built just after midnight) is
// built up to a watermark (vend_rollup_days.built_to): reads take the rows for the vends before it
// and the vends themselves from it on (modules/reports/rollup.repo.ts). Test-mode vends are never
// rolled up.
import { bigint, boolean, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';

const sums = {
  vendCount: integer('vend_count').notNull(),
  amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
  commissionKobo: bigint('commission_kobo', { mode: 'number' }).notNull(),
  chargeKobo: bigint('charge_kobo', { mode: 'number' }).notNull(),
};

/** Platform-wide: one row per day, network, service, channel, client type and status. */
export const vendDailyTotals = pgTable(
  'vend_daily_totals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    network: text('network').notNull(),
    serviceType: text('service_type').notNull(),
    channel: text('channel').notNull(),
    clientType: text('client_type').notNull(),
    status: text('status').notNull(),
    ...sums,
  },
  (t) => [primaryKey({ columns: [t.day, t.network, t.serviceType, t.channel, t.clientType, t.status] })],
);

/**
 * Platform-wide, one dimension at a time: one row per day, value of the dimension and status (at
 * most 20 a day, against up to 360 in vend_daily_totals). Each holds the same vends as
 * vend_daily_totals summed to fewer columns: the trends' series and breakdowns and the admin
 * home's networks read these.
 */
const byOne = (table: string, column: string) =>
  pgTable(
    table,
    {
      day: date('day', { mode: 'string' }).notNull(),
      value: text(column).notNull(),
      status: text('status').notNull(),
      ...sums,
    },
    (t) => [primaryKey({ columns: [t.day, t.value, t.status] })],
  );
export const vendDailyNetworkTotals = byOne('vend_daily_network_totals', 'network');
export const vendDailyServiceTotals = byOne('vend_daily_service_totals', 'service_type');
export const vendDailyChannelTotals = byOne('vend_daily_channel_totals', 'channel');
export const vendDailyClientTypeTotals = byOne('vend_daily_client_type_totals', 'client_type');

/**
 * Per client: one row per day, client and status (top clients, per-client totals). Keyed by day
 * (every client's rows of a range: the admin's top clients) and indexed by client (one client's
 * range: its home's totals, which read every client's rows of the range through the key: 1.3 ms
 * at 1,000,000 vends, 0.1-0.2 ms by the client's index).
 */
export const vendClientDailyTotals = pgTable(
  'vend_client_daily_totals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    corporateId: uuid('corporate_id').notNull(),
    status: text('status').notNull(),
    ...sums,
  },
  (t) => [
    primaryKey({ columns: [t.day, t.corporateId, t.status] }),
    index('vend_client_daily_totals_client_day_idx').on(t.corporateId, t.day),
  ],
);

/**
 * Per client with the dimensions of the client's home: one row per client, day, network, service,
 * channel and status (keyed by client first: a client's range is one index range).
 */
export const vendClientDetailTotals = pgTable(
  'vend_client_detail_totals',
  {
    corporateId: uuid('corporate_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    network: text('network').notNull(),
    serviceType: text('service_type').notNull(),
    channel: text('channel').notNull(),
    status: text('status').notNull(),
    ...sums,
  },
  (t) => [primaryKey({ columns: [t.corporateId, t.day, t.network, t.serviceType, t.channel, t.status] })],
);

/**
 * Per client by Lagos week (Monday to Sunday): vend_client_daily_totals summed over the week's
 * seven days, for the platform's per-client sums over long ranges (the admin home's top clients
 * read 200 clients' weeks, not their 1,400 days). A week is read only while vend_rollup_weeks says
 * it is built after every one of its days and all seven are clean and built whole
 * (modules/reports/rollup.repo.ts).
 */
export const vendClientWeeklyTotals = pgTable(
  'vend_client_weekly_totals',
  {
    week: date('week', { mode: 'string' }).notNull(),
    corporateId: uuid('corporate_id').notNull(),
    status: text('status').notNull(),
    ...sums,
  },
  (t) => [primaryKey({ columns: [t.week, t.corporateId, t.status] })],
);

export const vendRollupWeeks = pgTable('vend_rollup_weeks', {
  /** The week's Monday. */
  week: date('week', { mode: 'string' }).primaryKey(),
  /** When the week's rows were built from its days' (clock time of the build's last statement). */
  builtAt: ts('built_at').notNull(),
});

export const vendRollupDays = pgTable('vend_rollup_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  /** When the day's roll-up rows were last rebuilt (null: never). */
  builtAt: ts('built_at'),
  /**
   * The watermark: the rows hold the day's vends created before this instant (the next day's
   * start once the day is over and built whole; a few minutes behind the build for today).
   */
  builtTo: ts('built_to'),
  /** A vend of the day changed after the build: read the day from the vends until rebuilt. */
  dirty: boolean('dirty').notNull().default(true),
});
