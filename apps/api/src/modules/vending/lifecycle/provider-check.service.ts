// A provider's word about a vend that arrives on its own (issue 32): a callback is only a hint, so
// it schedules a check, and the check asks the provider (the attempt's request id) and acts on the
// answer. A PENDING vend is requeried as usual; about a final one (a SUCCESSFUL vend the provider
// says it reversed, a refunded one it says it delivered) the answer raises a discrepancy for an
// admin to resolve (issue 49): late truths go to the review queue, never straight to the money.
import type { AppContext } from '../../../infra/context';
import { enqueue, type JobHandler } from '../../../infra/queue';
import { findVendById, type VendRow } from '../records/vends.repo';
import { askAboutFinal } from '../truths/late-truth.service';
import { stepNow } from './deliver.service';
import { requeryVend } from './requery.service';
import { attemptByRequest } from './vend-attempts.repo';

export const PROVIDER_CHECK_QUEUE = 'provider-check';

/**
 * A provider told us something about one of our requests: find the attempt and schedule a check
 * of its vend now. Unknown ids are ignored (a hint about nothing); nothing is settled here.
 */
export async function hintFromProvider(
  ctx: AppContext,
  provider: 'VTPASS' | 'RELOADLY',
  q: { requestId?: string; providerReference?: string },
): Promise<{ vendId: string } | null> {
  const attempt = await attemptByRequest(ctx.db, provider, q);
  if (!attempt) return null;
  // One check waiting per vend, however many hints arrive (VTpass's are unsigned: a flood of them
  // costs one requery, not one each).
  await enqueue(
    ctx.db,
    PROVIDER_CHECK_QUEUE,
    { vendId: attempt.vendId },
    { maxAttempts: 5, dedupeKey: `provider-check:${attempt.vendId}` },
  );
  return { vendId: attempt.vendId };
}

/**
 * The check a hint schedules: the provider's answer decides a PENDING vend; about a final one it
 * can only contradict us, and a contradiction goes to the review queue (truths/), never to the
 * money: the admin resolves it (a refund after success through the one reversal function).
 */
export async function checkAtProvider(
  ctx: AppContext,
  vendId: string,
  now = new Date(),
): Promise<VendRow | null> {
  const v = await findVendById(ctx.db, vendId);
  if (!v) return null;
  if (v.status === 'PENDING') return (await requeryVend(ctx, vendId, { now })).vend;
  if (stepNow(v).provider === 'SIMULATOR') return v;
  await askAboutFinal(ctx, v, 'CALLBACK');
  return v;
}

export const providerCheckJob: JobHandler = async (ctx, job, now) => {
  await checkAtProvider(ctx, String(job.payload.vendId), now);
  return undefined;
};
