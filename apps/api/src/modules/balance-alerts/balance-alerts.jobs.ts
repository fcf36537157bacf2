// The alerts module's background job: the vend-failure check every five minutes.
import type { JobHandler, ModuleJobs } from '../../infra/queue';
import { alertVendFailures } from './failure-alerts.service';

const FAILURES_QUEUE = 'alerts-vend-failures';
const EVERY_MS = 5 * 60_000;

export const vendFailuresJob: JobHandler = async (ctx, _job, now) => {
  const alerted = await alertVendFailures(ctx, now);
  if (alerted.length) ctx.log.info({ clients: alerted.length }, 'vend-failure alerts sent');
  return { retryAt: new Date(now.getTime() + EVERY_MS) };
};

export const alertsJobs: ModuleJobs = {
  handlers: { [FAILURES_QUEUE]: vendFailuresJob },
  recurring: (_ctx, now) => [{ queue: FAILURES_QUEUE, runAt: now, dedupeKey: `recurring:${FAILURES_QUEUE}` }],
};
