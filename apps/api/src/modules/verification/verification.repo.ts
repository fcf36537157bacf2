// The verification tables: a client's documents, and the verification columns of its corporate
// row. Status changes are conditional updates (`... WHERE verification_status = <from>`), so two
// reviews racing on one account make one transition: the other finds nothing to update.
import { and, count, desc, eq, gt, gte, ilike, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { paged } from '../../infra/db/paged';
import { corporates, verificationDocuments } from '../../infra/db/schema';
import { containing } from '../../infra/db/sql';
import { lagosDayEnd, lagosDayStart } from '../../infra/lagos-time';

export type DocumentRow = typeof verificationDocuments.$inferSelect;
export type CorporateRow = typeof corporates.$inferSelect;

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

export async function findCorporate(db: Db, id: string): Promise<CorporateRow | undefined> {
  const [row] = await db.select().from(corporates).where(eq(corporates.id, id));
  return row;
}

/** The corporate row locked until the transaction ends (uploads and requests of one client queue). */
export async function lockCorporate(db: Db, id: string): Promise<CorporateRow | undefined> {
  const [row] = await db.select().from(corporates).where(eq(corporates.id, id)).for('update');
  return row;
}

export async function setRequestedAt(db: Db, id: string, at: Date): Promise<void> {
  await db
    .update(corporates)
    .set({ verificationRequestedAt: at, updatedAt: at })
    .where(eq(corporates.id, id));
}

/**
 * Moves an account from `from` to `to` if, and only if, it is in `from` with a request on file.
 * Returns the updated row, or undefined when another review got there first (or never could).
 */
export async function transition(
  db: Db,
  id: string,
  from: string,
  to: 'VERIFIED' | 'DECLINED',
  decision: { by: string; at: Date; reason: string | null },
): Promise<CorporateRow | undefined> {
  const [row] = await db
    .update(corporates)
    .set({
      verificationStatus: to,
      verificationDecidedAt: decision.at,
      verificationDecidedById: decision.by,
      verificationDeclineReason: decision.reason,
      updatedAt: decision.at,
    })
    .where(
      and(
        eq(corporates.id, id),
        eq(corporates.verificationStatus, from),
        isNotNull(corporates.verificationRequestedAt),
      ),
    )
    .returning();
  return row;
}

export interface RequestFilters {
  status?: 'PENDING' | 'VERIFIED' | 'DECLINED';
  search?: string;
  startDate?: string;
  endDate?: string;
  clientType?: string;
  page: number;
  limit: number;
}

// Written out in full: Drizzle may print a column without its table inside a subquery, and a bare
// "id" there would be the document's own id.
const documentsCount = sql<number>`(select count(*)::int from verification_documents d where d.corporate_id = "corporates"."id")`;

/** Clients that have asked for verification, the most recent request first. Dates: the request's. */
export async function listRequests(db: Db, f: RequestFilters) {
  const s = f.search?.trim();
  const where: SQL | undefined = and(
    isNotNull(corporates.verificationRequestedAt),
    f.status ? eq(corporates.verificationStatus, f.status) : undefined,
    f.clientType ? eq(corporates.clientType, f.clientType) : undefined,
    f.startDate ? gte(corporates.verificationRequestedAt, lagosDayStart(f.startDate)) : undefined,
    f.endDate ? lt(corporates.verificationRequestedAt, lagosDayEnd(f.endDate)) : undefined,
    s
      ? or(
          ilike(corporates.name, containing(s)),
          ilike(corporates.email, containing(s)),
          ilike(corporates.msisdn, containing(s.replace(/^0/, ''))),
        )
      : undefined,
  );
  return paged(f, {
    count: () => db.select({ total: count() }).from(corporates).where(where),
    rows: (w) =>
      db
        .select({ c: corporates, documentsCount })
        .from(corporates)
        .where(where)
        .orderBy(desc(corporates.verificationRequestedAt), desc(corporates.id))
        .limit(w.limit)
        .offset(w.offset),
  });
}
