// The commissions module's background job: accrued commission settled to wallets once a day.
import type { ModuleJobs } from '../../infra/queue';
import { COMMISSION_QUEUE, nextSettlementAt, settleCommissionsJob } from './commissions.service';

export const commissionsJobs: ModuleJobs = {
  handlers: { [COMMISSION_QUEUE]: settleCommissionsJob },
  recurring: (ctx, now) => [
    {
      queue: COMMISSION_QUEUE,
      runAt: nextSettlementAt(now, ctx.config.COMMISSION_SETTLEMENT_HOUR),
      dedupeKey: `recurring:${COMMISSION_QUEUE}`,
    },
  ],
};
