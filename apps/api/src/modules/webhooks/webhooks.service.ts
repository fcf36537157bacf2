// The client's webhook: its URL (public addresses only) and signing secret, and the delivery of
// vend events. An event is written in the transaction that makes a vend final, then delivered by
// the job queue, signed `X-VendPort-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`,
// retried with exponential backoff for at least 24 hours; receivers deduplicate by event id.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { WebhookEventType } from '@vendport/shared';
import { recordAudit } from '../../infra/audit';
import type { AppContext } from '../../infra/context';
import type { Db } from '../../infra/db/client';
import { badRequest, conflict, notFound } from '../../infra/errors';
import { ipInList } from '../../infra/ip';
import { enqueue, type JobHandler, type JobOutcome } from '../../infra/queue';
import type { RequestContext } from '../../infra/request-context';
import * as repo from './webhooks.repo';

export const WEBHOOK_QUEUE = 'webhook-delivery';
/** Deliveries keep being retried until at least this long after the event. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 3600_000;

/** Addresses a webhook may never reach: private, loopback, link-local, CGNAT, multicast,
 * documentation and other non-public ranges, and the IPv6 forms that embed an IPv4 address
 * (IPv4-compatible and -mapped, NAT64, 6to4, Teredo) or are deprecated (site-local). */
const NON_PUBLIC = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
  '::/96',
  '::ffff:0:0/96',
  '::ffff:0:0:0/96',
  '64:ff9b::/96',
  '64:ff9b:1::/48',
  '100::/64',
  '2001::/32',
  '2001:db8::/32',
  '2002::/16',
  'fc00::/7',
  'fe80::/10',
  'fec0::/10',
  'ff00::/8',
];

export const isPublicAddress = (ip: string) =>
  isIP(ip.replace(/^\[|\]$/g, '')) !== 0 && !ipInList(ip.replace(/^\[|\]$/g, ''), NON_PUBLIC);

/** Every address the host resolves to must be public (unless private addresses are allowed). */
async function checkHost(host: string, allowPrivate: boolean): Promise<void> {
  const bare = host.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(bare)) addresses = [bare];
  else {
    try {
      addresses = (await lookup(bare, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      throw badRequest(`The webhook host ${host} does not resolve`);
    }
  }
  if (!addresses.length) throw badRequest(`The webhook host ${host} does not resolve`);
  if (!allowPrivate) {
    const bad = addresses.filter((a) => !isPublicAddress(a));
    if (bad.length)
      throw badRequest(
        `The webhook URL must point to a public address (${host} resolves to ${bad.join(', ')})`,
      );
  }
}

export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest('Enter a valid URL, e.g. https://example.com/vendport/webhook');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw badRequest('The webhook URL must start with https:// or http://');
  if (url.username || url.password)
    throw badRequest('The webhook URL must not carry a user name or password');
  url.hash = '';
  await checkHost(url.hostname, allowPrivate);
  return url.toString();
}

const newSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;
const mask = (last4: string) => `whsec_••••••••${last4}`;

export const webhookOut = (row: repo.EndpointRow | null, secret: string | null = null) => ({
  url: row?.url ?? null,
  secret,
  secretMasked: row ? mask(row.secretLast4) : null,
  updatedAt: row?.updatedAt.toISOString() ?? null,
});

/** Sets the URL; the signing secret is generated the first time and returned only then. */
export async function setWebhookUrl(
  ctx: AppContext,
  rc: RequestContext,
  corporateId: string,
  rawUrl: string,
) {
  const url = await checkWebhookUrl(rawUrl, ctx.config.WEBHOOK_ALLOW_PRIVATE);
  const newOne = newSecret();
  return ctx.db.transaction(async (tx) => {
    const created = await repo.insertEndpoint(tx, {
      corporateId,
      url,
      secretEnc: ctx.sealer.seal(newOne),
      secretLast4: newOne.slice(-4),
    });
    const row = created ?? (await repo.updateEndpoint(tx, corporateId, { url, updatedAt: new Date() }))!;
    const secret = created ? newOne : null;
    await recordAudit(tx, rc, {
      action: 'webhook.set',
      targetType: 'webhook',
      targetId: row.corporateId,
      summary: { url: row.url, secretGenerated: !!secret },
    });
    return { row, secret };
  });
}

export async function rotateWebhookSecret(ctx: AppContext, rc: RequestContext, corporateId: string) {
  const secret = newSecret();
  return ctx.db.transaction(async (tx) => {
    const row = await repo.updateEndpoint(tx, corporateId, {
      secretEnc: ctx.sealer.seal(secret),
      secretLast4: secret.slice(-4),
      updatedAt: new Date(),
    });
    if (!row) throw notFound('Webhook');
    await recordAudit(tx, rc, {
      action: 'webhook.rotate-secret',
      targetType: 'webhook',
      targetId: row.corporateId,
    });
    return { row, secret };
  });
}

