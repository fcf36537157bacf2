// Auto top-up runs: one row per subscriber, trigger and due time (auto_topup_runs_due_uq), claimed by one
// worker at a time with a lease (a worker that dies leaves the run to the next one, which vends
// under the same reference and so never pays twice), and the filtered list of runs.
import { and, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import {
  type KeyColumns,
  keyCondition,
  keyOrder,
  keysetMeasures,
  keysetPaged,
  keyTime,
} from '../../infra/db/keyset';
import { autoTopupRuns, autoTopupSubscribers } from '../../infra/db/schema';
import { containing, msisdnContaining } from '../../infra/db/sql';
import { vendAmountOf, vendBillFieldOf, vendFieldOf } from '../vending';

export type RunRow = typeof autoTopupRuns.$inferSelect;
export type NewRun = typeof autoTopupRuns.$inferInsert;

/** How long a claimed run is held before another worker may take it over. */
export const RUN_LEASE_MS = 10 * 60_000;

/** Records a run; null when the subscriber already has one at that due time (and trigger). */
export async function insertRun(db: Db, run: NewRun): Promise<RunRow | null> {
  const [row] = await db.insert(autoTopupRuns).values(run).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findRunAt(
  db: Db,
  subscriberId: string,
  trigger: string,
  dueAt: Date,
): Promise<RunRow | null> {
  const [row] = await db
    .select()
    .from(autoTopupRuns)
    .where(
      and(
        eq(autoTopupRuns.subscriberId, subscriberId),
        eq(autoTopupRuns.trigger, trigger),
        eq(autoTopupRuns.dueAt, dueAt),
      ),
    );
  return row ?? null;
}

/** The subscriber's latest Run now since `since` (a second press replays it). */
export async function recentManualRun(db: Db, subscriberId: string, since: Date): Promise<RunRow | null> {
  const [row] = await db
    .select()
    .from(autoTopupRuns)
    .where(
      and(
        eq(autoTopupRuns.subscriberId, subscriberId),
        eq(autoTopupRuns.trigger, 'MANUAL'),
        sql`${autoTopupRuns.createdAt} > ${since.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(desc(autoTopupRuns.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Claims open runs (QUEUED or RETRYING, their time come, no live lease): each is leased to the
 * caller and its attempt counted. Rows another worker is claiming are skipped, not waited for.
 */
export async function claimRuns(db: Db, now: Date, limit: number, ids?: string[]): Promise<RunRow[]> {
  const open = db
    .select({ id: autoTopupRuns.id })
    .from(autoTopupRuns)
    .where(
      and(
        inArray(autoTopupRuns.status, ['QUEUED', 'RETRYING']),
        sql`${autoTopupRuns.retryAt} <= ${now.toISOString()}::timestamptz`,
        sql`(${autoTopupRuns.leaseUntil} is null or ${autoTopupRuns.leaseUntil} < ${now.toISOString()}::timestamptz)`,
        ids ? inArray(autoTopupRuns.id, ids) : undefined,
      ),
    )
    .orderBy(autoTopupRuns.retryAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(autoTopupRuns)
    .set({
      leaseUntil: new Date(now.getTime() + RUN_LEASE_MS),
      attempts: sql`${autoTopupRuns.attempts} + 1`,
      updatedAt: now,
    })
    .where(inArray(autoTopupRuns.id, open))
    .returning();
}

/** Settles a claimed run, only while the caller still holds it (same attempt, still open). */
export async function settleRun(db: Db, run: RunRow, set: Partial<NewRun>): Promise<RunRow | null> {
  const [row] = await db
    .update(autoTopupRuns)
    .set({ ...set, leaseUntil: null, updatedAt: new Date() })
    .where(
      and(
        eq(autoTopupRuns.id, run.id),
        eq(autoTopupRuns.attempts, run.attempts),
        inArray(autoTopupRuns.status, ['QUEUED', 'RETRYING']),
      ),
    )
    .returning();
  return row ?? null;
}

export interface RunFilter {
  corporateId: string;
  search?: string;
  from?: Date;
  to?: Date;
  status?: string;
  network?: string;
  subscriberId?: string;
  page: number;
  limit: number;
}

/** The status a run shows: its vend's once there is one, else its own. */
const vendStatus = vendFieldOf('status', autoTopupRuns.vendId);
const vendCode = vendFieldOf('code', autoTopupRuns.vendId);
const shownStatus = sql<string>`coalesce(${vendStatus}, ${autoTopupRuns.status})`;

export function runWhere(f: RunFilter): SQL | undefined {
  const s = f.search?.trim();
  return and(
    eq(autoTopupRuns.corporateId, f.corporateId),
    f.status ? sql`${shownStatus} = ${f.status}` : undefined,
    f.network ? eq(autoTopupRuns.network, f.network) : undefined,
    f.subscriberId ? eq(autoTopupRuns.subscriberId, f.subscriberId) : undefined,
    f.from ? gte(autoTopupRuns.dueAt, f.from) : undefined,
    f.to ? lt(autoTopupRuns.dueAt, f.to) : undefined,
    s
      ? or(
          ilike(autoTopupSubscribers.name, containing(s)),
          ilike(vendCode, containing(s)),
          ilike(autoTopupRuns.reference, containing(s)),
          msisdnContaining(autoTopupRuns.msisdn, s),
          ilike(autoTopupRuns.customerNumber, containing(s)),
        )
      : undefined,
  );
}

/** Runs with their subscriber's name and their vend (and `extra` columns: an export's keys). */
export const runsWithVends = <E extends Record<string, SQL> = Record<never, never>>(db: Db, extra?: E) =>
  db
    .select({
      ...(extra as E),
      run: autoTopupRuns,
      subscriberName: autoTopupSubscribers.name,
      vendCode,
      vendStatus,
      vendAmountKobo: vendAmountOf(autoTopupRuns.vendId),
      vendFailureReason: vendFieldOf('failureReason', autoTopupRuns.vendId),
      // A bill's token (masked by the view before it leaves) and receipt.
      billToken: vendBillFieldOf('token', autoTopupRuns.vendId),
      billReceipt: vendBillFieldOf('receiptReference', autoTopupRuns.vendId),
    })
    .from(autoTopupRuns)
    .innerJoin(autoTopupSubscribers, eq(autoTopupSubscribers.id, autoTopupRuns.subscriberId));

export type RunListRow = Awaited<ReturnType<typeof runsWithVends>>[number];

export const RUN_KEY: KeyColumns = { time: autoTopupRuns.dueAt, id: autoTopupRuns.id };

/**
 * The runs history as its screens page it: by keyset on (due_at, id), the index
 * auto_topup_runs_corporate_idx (runs due together are ordered by id), a bounded total
 * (db/keyset). The export reads in the same order (runs-export.repo).
 */
export async function runsPage(db: Db, f: RunFilter & { cursor?: string }) {
  const where = runWhere(f);
  const p = await keysetPaged(f, {
    rows: ({ bound, order, limit }) =>
      runsWithVends(db, { kt: keyTime(autoTopupRuns.dueAt) })
        .where(and(where, keyCondition(RUN_KEY, bound)))
        .orderBy(...keyOrder(RUN_KEY, order))
        .limit(limit),
    keyOf: (r) => ({ t: r.kt, id: r.run.id }),
    ...keysetMeasures(
      db,
      sql`${autoTopupRuns} inner join ${autoTopupSubscribers} on ${eq(autoTopupSubscribers.id, autoTopupRuns.subscriberId)}`,
      where,
      RUN_KEY,
    ),
  });
  return { ...p, rows: p.rows.map(({ kt: _kt, ...r }) => r) };
}

/** One run of a client, as the list shows it (null when it is not the client's). */
export async function findRunView(db: Db, corporateId: string, id: string): Promise<RunListRow | null> {
  const [row] = await runsWithVends(db).where(
    and(eq(autoTopupRuns.id, id), eq(autoTopupRuns.corporateId, corporateId)),
  );
  return row ?? null;
}

/** How far back the pass looks for vended runs whose vend failed after the run (requeries end
 * well within it). */
export const LATE_FAILURE_WINDOW_MS = 3 * 86_400_000;

/**
 * Claims the vended runs whose vend has failed since (pending at the run, failed on requery) and
 * whose failure is not told yet: each is marked told by the one statement that returns it, so
 * two workers never tell it twice.
 */
export async function claimLateFailures(db: Db, now: Date) {
  const since = new Date(now.getTime() - LATE_FAILURE_WINDOW_MS);
  return db
    .update(autoTopupRuns)
    .set({ failureNotifiedAt: now })
    .where(
      and(
        sql`${vendFieldOf('status', autoTopupRuns.vendId)} = 'FAILED'`,
        eq(autoTopupRuns.status, 'VENDED'),
        sql`${autoTopupRuns.failureNotifiedAt} is null`,
        sql`${autoTopupRuns.finishedAt} > ${since.toISOString()}::timestamptz`,
      ),
    )
    .returning({
      corporateId: autoTopupRuns.corporateId,
      subscriberId: autoTopupRuns.subscriberId,
      msisdn: autoTopupRuns.msisdn,
      network: autoTopupRuns.network,
      customerNumber: autoTopupRuns.customerNumber,
      failureReason: vendFieldOf('failureReason', autoTopupRuns.vendId),
    });
}
