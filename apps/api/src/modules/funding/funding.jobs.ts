// The funding module's background jobs: abandoned card payments checked and expired, every minute;
// the check of one card payment at its gateway that a gateway webhook asks for; the check of a
// transfer into a dedicated account; and the reconciliation with Paystack (issue 50): a sweep of the
// last 48 hours every few minutes, and a daily pass over the previous Lagos day (one per day: the
// job looks every hour). A check that gives up after its last attempt tells admins and leaves the
// payment to the sweep, which credits it by the same path once Paystack answers: nothing is dropped
// silently.

import { recordAudit } from '../../infra/audit';
import type { AppContext } from '../../infra/context';
import type { JobHandler, JobRow, ModuleJobs } from '../../infra/queue';
import { systemContext } from '../../infra/request-context';
import { notifyAdmins } from '../notifications';
import {
  CARD_CHECK_QUEUE,
  checkCardPaymentAtGateway,
  expireAbandonedCardPayments,
} from './card/card.service';
import { reconcileGateway } from './gateway-recon/gateway-recon.service';
import { checkDedicatedTransfer, DVA_TRANSFER_QUEUE } from './transfer/dedicated-account.service';

const CARD_EXPIRY_QUEUE = 'card-payment-expiry';
const EVERY_MS = 60_000;
export const GATEWAY_SWEEP_QUEUE = 'gateway-recon-sweep';
export const GATEWAY_DAILY_QUEUE = 'gateway-recon-daily';
const SWEEP_EVERY_MS = 5 * 60_000;
const DAILY_LOOK_EVERY_MS = 60 * 60_000;

/** The last attempt of a check failed: admins are told, the sweep will pick the payment up. */
async function gaveUp(ctx: AppContext, job: JobRow, what: string, reference: string, why: string) {
  ctx.log.error(
    { reference, why, attempts: job.attempts },
    `${what} gave up; left to the reconciliation sweep`,
  );
  await notifyAdmins(
    ctx.db,
    'funding.read',
    'Payment check gave up',
    `The check of ${what} ${reference} gave up after ${job.attempts} attempts (${why}). The reconciliation with Paystack will credit it once Paystack confirms it; see the Gateway reconciliation screen.`,
    'funding.reversed',
  );
  await recordAudit(ctx.db, systemContext('gateway-check'), {
    action: 'funding.gateway_check.gave_up',
    targetType: 'paystack_transaction',
    targetId: reference,
    summary: { what, why, attempts: job.attempts },
  });
  return { failed: `${what} ${reference}: ${why} (left to the sweep)` };
}

const lastAttempt = (job: JobRow) => job.attempts >= job.maxAttempts;

export const gatewaySweepJob: JobHandler = async (ctx, _job, now) => {
  const run = await reconcileGateway(ctx, 'SWEEP', now);
  if (run)
    ctx.log.info(
      { runId: run.id, credited: run.creditedCount, discrepancies: run.discrepancyCount },
      'gateway sweep',
    );
  return { retryAt: new Date(now.getTime() + SWEEP_EVERY_MS) };
};

export const gatewayDailyJob: JobHandler = async (ctx, _job, now) => {
  const run = await reconcileGateway(ctx, 'DAILY', now);
  if (run) ctx.log.info({ runId: run.id, day: run.day }, 'gateway daily reconciliation');
  return { retryAt: new Date(now.getTime() + DAILY_LOOK_EVERY_MS) };
};

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
  if (done.unclear && lastAttempt(job))
    return gaveUp(ctx, job, 'card payment', reference, done.detail ?? 'the gateway answer was unclear');
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
  if (done.retry && lastAttempt(job)) return gaveUp(ctx, job, 'bank transfer', reference, done.retry);
  if (done.retry) throw new Error(`transfer ${reference} not settled at Paystack: ${done.retry}`);
  ctx.log.info({ reference, ...done }, 'dedicated account transfer checked at Paystack');
  return undefined;
};

export const fundingJobs: ModuleJobs = {
  handlers: {
    [CARD_EXPIRY_QUEUE]: cardExpiryJob,
    [CARD_CHECK_QUEUE]: cardCheckJob,
    [DVA_TRANSFER_QUEUE]: dedicatedTransferJob,
    [GATEWAY_SWEEP_QUEUE]: gatewaySweepJob,
    [GATEWAY_DAILY_QUEUE]: gatewayDailyJob,
  },
  recurring: (_ctx, now) => [
    { queue: CARD_EXPIRY_QUEUE, runAt: now, dedupeKey: `recurring:${CARD_EXPIRY_QUEUE}` },
    { queue: GATEWAY_SWEEP_QUEUE, runAt: now, dedupeKey: `recurring:${GATEWAY_SWEEP_QUEUE}` },
    { queue: GATEWAY_DAILY_QUEUE, runAt: now, dedupeKey: `recurring:${GATEWAY_DAILY_QUEUE}` },
  ],
};
