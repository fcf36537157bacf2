// The funding module's background job: abandoned card payments checked and expired, every minute.
import type { JobHandler, ModuleJobs } from '../../infra/queue';
import { expireAbandonedCardPayments } from './card.service';

const CARD_EXPIRY_QUEUE = 'card-payment-expiry';
const EVERY_MS = 60_000;

export const cardExpiryJob: JobHandler = async (ctx, _job, now) => {
  const done = await expireAbandonedCardPayments(ctx, now);
  if (done.checked) ctx.log.info(done, 'abandoned card payments checked');
  return { retryAt: new Date(now.getTime() + EVERY_MS) };
};

export const fundingJobs: ModuleJobs = {
  handlers: { [CARD_EXPIRY_QUEUE]: cardExpiryJob },
  recurring: (_ctx, now) => [
    { queue: CARD_EXPIRY_QUEUE, runAt: now, dedupeKey: `recurring:${CARD_EXPIRY_QUEUE}` },
  ],
};
