// The runs' exports read here: the list's filters (runWhere), rows (runsWithVends) and order,
// latest due first, in keyset batches on the list's key (due_at, id) (infra/db/keyset-stream:
// what that guarantees while runs are added).
import { and } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { keyCondition, keyOrder, keyTime } from '../../infra/db/keyset';
import { keysetBatches } from '../../infra/db/keyset-stream';
import { autoTopupRuns } from '../../infra/db/schema';
import { RUN_KEY, type RunFilter, runsWithVends, runWhere } from './runs.repo';

export type RunExportFilter = Omit<RunFilter, 'page' | 'limit'>;

export function runExportBatches(db: Db, f: RunExportFilter) {
  const where = runWhere({ ...f, page: 1, limit: 1 });
  return keysetBatches(
    (after, limit) =>
      runsWithVends(db, { kt: keyTime(autoTopupRuns.dueAt) })
        .where(and(where, keyCondition(RUN_KEY, after && { op: '<', key: after })))
        .orderBy(...keyOrder(RUN_KEY, 'desc'))
        .limit(limit),
    (r) => ({ t: r.kt, id: r.run.id }),
  );
}
