// The reconciliation runs (provider_reconciliations) and our side of a provider's day: its
// attempts (real upstreams) or vends (the simulator, which keeps no attempt rows), live only.
import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../infra/db/client';
import { paged } from '../../../infra/db/paged';
import { providerReconciliations, vendAttempts, vends } from '../../../infra/db/schema';
import type { VendAttemptRow } from '../lifecycle/vend-attempts.repo';
import type { VendRow } from '../records/vends.repo';

export type ReconciliationRow = typeof providerReconciliations.$inferSelect;

export async function insertRun(
  db: Db,
  r: { provider: string; day: string; requestedById: string | null; at: Date },
): Promise<ReconciliationRow> {
  const [row] = await db
    .insert(providerReconciliations)
    .values({ provider: r.provider, day: r.day, requestedById: r.requestedById, startedAt: r.at })
    .returning();
  return row;
}

export async function finishRun(
  db: Db,
  id: string,
  f: Partial<typeof providerReconciliations.$inferInsert>,
): Promise<ReconciliationRow> {
  const [row] = await db
    .update(providerReconciliations)
    .set(f)
    .where(eq(providerReconciliations.id, id))
    .returning();
  return row;
}

export async function findRun(db: Db, id: string): Promise<ReconciliationRow | null> {
  const [row] = await db.select().from(providerReconciliations).where(eq(providerReconciliations.id, id));
  return row ?? null;
}

/** A finished (DONE) run of a provider's day exists: the daily job does not repeat it. */
export async function hasFinishedRun(db: Db, provider: string, day: string): Promise<boolean> {
  const [row] = await db
    .select({ id: providerReconciliations.id })
    .from(providerReconciliations)
    .where(
      and(
        eq(providerReconciliations.provider, provider),
        eq(providerReconciliations.day, day),
        eq(providerReconciliations.status, 'DONE'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export interface RunFilter {
  provider?: string;
  status?: string;
  /** Lagos days, inclusive. */
  startDate?: string;
  endDate?: string;
}

export function listRuns(db: Db, f: RunFilter, p: { page: number; limit: number }) {
  const conds: SQL[] = [];
  if (f.provider) conds.push(eq(providerReconciliations.provider, f.provider));
  if (f.status) conds.push(eq(providerReconciliations.status, f.status));
  if (f.startDate) conds.push(gte(providerReconciliations.day, f.startDate));
  if (f.endDate) conds.push(sql`${providerReconciliations.day} <= ${f.endDate}`);
  const where = conds.length ? and(...conds) : undefined;
  return paged(p, {
    count: () => db.select({ total: count() }).from(providerReconciliations).where(where),
    rows: (w) =>
      db
        .select()
        .from(providerReconciliations)
        .where(where)
        .orderBy(desc(providerReconciliations.startedAt), desc(providerReconciliations.id))
        .limit(w.limit)
        .offset(w.offset),
  });
}

/** Our side of a real upstream's day: each live attempt sent to it, with its vend. */
export async function attemptsOfDay(
  db: Db,
  provider: string,
  start: Date,
  end: Date,
): Promise<Array<{ attempt: VendAttemptRow; vend: VendRow }>> {
  return db
    .select({ attempt: vendAttempts, vend: vends })
    .from(vendAttempts)
    .innerJoin(vends, eq(vends.id, vendAttempts.vendId))
    .where(
      and(
        eq(vendAttempts.provider, provider),
        gte(vendAttempts.createdAt, start),
        lt(vendAttempts.createdAt, end),
        eq(vends.mode, 'LIVE'),
      ),
    )
    .orderBy(vendAttempts.createdAt);
}

/** Our side of the simulator's day: the live vends it holds (it keeps no attempt rows). */
export async function simulatorVendsOfDay(db: Db, start: Date, end: Date): Promise<VendRow[]> {
  return db
    .select()
    .from(vends)
    .where(
      and(
        eq(vends.mode, 'LIVE'),
        eq(vends.provider, 'SIMULATOR'),
        gte(vends.createdAt, start),
        lt(vends.createdAt, end),
      ),
    )
    .orderBy(vends.createdAt);
}
