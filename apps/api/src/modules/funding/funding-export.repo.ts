// The funding histories' exports read here: the history's union and filters (funding.repo),
// newest first, in keyset batches on (created_at, id) (infra/db/keyset-stream: what that
// guarantees under concurrent fundings).
import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { keysetBatches, keysetBefore } from '../../infra/db/keyset-stream';
import { type FundingHistoryFilters, type FundingHistoryRow, HISTORY, historyWhere } from './funding.repo';

type ExportRow = FundingHistoryRow & { cursor_at: string };

export function fundingExportBatches(db: Db, f: FundingHistoryFilters): AsyncGenerator<FundingHistoryRow[]> {
  const where = historyWhere(f);
  return keysetBatches(
    async (after, limit) => {
      const before = keysetBefore([sql`f.created_at`, sql`f.id`], ['timestamptz', 'uuid'], after);
      const res = (await db.execute(sql`
        select f.*, c.name as corporate_name, c.client_type, f.created_at::text as cursor_at
          from ${HISTORY}
         where ${where}${before ? sql` and ${before}` : sql``}
         order by f.created_at desc, f.id desc
         limit ${limit}`)) as unknown as { rows: ExportRow[] };
      return res.rows;
    },
    (r) => [(r as ExportRow).cursor_at, r.id],
  );
}
