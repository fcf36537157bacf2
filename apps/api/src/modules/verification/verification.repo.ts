import { and, count, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { verificationDocuments } from '../../infra/db/schema';

export type DocumentRow = typeof verificationDocuments.$inferSelect;

export async function insertDocuments(db: Db, rows: (typeof verificationDocuments.$inferInsert)[]) {
  return db.insert(verificationDocuments).values(rows).returning();
}

export async function listDocuments(db: Db, corporateId: string): Promise<DocumentRow[]> {
  return db
    .select()
    .from(verificationDocuments)
    .where(eq(verificationDocuments.corporateId, corporateId))
    .orderBy(desc(verificationDocuments.createdAt), desc(verificationDocuments.id));
}

export async function countDocuments(db: Db, corporateId: string, since?: Date | null): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(verificationDocuments)
    .where(
      and(
        eq(verificationDocuments.corporateId, corporateId),
        since ? gt(verificationDocuments.createdAt, since) : undefined,
      ),
    );
  return Number(r?.n ?? 0);
}

/** One document, only if it belongs to `corporateId` when one is given (a client's own). */
export async function findDocument(
  db: Db,
  id: string,
  corporateId?: string,
): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(verificationDocuments)
    .where(
      and(
        eq(verificationDocuments.id, id),
        corporateId ? eq(verificationDocuments.corporateId, corporateId) : undefined,
      ),
    );
  return row;
}

export async function deleteDocumentRow(
  db: Db,
  id: string,
  corporateId: string,
): Promise<DocumentRow | undefined> {
  const [row] = await db
    .delete(verificationDocuments)
    .where(and(eq(verificationDocuments.id, id), eq(verificationDocuments.corporateId, corporateId)))
    .returning();
  return row;
}

/** Sets one of a client's documents' type; the updated row, or undefined when it is not theirs. */
export async function setDocumentKind(
  db: Db,
  id: string,
  corporateId: string,
  kind: string,
): Promise<DocumentRow | undefined> {
  const [row] = await db
    .update(verificationDocuments)
    .set({ kind })
    .where(and(eq(verificationDocuments.id, id), eq(verificationDocuments.corporateId, corporateId)))
    .returning();
  return row;
}

/** How many documents each of these clients has on file (the verification requests list). */
export async function documentCounts(db: Db, corporateIds: readonly string[]): Promise<Map<string, number>> {
  if (!corporateIds.length) return new Map();
  const rows = await db
    .select({ corporateId: verificationDocuments.corporateId, n: count() })
    .from(verificationDocuments)
    .where(inArray(verificationDocuments.corporateId, [...corporateIds]))
    .groupBy(verificationDocuments.corporateId);
  return new Map(rows.map((r) => [r.corporateId, Number(r.n)]));
}
