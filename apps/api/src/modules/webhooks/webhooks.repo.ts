// Queries for webhooks: a client's endpoint, the deliveries of its events and their attempts.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { paged } from '../../infra/db/paged';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../infra/db/schema';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** The code of a delivery's vend, read from the event it carries (a vend event's data is the vend
 * as the API shows it; codes never change), so that listing deliveries reads only this module's
 * table: webhooks sit below vending, which queues their events. */
const vendCodeOfDelivery = sql<
  string | null
>`case when ${webhookDeliveries.vendId} is null then null else (${webhookDeliveries.body}::jsonb -> 'data' ->> 'code') end`;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export async function getWebhook(db: Db, corporateId: string) {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.corporateId, corporateId));
  return row ?? null;
}

/** Creates the client's endpoint; null when it has one already. */
export async function insertEndpoint(db: Db, values: typeof webhookEndpoints.$inferInsert) {
  const [row] = await db.insert(webhookEndpoints).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** Changes the client's endpoint; null when it has none. */
export async function updateEndpoint(
  db: Db,
  corporateId: string,
  set: Partial<typeof webhookEndpoints.$inferInsert>,
) {
  const [row] = await db
    .update(webhookEndpoints)
    .set(set)
    .where(eq(webhookEndpoints.corporateId, corporateId))
    .returning();
  return row ?? null;
}

/** Removes the client's endpoint; false when it had none. */
export async function deleteEndpoint(db: Db, corporateId: string): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(eq(webhookEndpoints.corporateId, corporateId))
    .returning();
  return rows.length > 0;
}

/** A vend event to queue for its client's webhook (webhook_enqueue's item, migration 0024). */
export interface WebhookItem {
  corporateId: string;
  vendId: string;
  eventId: string;
  type: string;
  mode: string;
  body: string;
  at: Date;
  queue: string;
}

/**
 * The one enqueuer of vend webhooks: the database function webhook_enqueue writes, for each item
 * whose client has an endpoint, the delivery and its job. vend_complete_success calls the same
 * function for a batch of successes.
 */
export async function enqueueWebhooks(db: Db, items: WebhookItem[]): Promise<void> {
  if (!items.length) return;
  await db.execute(sql`select webhook_enqueue(${JSON.stringify(items)}::jsonb)`);
}

export async function insertDelivery(
  db: Db,
  values: typeof webhookDeliveries.$inferInsert,
): Promise<DeliveryRow> {
  const [d] = await db.insert(webhookDeliveries).values(values).returning();
  return d;
}

export async function deliveryById(db: Db, id: string): Promise<DeliveryRow | null> {
  const [d] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return d ?? null;
}

export async function updateDelivery(
  db: Db,
  id: string,
  set: Partial<typeof webhookDeliveries.$inferInsert>,
) {
  await db.update(webhookDeliveries).set(set).where(eq(webhookDeliveries.id, id));
}

export async function insertAttempt(db: Db, values: typeof webhookAttempts.$inferInsert) {
  await db.insert(webhookAttempts).values(values);
}

/** Whether a delivery of this event is still on its way. */
export async function eventUnderWay(db: Db, corporateId: string, eventId: string): Promise<boolean> {
  const [underWay] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.corporateId, corporateId),
        eq(webhookDeliveries.eventId, eventId),
        eq(webhookDeliveries.status, 'PENDING'),
      ),
    )
    .limit(1);
  return Boolean(underWay);
}

export async function listDeliveries(
  db: Db,
  corporateId: string,
  f: { status?: string; eventType?: string; search?: string; page: number; limit: number },
) {
  const where = and(
    eq(webhookDeliveries.corporateId, corporateId),
    f.status ? eq(webhookDeliveries.status, f.status) : undefined,
    f.eventType ? eq(webhookDeliveries.eventType, f.eventType) : undefined,
    f.search ? eq(webhookDeliveries.eventId, f.search) : undefined,
  );
  return paged(f, {
    count: () => db.select({ total: count() }).from(webhookDeliveries).where(where),
    rows: (w) =>
      db
        .select({ d: webhookDeliveries, vendCode: vendCodeOfDelivery })
        .from(webhookDeliveries)
        .where(where)
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(w.limit)
        .offset(w.offset),
  });
}

export async function findDelivery(db: Db, corporateId: string, id: string) {
  const [row] = await db
    .select({ d: webhookDeliveries, vendCode: vendCodeOfDelivery })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.corporateId, corporateId)));
  return row ?? null;
}

export async function attemptsOf(db: Db, deliveryId: string) {
  return db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, deliveryId))
    .orderBy(webhookAttempts.attempt);
}

/** Deliveries that gave up (every client's): the operators' metric. */
export async function failedDeliveriesCount(db: Db): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.status, 'FAILED'));
  return Number(r?.n ?? 0);
}
