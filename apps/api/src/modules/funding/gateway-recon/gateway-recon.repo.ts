// The reconciliation of Paystack's books with ours (tables gateway_recon_runs and
// gateway_discrepancies, owned by the funding module), and the reads of our own credits the sweep
// matches against Paystack's list: card payments and transfers into dedicated accounts, by
// reference and by window.
import { and, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../infra/db/client';
import {
  autoTransfers,
  cardPayments,
  gatewayDiscrepancies,
  gatewayReconRuns,
} from '../../../infra/db/schema';

export type ReconRunRow = typeof gatewayReconRuns.$inferSelect;
export type DiscrepancyRow = typeof gatewayDiscrepancies.$inferSelect;

/** A run begins; a DAILY run of a day that already has one begins nothing (undefined). */
export async function insertRun(
  db: Db,
  values: typeof gatewayReconRuns.$inferInsert,
): Promise<ReconRunRow | undefined> {
  const [row] = await db.insert(gatewayReconRuns).values(values).onConflictDoNothing().returning();
  return row;
}

export async function finishRun(db: Db, id: string, set: Partial<typeof gatewayReconRuns.$inferInsert>) {
  const [row] = await db
    .update(gatewayReconRuns)
    .set({ ...set, finishedAt: new Date() })
    .where(eq(gatewayReconRuns.id, id))
    .returning();
  return row;
}

export async function recentRuns(db: Db, limit: number): Promise<ReconRunRow[]> {
  return db.select().from(gatewayReconRuns).orderBy(desc(gatewayReconRuns.startedAt)).limit(limit);
}

/** Raised once per kind and reference: a second sighting returns false and changes nothing. */
export async function raiseDiscrepancy(db: Db, values: typeof gatewayDiscrepancies.$inferInsert) {
  const [row] = await db.insert(gatewayDiscrepancies).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findDiscrepancy(db: Db, id: string): Promise<DiscrepancyRow | undefined> {
  const [row] = await db.select().from(gatewayDiscrepancies).where(eq(gatewayDiscrepancies.id, id));
  return row;
}

export async function lockDiscrepancy(db: Db, id: string): Promise<DiscrepancyRow | undefined> {
  const [row] = await db
    .select()
    .from(gatewayDiscrepancies)
    .where(eq(gatewayDiscrepancies.id, id))
    .for('update');
  return row;
}

export async function updateDiscrepancy(
  db: Db,
  id: string,
  set: Partial<typeof gatewayDiscrepancies.$inferInsert>,
): Promise<DiscrepancyRow> {
  const [row] = await db
    .update(gatewayDiscrepancies)
    .set(set)
    .where(eq(gatewayDiscrepancies.id, id))
    .returning();
  return row;
}

export async function listDiscrepancies(
  db: Db,
  f: { status?: 'OPEN' | 'RESOLVED'; limit: number },
): Promise<DiscrepancyRow[]> {
  return db
    .select()
    .from(gatewayDiscrepancies)
    .where(f.status ? eq(gatewayDiscrepancies.status, f.status) : undefined)
    .orderBy(desc(gatewayDiscrepancies.createdAt), desc(gatewayDiscrepancies.id))
    .limit(f.limit);
}

export async function countOpenDiscrepancies(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(gatewayDiscrepancies)
    .where(eq(gatewayDiscrepancies.status, 'OPEN'));
  return row?.n ?? 0;
}

/** Our credits whose money came through Paystack in [from, to): what the sweep expects it to list. */
export async function ourCreditsIn(db: Db, from: Date, to: Date) {
  const cards = await db
    .select({ reference: cardPayments.reference, amountKobo: cardPayments.totalKobo })
    .from(cardPayments)
    .where(
      and(
        eq(cardPayments.gateway, 'PAYSTACK'),
        isNotNull(cardPayments.transferId),
        gte(cardPayments.paidAt, from),
        lt(cardPayments.paidAt, to),
      ),
    );
  const transfers = await db
    .select({ reference: autoTransfers.reference, amountKobo: autoTransfers.amountKobo })
    .from(autoTransfers)
    .where(and(gte(autoTransfers.paidAt, from), lt(autoTransfers.paidAt, to)));
  return [
    ...cards.map((c) => ({ ...c, channel: 'card' })),
    ...transfers.map((t) => ({ ...t, channel: 'dedicated_nuban' })),
  ];
}

/** What we hold for these references: card payments and automatic transfers, by reference. */
export async function oursByReference(db: Db, references: string[]) {
  if (!references.length) return { cards: new Map(), transfers: new Map() };
  const cards = await db.select().from(cardPayments).where(inArray(cardPayments.reference, references));
  const transfers = await db.select().from(autoTransfers).where(inArray(autoTransfers.reference, references));
  return {
    cards: new Map(cards.map((c) => [c.reference, c])),
    transfers: new Map(transfers.map((t) => [t.reference, t])),
  };
}
