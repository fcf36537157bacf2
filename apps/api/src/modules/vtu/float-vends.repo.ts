// The vends that hold a VTU line's float, read through this module's view of them
// (vtu_float_vends, migration 0026; vends belong to vending, which sits above vtu): the amount
// they hold, inside a line's own statement, and the consumption history of a set of lines.
import { and, count, desc, gte, ilike, inArray, lt, or, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { paged } from '../../infra/db/paged';
import { vtuFloatVends as vends } from '../../infra/db/schema';
import { containing } from '../../infra/db/sql';
import { corporateNameOf } from '../corporates';

/** SQL for the float the pending and successful vends of line `line` (an SQL expression of the
 * line's id) hold: a failed vend gave it back. */
export const floatHeldByVends = (line: SQLWrapper) =>
  sql<number>`coalesce((select sum(v.amount_kobo) from vtu_float_vends v where v.float_line_id = ${line} and v.status in ('PENDING', 'SUCCESSFUL')), 0)`;

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
        .select({
          v: {
            id: vends.id,
            code: vends.code,
            msisdn: vends.msisdn,
            serviceType: vends.serviceType,
            amountKobo: vends.amountKobo,
            status: vends.status,
            floatLineId: vends.floatLineId,
            createdAt: vends.createdAt,
          },
          corporateName: corporateNameOf(vends.corporateId),
        })
        .from(vends)
        .where(where)
        .orderBy(desc(vends.createdAt), desc(vends.id))
        .limit(w.limit)
        .offset(w.offset),
  });
}
