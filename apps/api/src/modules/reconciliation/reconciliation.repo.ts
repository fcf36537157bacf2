// Queries for reconciliation settings and the statements kept for each client.
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paged } from '../../db/paged';
import { corporates, reconciliationSettings, statements } from '../../db/schema';
import { groupReadPer } from '../../lib/group-commit';

export type SettingsRow = typeof reconciliationSettings.$inferSelect;
export type StatementRow = typeof statements.$inferSelect;

export async function findSettings(db: Db, corporateId: string): Promise<SettingsRow | null> {
  const [row] = await db
    .select()
    .from(reconciliationSettings)
    .where(eq(reconciliationSettings.corporateId, corporateId));
  return row ?? null;
}

// The low-balance check after every vend reads its client's threshold: the reads asked while one
// runs go together as one query (lib/group-commit.ts), each still answered by a read that started
// after it was asked. With many busy wallets that was a query per vend.
/** The client's own low-balance threshold (null: none set, the platform's applies). */
export const findLowBalanceThreshold: (db: Db, corporateId: string) => Promise<number | null> = groupReadPer({
  read: (db: Db, ids) =>
    db
      .select({
        corporateId: reconciliationSettings.corporateId,
        kobo: reconciliationSettings.lowBalanceThresholdKobo,
      })
      .from(reconciliationSettings)
      .where(inArray(reconciliationSettings.corporateId, ids)),
  keyOf: (r) => r.corporateId,
  pick: (rows) => rows[0].kobo,
  none: () => null,
});

export async function putSettings(db: Db, values: typeof reconciliationSettings.$inferInsert) {
  const { corporateId, ...rest } = values;
  const [row] = await db
    .insert(reconciliationSettings)
    .values(values)
    .onConflictDoUpdate({ target: reconciliationSettings.corporateId, set: rest })
    .returning();
  return row;
}

/** Clients that want statements, with their company's name and status. */
export async function enabledSettings(db: Db) {
  return db
    .select({ settings: reconciliationSettings, name: corporates.name, status: corporates.status })
    .from(reconciliationSettings)
    .innerJoin(corporates, eq(corporates.id, reconciliationSettings.corporateId))
    .where(eq(reconciliationSettings.enabled, true));
}

export async function corporateName(db: Db, corporateId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: corporates.name })
    .from(corporates)
    .where(eq(corporates.id, corporateId));
  return row?.name ?? null;
}

/** Stores a statement; null when the scheduled one for that period exists already. */
export async function insertStatement(db: Db, values: typeof statements.$inferInsert) {
  const [row] = await db.insert(statements).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

const ofClient = (corporateId: string) => eq(statements.corporateId, corporateId);

export async function listStatements(db: Db, corporateId: string, page: number, limit: number) {
  return paged(
    { page, limit },
    {
      count: () => db.select({ total: count() }).from(statements).where(ofClient(corporateId)),
      rows: (w) =>
        db
          .select()
          .from(statements)
          .where(ofClient(corporateId))
          .orderBy(desc(statements.periodStart), desc(statements.createdAt))
          .limit(w.limit)
          .offset(w.offset),
    },
  );
}

export async function findStatement(db: Db, corporateId: string, id: string): Promise<StatementRow | null> {
  const [row] = await db
    .select()
    .from(statements)
    .where(and(ofClient(corporateId), eq(statements.id, id)));
  return row ?? null;
}
