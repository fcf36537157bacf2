// Queries for VTU lines: the lines with their float by our books, their fundings and the vends
// that consumed their float.
import { and, count, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { paged } from '../../infra/db/paged';
import { vtuFundings, vtuLines } from '../../infra/db/schema';
import { containing, isUuid } from '../../infra/db/sql';
import { corporateNameOf } from '../corporates';
import { floatHeldByVends } from './float-vends.repo';

/** SQL for the money paid into every VTU line's float (the books check it against the float account). */
export const VTU_FUNDED_TOTAL_SQL = 'coalesce((select sum(amount_kobo) from vtu_fundings), 0)';

export type LineRow = typeof vtuLines.$inferSelect;
export type NewLine = typeof vtuLines.$inferInsert;
export type NewLineFunding = typeof vtuFundings.$inferInsert;

/** Float by our books per line: fundings minus the vends (pending or successful) holding it.
 * (The line's id is written out qualified: Drizzle leaves columns bare in single-table selects.) */
const floatSql = sql<number>`(
  coalesce((select sum(f.amount_kobo) from vtu_fundings f where f.line_id = "vtu_lines"."id"), 0)
  - ${floatHeldByVends(sql.raw('"vtu_lines"."id"'))}
)::bigint`;

const lineColumns = {
  line: vtuLines,
  corporateName: corporateNameOf(vtuLines.corporateId),
  floatKobo: floatSql,
};

export async function listLines(db: Db, f: { network?: string } = {}) {
  const rows = await db
    .select(lineColumns)
    .from(vtuLines)
    .where(f.network ? eq(vtuLines.network, f.network) : undefined)
    .orderBy(vtuLines.network, vtuLines.createdAt);
  return rows.map((r) => ({ ...r, floatKobo: Number(r.floatKobo) }));
}

/** A line by its id or readable code. */
export async function findLine(db: Db, ref: string) {
  const byId = isUuid(ref);
  const [row] = await db
    .select(lineColumns)
    .from(vtuLines)
    .where(byId ? eq(vtuLines.id, ref) : eq(vtuLines.code, ref.toUpperCase()));
  return row ? { ...row, floatKobo: Number(row.floatKobo) } : null;
}

export type LineWithFloat = NonNullable<Awaited<ReturnType<typeof findLine>>>;

/** Inserts a line; null when its number is already a line. */
export async function insertLine(db: Db, values: NewLine): Promise<LineRow | null> {
  const [row] = await db.insert(vtuLines).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateLine(db: Db, id: string, set: Partial<NewLine>): Promise<void> {
  await db.update(vtuLines).set(set).where(eq(vtuLines.id, id));
}

/** A funding already recorded under this payment reference (case-insensitive). */
export async function fundingByReference(db: Db, reference: string): Promise<{ id: string } | null> {
  const [dup] = await db
    .select({ id: vtuFundings.id })
    .from(vtuFundings)
    .where(sql`lower(${vtuFundings.reference}) = lower(${reference})`);
  return dup ?? null;
}

export async function insertFunding(db: Db, values: NewLineFunding): Promise<void> {
  await db.insert(vtuFundings).values(values);
}

/** The number a VTU vend is sent from. */
export async function lineContact(db: Db, id: string): Promise<{ id: string; msisdn: string } | null> {
  const [l] = await db
    .select({ id: vtuLines.id, msisdn: vtuLines.msisdn })
    .from(vtuLines)
    .where(eq(vtuLines.id, id));
  return l ?? null;
}

/** Active lines of a network a client may vend through, with their float. */
export async function lineCandidates(
  db: Db,
  q: { network: string; corporateId: string; fromApi: boolean },
): Promise<Array<{ id: string; msisdn: string; corporateId: string | null; floatKobo: number }>> {
  const rows = await db
    .select({
      id: vtuLines.id,
      msisdn: vtuLines.msisdn,
      corporateId: vtuLines.corporateId,
      floatKobo: floatSql,
    })
    .from(vtuLines)
    .where(
      and(
        eq(vtuLines.network, q.network),
        eq(vtuLines.status, 'ACTIVE'),
        or(eq(vtuLines.corporateId, q.corporateId), sql`${vtuLines.corporateId} is null`),
        q.fromApi ? eq(vtuLines.publicApi, true) : undefined,
      ),
    );
  return rows.map((r) => ({ ...r, floatKobo: Number(r.floatKobo) }));
}

// ---------------------------------------------------------------- histories

export interface HistoryFilter {
  vtuLine?: string;
  network?: string;
  search?: string;
  from?: Date;
  to?: Date;
  page: number;
  limit: number;
}

const lineFilter = (f: HistoryFilter): SQL | undefined =>
  and(
    f.vtuLine
      ? or(sql`${vtuLines.id}::text = ${f.vtuLine}`, eq(vtuLines.code, f.vtuLine.toUpperCase()))
      : undefined,
    f.network ? eq(vtuLines.network, f.network) : undefined,
  );

export async function fundingHistory(db: Db, f: HistoryFilter) {
  const where = and(
    lineFilter(f),
    f.search
      ? or(ilike(vtuFundings.reference, containing(f.search)), ilike(vtuLines.name, containing(f.search)))
      : undefined,
    f.from ? gte(vtuFundings.createdAt, f.from) : undefined,
    f.to ? lt(vtuFundings.createdAt, f.to) : undefined,
  );
  return paged(f, {
    count: () =>
      db
        .select({ total: count() })
        .from(vtuFundings)
        .innerJoin(vtuLines, eq(vtuLines.id, vtuFundings.lineId))
        .where(where),
    rows: (w) =>
      db
        .select({ f: vtuFundings, line: vtuLines })
        .from(vtuFundings)
        .innerJoin(vtuLines, eq(vtuLines.id, vtuFundings.lineId))
        .where(where)
        .orderBy(desc(vtuFundings.createdAt), desc(vtuFundings.id))
        .limit(w.limit)
        .offset(w.offset),
  });
}

/** The lines a history filter names (all of them when it names none). */
export async function linesMatching(db: Db, f: HistoryFilter): Promise<LineRow[]> {
  return db.select().from(vtuLines).where(lineFilter(f));
}