export async function removeWebhook(db: Db, rc: RequestContext, corporateId: string) {
  await db.transaction(async (tx) => {
    if (!(await repo.deleteEndpoint(tx, corporateId))) throw notFound('Webhook');
    await recordAudit(tx, rc, { action: 'webhook.remove', targetType: 'webhook', targetId: corporateId });
  });
}

// ---------------------------------------------------------------- events and deliveries

export interface VendEventPayload {
  corporateId: string;
  vendId: string;
  mode: string;
  type: WebhookEventType;
  at: Date;
  data: unknown;
}

export const newEventId = () => `evt_${randomUUID().replace(/-/g, '')}`;

/**
 * The event as delivered: {id, type, livemode, createdAt, data}. `livemode` is false for test
 * vends (test key or test mode), which go to the same URL: a receiver must not credit anyone
 * for them.
 */
export const webhookBody = (eventId: string, type: WebhookEventType, mode: string, at: Date, data: unknown) =>
  JSON.stringify({ id: eventId, type, livemode: mode === 'LIVE', createdAt: at.toISOString(), data });

/**
 * Writes the event's delivery (and its job) in the caller's transaction, when the client has a
 * webhook, through the one enqueuer (webhook_enqueue, the function the success batch calls too).
 * The body is fixed now; each attempt signs it afresh.
 */
export async function queueVendWebhook(db: Db, e: VendEventPayload): Promise<void> {
  const eventId = newEventId();
  await repo.enqueueWebhooks(db, [
    {
      corporateId: e.corporateId,
      vendId: e.vendId,
      eventId,
      type: e.type,
      mode: e.mode,
      body: webhookBody(eventId, e.type, e.mode, e.at, e.data),
      at: e.at,
      queue: WEBHOOK_QUEUE,
    },
  ]);
}

export function signature(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** Backoff after failed attempt n: 30 s, 1 min, 2 min ... doubling, capped at 3 hours. */
export const webhookBackoffMs = (attempt: number) =>
  Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 3 * 3600_000);

/** A DNS lookup for the delivery socket that refuses non-public answers (DNS rebinding). */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { all: true, verbatim: true })
      .then((addresses) => {
        const bad = addresses.find((a) => !allowPrivate && !isPublicAddress(a.address));
        if (bad || !addresses.length) {
          callback(new Error(`refused: ${hostname} resolves to a non-public address`), '', 4);
          return;
        }
        // net's LookupFunction takes the whole list when the socket asked for all of them.
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0].address, addresses[0].family);
      })
      .catch((err: Error) => callback(err as NodeJS.ErrnoException, '', 4));
  };
}

