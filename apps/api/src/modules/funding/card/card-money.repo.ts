// What Paystack did with money after a card payment was credited (tables card_money_events and
// card_disputes, owned by the funding module): one row per refund or dispute movement, and each
// dispute with the states it went through.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../infra/db/client';
import { cardDisputes, cardMoneyEvents, cardPayments } from '../../../infra/db/schema';

export type CardMoneyEventRow = typeof cardMoneyEvents.$inferSelect;
export type CardDisputeRow = typeof cardDisputes.$inferSelect;

export async function moneyEventsOf(db: Db, cardPaymentId: string): Promise<CardMoneyEventRow[]> {
  return db
    .select()
    .from(cardMoneyEvents)
    .where(eq(cardMoneyEvents.cardPaymentId, cardPaymentId))
    .orderBy(asc(cardMoneyEvents.createdAt), asc(cardMoneyEvents.id));
}

export async function insertMoneyEvent(
  db: Db,
  values: typeof cardMoneyEvents.$inferInsert,
): Promise<CardMoneyEventRow> {
  const [row] = await db.insert(cardMoneyEvents).values(values).returning();
  return row;
}

export async function setRefundedKobo(db: Db, cardPaymentId: string, refundedKobo: number) {
  await db
    .update(cardPayments)
    .set({ refundedKobo, updatedAt: new Date() })
    .where(eq(cardPayments.id, cardPaymentId));
}

export async function disputesOf(db: Db, cardPaymentId: string): Promise<CardDisputeRow[]> {
  return db
    .select()
    .from(cardDisputes)
    .where(eq(cardDisputes.cardPaymentId, cardPaymentId))
    .orderBy(asc(cardDisputes.createdAt));
}

export async function insertDispute(
  db: Db,
  values: typeof cardDisputes.$inferInsert,
): Promise<CardDisputeRow | undefined> {
  const [row] = await db.insert(cardDisputes).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateDispute(db: Db, id: string, set: Partial<typeof cardDisputes.$inferInsert>) {
  await db
    .update(cardDisputes)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(cardDisputes.id, id));
}

/** The refund and dispute movements of several payments (the funding history's rows). */
export async function moneyEventsOfPayments(db: Db, ids: string[]): Promise<CardMoneyEventRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(cardMoneyEvents)
    .where(inArray(cardMoneyEvents.cardPaymentId, ids))
    .orderBy(asc(cardMoneyEvents.createdAt));
}
