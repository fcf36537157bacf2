// The funding histories' exports read here: the history's union and filters (funding.repo),
// newest first, in keyset batches on (created_at, id), the history's own key (infra/db/keyset-stream:
// what that guarantees under concurrent fundings).
import { sql } from 'drizzle-orm';
import type { Db } from '../../../infra/db/client';
import { keyCondition, keyOrder, keyTime } from '../../../infra/db/keyset';
import { keysetBatches } from '../../../infra/db/keyset-stream';
import { rowsOf } from '../../../infra/db/sql';
import {
  type FundingHistoryFilters,
  type FundingHistoryRow,
  HISTORY,
  HISTORY_KEY,
  historyWhere,
} from '../funding.repo';

type ExportRow = FundingHistoryRow & { kt: string };

export function fundingExportBatches(db: Db, f: FundingHistoryFilters): AsyncGenerator<FundingHistoryRow[]> {
  const where = historyWhere(f);
  return keysetBatches(
    async (after, limit) => {
      const before = keyCondition(HISTORY_KEY, after && { op: '<', key: after });
      return rowsOf<ExportRow>(
        db,
        sql`
        select f.*, c.name as corporate_name, c.client_type, ${keyTime(HISTORY_KEY.time)} as kt
          from ${HISTORY}
         where ${where}${before ? sql` and ${before}` : sql``}
         order by ${sql.join(keyOrder(HISTORY_KEY, 'desc'), sql`, `)}
         limit ${limit}`,
      );
    },
    (r) => ({ t: (r as ExportRow).kt, id: r.id }),
  );
}
