// The auto top-up module's background job: the scheduler's pass, every minute, on whichever
// worker claims it (a pass raced by another worker is harmless: see scheduler.service).
import type { JobHandler, ModuleJobs } from '../../infra/queue';
import { runSchedule } from './scheduler.service';

export const AUTO_TOPUP_QUEUE = 'auto-topup-schedule';

export const autoTopupScheduleJob: JobHandler = async (ctx, _job, now) => {
  const { created, processed } = await runSchedule(ctx, now);
  if (created || processed) ctx.log.info({ created, processed }, 'auto top-up pass');
  return { retryAt: new Date(now.getTime() + 60_000) };
};

export const autoTopupJobs: ModuleJobs = {
  handlers: { [AUTO_TOPUP_QUEUE]: autoTopupScheduleJob },
  recurring: (_ctx, now) => [
    { queue: AUTO_TOPUP_QUEUE, runAt: now, dedupeKey: `recurring:${AUTO_TOPUP_QUEUE}` },
  ],
};
