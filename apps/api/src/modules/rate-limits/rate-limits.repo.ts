// The rate-limit tables (issue 34): the shared token buckets instances lease from on PostgreSQL
// (api_rate_buckets) and the refusals counted per client, key and minute (api_rate_refusals).
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { apiRateRefusals } from '../../infra/db/schema';
import { runStatement, type Statement } from '../../infra/db/sql';
import type { BucketSpec, Grant } from './buckets';

/**
 * Leases tokens of several buckets in one atomic statement: each row is refilled by the time
 * elapsed since its last lease (at its rate, up to its burst) and grants min(want, whole tokens
 * available); a subject without a row starts full. The row lock orders the instances' leases.
 */
const LEASE: Statement = {
  name: 'api_rate_lease',
  text: `with r as (
           select * from unnest($1::text[], $2::float8[], $3::float8[], $4::int[]) as r(subject, per_s, burst, want)),
         up as (
           update api_rate_buckets b
              set granted = least(r.want, floor(least(r.burst, b.tokens
                              + extract(epoch from greatest(clock_timestamp() - b.refilled_at, interval '0')) * r.per_s)))::int,
                  tokens = least(r.burst, b.tokens
                             + extract(epoch from greatest(clock_timestamp() - b.refilled_at, interval '0')) * r.per_s)
                           - least(r.want, floor(least(r.burst, b.tokens
                             + extract(epoch from greatest(clock_timestamp() - b.refilled_at, interval '0')) * r.per_s))),
                  refilled_at = greatest(b.refilled_at, clock_timestamp())
             from r
            where b.subject = r.subject
           returning b.subject, b.granted, b.tokens),
         ins as (
           insert into api_rate_buckets (subject, tokens, granted, refilled_at)
           select r.subject, r.burst - least(r.want, floor(r.burst)), least(r.want, floor(r.burst))::int, clock_timestamp()
             from r
            where not exists (select 1 from api_rate_buckets b where b.subject = r.subject)
           on conflict (subject) do nothing
           returning subject, granted, tokens)
         select subject, granted, tokens from up
         union all
         select subject, granted, tokens from ins`,
};

export async function leaseTokens(db: Db, asks: { spec: BucketSpec; want: number }[]): Promise<Grant[]> {
  const rows = await runStatement<{ subject: string; granted: number; tokens: number }>(db, LEASE, [
    asks.map((a) => a.spec.subject),
    asks.map((a) => a.spec.perS),
    asks.map((a) => a.spec.burst),
    asks.map((a) => a.want),
  ]);
  return rows.map((r) => ({ subject: r.subject, granted: Number(r.granted), tokensLeft: Number(r.tokens) }));
}

export interface RefusalCount {
  corporateId: string;
  apiKeyId: string;
  minute: Date;
  refused: number;
}

/** Adds counted refusals to their minutes' rows. */
export async function addRefusals(db: Db, rows: RefusalCount[]): Promise<void> {
  if (!rows.length) return;
  await db
    .insert(apiRateRefusals)
    .values(rows)
    .onConflictDoUpdate({
      target: [apiRateRefusals.corporateId, apiRateRefusals.minute, apiRateRefusals.apiKeyId],
      set: { refused: sql`${apiRateRefusals.refused} + excluded.refused` },
    });
}

/** The client's refusals per key since `since`. */
export async function refusalsSince(db: Db, corporateId: string, since: Date) {
  return db
    .select({
      apiKeyId: apiRateRefusals.apiKeyId,
      refused: sql<number>`sum(${apiRateRefusals.refused})::int`,
    })
    .from(apiRateRefusals)
    .where(and(eq(apiRateRefusals.corporateId, corporateId), gte(apiRateRefusals.minute, since)))
    .groupBy(apiRateRefusals.apiKeyId)
    .orderBy(desc(sql`sum(${apiRateRefusals.refused})`));
}

/** Forgets refusals older than `before` (the page shows the last hour). */
export async function pruneRefusals(db: Db, before: Date): Promise<void> {
  await db.delete(apiRateRefusals).where(lt(apiRateRefusals.minute, before));
}
