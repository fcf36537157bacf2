import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../../jobs';
import { createAdmin, createCorporate, TEST_PASSWORD, type TestUser } from '../../test/factories';
import { apiAs, buildTestApp, type TestApp } from '../../test/harness';
import { apiKeyFor, apiVend, assignDefaults, expectBooksBalanced, fund } from '../vending/vending.testing';
import { checkWebhookUrl, isPublicAddress } from './webhooks.service';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A client's webhook receiver: answers with the queued status codes (then 200). */
class Receiver {
  received: Received[] = [];
  answers: number[] = [];
  private server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      this.received.push({ headers: req.headers, body });
      res.statusCode = this.answers.shift() ?? 200;
      res.end('ok');
    });
  });
  url = '';
  async start() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/vendport/events`;
  }
  stop() {
    return new Promise((r) => this.server.close(r));
  }
}

/** What a client would do: recompute the HMAC over "t.body" and compare in constant time. */
function verify(secret: string, r: Received): { ok: boolean; t: number } {
  const header = String(r.headers['x-vendport-signature'] ?? '');
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!m) return { ok: false, t: 0 };
  const expected = createHmac('sha256', secret).update(`${m[1]}.${r.body}`).digest();
  return { ok: timingSafeEqual(expected, Buffer.from(m[2], 'hex')), t: Number(m[1]) };
}

let t: TestApp;
let admin: TestUser;
let corp: TestUser & { corporateId: string };
let other: TestUser & { corporateId: string };
let key: string;
let secret: string;
const rx = new Receiver();

const api = apiAs(() => t);
const later = (ms: number) => new Date(Date.now() + ms);

beforeAll(async () => {
  await rx.start();
  t = await buildTestApp();
  admin = await createAdmin(t.app);
  corp = await createCorporate(t.app);
  other = await createCorporate(t.app);
  await assignDefaults(t.app, corp.corporateId);
  await fund(t.app, corp.corporateId, 1_000_000);
  key = await apiKeyFor(t.app, corp.corporateId);
});
afterAll(async () => {
  await t.close();
  await rx.stop();
});

describe('[WEBHOOK] the webhook URL', () => {
  it('[WEBHOOK] refuses URLs that are not http(s), carry credentials, or reach non-public addresses', async () => {
    for (const url of ['ftp://example.com/x', 'not a url', 'https://user:pw@example.com/hook']) {
      expect((await api('POST', 'web-hook-url', corp, { url })).statusCode).toBe(400);
    }
    for (const url of [
      'http://127.0.0.1/x',
      'http://10.1.2.3/x',
      'https://[::1]/x',
      'http://169.254.169.254/latest',
      'http://localhost:8080/x',
      'http://[::ffff:192.168.0.1]/',
    ]) {
      await expect(checkWebhookUrl(url, false)).rejects.toThrow(/public address/);
    }
    await expect(checkWebhookUrl('https://93.184.216.34/hook', false)).resolves.toBe(
      'https://93.184.216.34/hook',
    );
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('2001:4860:4860::8888')).toBe(true);
    for (const ip of [
      '100.64.1.1',
      '172.20.0.1',
      'fe80::1',
      'fd00::1',
      '::ffff:7f00:1',
      '0.0.0.0',
      '::127.0.0.1',
      '::ffff:0:a00:1',
      '64:ff9b:1::a00:1',
      '2002:c0a8:101::1',
      '2001:0:4136:e378::1',
      'fec0::1',
    ])
      expect(isPublicAddress(ip)).toBe(false);
  });

  it('[WEBHOOK] private addresses are refused by the API unless WEBHOOK_ALLOW_PRIVATE is set', async () => {
    const strict = await buildTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'false' } });
    try {
      const c = await createCorporate(strict.app);
      const res = await strict.app.inject({
        method: 'POST',
        url: '/api/v1/web-hook-url',
        headers: c.headers,
        payload: { url: rx.url },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/public address/);
    } finally {
      await strict.close();
    }
  });

  it('[WEBHOOK] the signing secret is shown once, then masked', async () => {
    const res = await api('POST', 'web-hook-url', corp, { url: rx.url });
    expect(res.statusCode).toBe(200);
    secret = res.json().data.secret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    const got = (await api('GET', 'web-hook-url', corp)).json().data;
    expect(got).toMatchObject({
      url: rx.url,
      secret: null,
      secretMasked: `whsec_••••••••${secret.slice(-4)}`,
    });
    const again = (await api('POST', 'web-hook-url', corp, { url: rx.url })).json().data;
    expect(again.secret).toBeNull();
    expect((await api('GET', 'web-hook-url', other)).json().data).toMatchObject({
      url: null,
      secretMasked: null,
    });
    expect(JSON.stringify((await api('GET', 'audit-trails?action=webhook', corp)).json())).not.toContain(
      secret,
    );
  });
});

describe('[WEBHOOK] deliveries', () => {
  it('[WEBHOOK] a final status is delivered signed, with the event id, and verifies', async () => {
    rx.received = [];
    const v = (await apiVend(t.app, key, { amount: 100 })).json().data;
    expect(rx.received).toHaveLength(0);
    await runDueJobs(t.app.ctx, { now: new Date() });
    expect(rx.received).toHaveLength(1);
    const r = rx.received[0];
    expect(verify(secret, r).ok).toBe(true);
    expect(verify('whsec_wrong', r).ok).toBe(false);
    const event = JSON.parse(r.body);
    expect(event).toMatchObject({
      type: 'vend.successful',
      data: { id: v.id, code: v.code, status: 'SUCCESSFUL', reference: v.reference },
    });
    expect(event.id).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(event.livemode).toBe(true);
    expect(r.headers['x-vendport-event-id']).toBe(event.id);
    expect(r.headers['x-vendport-mode']).toBe('LIVE');
    expect(r.headers['content-type']).toBe('application/json');
    const log = (await api('GET', 'webhooks/deliveries', corp)).json().data;
    expect(log[0]).toMatchObject({
      eventId: event.id,
      status: 'DELIVERED',
      attempts: 1,
      lastStatusCode: 200,
      vendCode: v.code,
    });
    const timeline = (await api('GET', `vend/${v.id}`, corp))
      .json()
      .data.events.map((e: { type: string }) => e.type);
    expect(timeline).toContain('WEBHOOK');
  });

  it('[WEBHOOK] a receiver answering 500 is retried with backoff until it accepts', async () => {
    rx.received = [];
    rx.answers = [500, 503];
    const v = (await apiVend(t.app, key, { phone: '+2348000000002', network: 'MTN', amount: 100 })).json()
      .data;
    expect(v.status).toBe('FAILED');
    const t0 = Date.now();
    await runDueJobs(t.app.ctx, { now: new Date(t0) });
    expect(rx.received).toHaveLength(1);
    let d = (await api('GET', 'webhooks/deliveries?limit=40', corp)).json().data[0];
    expect(d).toMatchObject({ status: 'PENDING', attempts: 1, lastStatusCode: 500, lastError: 'HTTP 500' });
    expect(new Date(d.nextAttemptAt).getTime()).toBe(t0 + 30_000);
    // Not yet due: nothing is sent.
    await runDueJobs(t.app.ctx, { now: new Date(t0 + 20_000) });
    expect(rx.received).toHaveLength(1);
    await runDueJobs(t.app.ctx, { now: new Date(t0 + 31_000) });
    expect(rx.received).toHaveLength(2);
    d = (await api('GET', `webhooks/deliveries/${d.id}`, corp)).json().data;
    expect(new Date(d.nextAttemptAt).getTime()).toBe(t0 + 31_000 + 60_000);
    await runDueJobs(t.app.ctx, { now: new Date(t0 + 92_000) });
    expect(rx.received).toHaveLength(3);
    d = (await api('GET', `webhooks/deliveries/${d.id}`, corp)).json().data;
    expect(d).toMatchObject({ status: 'DELIVERED', attempts: 3, lastStatusCode: 200, nextAttemptAt: null });
    expect(d.attemptLog.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 503, 200]);
    // Every attempt carries the same event, freshly signed, and each verifies.
    const ids = new Set(rx.received.map((r) => r.headers['x-vendport-event-id']));
    expect(ids.size).toBe(1);
    expect(rx.received.every((r) => verify(secret, r).ok)).toBe(true);
    expect(new Set(rx.received.map((r) => verify(secret, r).t)).size).toBe(3);
    expect(JSON.parse(rx.received[0].body)).toMatchObject({
      type: 'vend.failed',
      data: { status: 'FAILED' },
    });
  });

  it('[WEBHOOK] deliveries are retried for 24 hours, then given up', async () => {
    rx.received = [];
    rx.answers = Array(50).fill(500);
    await apiVend(t.app, key, { amount: 100 });
    await runDueJobs(t.app.ctx, { now: new Date() });
    await runDueJobs(t.app.ctx, { now: later(23 * 3600_000) });
    let d = (await api('GET', 'webhooks/deliveries', corp)).json().data[0];
    expect(d.status).toBe('PENDING');
    await runDueJobs(t.app.ctx, { now: later(25 * 3600_000) });
    d = (await api('GET', 'webhooks/deliveries', corp)).json().data[0];
    expect(d).toMatchObject({ status: 'FAILED', attempts: 3, nextAttemptAt: null });
    rx.answers = [];
  });

  it('[WEBHOOK] a delivery can be sent again: same event id, new delivery', async () => {
    const failed = (await api('GET', 'webhooks/deliveries?status=FAILED', corp)).json().data[0];
    rx.received = [];
    const res = await api('POST', `webhooks/deliveries/${failed.id}/resend`, corp);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      eventId: failed.eventId,
      resendOf: failed.id,
      status: 'PENDING',
    });
    // While that delivery is on its way, the event cannot be queued again (no flooding).
    const twice = await api('POST', `webhooks/deliveries/${failed.id}/resend`, corp);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(
      'This event is already being delivered; wait for that delivery to finish',
    );
    await runDueJobs(t.app.ctx, { now: new Date() });
    expect(rx.received.map((r) => r.headers['x-vendport-event-id'])).toEqual([failed.eventId]);
    expect(verify(secret, rx.received[0]).ok).toBe(true);
  });

  it('[WEBHOOK] pending vends notify when they become final; reversals notify too', async () => {
    rx.received = [];
    const v = (await apiVend(t.app, key, { phone: '+2348000000003', network: 'MTN', amount: 100 })).json()
      .data;
    await runDueJobs(t.app.ctx, { now: new Date() });
    expect(rx.received).toHaveLength(0);
    await runDueJobs(t.app.ctx, { now: later(31_000) });
    await runDueJobs(t.app.ctx, { now: later(32_000) });
    expect(rx.received.map((r) => JSON.parse(r.body).type)).toEqual(['vend.successful']);
    await api('POST', `vend/${v.id}/reverse`, admin, {
      password: TEST_PASSWORD,
      reason: 'Customer complaint',
    });
    await runDueJobs(t.app.ctx, { now: later(33_000) });
    expect(rx.received.map((r) => JSON.parse(r.body).type)).toEqual(['vend.successful', 'vend.reversed']);
    expect(JSON.parse(rx.received[1].body).data.status).toBe('REVERSED');
  });

  it('[WEBHOOK] a rotated secret (password-confirmed) signs the next deliveries', async () => {
    expect(
      (await api('POST', 'web-hook-url/rotate-secret', corp, { password: 'wrong-password!' })).json().code,
    ).toBe('INVALID_PASSWORD');
    const res = await api('POST', 'web-hook-url/rotate-secret', corp, { password: TEST_PASSWORD });
    const fresh = res.json().data.secret;
    expect(fresh).not.toBe(secret);
    rx.received = [];
    await apiVend(t.app, key, { amount: 100 });
    await runDueJobs(t.app.ctx, { now: new Date() });
    expect(verify(fresh, rx.received[0]).ok).toBe(true);
    expect(verify(secret, rx.received[0]).ok).toBe(false);
    secret = fresh;
  });

  it('[WEBHOOK] another client sees none of the deliveries and cannot resend them', async () => {
    const mine = (await api('GET', 'webhooks/deliveries', corp)).json().data;
    expect((await api('GET', 'webhooks/deliveries', other)).json().data).toEqual([]);
    expect((await api('GET', `webhooks/deliveries/${mine[0].id}`, other)).statusCode).toBe(404);
    expect((await api('POST', `webhooks/deliveries/${mine[0].id}/resend`, other)).statusCode).toBe(404);
    expect((await api('GET', 'webhooks/deliveries', admin)).json().code).toBe('WRONG_AREA');
  });

  it('[WEBHOOK] no webhook, no deliveries; removing it stops pending ones', async () => {
    rx.received = [];
    rx.answers = [500];
    await apiVend(t.app, key, { amount: 100 });
    await runDueJobs(t.app.ctx, { now: new Date() });
    // Removing is password-confirmed: otherwise a stolen session could remove the webhook and set
    // it again to be shown a fresh signing secret, and forge events to the client's receiver.
    expect((await api('DELETE', 'web-hook-url', corp, {})).json().code).toBe('VALIDATION_ERROR');
    expect((await api('DELETE', 'web-hook-url', corp, { password: 'wrong-password!' })).json().code).toBe(
      'INVALID_PASSWORD',
    );
    expect((await api('GET', 'web-hook-url', corp)).json().data.url).toBe(rx.url);
    expect((await api('DELETE', 'web-hook-url', corp, { password: TEST_PASSWORD })).statusCode).toBe(200);
    await runDueJobs(t.app.ctx, { now: later(60_000) });
    expect(rx.received).toHaveLength(1);
    expect((await api('GET', 'webhooks/deliveries', corp)).json().data[0]).toMatchObject({
      status: 'FAILED',
      lastError: 'The webhook was removed',
    });
    const count = (await api('GET', 'webhooks/deliveries', corp)).json().total;
    await apiVend(t.app, key, { amount: 100 });
    expect((await api('GET', 'webhooks/deliveries', corp)).json().total).toBe(count);
    await expectBooksBalanced(t.app);
  });
});

describe('[WEBHOOK] receivers that misbehave or move', () => {
  it('[WEBHOOK] test vends are marked livemode false, with X-VendPort-Mode: TEST', async () => {
    await api('POST', 'web-hook-url', corp, { url: rx.url });
    const testKey = await apiKeyFor(t.app, corp.corporateId, 'TEST');
    const funded = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api/sandbox/fund',
      headers: { 'x-api-key': testKey },
      payload: { amount: '500' },
    });
    expect(funded.statusCode).toBe(200);
    rx.received = [];
    rx.answers = [];
    expect((await apiVend(t.app, testKey, { amount: 100 })).json().data.mode).toBe('TEST');
    await runDueJobs(t.app.ctx, { now: new Date() });
    expect(rx.received).toHaveLength(1);
    expect(JSON.parse(rx.received[0].body)).toMatchObject({ livemode: false, data: { mode: 'TEST' } });
    expect(rx.received[0].headers['x-vendport-mode']).toBe('TEST');
  });

  it('[WEBHOOK] retries go to the URL the client has now, not the one it replaced', async () => {
    const moved = new Receiver();
    await moved.start();
    try {
      rx.received = [];
      rx.answers = [500];
      await apiVend(t.app, key, { amount: 100 });
      await runDueJobs(t.app.ctx, { now: new Date() });
      expect(rx.received).toHaveLength(1);
      expect((await api('POST', 'web-hook-url', corp, { url: moved.url })).statusCode).toBe(200);
      await runDueJobs(t.app.ctx, { now: later(31_000) });
      expect(rx.received).toHaveLength(1);
      expect(moved.received).toHaveLength(1);
      expect(moved.received[0].headers['x-vendport-event-id']).toBe(
        rx.received[0].headers['x-vendport-event-id'],
      );
      const d = (await api('GET', 'webhooks/deliveries', corp)).json().data[0];
      expect(d).toMatchObject({ status: 'DELIVERED', url: moved.url, attempts: 2 });
    } finally {
      await moved.stop();
    }
  });

  it('[WEBHOOK] a receiver that drips its answer is cut off at the time limit; the queue goes on', async () => {
    const drip = http.createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/plain' });
      const timer = setInterval(() => res.write('x'), 50);
      res.on('close', () => clearInterval(timer));
    });
    await new Promise<void>((r) => drip.listen(0, '127.0.0.1', r));
    const slow = await buildTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_MS: '400' } });
    try {
      const c = await createCorporate(slow.app);
      await assignDefaults(slow.app, c.corporateId);
      await fund(slow.app, c.corporateId, 100_000);
      const k = await apiKeyFor(slow.app, c.corporateId);
      const url = `http://127.0.0.1:${(drip.address() as AddressInfo).port}/events`;
      const set = await slow.app.inject({
        method: 'POST',
        url: '/api/v1/web-hook-url',
        headers: c.headers,
        payload: { url },
      });
      expect(set.statusCode).toBe(200);
      await apiVend(slow.app, k, { amount: 100 });
      const started = Date.now();
      await runDueJobs(slow.app.ctx, { now: new Date() });
      expect(Date.now() - started).toBeLessThan(3_000);
      const d = (
        await slow.app.inject({ method: 'GET', url: '/api/v1/webhooks/deliveries', headers: c.headers })
      ).json().data[0];
      expect(d).toMatchObject({
        status: 'PENDING',
        attempts: 1,
        lastError: 'no complete answer within 400 ms',
      });
    } finally {
      await slow.close();
      drip.closeAllConnections();
      await new Promise((r) => drip.close(r));
    }
  });
});
