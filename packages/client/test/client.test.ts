// @vendport/client against the real API (started in-process, sandbox key): every method, the
// retries that must never vend twice, typed errors, and a signed webhook received locally.
import { createHmac } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createVendPortClient,
  type VendPortClient,
  VendPortError,
  verifyWebhook,
  WebhookVerificationError,
} from '../src/index';
import { Receiver, type Receiver as ReceiverT, type RunningApi, startApi, until } from './server';

let api: RunningApi;
let client: VendPortClient;
const rx: ReceiverT = new Receiver();

/** A fetch that records the body of every request it sends (and can be told to misbehave). */
function recordingFetch(
  misbehave: (n: number, req: Request) => 'lose-answer' | 'fail' | '502' | '429' | 'ok' = () => 'ok',
) {
  const bodies: string[] = [];
  const f = async (req: Request) => {
    const n = bodies.push(req.method === 'GET' ? req.url : await req.clone().text());
    const what = misbehave(n, req);
    if (what === 'fail') throw new TypeError('fetch failed');
    if (what === '429')
      return new Response(
        JSON.stringify({ success: false, message: 'Retry in 1 second.', errors: [], code: 'RATE_LIMITED' }),
        { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '0' } },
      );
    if (what === '502')
      return new Response(
        JSON.stringify({ success: false, message: 'Bad gateway', errors: [], code: 'BAD_GATEWAY' }),
        { status: 502, headers: { 'content-type': 'application/json' } },
      );
    const res = await fetch(req);
    // The call reached the server and was answered, but the answer never came back.
    if (what === 'lose-answer') throw new TypeError('fetch failed: socket hang up');
    return res;
  };
  return { fetch: f, bodies };
}

const clientWith = (f: (req: Request) => Promise<Response>, attempts = 4) =>
  createVendPortClient({
    baseUrl: api.baseUrl,
    apiKey: api.sandboxKey,
    fetch: f,
    retry: { attempts, baseDelayMs: 5 },
  });

beforeAll(async () => {
  await rx.start();
  // The simulator takes 300 ms: a respond-async vend is still PENDING when answered.
  api = await startApi({ SIMULATOR_LATENCY_MS: '300' });
  client = createVendPortClient({ baseUrl: api.baseUrl, apiKey: api.sandboxKey, retry: { baseDelayMs: 5 } });
});
afterAll(async () => {
  await api?.close();
  await rx.stop();
});

