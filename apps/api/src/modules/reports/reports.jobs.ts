// The reports module's background job: rebuilding the day roll-ups every minute (today's watermark
// trails the build by two minutes or more: the reads sum the vends after it).
import type { JobHandler, ModuleJobs } from '../../infra/queue';
import { buildRollups } from './rollup.service';

const ROLLUP_QUEUE = 'reports-rollup';
const EVERY_MS = 60_000;

export const rollupJob: JobHandler = async (ctx, _job, now) => {
  const built = await buildRollups(ctx.db, now);
  if (built.length > 1) ctx.log.info({ days: built.length, first: built[0] }, 'report roll-ups rebuilt');
  // More to do (a long history on the first run): come back soon rather than in a minute.
  return { retryAt: new Date(now.getTime() + (built.length === 31 ? 5_000 : EVERY_MS)) };
};

export const reportsJobs: ModuleJobs = {
  handlers: { [ROLLUP_QUEUE]: rollupJob },
  recurring: (_ctx, now) => [{ queue: ROLLUP_QUEUE, runAt: now, dedupeKey: `recurring:${ROLLUP_QUEUE}` }],
};
