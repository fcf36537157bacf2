// Queries for commission settlements (the vends' commission columns are the vending module's:
// vending/commission-vends.repo.ts; the client's upfront switch is the clients module's).
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { commissionSettlements } from '../../infra/db/schema';

export type SettlementRow = typeof commissionSettlements.$inferSelect;

export async function insertSettlement(db: Db, values: typeof commissionSettlements.$inferInsert) {
  const [row] = await db.insert(commissionSettlements).values(values).returning();
  return row;
}

export async function listSettlements(db: Db, corporateId: string) {
  return db
    .select()
    .from(commissionSettlements)
    .where(eq(commissionSettlements.corporateId, corporateId))
    .orderBy(sql`${commissionSettlements.createdAt} desc`)
    .limit(100);
}

/** Accrued commission paid out to client wallets by settlements made in [from, to). */
export async function settledBetween(db: Db, from: Date, to: Date): Promise<number> {
  const [r] = await db
    .select({ total: sql<string | null>`sum(${commissionSettlements.amountKobo})` })
    .from(commissionSettlements)
    .where(and(gte(commissionSettlements.createdAt, from), lt(commissionSettlements.createdAt, to)));
  return Number(r?.total ?? 0);
}