describe('[CLIENT] vend()', () => {
  it('[CLIENT] vends with a reference it makes, on the sandbox wallet', async () => {
    const before = await client.balance();
    const r = await client.vend({ phone: '08031234567', type: 'AIRTIME', amount: '100' });
    expect(r.vend.status).toBe('SUCCESSFUL');
    expect(r.vend.mode).toBe('TEST');
    expect(r.vend.reference).toMatch(/^vp-[0-9a-f-]{36}$/);
    expect(r).toMatchObject({ accepted: false, replayed: false, attempts: 1 });
    expect(r.message).toMatch(/./);
    const after = await client.balance();
    expect(after.mode).toBe('TEST');
    expect(before.balanceKobo - after.balanceKobo).toBe(r.vend.chargedKobo);
  });

  it('[CLIENT] an answer lost on the network is retried with the same reference: one vend, one debit', async () => {
    const before = await client.balance();
    const rec = recordingFetch((n) => (n === 1 ? 'lose-answer' : 'ok'));
    const r = await clientWith(rec.fetch).vend({ phone: '08031234568', type: 'AIRTIME', amount: '150' });
    expect(r.attempts).toBe(2);
    expect(r.replayed).toBe(true);
    expect(r.vend.status).toBe('SUCCESSFUL');
    const refs = rec.bodies.map((b) => JSON.parse(b).reference);
    expect(refs).toEqual([r.vend.reference, r.vend.reference]);
    // One debit: the balance moved by one charge only.
    const after = await client.balance();
    expect(before.balanceKobo - after.balanceKobo).toBe(r.vend.chargedKobo);
    expect(r.vend.chargedKobo).toBeGreaterThan(0);
    expect((await client.getVend(r.vend.reference)).id).toBe(r.vend.id);
  });

  it('[CLIENT] a 5xx is retried with the same reference; a given reference is kept', async () => {
    const rec = recordingFetch((n) => (n < 3 ? '502' : 'ok'));
    const r = await clientWith(rec.fetch).vend({
      reference: 'MY-ORDER-77',
      phone: '08031234569',
      type: 'AIRTIME',
      amount: '100',
    });
    expect(r.attempts).toBe(3);
    expect(r.vend.reference).toBe('MY-ORDER-77');
    expect(rec.bodies.map((b) => JSON.parse(b).reference)).toEqual([
      'MY-ORDER-77',
      'MY-ORDER-77',
      'MY-ORDER-77',
    ]);
  });

  it('[CLIENT] a 429 is retried after its Retry-After with the same reference; one longer than maxDelayMs is thrown', async () => {
    const rec = recordingFetch((n) => (n < 2 ? '429' : 'ok'));
    const r = await clientWith(rec.fetch).vend({ phone: '08031234569', type: 'AIRTIME', amount: '100' });
    expect(r.attempts).toBe(2);
    expect(new Set(rec.bodies.map((b) => JSON.parse(b).reference)).size).toBe(1);
    const slow = async (req: Request) => {
      await req.text();
      return new Response(
        JSON.stringify({ success: false, message: 'Retry in 60 seconds.', errors: [], code: 'RATE_LIMITED' }),
        { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '60' } },
      );
    };
    const err = await clientWith(slow)
      .vend({ phone: '08031234569', type: 'AIRTIME', amount: '100' })
      .catch((e) => e);
    expect(err).toBeInstanceOf(VendPortError);
    expect(err).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
  });

  it('[CLIENT] stops after the bounded attempts with a NETWORK_ERROR VendPortError', async () => {
    const rec = recordingFetch(() => 'fail');
    const err = await clientWith(rec.fetch, 3)
      .vend({ phone: '08031234567', type: 'AIRTIME', amount: '100' })
      .catch((e) => e);
    expect(err).toBeInstanceOf(VendPortError);
    expect(err).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(rec.bodies).toHaveLength(3);
    expect(new Set(rec.bodies.map((b) => JSON.parse(b).reference)).size).toBe(1);
  });

  it('[CLIENT] a bad request is a typed error with the envelope, not retried', async () => {
    const rec = recordingFetch();
    const err = await clientWith(rec.fetch)
      .vend({ phone: 'not-a-phone', type: 'AIRTIME', amount: '100' })
      .catch((e) => e);
    expect(err).toBeInstanceOf(VendPortError);
    expect(err.status).toBe(400);
    expect(err.code).toBe('VALIDATION_ERROR');
    expect(err.message).toMatch(/./);
    expect(rec.bodies).toHaveLength(1);
    // Another body under a used reference: 409 IDEMPOTENCY_CONFLICT, not retried either.
    const conflict = await client
      .vend({ reference: 'MY-ORDER-77', phone: '08031234569', type: 'AIRTIME', amount: '200' })
      .catch((e) => e);
    expect(conflict).toMatchObject({ status: 409, code: 'IDEMPOTENCY_CONFLICT' });
  });
});

