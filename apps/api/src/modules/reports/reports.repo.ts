// Sums of live vends over Lagos days, grouped by the dimensions a report asks for. The sums read
// the day roll-ups (rollup.repo.ts) for the clean days, up to each day's watermark (today's trails
// the clock by a few minutes), and the vends for the rest: after a watermark, dirty or unbuilt
// days. Platform-wide sums read vend_daily_totals, per-client ones vend_client_daily_totals, and a
// client's own sums (its home) vend_client_detail_totals and its vends through (corporate_id,
// mode, created_at). The coverage and the rows are read in one repeatable-read snapshot, so a
// rebuild committing meanwhile is never counted twice. Test-mode vends never count.
import { addCalendarDays } from '@vendport/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { rowsOf } from '../../infra/db/sql';
import { lagosDayStart } from '../../infra/lagos-time';
import { rolledDays } from './rollup.repo';

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
const DETAIL_TABLE_DIMS: readonly Dim[] = [
  'day',
  'corporateId',
  'network',
  'serviceType',
  'channel',
  'status',
];

export interface BucketQuery {
  /** First Lagos day, inclusive (YYYY-MM-DD). */
  fromDay: string;
  /** Last Lagos day, exclusive. */
  toDay: string;
  dims: Dim[];
  /** One client's vends only. */
  corporateId?: string;
  /** Only these statuses. */
  statuses?: string[];
}

type RawRow = Record<string, string | number | null>;

const selectList = (dims: Dim[], cols: Record<Dim, string>) =>
  sql.raw(dims.map((d) => `${cols[d]} as "${d}"`).join(', ') || `'all' as "all"`);
const groupList = (dims: Dim[]) =>
  sql.raw(dims.length ? `group by ${dims.map((_, i) => i + 1).join(', ')}` : '');

/**
 * The instants of [fromDay, toDay) the roll-ups do not hold: the whole of a day not rolled up,
 * the part of a rolled day from its watermark on. Adjacent intervals are merged.
 */
function uncovered(fromDay: string, toDay: string, rolled: Map<string, Date>): Array<[Date, Date]> {
  const out: Array<[Date, Date]> = [];
  for (let d = fromDay; d < toDay; d = addCalendarDays(d, 1)) {
    const start = lagosDayStart(d);
    const end = lagosDayStart(addCalendarDays(d, 1));
    const w = rolled.get(d);
    const from = w ? new Date(Math.min(Math.max(w.getTime(), start.getTime()), end.getTime())) : start;
    if (from >= end) continue;
    const last = out[out.length - 1];
    if (last && last[1].getTime() === from.getTime()) last[1] = end;
    else out.push([from, end]);
  }
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

/** The roll-up table that holds `q`'s dimensions, or null (read the vends only). */
function rollupTable(q: BucketQuery): string | null {
  const within = (dims: readonly Dim[]) => q.dims.every((d) => dims.includes(d));
  if (q.corporateId) return within(DETAIL_TABLE_DIMS) ? 'vend_client_detail_totals' : null;
  if (!q.dims.includes('corporateId')) return 'vend_daily_totals';
  if (within(CLIENT_TABLE_DIMS)) return 'vend_client_daily_totals';
  if (within(DETAIL_TABLE_DIMS)) return 'vend_client_detail_totals';
  throw new Error(`per-client sums group by ${DETAIL_TABLE_DIMS.join(', ')} only`);
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
  const table = rollupTable(q);
  const answers = await db.transaction(
    async (tx) => {
      const rolled = table ? await rolledDays(tx, q.fromDay, q.toDay) : new Map<string, Date>();
      const parts: SQL[] = [];
      if (rolled.size) {
        parts.push(sql`
          select ${selectList(q.dims, ROLLED)}, sum(t.vend_count)::bigint as n, sum(t.amount_kobo)::bigint as a,
                 sum(t.commission_kobo)::bigint as c, sum(t.charge_kobo)::bigint as g
          from ${sql.raw(table ?? '')} t
          where t.day in (${sql.join(
            [...rolled.keys()].map((d) => sql`${d}::date`),
            sql`, `,
          )}) ${q.corporateId ? sql`and t.corporate_id = ${q.corporateId}` : sql``} ${statusFilter('t.status')}
          ${groupList(q.dims)}`);
      }
      for (const [from, to] of uncovered(q.fromDay, q.toDay, rolled)) {
        parts.push(sql`
          select ${selectList(q.dims, RAW)}, count(*)::bigint as n, sum(v.amount_kobo)::bigint as a,
                 sum(v.commission_kobo)::bigint as c, sum(v.charge_kobo)::bigint as g
          from report_live_vends v
          where v.created_at >= ${from} and v.created_at < ${to}
            ${q.corporateId ? sql`and v.corporate_id = ${q.corporateId}` : sql``} ${statusFilter('v.status')}
          ${groupList(q.dims)}`);
      }
      // One statement: the parts in one round trip.
      return parts.length ? rowsOf<RawRow>(tx, sql.join(parts, sql` union all `)) : [];
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const merged = new Map<string, Bucket>();
  for (const r of answers) {
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
  return [...merged.values()];
}
