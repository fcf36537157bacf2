// The breakers' tables (issue 49): each upstream's state (provider_health) and its calls
// (provider_calls), the rolling window the state is decided from. Every transition is one guarded
// UPDATE, so of several instances seeing the same window exactly one makes (and announces) it.
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { providerCalls, providerHealth } from '../../infra/db/schema';
import { rowsOf } from '../../infra/db/sql';

export type ProviderHealthRow = typeof providerHealth.$inferSelect;
export const BREAKER_STATES = ['CLOSED', 'OPEN', 'HALF_OPEN'] as const;
export type BreakerState = (typeof BREAKER_STATES)[number];

/** What one call to an upstream came to, as the breaker counts it. */
export const CALL_OUTCOMES = [
  'DELIVERED',
  'FAILED',
  'RECIPIENT',
  'UNKNOWN',
  'TIMEOUT',
  'HTTP_5XX',
  'CONNECTION',
  'REFUSED',
] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** The outcomes that count against a provider: all but a delivery and the recipient's own fault. */
export const BAD_OUTCOMES: readonly CallOutcome[] = [
  'FAILED',
  'UNKNOWN',
  'TIMEOUT',
  'HTTP_5XX',
  'CONNECTION',
  'REFUSED',
];
const badList = sql.raw(BAD_OUTCOMES.map((o) => `'${o}'`).join(', '));

export const healthRows = (db: Db): Promise<ProviderHealthRow[]> => db.select().from(providerHealth);

/**
 * Records one call and answers the provider's window with it: the calls since `since` (or since an
 * admin's reset of the window, whichever is later), how many went wrong, and how many of the last
 * `recent` went wrong (a provider that just went down among many good calls of the window). One
 * statement: the insert is not visible to its own select, so the call is added here.
 */
export async function recordCall(
  db: Db,
  c: { provider: string; outcome: CallOutcome; durationMs: number; at: Date; since: Date; recent: number },
): Promise<{ calls: number; bad: number; recentBad: number }> {
  const [row] = await rowsOf<{ calls: number; bad: number; recent_bad: number }>(
    db,
    sql`with ins as (
          insert into provider_calls (provider, at, outcome, duration_ms)
          values (${c.provider}, ${c.at.toISOString()}::timestamptz, ${c.outcome}, ${Math.max(0, Math.round(c.durationMs))})
          returning 1),
        win as (
          select outcome, at from provider_calls
           where provider = ${c.provider}
             and at > greatest(${c.since.toISOString()}::timestamptz,
                               coalesce((select window_from from provider_health where provider = ${c.provider}),
                                        '-infinity'::timestamptz)))
        select (select count(*) from win)::int as calls,
               (select count(*) from win where outcome in (${badList}))::int as bad,
               (select count(*) from (select outcome from win order by at desc limit ${Math.max(0, c.recent - 1)}) r
                 where outcome in (${badList}))::int as recent_bad`,
  );
  const bad = BAD_OUTCOMES.includes(c.outcome) ? 1 : 0;
  return {
    calls: (row?.calls ?? 0) + 1,
    bad: (row?.bad ?? 0) + bad,
    recentBad: (row?.recent_bad ?? 0) + bad,
  };
}

/** CLOSED -> OPEN (not when an admin forced the state). The row, or null when another made it. */
export async function openFromClosed(
  db: Db,
  provider: string,
  at: Date,
  reason: string,
): Promise<ProviderHealthRow | null> {
  const [row] = await db
    .insert(providerHealth)
    .values({ provider, state: 'OPEN', since: at, reason })
    .onConflictDoUpdate({
      target: providerHealth.provider,
      set: { state: 'OPEN', since: at, reason, probeAt: null },
      setWhere: and(eq(providerHealth.state, 'CLOSED'), eq(providerHealth.forced, false)),
    })
    .returning();
  return row ?? null;
}

/**
 * OPEN past its cool-down -> HALF_OPEN with this caller's probe; or a HALF_OPEN whose probe is older
 * than `probeDeadline` (its instance died) re-claimed. Null when not due or claimed by another.
 */
