// The reconciliation module's background job: just after each Lagos midnight, the statement of
// the period that has just ended for every client that wants one (DAILY: yesterday; WEEKLY: the
// Monday-to-Sunday week, on Mondays), stored and delivered. Each client's statement is made in
// its own transaction with its emails, and only once per period (a unique index), so two workers
// or a rerun after a crash never make or send it twice.

import { nextLagosTime } from '../../infra/lagos-time';
import type { JobHandler, ModuleJobs } from '../../infra/queue';
import * as repo from './reconciliation.repo';
import { lastEndedPeriod, storeStatement } from './statement.service';
import { deliverStatement } from './statement-delivery';

export const STATEMENTS_QUEUE = 'reconciliation-statements';
/** Minutes after Lagos midnight at which the job runs (entries of the last second have committed). */
const AFTER_MIDNIGHT_MINUTES = 5;

/** The next 00:05 in Lagos strictly after `now`. */
export function nextStatementsRunAt(now: Date): Date {
  return nextLagosTime(now, 0, AFTER_MIDNIGHT_MINUTES);
}

export const statementsJob: JobHandler = async (ctx, _job, now) => {
  let made = 0;
  for (const c of await repo.enabledSettings(ctx.db)) {
    if (c.status !== 'ACTIVE') continue;
    const s = c.settings;
    const period = lastEndedPeriod(s.frequency === 'WEEKLY' ? 'WEEKLY' : 'DAILY', now);
    try {
      await ctx.db.transaction(async (tx) => {
        const row = await storeStatement(tx, s.corporateId, period, null);
        if (!row) return;
        await deliverStatement(ctx, tx, row, {
          emails: s.emails,
          inApp: s.inApp,
          format: s.format === 'CSV_PDF' ? 'CSV_PDF' : 'CSV',
        });
        made++;
      });
    } catch (err) {
      // One client's failure must not hold up the others' statements; the next run tries again.
      ctx.log.error({ err, corporateId: s.corporateId }, 'statement could not be made');
    }
  }
  if (made) ctx.log.info({ made }, 'statements made');
  return { retryAt: nextStatementsRunAt(now) };
};

export const reconciliationJobs: ModuleJobs = {
  handlers: { [STATEMENTS_QUEUE]: statementsJob },
  // The first run is now: a server that was down at midnight catches up the last period.
  recurring: (_ctx, now) => [
    { queue: STATEMENTS_QUEUE, runAt: now, dedupeKey: `recurring:${STATEMENTS_QUEUE}` },
  ],
};
