// A client's webhook endpoint and the deliveries (with every attempt) of its events.
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timeOrderedId, ts } from './columns';
import { corporates } from './identity';
import { vends } from './vends';

export const webhookEndpoints = pgTable('webhook_endpoints', {
  corporateId: uuid('corporate_id')
    .primaryKey()
    .references(() => corporates.id),
  url: text('url').notNull(),
  /** AES-GCM sealed (infra/crypto): it signs every delivery, so it cannot be a one-way hash. */
  secretEnc: text('secret_enc').notNull(),
  secretLast4: text('secret_last4').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: timeOrderedId(),
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
