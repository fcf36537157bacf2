// The vending histories' exports read here: the history's filters (vendWhere), newest first, in
// keyset batches on (created_at, id) (infra/db/keyset-stream: what that guarantees under
// concurrent vends).
import { and, desc, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { keysetBatches, keysetBefore } from '../../infra/db/keyset-stream';
import { vends } from '../../infra/db/schema';
import { corporateNameOf } from '../corporates';
import { type VendFilter, vendWhere } from './vending.repo';

export type VendExportFilter = Omit<VendFilter, 'page' | 'limit'>;

export function vendExportBatches(db: Db, f: VendExportFilter) {
  const where = vendWhere({ ...f, page: 1, limit: 1 });
  return keysetBatches(
    (after, limit) =>
      db
        .select({
          v: vends,
          corporateName: corporateNameOf(vends.corporateId),
          cursorAt: sql<string>`${vends.createdAt}::text`,
        })
        .from(vends)
        .where(and(where, keysetBefore([sql`${vends.createdAt}`, sql`${vends.id}`], ['timestamptz', 'uuid'], after)))
        .orderBy(desc(vends.createdAt), desc(vends.id))
        .limit(limit),
    (r) => [r.cursorAt, r.v.id],
  );
}
