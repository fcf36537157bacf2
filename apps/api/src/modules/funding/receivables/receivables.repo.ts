// Card receivables: what a client owes after a credited card payment was reversed at the gateway
// and its wallet could not give it all back (card-reversal.service.ts). One row per reversed
// payment; OUTSTANDING until later funding has recovered it all, then SETTLED.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../infra/db/client';
import { cardPayments, cardReceivables } from '../../../infra/db/schema';

export type CardReceivableRow = typeof cardReceivables.$inferSelect;

export async function insertCardReceivable(
  db: Db,
  values: { corporateId: string; cardPaymentId: string; amountKobo: number },
): Promise<CardReceivableRow> {
  const [row] = await db.insert(cardReceivables).values(values).returning();
  return row;
}

/**
 * What a refund or a dispute of a card payment left owing, added to that payment's receivable (one
 * per payment): created, or grown and OUTSTANDING again if it had been settled.
 */
export async function addToCardReceivable(
  db: Db,
  values: { corporateId: string; cardPaymentId: string; amountKobo: number },
): Promise<CardReceivableRow> {
  const [row] = await db
    .insert(cardReceivables)
    .values(values)
    .onConflictDoUpdate({
      target: cardReceivables.cardPaymentId,
      set: {
        amountKobo: sql`${cardReceivables.amountKobo} + ${values.amountKobo}`,
        status: 'OUTSTANDING',
        settledAt: null,
      },
    })
    .returning();
  return row;
}

/** The client's outstanding receivables, oldest first, locked FOR UPDATE (recovery). */
export async function lockOutstandingReceivables(db: Db, corporateId: string): Promise<CardReceivableRow[]> {
  return db
    .select()
    .from(cardReceivables)
    .where(and(eq(cardReceivables.corporateId, corporateId), eq(cardReceivables.status, 'OUTSTANDING')))
    .orderBy(asc(cardReceivables.createdAt), asc(cardReceivables.id))
    .for('update');
}

export async function recordRecovery(db: Db, id: string, recoveredKobo: number, settled: boolean) {
  await db
    .update(cardReceivables)
    .set({
      recoveredKobo,
      status: settled ? 'SETTLED' : 'OUTSTANDING',
      settledAt: settled ? new Date() : null,
    })
    .where(eq(cardReceivables.id, id));
}

export interface ReceivableView {
  id: string;
  reference: string;
  amountKobo: number;
  recoveredKobo: number;
  outstandingKobo: number;
  status: string;
  createdAt: Date;
  settledAt: Date | null;
}

/** A client's receivables (outstanding first, then newest), with their card payment's reference. */
export async function receivablesOf(db: Db, corporateId: string, limit = 50): Promise<ReceivableView[]> {
  const rows = await db
    .select({
      id: cardReceivables.id,
      reference: cardPayments.reference,
      amountKobo: cardReceivables.amountKobo,
      recoveredKobo: cardReceivables.recoveredKobo,
      status: cardReceivables.status,
      createdAt: cardReceivables.createdAt,
      settledAt: cardReceivables.settledAt,
    })
    .from(cardReceivables)
    .innerJoin(cardPayments, eq(cardPayments.id, cardReceivables.cardPaymentId))
    .where(eq(cardReceivables.corporateId, corporateId))
    .orderBy(sql`${cardReceivables.status} = 'OUTSTANDING' desc`, sql`${cardReceivables.createdAt} desc`)
    .limit(limit);
  return rows.map((r) => ({ ...r, outstandingKobo: r.amountKobo - r.recoveredKobo }));
}

/** Outstanding total per client (admin lists). */
export async function outstandingByCorporate(db: Db, corporateIds: string[]): Promise<Map<string, number>> {
  if (!corporateIds.length) return new Map();
  const rows = await db
    .select({
      corporateId: cardReceivables.corporateId,
      total: sql<string>`sum(${cardReceivables.amountKobo} - ${cardReceivables.recoveredKobo})`,
    })
    .from(cardReceivables)
    .where(and(inArray(cardReceivables.corporateId, corporateIds), eq(cardReceivables.status, 'OUTSTANDING')))
    .groupBy(cardReceivables.corporateId);
  return new Map(rows.map((r) => [r.corporateId, Number(r.total)]));
}
