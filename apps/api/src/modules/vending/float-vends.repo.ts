// The vends that hold a VTU line's float, as the vtu module reads them (vends belong to this
// module: scripts/table-owners.mjs): the amount they hold inside the vtu module's own statement,
// and the consumption history of a set of lines.
import { and, count, desc, gte, ilike, inArray, lt, or, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paged } from '../../db/paged';
import { vends } from '../../db/schema';
import { containing } from '../../db/sql';
import { corporateNameOf } from '../clients';

/** SQL for the float the pending and successful vends of line `line` (an SQL expression of the
 * line's id) hold: a failed vend gave it back. */
export const floatHeldByVends = (line: SQLWrapper) =>
  sql<number>`coalesce((select sum(v.amount_kobo) from vends v where v.float_line_id = ${line} and v.status in ('PENDING', 'SUCCESSFUL')), 0)`;

export interface FloatVendsFilter {
  lineIds: readonly string[];
  search?: string;
  from?: Date;
  to?: Date;
  page: number;
  limit: number;
}

/** Live vends that consumed the float of these lines (pending or successful), newest first. */
export async function vendsOnFloatLines(db: Db, f: FloatVendsFilter) {
  const where = and(
    inArray(vends.floatLineId, [...f.lineIds]),
    sql`${vends.status} in ('PENDING', 'SUCCESSFUL')`,
    sql`${vends.mode} = 'LIVE'`,
    f.search
      ? or(ilike(vends.msisdn, containing(f.search)), ilike(vends.code, containing(f.search)))
      : undefined,
    f.from ? gte(vends.createdAt, f.from) : undefined,
    f.to ? lt(vends.createdAt, f.to) : undefined,
  );
  if (!f.lineIds.length) return paged(f, { count: async () => 0, rows: async () => [] });
  return paged(f, {
    count: () => db.select({ total: count() }).from(vends).where(where),
    rows: (w) =>
      db
        .select({ v: vends, corporateName: corporateNameOf(vends.corporateId) })
        .from(vends)
        .where(where)
        .orderBy(desc(vends.createdAt), desc(vends.id))
        .limit(w.limit)
        .offset(w.offset),
  });
}