interface PostResult {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** The most of a receiver's answer that is read; the status line is what counts. */
const MAX_ANSWER_BYTES = 64 * 1024;

function post(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  allowPrivate: boolean,
): Promise<PostResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    const u = new URL(url);
    const client = u.protocol === 'https:' ? https : http;
    let done = false;
    // One deadline for the whole attempt (connect, send, answer): a socket timeout alone only
    // fires when the line goes quiet, so a receiver dripping bytes would hold the queue forever.
    const deadline = setTimeout(
      () => req.destroy(new Error(`no complete answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const finish = (r: Omit<PostResult, 'durationMs'>) => {
      if (done) return;
      done = true;
      clearTimeout(deadline);
      resolve({ ...r, durationMs: Date.now() - started });
    };
    const req = client.request(
      u,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body).toString() },
        timeout: timeoutMs,
        lookup: guardedLookup(allowPrivate),
      },
      (res) => {
        // The answer's body is read and dropped, and only so far: the status is what matters.
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) {
            finish({ statusCode: res.statusCode ?? null, error: null });
            res.destroy();
          }
        });
        res.on('end', () => finish({ statusCode: res.statusCode ?? null, error: null }));
        res.on('error', (err) => finish({ statusCode: res.statusCode ?? null, error: err.message }));
        res.on('close', () => finish({ statusCode: res.statusCode ?? null, error: null }));
      },
    );
    req.on('timeout', () => {
      req.destroy(new Error(`no answer within ${timeoutMs} ms`));
    });
    req.on('error', (err) => finish({ statusCode: null, error: err.message.slice(0, 300) }));
    req.end(body);
  });
}

/** One delivery attempt; reschedules itself until delivered or the retry window has passed. */
export const deliverWebhookJob: JobHandler = (ctx, job, now) =>
  deliverWebhook(ctx, String(job.payload.deliveryId), now);

/**
 * One attempt at a pending delivery (the queue's job, or a test event sent at once): undefined
 * when it is delivered or over, else when to try again.
 */
export async function deliverWebhook(ctx: AppContext, deliveryId: string, now: Date): Promise<JobOutcome> {
  const d = await repo.deliveryById(ctx.db, deliveryId);
  if (d?.status !== 'PENDING') return undefined;
  const endpoint = await repo.getWebhook(ctx.db, d.corporateId);
  if (!endpoint) {
    await repo.updateDelivery(ctx.db, d.id, {
      status: 'FAILED',
      lastError: 'The webhook was removed',
      nextAttemptAt: null,
      updatedAt: now,
    });
    return undefined;
  }
  // Every attempt goes to the URL the client has now (a URL replaced because it leaked must not
  // keep receiving retries), and its host is checked again (and by the socket's own lookup).
  const url = endpoint.url;
  const t = Math.floor(now.getTime() / 1000);
  const secret = ctx.sealer.open(endpoint.secretEnc);
  let result: PostResult;
  try {
    await checkHost(new URL(url).hostname, ctx.config.WEBHOOK_ALLOW_PRIVATE);
    result = await post(
      url,
      d.body,
      {
        'content-type': 'application/json',
        'user-agent': 'VendPort-Webhooks/1.0',
        'x-vendport-event-id': d.eventId,
        'x-vendport-event-type': d.eventType,
        'x-vendport-mode': d.mode,
        'x-vendport-signature': `t=${t},v1=${signature(secret, t, d.body)}`,
      },
      ctx.config.WEBHOOK_TIMEOUT_MS,
      ctx.config.WEBHOOK_ALLOW_PRIVATE,
    );
  } catch (err) {
    result = { statusCode: null, error: (err as Error).message.slice(0, 300), durationMs: 0 };
  }
  const attempt = d.attempts + 1;
  const delivered = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const expired = !delivered && now.getTime() - d.createdAt.getTime() >= WEBHOOK_RETRY_WINDOW_MS;
  const next = delivered || expired ? null : new Date(now.getTime() + webhookBackoffMs(attempt));
  const error = delivered ? null : (result.error ?? `HTTP ${result.statusCode}`);
  await ctx.db.transaction(async (tx) => {
    await repo.insertAttempt(tx, {
      deliveryId: d.id,
      attempt,
      statusCode: result.statusCode,
      error,
      durationMs: result.durationMs,
      createdAt: now,
    });
    await repo.updateDelivery(tx, d.id, {
      status: delivered ? 'DELIVERED' : expired ? 'FAILED' : 'PENDING',
      url,
      attempts: attempt,
      lastStatusCode: result.statusCode,
      lastError: error,
      nextAttemptAt: next,
      deliveredAt: delivered ? now : null,
      updatedAt: now,
    });
    if (d.vendId) {
      await ctx.events.vendWebhookAttempted(tx, {
        vendId: d.vendId,
        outcome: delivered ? 'DELIVERED' : expired ? 'GAVE_UP' : 'RETRY',
        message: `${d.eventType} ${d.eventId} attempt ${attempt}: ${delivered ? `HTTP ${result.statusCode}` : error}`,
        data: { deliveryId: d.id, statusCode: result.statusCode },
        at: now,
      });
    }
  });
  return next ? { retryAt: next } : undefined;
}

/** Sends an event again, now, to the current URL: a new delivery with the same event id and body. */
export async function resendDelivery(db: Db, rc: RequestContext, corporateId: string, id: string) {
  const found = await repo.findDelivery(db, corporateId, id);
  if (!found) throw notFound('Webhook delivery');
  const endpoint = await repo.getWebhook(db, corporateId);
  if (!endpoint) throw badRequest('Set a webhook URL first');
  // One delivery of an event on its way at a time: resending cannot flood the queue.
  if (await repo.eventUnderWay(db, corporateId, found.d.eventId)) {
    throw conflict('This event is already being delivered; wait for that delivery to finish');
  }
  const now = new Date();
  return db.transaction(async (tx) => {
    const d = await repo.insertDelivery(tx, {
      corporateId,
      eventId: found.d.eventId,
      eventType: found.d.eventType,
      vendId: found.d.vendId,
      mode: found.d.mode,
      url: endpoint.url,
      body: found.d.body,
      nextAttemptAt: now,
      resendOf: found.d.id,
    });
    await enqueue(
      tx,
      WEBHOOK_QUEUE,
      { deliveryId: d.id },
      { runAt: now, dedupeKey: `webhook:${d.id}`, maxAttempts: 1000 },
    );
    await recordAudit(tx, rc, {
      action: 'webhook.resend',
      targetType: 'webhook_delivery',
      targetId: d.id,
      summary: { eventId: d.eventId, resendOf: id },
    });
    return { d, vendCode: found.vendCode };
  });
}

export const deliveryOut = (r: { d: repo.DeliveryRow; vendCode: string | null }) => ({
  id: r.d.id,
  eventId: r.d.eventId,
  eventType: r.d.eventType as WebhookEventType,
  vendId: r.d.vendId,
  vendCode: r.vendCode,
  url: r.d.url,
  mode: r.d.mode as 'LIVE' | 'TEST',
  status: r.d.status as 'PENDING' | 'DELIVERED' | 'FAILED',
  attempts: r.d.attempts,
  lastStatusCode: r.d.lastStatusCode,
  lastError: r.d.lastError,
  nextAttemptAt: r.d.nextAttemptAt?.toISOString() ?? null,
  deliveredAt: r.d.deliveredAt?.toISOString() ?? null,
  resendOf: r.d.resendOf,
  createdAt: r.d.createdAt.toISOString(),
});
