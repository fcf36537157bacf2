// The discrepancies table (late truths and reconciliation mismatches): written once per key,
// listed for the review queue, resolved once (the update only takes an OPEN row).
import { and, count, desc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../infra/db/client';
import { paged } from '../../../infra/db/paged';
import { vendDiscrepancies, vends } from '../../../infra/db/schema';
import { corporateNameOf } from '../../corporates';

export type DiscrepancyRow = typeof vendDiscrepancies.$inferSelect;
export type NewDiscrepancy = typeof vendDiscrepancies.$inferInsert;

/** Inserts the discrepancy unless its key exists; the row when it is new, null otherwise. */
export async function insertDiscrepancy(db: Db, d: NewDiscrepancy): Promise<DiscrepancyRow | null> {
  const [row] = await db.insert(vendDiscrepancies).values(d).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findDiscrepancy(db: Db, id: string): Promise<DiscrepancyRow | null> {
  const [row] = await db.select().from(vendDiscrepancies).where(eq(vendDiscrepancies.id, id));
  return row ?? null;
}

export async function discrepancyIdByKey(db: Db, key: string): Promise<string | null> {
  const [row] = await db
    .select({ id: vendDiscrepancies.id })
    .from(vendDiscrepancies)
    .where(eq(vendDiscrepancies.key, key));
  return row?.id ?? null;
}

/** The row, locked for its resolution (two admins resolving at once: the second waits, then sees it done). */
export async function lockDiscrepancy(db: Db, id: string): Promise<DiscrepancyRow | null> {
  const [row] = await db.select().from(vendDiscrepancies).where(eq(vendDiscrepancies.id, id)).for('update');
  return row ?? null;
}

export async function resolveDiscrepancyRow(
  db: Db,
  id: string,
  r: {
    resolution: string;
    resolutionNote: string;
    resolutionTransferId: string | null;
    resolvedById: string;
    resolvedAt: Date;
  },
): Promise<DiscrepancyRow | null> {
  const [row] = await db
    .update(vendDiscrepancies)
    .set({ ...r, status: 'RESOLVED' })
    .where(and(eq(vendDiscrepancies.id, id), eq(vendDiscrepancies.status, 'OPEN')))
    .returning();
  return row ?? null;
}

export interface DiscrepancyFilter {
  status?: 'OPEN' | 'RESOLVED';
  kind?: string;
  provider?: string;
  source?: string;
  reconciliationId?: string;
  /** Lagos-day bounds already turned into instants. */
  from?: Date;
  to?: Date;
  /** A VND code, a client's name, a provider reference. */
  search?: string;
}

function whereOf(f: DiscrepancyFilter): SQL | undefined {
  const conds: SQL[] = [];
  if (f.status) conds.push(eq(vendDiscrepancies.status, f.status));
  if (f.kind) conds.push(eq(vendDiscrepancies.kind, f.kind));
  if (f.provider) conds.push(eq(vendDiscrepancies.provider, f.provider));
  if (f.source) conds.push(eq(vendDiscrepancies.source, f.source));
  if (f.reconciliationId) conds.push(eq(vendDiscrepancies.reconciliationId, f.reconciliationId));
  if (f.from) conds.push(gte(vendDiscrepancies.createdAt, f.from));
  if (f.to) conds.push(lt(vendDiscrepancies.createdAt, f.to));
  if (f.search) {
    const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(
      or(
        sql`${vends.code} ilike ${like}`,
        sql`${corporateNameOf(vendDiscrepancies.corporateId)} ilike ${like}`,
        sql`${vendDiscrepancies.providerReference} ilike ${like}`,
      )!,
    );
  }
  return conds.length ? and(...conds) : undefined;
}

const listed = {
  d: vendDiscrepancies,
  vendCode: vends.code,
  vendStatus: vends.status,
  msisdn: vends.msisdn,
  corporateName: sql<string | null>`${corporateNameOf(vendDiscrepancies.corporateId)}`,
};
export type ListedDiscrepancy = { d: DiscrepancyRow } & {
  vendCode: string | null;
  vendStatus: string | null;
  msisdn: string | null;
  corporateName: string | null;
};

const joined = (db: Db) =>
  db.select(listed).from(vendDiscrepancies).leftJoin(vends, eq(vends.id, vendDiscrepancies.vendId));

/** A page of the review queue, newest first. */
export function listDiscrepancies(db: Db, f: DiscrepancyFilter, p: { page: number; limit: number }) {
  const where = whereOf(f);
  return paged<ListedDiscrepancy>(p, {
    count: () =>
      db
        .select({ total: count() })
        .from(vendDiscrepancies)
        .leftJoin(vends, eq(vends.id, vendDiscrepancies.vendId))
        .where(where),
    rows: (w) =>
      joined(db)
        .where(where)
        .orderBy(desc(vendDiscrepancies.createdAt), desc(vendDiscrepancies.id))
        .limit(w.limit)
        .offset(w.offset),
  });
}

export async function findListedDiscrepancy(db: Db, id: string): Promise<ListedDiscrepancy | null> {
  const [row] = await joined(db).where(eq(vendDiscrepancies.id, id));
  return row ?? null;
}

/** Open discrepancies per provider (the Providers screen's count). */
export async function openDiscrepancyCounts(db: Db): Promise<Array<{ provider: string; open: number }>> {
  return db
    .select({ provider: vendDiscrepancies.provider, open: sql<number>`count(*)::int` })
    .from(vendDiscrepancies)
    .where(eq(vendDiscrepancies.status, 'OPEN'))
    .groupBy(vendDiscrepancies.provider);
}
