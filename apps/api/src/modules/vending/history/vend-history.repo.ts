// The vending histories' reads: the filters both areas share (vendWhere, also the export's), the
// client home's recent vends, and the history as the screens page it, by keyset (db/keyset).
import { and, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { UpperReads, VendCriteria } from '../../../infra/context';
import type { Db } from '../../../infra/db/client';
import {
  type KeyColumns,
  keyCondition,
  keyOrder,
  keysetMeasures,
  keysetPaged,
  keyTime,
} from '../../../infra/db/keyset';
import { vendBills, vends } from '../../../infra/db/schema';
import { containing, msisdnContaining } from '../../../infra/db/sql';
import { corporateNameOf } from '../../corporates';

export interface VendFilter extends VendCriteria {
  page: number;
  limit: number;
}

export function vendWhere(f: VendFilter): SQL | undefined {
  const s = f.search?.trim();
  return and(
    eq(vends.mode, f.mode),
    f.corporateId ? eq(vends.corporateId, f.corporateId) : undefined,
    f.status ? eq(vends.status, f.status) : undefined,
    f.network ? eq(vends.network, f.network) : undefined,
    f.serviceType ? eq(vends.serviceType, f.serviceType) : undefined,
    f.serviceId ? eq(vends.serviceId, f.serviceId) : undefined,
    f.platform ? eq(vends.platform, f.platform) : undefined,
    f.channel ? eq(vends.channel, f.channel) : undefined,
    f.clientType ? eq(vends.clientType, f.clientType) : undefined,
    f.from ? gte(vends.createdAt, f.from) : undefined,
    f.to ? lt(vends.createdAt, f.to) : undefined,
    s
      ? or(
          ilike(vends.reference, containing(s)),
          ilike(vends.code, containing(s)),
          // A phone typed as 0803..., 234803... or +234803...: match on its last ten digits.
          msisdnContaining(vends.msisdn, s),
        )
      : undefined,
  );
}

/** A client's newest live vends (the home's recent list): the rows alone, nothing counted. */
export async function recentVends(db: Db, corporateId: string, limit: number) {
  const where = vendWhere({ corporateId, mode: 'LIVE', page: 1, limit });
  const rows = await db
    .select({ v: vends, corporateName: corporateNameOf(vends.corporateId) })
    .from(vends)
    .where(where)
    .orderBy(desc(vends.createdAt), desc(vends.id))
    .limit(limit);
  return { rows };
}

export const VEND_KEY: KeyColumns = { time: vends.createdAt, id: vends.id };

/**
 * The vending history as the screens page it: by keyset on (created_at, id), from the indexes
 * vends_corporate_history_idx (a client's) and vends_mode_history_idx (every client's), the
 * total from the roll-ups (`totals`, the reports module's: ctx.reads) where they hold the filter,
 * else a bounded count (db/keyset). Exports read by vend-export.repo.
 */
export async function vendHistoryPage(
  db: Db,
  f: VendFilter & { cursor?: string },
  totals: Pick<UpperReads, 'vendTotal'>,
) {
  const where = vendWhere(f);
  return keysetPaged(f, {
    exactTotal: () => totals.vendTotal(db, f),
    rows: ({ bound, order, limit }) =>
      db
        .select({
          v: vends,
          bill: vendBills,
          corporateName: corporateNameOf(vends.corporateId),
          kt: keyTime(vends.createdAt),
        })
        .from(vends)
        // A bill's facts (issue 51), by the vend's id: nothing for airtime and data rows.
        .leftJoin(vendBills, eq(vendBills.vendId, vends.id))
        .where(and(where, keyCondition(VEND_KEY, bound)))
        .orderBy(...keyOrder(VEND_KEY, order))
        .limit(limit),
    keyOf: (r) => ({ t: r.kt, id: r.v.id }),
    ...keysetMeasures(db, sql`${vends}`, where, VEND_KEY),
  });
}