export async function claimProbe(
  db: Db,
  provider: string,
  at: Date,
  cooledBefore: Date,
  probeDeadline: Date,
): Promise<ProviderHealthRow | null> {
  const [row] = await db
    .update(providerHealth)
    .set({ state: 'HALF_OPEN', probeAt: at })
    .where(
      and(
        eq(providerHealth.provider, provider),
        eq(providerHealth.forced, false),
        sql`((${providerHealth.state} = 'OPEN' and ${providerHealth.since} <= ${cooledBefore.toISOString()}::timestamptz)
          or (${providerHealth.state} = 'HALF_OPEN' and ${providerHealth.probeAt} <= ${probeDeadline.toISOString()}::timestamptz))`,
      ),
    )
    .returning();
  return row ?? null;
}

/** The probe's verdict: HALF_OPEN -> CLOSED (a clean window from now) or back to OPEN. */
export async function settleProbe(
  db: Db,
  provider: string,
  to: 'CLOSED' | 'OPEN',
  at: Date,
  reason: string,
): Promise<ProviderHealthRow | null> {
  const [row] = await db
    .update(providerHealth)
    .set({ state: to, since: at, reason, probeAt: null, ...(to === 'CLOSED' ? { windowFrom: at } : {}) })
    .where(
      and(
        eq(providerHealth.provider, provider),
        eq(providerHealth.state, 'HALF_OPEN'),
        eq(providerHealth.forced, false),
      ),
    )
    .returning();
  return row ?? null;
}

/** An admin's choice: OPEN stays open (forced) until an admin closes it; CLOSED starts a clean window. */
export async function forceHealth(
  db: Db,
  provider: string,
  to: 'CLOSED' | 'OPEN',
  at: Date,
  reason: string,
): Promise<ProviderHealthRow> {
  const set = { state: to, since: at, reason, probeAt: null, forced: to === 'OPEN', windowFrom: at };
  const [row] = await db
    .insert(providerHealth)
    .values({ provider, ...set })
    .onConflictDoUpdate({ target: providerHealth.provider, set })
    .returning();
  return row;
}

export interface CallStats {
  provider: string;
  delivered: number;
  failed: number;
  unknown: number;
  timeout: number;
  refused: number;
  p50Ms: number | null;
  p95Ms: number | null;
}

/** Each provider's calls since `since`: the Providers screen's last hour. Unknown counts a 5xx
 * and a lost connection too (neither says what happened); a recipient's failure is a failure. */
export async function callStats(db: Db, since: Date): Promise<CallStats[]> {
  const rows = await db
    .select({
      provider: providerCalls.provider,
      delivered: sql<number>`(count(*) filter (where ${providerCalls.outcome} = 'DELIVERED'))::int`,
      failed: sql<number>`(count(*) filter (where ${providerCalls.outcome} in ('FAILED', 'RECIPIENT')))::int`,
      unknown: sql<number>`(count(*) filter (where ${providerCalls.outcome} in ('UNKNOWN', 'HTTP_5XX', 'CONNECTION')))::int`,
      timeout: sql<number>`(count(*) filter (where ${providerCalls.outcome} = 'TIMEOUT'))::int`,
      refused: sql<number>`(count(*) filter (where ${providerCalls.outcome} = 'REFUSED'))::int`,
      p50Ms: sql<number | null>`percentile_cont(0.5) within group (order by ${providerCalls.durationMs})`,
      p95Ms: sql<number | null>`percentile_cont(0.95) within group (order by ${providerCalls.durationMs})`,
    })
    .from(providerCalls)
    .where(sql`${providerCalls.at} >= ${since.toISOString()}::timestamptz`)
    .groupBy(providerCalls.provider);
  return rows.map((r) => ({
    ...r,
    p50Ms: r.p50Ms === null ? null : Math.round(Number(r.p50Ms)),
    p95Ms: r.p95Ms === null ? null : Math.round(Number(r.p95Ms)),
  }));
}

/** Each provider's calls since `since` by outcome, for the metrics' counters. */
export const callCounts = (db: Db, since: Date) =>
  rowsOf<{ provider: string; outcome: CallOutcome; n: number }>(
    db,
    sql`select provider, outcome, count(*)::int as n from provider_calls
         where at >= ${since.toISOString()}::timestamptz group by provider, outcome`,
  );

/** Each provider's call durations since `since`, for the metrics' latency histogram. */
export const callDurations = (db: Db, since: Date) =>
  rowsOf<{ provider: string; duration_ms: number }>(
    db,
    sql`select provider, duration_ms from provider_calls where at >= ${since.toISOString()}::timestamptz`,
  );

/** Drops calls older than `before` (the screen reads an hour, the window minutes). */
export async function pruneCalls(db: Db, before: Date): Promise<void> {
  await db.delete(providerCalls).where(lt(providerCalls.at, before));
}
