// The provider-admin module's background job: every configured real upstream's balance every ten
// minutes, with the low-balance alert.
import type { JobHandler, ModuleJobs } from '../../infra/queue';
import { readAllBalances } from './provider-admin.service';

const BALANCES_QUEUE = 'providers-balances';
export const PROVIDER_BALANCES_EVERY_MS = 10 * 60_000;

export const providerBalancesJob: JobHandler = async (ctx, _job, now) => {
  const reads = await readAllBalances(ctx, now);
  const failed = reads.filter((r) => r.error);
  if (failed.length) ctx.log.warn({ failed }, 'provider balance reads failed');
  return { retryAt: new Date(now.getTime() + PROVIDER_BALANCES_EVERY_MS) };
};

export const providerAdminJobs: ModuleJobs = {
  handlers: { [BALANCES_QUEUE]: providerBalancesJob },
  recurring: (_ctx, now) => [{ queue: BALANCES_QUEUE, runAt: now, dedupeKey: `recurring:${BALANCES_QUEUE}` }],
};
