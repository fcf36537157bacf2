// The test event of the Developers page: a signed sample vend.successful (livemode false) sent to
// the caller's own webhook URL now, through the delivery log (one attempt, never retried).
import { formatNaira } from '@vendport/shared';
import { recordAudit } from '../../infra/audit';
import type { AppContext } from '../../infra/context';
import { badRequest } from '../../infra/errors';
import type { RequestContext } from '../../infra/request-context';
import * as repo from './webhooks.repo';
import { deliverWebhook, newEventId, webhookBody } from './webhooks.service';

/** A sample `vend.successful` event (livemode false) with made-up vend data: credit no one for it. */
export function sampleVendEvent(eventId: string, at: Date): string {
  const iso = at.toISOString();
  return webhookBody(eventId, 'vend.successful', 'TEST', at, {
    id: '00000000-0000-4000-8000-000000000000',
    code: 'VND-TEST0000',
    reference: `test-webhook-${eventId.slice(4, 16)}`,
    mode: 'TEST',
    channel: 'API',
    status: 'SUCCESSFUL',
    phone: '+2348000000001',
    network: 'MTN',
    type: 'AIRTIME',
    platform: 'AGGREGATOR',
    planCode: null,
    planName: null,
    amountKobo: 50_000,
    amount: formatNaira(50_000),
    chargedKobo: 49_000,
    charged: formatNaira(49_000),
    commissionKobo: 1_000,
    commission: formatNaira(1_000),
    commissionMode: 'UPFRONT',
    failureReason: null,
    createdAt: iso,
    completedAt: iso,
    reversedAt: null,
  });
}

/**
 * Sends a signed sample event to the caller's own webhook URL now, through the delivery machinery
 * (a delivery row, one attempt signed like any other, logged with its answer), and answers with
 * that attempt. A test event is tried once: it is not retried (resend it from the delivery log).
 */
export async function sendTestWebhook(ctx: AppContext, rc: RequestContext, corporateId: string) {
  const endpoint = await repo.getWebhook(ctx.db, corporateId);
  if (!endpoint) throw badRequest('Set a webhook URL first');
  const now = new Date();
  const eventId = newEventId();
  const d = await ctx.db.transaction(async (tx) => {
    const created = await repo.insertDelivery(tx, {
      corporateId,
      eventId,
      eventType: 'vend.successful',
      vendId: null,
      mode: 'TEST',
      url: endpoint.url,
      body: sampleVendEvent(eventId, now),
      nextAttemptAt: now,
    });
    await recordAudit(tx, rc, {
      action: 'webhook.test',
      targetType: 'webhook_delivery',
      targetId: created.id,
      summary: { eventId, url: endpoint.url },
    });
    return created;
  });
  const outcome = await deliverWebhook(ctx, d.id, now);
  if (outcome) {
    // Not delivered: no retry for a test event.
    await repo.updateDelivery(ctx.db, d.id, { status: 'FAILED', nextAttemptAt: null, updatedAt: new Date() });
  }
  const after = (await repo.findDelivery(ctx.db, corporateId, d.id))!;
  const [attempt] = (await repo.attemptsOf(ctx.db, d.id)).slice(-1);
  return { found: after, durationMs: attempt?.durationMs ?? 0 };
}