describe('[CLIENT] reads', () => {
  it('[CLIENT] getVend reads by reference; an unknown one is a typed 404', async () => {
    const v = await client.getVend('MY-ORDER-77');
    expect(v).toMatchObject({ reference: 'MY-ORDER-77', status: 'SUCCESSFUL', mode: 'TEST' });
    const err = await client.getVend('NO-SUCH-REF').catch((e) => e);
    expect(err).toBeInstanceOf(VendPortError);
    expect(err).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('[CLIENT] balance, services, data plans, and sandbox funding', async () => {
    const b = await client.balance();
    expect(b).toMatchObject({ mode: 'TEST', commissionBalanceKobo: null });
    const services = await client.services();
    expect(services.length).toBeGreaterThan(0);
    expect(services.some((s) => s.network === 'MTN')).toBe(true);
    const plans = await client.dataPlans('MTN');
    expect(plans.length).toBeGreaterThan(0);
    expect(plans.every((p) => p.network === 'MTN')).toBe(true);
    const funded = await client.fundSandbox('50');
    expect(funded.sandboxBalanceKobo).toBe(b.balanceKobo + 5000);
  });

  it('[CLIENT] a wrong key is a typed 401', async () => {
    const bad = createVendPortClient({ baseUrl: api.baseUrl, apiKey: 'vpk_test_nope' });
    const err = await bad.balance().catch((e) => e);
    expect(err).toBeInstanceOf(VendPortError);
    expect(err.status).toBe(401);
  });
});

describe('[CLIENT] respond-async and waitForVend()', () => {
  it('[CLIENT] a respond-async vend answers PENDING; waitForVend returns it final', async () => {
    const r = await client.vend(
      { phone: '08031234570', type: 'AIRTIME', amount: '100' },
      { respondAsync: true },
    );
    expect(r.accepted).toBe(true);
    expect(r.vend.status).toBe('PENDING');
    const final = await client.waitForVend(r.vend.reference, { intervalMs: 50, timeoutMs: 10_000 });
    expect(final.status).toBe('SUCCESSFUL');
    expect(final.id).toBe(r.vend.id);
  });

  it('[CLIENT] waitForVend gives up after its time limit with WAIT_TIMEOUT', async () => {
    const r = await client.vend(
      { phone: '08031234571', type: 'AIRTIME', amount: '100' },
      { respondAsync: true },
    );
    const err = await client.waitForVend(r.vend.reference, { intervalMs: 20, timeoutMs: 30 }).catch((e) => e);
    expect(err).toBeInstanceOf(VendPortError);
    expect(err.code).toBe('WAIT_TIMEOUT');
    await client.waitForVend(r.vend.reference, { intervalMs: 50, timeoutMs: 10_000 });
  });
});

describe('[CLIENT] verifyWebhook() on a delivery from the server', () => {
  it('[CLIENT] accepts the signed delivery, refuses a tampered body, an old timestamp and another secret', async () => {
    const set = await api.portal('POST', 'web-hook-url', { url: rx.url });
    expect(set.statusCode).toBe(200);
    const secret: string = set.json().data.secret;
    const r = await client.vend({ phone: '08031234572', type: 'AIRTIME', amount: '100' });
    await until(
      async () => {
        await api.deliverWebhooks();
        return rx.received.some((d) => d.body.includes(r.vend.reference));
      },
      10_000,
      'the webhook delivery',
    );
    const d = rx.received.find((x) => x.body.includes(r.vend.reference))!;
    const header = String(d.headers['x-vendport-signature']);
    const event = await verifyWebhook(d.body, header, secret);
    expect(event).toMatchObject({ type: 'vend.successful', livemode: false });
    expect(event.data).toMatchObject({ reference: r.vend.reference, status: 'SUCCESSFUL', id: r.vend.id });
    // Raw bytes work as well as a string.
    await expect(verifyWebhook(new TextEncoder().encode(d.body), header, secret)).resolves.toMatchObject({
      id: event.id,
    });

    const tampered = d.body.replace('"livemode":false', '"livemode":true');
    expect(tampered).not.toBe(d.body);
    await expect(verifyWebhook(tampered, header, secret)).rejects.toBeInstanceOf(WebhookVerificationError);
    await expect(verifyWebhook(d.body, header, `${secret}x`)).rejects.toThrow(/mismatch/);
    await expect(verifyWebhook(d.body, undefined, secret)).rejects.toThrow(/No X-VendPort-Signature/);
    await expect(verifyWebhook(d.body, 'v1=abc', secret)).rejects.toThrow(/Malformed/);

    // The same delivery ten minutes later (a replay) is refused; within the tolerance it passes.
    const t = Number(/t=(\d+)/.exec(header)![1]);
    await expect(verifyWebhook(d.body, header, secret, { now: (t + 600) * 1000 })).rejects.toThrow(
      /tolerance/,
    );
    await expect(
      verifyWebhook(d.body, header, secret, { now: (t + 600) * 1000, toleranceSeconds: 900 }),
    ).resolves.toMatchObject({ id: event.id });
    // An old timestamp re-signed with a wrong key is refused too; a fresh correct one passes.
    const old = t - 3600;
    const resigned = `t=${old},v1=${createHmac('sha256', secret).update(`${old}.${d.body}`).digest('hex')}`;
    await expect(verifyWebhook(d.body, resigned, secret)).rejects.toThrow(/tolerance/);
  });
});

describe('[CLIENT] runtime', () => {
  it('[CLIENT] the client imports no node: module and only openapi-fetch at run time', () => {
    const src = path.resolve(import.meta.dirname, '../src');
    for (const f of readdirSync(src)) {
      const code = readFileSync(path.join(src, f), 'utf8');
      const imports = [...code.matchAll(/^import (?!type )[^;]*? from '([^']+)'/gm)].map((m) => m[1]);
      expect(
        imports.filter((i) => !i.startsWith('.')),
        f,
      ).toEqual(['openapi-fetch']);
    }
    const pkg = JSON.parse(readFileSync(path.resolve(src, '../package.json'), 'utf8'));
    expect(Object.keys(pkg.dependencies)).toEqual(['openapi-fetch']);
  });
});
