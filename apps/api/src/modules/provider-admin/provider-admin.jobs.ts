// The provider-admin module's background job: every configured real upstream's balance every ten
// minutes, with the low-balance alert; and the breakers' call log pruned to its last day (the
// screen reads an hour of it, the breaker minutes).
import type { JobHandler, ModuleJobs } from '../../infra/queue';
import { pruneProviderCalls } from '../providers';
import { readAllBalances } from './provider-admin.service';

const BALANCES_QUEUE = 'providers-balances';
export const PROVIDER_BALANCES_EVERY_MS = 10 * 60_000;

export const providerBalancesJob: JobHandler = async (ctx, _job, now) => {
  await pruneProviderCalls(ctx.db, new Date(now.getTime() - 24 * 60 * 60_000));
  const reads = await readAllBalances(ctx, now);
  const failed = reads.filter((r) => r.error);
  if (failed.length) ctx.log.warn({ failed }, 'provider balance reads failed');
  return { retryAt: new Date(now.getTime() + PROVIDER_BALANCES_EVERY_MS) };
};

export const providerAdminJobs: ModuleJobs = {
  handlers: { [BALANCES_QUEUE]: providerBalancesJob },
  recurring: (_ctx, now) => [{ queue: BALANCES_QUEUE, runAt: now, dedupeKey: `recurring:${BALANCES_QUEUE}` }],
};
