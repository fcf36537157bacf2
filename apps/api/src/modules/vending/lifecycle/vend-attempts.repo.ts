// A vend's requests to real upstreams (issue 32): one row per attempt, written before the HTTP
// call with the request id made for it; every requery of the attempt reuses that id.
import { and, desc, eq, gte, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../../infra/db/client';
import { vendAttempts } from '../../../infra/db/schema';

export type VendAttemptRow = typeof vendAttempts.$inferSelect;

export async function openAttempt(
  db: Db,
  a: { vendId: string; position: number; platform: string; provider: string; requestId: string; at: Date },
): Promise<VendAttemptRow> {
  const [row] = await db
    .insert(vendAttempts)
    .values({ ...a, createdAt: a.at, updatedAt: a.at })
    .returning();
  return row;
}

export interface AttemptAnswer {
  status: 'SUCCESSFUL' | 'FAILED' | 'UNKNOWN' | 'NOT_FOUND' | 'REVERSED';
  providerReference: string | null;
  failureKind: string | null;
  message: string;
  raw: unknown;
  durationMs: number;
  at: Date;
  requery: boolean;
}

const FINAL = ['SUCCESSFUL', 'FAILED', 'REVERSED'] as const;

/**
 * Records what the provider said to the attempt (its request or a requery of it). A definite
 * answer already recorded is never replaced by an indefinite one: the first request's late
 * timeout must not undo what a requery found meanwhile (only a later definite answer, such as a
 * reversal after success, moves a final attempt on).
 */
export async function answerAttempt(db: Db, id: string, a: AttemptAnswer): Promise<void> {
  const definite = (FINAL as readonly string[]).includes(a.status);
  await db
    .update(vendAttempts)
    .set({
      status: a.status,
      providerReference: sql`coalesce(${a.providerReference}, ${vendAttempts.providerReference})`,
      failureKind: a.failureKind,
      message: a.message.slice(0, 500),
      raw: a.raw ?? null,
      durationMs: a.durationMs,
      answeredAt: sql`coalesce(${vendAttempts.answeredAt}, ${a.at.toISOString()}::timestamptz)`,
      requeryCount: a.requery ? sql`${vendAttempts.requeryCount} + 1` : vendAttempts.requeryCount,
      updatedAt: a.at,
    })
    .where(
      definite
        ? eq(vendAttempts.id, id)
        : and(eq(vendAttempts.id, id), notInArray(vendAttempts.status, [...FINAL])),
    );
}

/** The attempt holding the vend at a route position (the latest, should there be two). */
export async function attemptAt(db: Db, vendId: string, position: number): Promise<VendAttemptRow | null> {
  const [row] = await db
    .select()
    .from(vendAttempts)
    .where(and(eq(vendAttempts.vendId, vendId), eq(vendAttempts.position, position)))
    .orderBy(desc(vendAttempts.createdAt))
    .limit(1);
  return row ?? null;
}

export const attemptsOfVend = (db: Db, vendId: string): Promise<VendAttemptRow[]> =>
  db
    .select()
    .from(vendAttempts)
    .where(eq(vendAttempts.vendId, vendId))
    .orderBy(vendAttempts.position, vendAttempts.createdAt);

/** The attempt a provider's callback names by our request id (or by its own reference). */
export async function attemptByRequest(
  db: Db,
  provider: string,
  q: { requestId?: string; providerReference?: string },
): Promise<VendAttemptRow | null> {
  const where = q.requestId
    ? eq(vendAttempts.requestId, q.requestId)
    : q.providerReference
      ? eq(vendAttempts.providerReference, q.providerReference)
      : null;
  if (!where) return null;
  const [row] = await db
    .select()
    .from(vendAttempts)
    .where(and(eq(vendAttempts.provider, provider), where))
    .limit(1);
  return row ?? null;
}

export interface AttemptStats {
  provider: string;
  attempts: number;
  successful: number;
  failed: number;
  /** Delivered, then refunded by the provider: not a success (issue 53 point 8). */
  reversed: number;
  unknownOpen: number;
  p50Ms: number | null;
  p95Ms: number | null;
}

/** Per provider since a time: attempts, outcomes, latency percentiles, unknown outcomes still open. */
export async function attemptStats(db: Db, since: Date): Promise<AttemptStats[]> {
  const rows = await db
    .select({
      provider: vendAttempts.provider,
      attempts: sql<number>`count(*)::int`,
      successful: sql<number>`count(*) filter (where ${vendAttempts.status} = 'SUCCESSFUL')::int`,
      reversed: sql<number>`count(*) filter (where ${vendAttempts.status} = 'REVERSED')::int`,
      failed: sql<number>`count(*) filter (where ${vendAttempts.status} = 'FAILED')::int`,
      unknownOpen: sql<number>`count(*) filter (where ${vendAttempts.status} in ('SENT', 'UNKNOWN', 'NOT_FOUND'))::int`,
      p50Ms: sql<number | null>`percentile_cont(0.5) within group (order by ${vendAttempts.durationMs})`,
      p95Ms: sql<number | null>`percentile_cont(0.95) within group (order by ${vendAttempts.durationMs})`,
    })
    .from(vendAttempts)
    .where(gte(vendAttempts.createdAt, since))
    .groupBy(vendAttempts.provider);
  return rows.map((r) => ({
    ...r,
    p50Ms: r.p50Ms === null ? null : Math.round(Number(r.p50Ms)),
    p95Ms: r.p95Ms === null ? null : Math.round(Number(r.p95Ms)),
  }));
}
