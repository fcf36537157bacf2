// The vending histories' exports read here: the history's filters (vendWhere), newest first, in
// keyset batches on (created_at, id) (infra/db/keyset-stream: what that guarantees under
// concurrent vends).
import { and, desc, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { keysetBatches, keysetBefore } from '../../infra/db/keyset-stream';
import { vends } from '../../infra/db/schema';
import { corporateNamesByIds } from '../corporates';
import { type VendFilter, vendWhere } from './vend-history.repo';
import type { VendRow } from './vending.repo';

export type VendExportFilter = Omit<VendFilter, 'page' | 'limit'>;

/** The columns an export prints (half the row: not the routes, hashes and transfer ids). */
const COLUMNS = {
  id: vends.id,
  corporateId: vends.corporateId,
  createdAt: vends.createdAt,
  code: vends.code,
  reference: vends.reference,
  clientType: vends.clientType,
  channel: vends.channel,
  msisdn: vends.msisdn,
  network: vends.network,
  serviceType: vends.serviceType,
  planCode: vends.planCode,
  amountKobo: vends.amountKobo,
  chargeKobo: vends.chargeKobo,
  commissionKobo: vends.commissionKobo,
  commissionMode: vends.commissionMode,
  platform: vends.platform,
  status: vends.status,
  failureReason: vends.failureReason,
  completedAt: vends.completedAt,
};
export type VendExportRow = Pick<VendRow, keyof typeof COLUMNS>;

/**
 * The vends matching `f` in batches; with `names`, each with its client's name. Names are looked
 * up once per client per export (a map as large as the clients seen, not the rows): a name read
 * per row inside the statement cost most of a batch's time on a small directory.
 */
export async function* vendExportBatches(
  db: Db,
  f: VendExportFilter,
  opts: { names: boolean },
): AsyncGenerator<Array<{ v: VendExportRow; corporateName: string }>> {
  const where = vendWhere({ ...f, page: 1, limit: 1 });
  const names = new Map<string, string>();
  const batches = keysetBatches(
    (after, limit) =>
      db
        .select({ v: COLUMNS, cursorAt: sql<string>`${vends.createdAt}::text` })
        .from(vends)
        .where(
          and(
            where,
            keysetBefore([sql`${vends.createdAt}`, sql`${vends.id}`], ['timestamptz', 'uuid'], after),
          ),
        )
        .orderBy(desc(vends.createdAt), desc(vends.id))
        .limit(limit),
    (r) => [r.cursorAt, r.v.id],
  );
  for await (const rows of batches) {
    if (opts.names) {
      const unknown = [...new Set(rows.map((r) => r.v.corporateId).filter((id) => !names.has(id)))];
      for (const [id, name] of await corporateNamesByIds(db, unknown)) names.set(id, name);
    }
    yield rows.map((r) => ({ v: r.v, corporateName: names.get(r.v.corporateId) ?? '' }));
  }
}
