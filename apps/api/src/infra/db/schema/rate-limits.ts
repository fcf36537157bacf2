// The vending API's rate limits (issue 34): the shared token buckets that several instances on
// one PostgreSQL database lease tokens from, and the refusals a client sees on its API page.
import { doublePrecision, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { corporates } from './identity';

/**
 * One token bucket per subject (`key:<api key id>` or `client:<corporate id>`), on PostgreSQL
 * only (PGlite keeps its buckets in memory): `tokens` as of `refilled_at`; `granted` is what the
 * last lease took (read back by the statement that leased).
 */
export const apiRateBuckets = pgTable('api_rate_buckets', {
  subject: text('subject').primaryKey(),
  tokens: doublePrecision('tokens').notNull(),
  granted: integer('granted').notNull().default(0),
  refilledAt: ts('refilled_at').notNull().defaultNow(),
});

/** Refused calls per client, key and minute (the minute's start): the client's last hour. */
export const apiRateRefusals = pgTable(
  'api_rate_refusals',
  {
    corporateId: uuid('corporate_id')
      .notNull()
      .references(() => corporates.id),
    apiKeyId: uuid('api_key_id').notNull(),
    minute: ts('minute').notNull(),
    refused: integer('refused').notNull(),
  },
  (t) => [primaryKey({ columns: [t.corporateId, t.minute, t.apiKeyId] })],
);
