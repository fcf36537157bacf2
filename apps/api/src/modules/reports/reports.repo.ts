// Sums of live vends over Lagos days, grouped by the dimensions a report asks for. Platform-wide
// sums read the day roll-ups for the days they can trust and the vends for the rest (today, dirty
// or unbuilt days); a client's own sums read its vends through (corporate_id, mode, created_at).
// Test-mode vends never count.
import { addCalendarDays } from '@vendport/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { rowsOf } from '../../infra/db/sql';
import { lagosDayStart } from '../../infra/lagos-time';
import { cleanDays } from './rollup.repo';

export type Dim = 'day' | 'network' | 'serviceType' | 'channel' | 'clientType' | 'status' | 'corporateId';

export interface Bucket {
  day?: string;
  network?: string;
  serviceType?: string;
  channel?: string;
  clientType?: string;
  status?: string;
  corporateId?: string;
  count: number;
  amountKobo: number;
  commissionKobo: number;
  chargeKobo: number;
}

const RAW: Record<Dim, string> = {
  day: `((v.created_at at time zone 'Africa/Lagos')::date)::text`,
  network: 'v.network',
  serviceType: 'v.service_type',
  channel: 'v.channel',
  clientType: 'v.client_type',
  status: 'v.status',
  corporateId: 'v.corporate_id::text',
};
const ROLLED: Record<Dim, string> = {
  day: 't.day::text',
  network: 't.network',
  serviceType: 't.service_type',
  channel: 't.channel',
  clientType: 't.client_type',
  status: 't.status',
  corporateId: 't.corporate_id::text',
};
const CLIENT_TABLE_DIMS: readonly Dim[] = ['day', 'corporateId', 'status'];

export interface BucketQuery {
  /** First Lagos day, inclusive (YYYY-MM-DD). */
  fromDay: string;
  /** Last Lagos day, exclusive. */
  toDay: string;
  dims: Dim[];
  /** One client's vends only (read from the vends). */
  corporateId?: string;
  /** Only these statuses. */
  statuses?: string[];
}

type RawRow = Record<string, string | number | null>;

const selectList = (dims: Dim[], cols: Record<Dim, string>) =>
  sql.raw(dims.map((d) => `${cols[d]} as "${d}"`).join(', ') || `'all' as "all"`);
const groupList = (dims: Dim[]) =>
  sql.raw(dims.length ? `group by ${dims.map((_, i) => i + 1).join(', ')}` : '');

/** The intervals of [fromDay, toDay) not covered by `clean` days, as instants. */
function uncovered(fromDay: string, toDay: string, clean: Set<string>): Array<[Date, Date]> {
  const out: Array<[Date, Date]> = [];
  let start: string | null = null;
  for (let d = fromDay; d < toDay; d = addCalendarDays(d, 1)) {
    if (clean.has(d)) {
      if (start) out.push([lagosDayStart(start), lagosDayStart(d)]);
      start = null;
    } else start ??= d;
  }
  if (start) out.push([lagosDayStart(start), lagosDayStart(toDay)]);
  return out;
}

function toBucket(r: RawRow, dims: Dim[]): Bucket {
  const b: Bucket = {
    count: Number(r.n ?? 0),
    amountKobo: Number(r.a ?? 0),
    commissionKobo: Number(r.c ?? 0),
    chargeKobo: Number(r.g ?? 0),
  };
  for (const d of dims) b[d] = String(r[d]);
  return b;
}

/** Sums of live vends over [fromDay, toDay), one bucket per combination of `dims`. */
export async function vendBuckets(db: Db, q: BucketQuery): Promise<Bucket[]> {
  const statusFilter = (col: string): SQL =>
    q.statuses?.length
      ? sql`and ${sql.raw(col)} in (${sql.join(
          q.statuses.map((s) => sql`${s}`),
          sql`, `,
        )})`
      : sql``;
  const useClientTable = q.dims.includes('corporateId');
  if (useClientTable && q.dims.some((d) => !CLIENT_TABLE_DIMS.includes(d))) {
    throw new Error(`per-client sums group by ${CLIENT_TABLE_DIMS.join(', ')} only`);
  }
  const clean = q.corporateId ? new Set<string>() : await cleanDays(db, q.fromDay, q.toDay);
  const parts: SQL[] = [];
  if (clean.size) {
    const days = [...clean];
    const table = sql.raw(useClientTable ? 'vend_client_daily_totals' : 'vend_daily_totals');
    parts.push(sql`
      select ${selectList(q.dims, ROLLED)}, sum(t.vend_count)::bigint as n, sum(t.amount_kobo)::bigint as a,
             sum(t.commission_kobo)::bigint as c, sum(t.charge_kobo)::bigint as g
      from ${table} t
      where t.day >= ${q.fromDay}::date and t.day < ${q.toDay}::date
        and t.day in (${sql.join(
          days.map((d) => sql`${d}::date`),
          sql`, `,
        )}) ${statusFilter('t.status')}
      ${groupList(q.dims)}`);
  }
  for (const [from, to] of uncovered(q.fromDay, q.toDay, clean)) {
    parts.push(sql`
      select ${selectList(q.dims, RAW)}, count(*)::bigint as n, sum(v.amount_kobo)::bigint as a,
             sum(v.commission_kobo)::bigint as c, sum(v.charge_kobo)::bigint as g
      from report_live_vends v
      where v.created_at >= ${from} and v.created_at < ${to}
        ${q.corporateId ? sql`and v.corporate_id = ${q.corporateId}` : sql``} ${statusFilter('v.status')}
      ${groupList(q.dims)}`);
  }
  const merged = new Map<string, Bucket>();
  const answers = await Promise.all(parts.map((part) => rowsOf<RawRow>(db, part)));
  for (const rows of answers) {
    for (const r of rows) {
      if (Number(r.n ?? 0) === 0) continue;
      const b = toBucket(r, q.dims);
      const key = q.dims.map((d) => b[d]).join('|');
      const prev = merged.get(key);
      if (!prev) merged.set(key, b);
      else {
        prev.count += b.count;
        prev.amountKobo += b.amountKobo;
        prev.commissionKobo += b.commissionKobo;
        prev.chargeKobo += b.chargeKobo;
      }
    }
  }
  return [...merged.values()];
}
