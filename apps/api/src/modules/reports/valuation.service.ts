// Sales valuation (spec §7 evaluation/vending/{clientId}/count): a client's successful live vends
// over a range, valued per network and service (value, commission, net cost), read in chunks of
// chunkSize rows in (created_at, id) order. Each chunk resumes after the previous one's last row
// (a keyset cursor), so the thousandth chunk costs what the first does and no request or query
// ever spans a million rows.
import { addCalendarDays, type ValuationChunkView } from '@vendport/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { rowsOf } from '../../infra/db/sql';
import { badRequest } from '../../infra/errors';
import { lagosDayStart } from '../../infra/lagos-time';
import { checkedRange } from './dashboards.service';

interface ValuationRange {
  startDate: string;
  endDate: string;
}

function bounds(q: ValuationRange) {
  const r = checkedRange(q);
  return { from: lagosDayStart(r.startDate), to: lagosDayStart(addCalendarDays(r.endDate, 1)) };
}

export async function valuationCount(db: Db, corporateId: string, q: ValuationRange & { chunkSize: number }) {
  const { from, to } = bounds(q);
  const [r] = await rowsOf<{ n: string | number }>(
    db,
    sql`select count(*)::bigint as n from report_live_vends v
        where v.corporate_id = ${corporateId} and v.created_at >= ${from}
          and v.created_at < ${to} and v.status = 'SUCCESSFUL'`,
  );
  const count = Number(r?.n ?? 0);
  return { count, chunks: Math.ceil(count / q.chunkSize), chunkSize: q.chunkSize };
}

/** created_at as PostgreSQL prints it (microseconds kept, so no row is skipped or repeated). */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)$/;
const encode = (at: string, id: string) => Buffer.from(`${at}|${id}`).toString('base64url');
function decode(cursor: string): { at: string; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!at || !id || !TIMESTAMP.test(at) || !/^[0-9a-f-]{36}$/i.test(id)) {
    throw badRequest('This valuation cursor is not valid: start again from the first chunk');
  }
  return { at, id };
}

export async function valuationChunk(
  db: Db,
  corporateId: string,
  q: ValuationRange & { chunkSize: number; after?: string },
): Promise<ValuationChunkView> {
  const { from, to } = bounds(q);
  const after = q.after ? decode(q.after) : null;
  const page = sql`
    select v.id, v.created_at, v.network, v.service_type, v.amount_kobo, v.commission_kobo, v.charge_kobo
    from report_live_vends v
    where v.corporate_id = ${corporateId} and v.created_at >= ${from}
      and v.created_at < ${to} and v.status = 'SUCCESSFUL'
      ${after ? sql`and (v.created_at, v.id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
    order by v.created_at, v.id
    limit ${q.chunkSize}`;
  // One statement, the chunk read once: its lines, and on each line the chunk's row count and
  // last key (the cursor of the next chunk).
  const lines = await rowsOf<{
    network: string;
    service_type: string;
    n: string;
    a: string;
    c: string;
    g: string;
    rows: string;
    at: string | null;
    id: string | null;
  }>(
    db,
    sql`with p as materialized (${page}),
        l as (select created_at::text as at, id::text as id from p order by created_at desc, id desc limit 1),
        g as (select network, service_type, count(*)::bigint as n, sum(amount_kobo)::bigint as a,
                     sum(commission_kobo)::bigint as c, sum(charge_kobo)::bigint as g
              from p group by 1, 2)
        select g.*, sum(g.n) over ()::bigint as rows, l.at, l.id from g left join l on true
        order by g.network, g.service_type`,
  );
  const last = lines[0];
  const rows = Number(last?.rows ?? 0);
  return {
    rows,
    lines: lines.map((l) => ({
      network: l.network as ValuationChunkView['lines'][number]['network'],
      serviceType: l.service_type as ValuationChunkView['lines'][number]['serviceType'],
      count: Number(l.n),
      valueKobo: Number(l.a),
      commissionKobo: Number(l.c),
      netCostKobo: Number(l.a) - Number(l.c),
    })),
    next: rows === q.chunkSize && last?.at && last.id ? encode(last.at, last.id) : null,
  };
}
