// The vending module's background jobs: the requery of one vend, and the sweep that recovers
// vends left PENDING by a crash.
import { enqueue, type JobHandler, type ModuleJobs } from '../../jobs/queue';
import { REQUERY_QUEUE, requeryVend } from './requery.service';
import { pendingDueIds } from './vending.repo';

export const requeryJob: JobHandler = async (ctx, job, now) => {
  const { retryAt } = await requeryVend(ctx, String(job.payload.vendId), { now });
  return retryAt ? { retryAt } : undefined;
};

/**
 * Recovery after a crash: PENDING vends whose requery time has passed without a job (the process
 * died between the debit and the provider's answer) get one. Runs every minute.
 */
export const requerySweepJob: JobHandler = async (ctx, _job, now) => {
  const due = await pendingDueIds(ctx.db, now, 500);
  for (const v of due)
    await enqueue(ctx.db, REQUERY_QUEUE, { vendId: v.id }, { runAt: now, dedupeKey: `requery:${v.id}` });
  return { retryAt: new Date(now.getTime() + 60_000) };
};

export const vendingJobs: ModuleJobs = {
  handlers: { [REQUERY_QUEUE]: requeryJob, 'requery-sweep': requerySweepJob },
  recurring: (_ctx, now) => [{ queue: 'requery-sweep', runAt: now, dedupeKey: 'recurring:requery-sweep' }],
};
