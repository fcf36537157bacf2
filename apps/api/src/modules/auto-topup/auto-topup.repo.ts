// Auto top-up rows: a client's settings and cap spend, its subscribers, and the totals the admin
// reads. (Runs: runs.repo.ts.) Every read and write of a client's rows is scoped by corporate id.
import { and, asc, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { paged } from '../../infra/db/paged';
import {
  autoTopupRuns,
  autoTopupSettings,
  autoTopupSpend,
  autoTopupSubscribers,
} from '../../infra/db/schema';
import { containing, msisdnContaining } from '../../infra/db/sql';
import { corporateAutoTopUpOn } from '../corporates';
import { vendAmountOf, vendFieldOf } from '../vending';

export type SettingsRow = typeof autoTopupSettings.$inferSelect;
export type SubscriberRow = typeof autoTopupSubscribers.$inferSelect;
export type NewSubscriber = typeof autoTopupSubscribers.$inferInsert;

export async function findSettings(db: Db, corporateId: string): Promise<SettingsRow | null> {
  const [row] = await db
    .select()
    .from(autoTopupSettings)
    .where(eq(autoTopupSettings.corporateId, corporateId));
  return row ?? null;
}

/** Locks the settings row for a change (creating it first when the client has none). */
export async function lockSettings(db: Db, corporateId: string): Promise<SettingsRow> {
  await db.insert(autoTopupSettings).values({ corporateId }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(autoTopupSettings)
    .where(eq(autoTopupSettings.corporateId, corporateId))
    .for('update');
  return row;
}

export async function updateSettings(
  db: Db,
  corporateId: string,
  set: Partial<typeof autoTopupSettings.$inferInsert>,
): Promise<SettingsRow> {
  const [row] = await db
    .update(autoTopupSettings)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(autoTopupSettings.corporateId, corporateId))
    .returning();
  return row;
}

/** Auto top-up spend of a Lagos day and month (what the caps count). */
export async function spendOf(db: Db, corporateId: string, mode: string, day: string, month: string) {
  const rows = await db
    .select({
      period: autoTopupSpend.period,
      startsOn: autoTopupSpend.startsOn,
      spent: autoTopupSpend.spentKobo,
    })
    .from(autoTopupSpend)
    .where(and(eq(autoTopupSpend.corporateId, corporateId), eq(autoTopupSpend.mode, mode)));
  const of = (period: string, on: string) =>
    rows.find((r) => r.period === period && r.startsOn === on)?.spent ?? 0;
  return { day: of('DAY', day), month: of('MONTH', month) };
}

// ---------------------------------------------------------------- subscribers

const live = (corporateId: string) =>
  and(eq(autoTopupSubscribers.corporateId, corporateId), isNull(autoTopupSubscribers.removedAt));

export async function insertSubscribers(db: Db, rows: NewSubscriber[]): Promise<SubscriberRow[]> {
  return rows.length ? db.insert(autoTopupSubscribers).values(rows).returning() : [];
}

/** A client's subscriber (not removed), locked for a change. */
export async function lockSubscriber(db: Db, corporateId: string, id: string): Promise<SubscriberRow | null> {
  const [row] = await db
    .select()
    .from(autoTopupSubscribers)
    .where(and(eq(autoTopupSubscribers.id, id), live(corporateId)))
    .for('update');
  return row ?? null;
}

export async function findSubscriber(db: Db, corporateId: string, id: string): Promise<SubscriberRow | null> {
  const [row] = await db
    .select()
    .from(autoTopupSubscribers)
    .where(and(eq(autoTopupSubscribers.id, id), live(corporateId)));
  return row ?? null;
}

export async function updateSubscriber(
  db: Db,
  id: string,
  set: Partial<NewSubscriber>,
): Promise<SubscriberRow> {
  const [row] = await db
    .update(autoTopupSubscribers)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(autoTopupSubscribers.id, id))
    .returning();
  return row;
}

/** The client's live subscribers (for recomputing next runs when it switches auto top-up on). */
export async function liveSubscribers(db: Db, corporateId: string): Promise<SubscriberRow[]> {
  return db.select().from(autoTopupSubscribers).where(live(corporateId));
}

export interface SubscriberFilter {
  corporateId: string;
  search?: string;
  status?: 'ACTIVE' | 'PAUSED';
  page: number;
  limit: number;
}

