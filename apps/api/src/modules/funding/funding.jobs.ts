// The funding module's background jobs: abandoned card payments checked and expired, every minute;
// the check of one card payment at its gateway that a gateway webhook asks for; and the check of a
// transfer into a dedicated account.
import type { JobHandler, ModuleJobs } from '../../infra/queue';
import {
  CARD_CHECK_QUEUE,
  checkCardPaymentAtGateway,
  expireAbandonedCardPayments,
} from './card/card.service';
import { checkDedicatedTransfer, DVA_TRANSFER_QUEUE } from './transfer/dedicated-account.service';

const CARD_EXPIRY_QUEUE = 'card-payment-expiry';
const EVERY_MS = 60_000;

export const cardExpiryJob: JobHandler = async (ctx, _job, now) => {
  const done = await expireAbandonedCardPayments(ctx, now);
  if (done.checked) ctx.log.info(done, 'abandoned card payments checked');
  return { retryAt: new Date(now.getTime() + EVERY_MS) };
};

/** A webhook's hint: ask the gateway; an answer that cannot be classified is retried with backoff. */
export const cardCheckJob: JobHandler = async (ctx, job) => {
  const reference = String((job.payload as { reference?: unknown }).reference ?? '');
  const done = await checkCardPaymentAtGateway(ctx, reference);
  if (!done) return { failed: `no card payment ${reference}` };
  if (done.unclear) throw new Error(`gateway answer unclear for ${reference}: ${done.detail ?? ''}`);
  ctx.log.info(
    { reference, status: done.payment.status, credited: done.credited },
    'card payment checked at the gateway',
  );
  return undefined;
};

/** A transfer into a dedicated account: verify at Paystack, credit once; unclear answers retry. */
export const dedicatedTransferJob: JobHandler = async (ctx, job) => {
  const reference = String((job.payload as { reference?: unknown }).reference ?? '');
  const done = await checkDedicatedTransfer(ctx, reference);
  if (done.retry) throw new Error(`transfer ${reference} not settled at Paystack: ${done.retry}`);
  ctx.log.info({ reference, ...done }, 'dedicated account transfer checked at Paystack');
  return undefined;
};

export const fundingJobs: ModuleJobs = {
  handlers: {
    [CARD_EXPIRY_QUEUE]: cardExpiryJob,
    [CARD_CHECK_QUEUE]: cardCheckJob,
    [DVA_TRANSFER_QUEUE]: dedicatedTransferJob,
  },
  recurring: (_ctx, now) => [
    { queue: CARD_EXPIRY_QUEUE, runAt: now, dedupeKey: `recurring:${CARD_EXPIRY_QUEUE}` },
  ],
};
