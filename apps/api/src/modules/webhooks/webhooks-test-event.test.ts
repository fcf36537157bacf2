// POST /webhooks/test (the Developers page's "Send test webhook"): a signed sample event to the
// caller's own URL, through the delivery log.
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCorporateMember, createCorporate, type TestUser } from '../../test/factories';
import { apiAs, buildTestApp, type TestApp } from '../../test/harness';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  path: string;
}

function listener(status = 200) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body, path: req.url ?? '' });
      res.statusCode = status;
      res.end('ok');
    });
  });
  return {
    received,
    async url(path: string) {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
    },
    stop: () => new Promise((r) => server.close(r)),
  };
}

const verifies = (secret: string, r: Received) => {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(r.headers['x-vendport-signature'] ?? ''));
  if (!m) return false;
  const expected = createHmac('sha256', secret).update(`${m[1]}.${r.body}`).digest();
  return timingSafeEqual(expected, Buffer.from(m[2], 'hex'));
};

let t: TestApp;
let corp: TestUser & { corporateId: string };
let other: TestUser & { corporateId: string };
const mine = listener(200);
const theirs = listener(500);
const api = apiAs(() => t);

beforeAll(async () => {
  t = await buildTestApp();
  corp = await createCorporate(t.app);
  other = await createCorporate(t.app);
});
afterAll(async () => {
  await t.close();
  await mine.stop();
  await theirs.stop();
});

describe('[WEBHOOK] send a test event', () => {
  it('[WEBHOOK] needs a session (401) and settings.manage (403)', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/webhooks/test' })).statusCode).toBe(401);
    const reader = await addCorporateMember(t.app, corp.corporateId, ['settings.read']);
    const res = await api('POST', 'webhooks/test', reader);
    expect(res.statusCode).toBe(403);
  });

  it('[WEBHOOK] answers 400 when no webhook URL is set', async () => {
    const res = await api('POST', 'webhooks/test', corp);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Set a webhook URL first');
  });

  it('[WEBHOOK] delivers a signed sample vend.successful (livemode false) to the caller’s URL, logged with its answer', async () => {
    const set = await api('POST', 'web-hook-url', corp, { url: await mine.url('/mine') });
    const secret = set.json().data.secret as string;
    await api('POST', 'web-hook-url', other, { url: await theirs.url('/theirs') });

    const res = await api('POST', 'webhooks/test', corp);
    expect(res.statusCode).toBe(200);
    const out = res.json().data;
    expect(out).toMatchObject({ status: 'DELIVERED', lastStatusCode: 200, attempts: 1, mode: 'TEST' });
    expect(out.durationMs).toBeGreaterThanOrEqual(0);
    expect(res.json().message).toBe('Test event delivered: your endpoint answered HTTP 200');

    // Only the caller's listener got it, signed with the caller's secret.
    expect(theirs.received).toHaveLength(0);
    expect(mine.received).toHaveLength(1);
    const got = mine.received[0];
    expect(got.path).toBe('/mine');
    expect(verifies(secret, got)).toBe(true);
    const event = JSON.parse(got.body);
    expect(event).toMatchObject({ id: out.eventId, type: 'vend.successful', livemode: false });
    expect(event.data).toMatchObject({ status: 'SUCCESSFUL', mode: 'TEST' });

    // In the caller's delivery log (with its attempt), never in another client's; audited.
    const detail = (await api('GET', `webhooks/deliveries/${out.id}`, corp)).json().data;
    expect(detail.attemptLog).toHaveLength(1);
    expect(detail.attemptLog[0].statusCode).toBe(200);
    expect((await api('GET', `webhooks/deliveries/${out.id}`, other)).statusCode).toBe(404);
    const log = (await api('GET', 'audit-trails?action=webhook', corp)).json();
    expect(JSON.stringify(log)).toContain('webhook.test');
  });

  it('[WEBHOOK] shows a failed answer without retrying it', async () => {
    const res = await api('POST', 'webhooks/test', other);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'FAILED', lastStatusCode: 500, nextAttemptAt: null });
    expect(res.json().message).toBe('Test event not delivered: HTTP 500');
    expect(theirs.received).toHaveLength(1);
    expect(mine.received).toHaveLength(1);
  });
});
