// The runs' exports read here: the list's filters (runWhere) and rows (runsWithVends), latest
// due first, in keyset batches on (due_at, created_at, id) (infra/db/keyset-stream: what that
// guarantees while runs are added). The list orders by due time then creation; the id only
// breaks ties the list leaves open.
import { and, desc, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { keysetBatches, keysetBefore } from '../../infra/db/keyset-stream';
import { autoTopupRuns } from '../../infra/db/schema';
import { type RunFilter, runsWithVends, runWhere } from './runs.repo';

export type RunExportFilter = Omit<RunFilter, 'page' | 'limit'>;

export function runExportBatches(db: Db, f: RunExportFilter) {
  const where = runWhere({ ...f, page: 1, limit: 1 });
  return keysetBatches(
    (after, limit) =>
      runsWithVends(db, {
        dueKey: sql<string>`${autoTopupRuns.dueAt}::text`,
        createdKey: sql<string>`${autoTopupRuns.createdAt}::text`,
      })
        .where(
          and(
            where,
            keysetBefore(
              [sql`${autoTopupRuns.dueAt}`, sql`${autoTopupRuns.createdAt}`, sql`${autoTopupRuns.id}`],
              ['timestamptz', 'timestamptz', 'uuid'],
              after,
            ),
          ),
        )
        .orderBy(desc(autoTopupRuns.dueAt), desc(autoTopupRuns.createdAt), desc(autoTopupRuns.id))
        .limit(limit),
    (r) => [r.dueKey, r.createdKey, r.run.id],
  );
}