export async function listSubscribers(db: Db, f: SubscriberFilter) {
  const s = f.search?.trim();
  const where = and(
    live(f.corporateId),
    f.status ? eq(autoTopupSubscribers.paused, f.status === 'PAUSED') : undefined,
    s
      ? or(
          ilike(autoTopupSubscribers.name, containing(s)),
          msisdnContaining(autoTopupSubscribers.msisdn, s),
          ilike(autoTopupSubscribers.customerNumber, containing(s)),
        )
      : undefined,
  );
  return paged(f, {
    count: () => db.select({ total: count() }).from(autoTopupSubscribers).where(where),
    rows: (w) =>
      db
        .select()
        .from(autoTopupSubscribers)
        .where(where)
        .orderBy(asc(autoTopupSubscribers.name), desc(autoTopupSubscribers.createdAt))
        .limit(w.limit)
        .offset(w.offset),
  });
}

/** Subscribers due at `now` (oldest first), with whether their client runs auto top-up now. */
export async function dueSubscribers(db: Db, now: Date, limit: number) {
  return db
    .select({
      s: autoTopupSubscribers,
      on: sql<boolean>`coalesce(${autoTopupSettings.enabled}, false) and ${corporateAutoTopUpOn(autoTopupSubscribers.corporateId)}`,
    })
    .from(autoTopupSubscribers)
    .leftJoin(autoTopupSettings, eq(autoTopupSettings.corporateId, autoTopupSubscribers.corporateId))
    .where(
      and(
        sql`${autoTopupSubscribers.nextRunAt} is not null`,
        sql`${autoTopupSubscribers.nextRunAt} <= ${now.toISOString()}::timestamptz`,
        eq(autoTopupSubscribers.paused, false),
        isNull(autoTopupSubscribers.removedAt),
      ),
    )
    .orderBy(asc(autoTopupSubscribers.nextRunAt))
    .limit(limit);
}

/**
 * Claims a subscriber's due time: moves its next run on, only if it is still `due` (a second
 * worker that saw the same due time changes nothing and gets false).
 */
export async function advanceSubscriber(db: Db, id: string, due: Date, next: Date | null): Promise<boolean> {
  const rows = await db
    .update(autoTopupSubscribers)
    .set({ nextRunAt: next, updatedAt: new Date() })
    .where(
      and(
        eq(autoTopupSubscribers.id, id),
        sql`${autoTopupSubscribers.nextRunAt} = ${due.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: autoTopupSubscribers.id });
  return rows.length === 1;
}

/** The admin's totals for one client. */
export async function totalsOf(db: Db, corporateId: string) {
  const [subs] = await db
    .select({
      subscribers: count(),
      paused: sql<number>`count(*) filter (where ${autoTopupSubscribers.paused})`.mapWith(Number),
    })
    .from(autoTopupSubscribers)
    .where(live(corporateId));
  const vendStatus = vendFieldOf('status', autoTopupRuns.vendId);
  const [runs] = await db
    .select({
      runs: count(),
      successful: sql<number>`count(*) filter (where ${vendStatus} = 'SUCCESSFUL')`.mapWith(Number),
      notVended:
        sql<number>`count(*) filter (where ${autoTopupRuns.status} in ('SKIPPED', 'FAILED'))`.mapWith(Number),
      vendedKobo:
        sql<number>`coalesce(sum(${vendAmountOf(autoTopupRuns.vendId)}) filter (where ${vendStatus} = 'SUCCESSFUL'), 0)`.mapWith(
          Number,
        ),
    })
    .from(autoTopupRuns)
    .where(eq(autoTopupRuns.corporateId, corporateId));
  return {
    subscribers: Number(subs?.subscribers ?? 0),
    paused: subs?.paused ?? 0,
    runs: Number(runs?.runs ?? 0),
    successful: runs?.successful ?? 0,
    notVended: runs?.notVended ?? 0,
    vendedKobo: runs?.vendedKobo ?? 0,
  };
}

/** Development: a client's live, unpaused subscribers due at `at` (the dev hook's clock). */
export async function makeDueAt(db: Db, corporateId: string, at: Date): Promise<number> {
  const rows = await db
    .update(autoTopupSubscribers)
    .set({ nextRunAt: at, updatedAt: new Date() })
    .where(and(live(corporateId), eq(autoTopupSubscribers.paused, false)))
    .returning({ id: autoTopupSubscribers.id });
  return rows.length;
}
