// Rate limits of the vending API (issue 34): the RateLimit-* fields on every answer, 429
// RATE_LIMITED with Retry-After in the failure envelope once a bucket is spent, a replay never
// refused, a client's own limits set by an admin (validated, audited), clients and keys limited
// apart (a client's keys share its bucket), the refusals the client sees; on PostgreSQL, two
// instances on one database share a limit. The defaults here refill one token in 100 seconds
// (the environment may set a rate below 1 a second), so that no bucket refills while they run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createCorporate, type TestUser } from '../../test/factories';
import { apiAs, buildTestApp, type TestApp, testDbKind } from '../../test/harness';
import {
  apiKeyFor,
  apiVend,
  assignDefaults,
  fund,
  newRef,
  withQueriesThrough,
} from '../vending/vending.testing';
import { LEASE_MS } from './buckets';
import { flushRefusals } from './rate-limits.service';

const KEY_BURST = 5;
const CLIENT_BURST = 8;
const RATE = 0.01;
let t: TestApp;
let admin: TestUser;
const api = apiAs(() => t);

beforeAll(async () => {
  t = await buildTestApp({
    env: {
      API_RATE_KEY_PER_S: String(RATE),
      API_RATE_KEY_BURST: String(KEY_BURST),
      API_RATE_CLIENT_PER_S: String(RATE),
      API_RATE_CLIENT_BURST: String(CLIENT_BURST),
    },
  });
  admin = await createAdmin(t.app);
});
afterAll(() => t.close());

/** A client ready to vend, with a live key (and a test key when asked). */
async function client() {
  const corp = await createCorporate(t.app);
  await assignDefaults(t.app, corp.corporateId);
  await fund(t.app, corp.corporateId, 1_000_000);
  const live = await apiKeyFor(t.app, corp.corporateId);
  return { corp, live };
}

const balance = (key: string, app = t.app) =>
  app.inject({ method: 'GET', url: '/api/v1/api/balance', headers: { 'x-api-key': key } });

async function spend(key: string, n: number) {
  const codes: number[] = [];
  for (let i = 0; i < n; i++) codes.push((await balance(key)).statusCode);
  return codes;
}

describe('[RATE-LIMIT] the vending API’s rate limits', () => {
  it('[RATE-LIMIT] every answer carries RateLimit-Limit, -Remaining, -Reset and -Policy', async () => {
    const { live } = await client();
    const res = await balance(live);
    expect(res.statusCode).toBe(200);
    // The key's bucket (burst 5) is the one closer to running out: 4 left after this call.
    expect(res.headers['ratelimit-limit']).toBe(String(KEY_BURST));
    expect(res.headers['ratelimit-remaining']).toBe(String(KEY_BURST - 1));
    expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(1);
    expect(res.headers['ratelimit-policy']).toBe(
      `${KEY_BURST};w=${KEY_BURST / RATE}, ${CLIENT_BURST};w=${CLIENT_BURST / RATE}`,
    );
    // A call refused for its input carries them too.
    const bad = await apiVend(t.app, live, { phone: 'not-a-phone' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['ratelimit-remaining']).toBe(String(KEY_BURST - 2));
  });

  it('[RATE-LIMIT] once the burst is spent: 429 RATE_LIMITED in the failure envelope, with Retry-After', async () => {
    const { live } = await client();
    expect(await spend(live, KEY_BURST)).toEqual(Array(KEY_BURST).fill(200));
    const refused = await balance(live);
    expect(refused.statusCode).toBe(429);
    const body = refused.json();
    expect(Object.keys(body)).toEqual(['success', 'message', 'errors', 'code']);
    expect(body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(body.message).toMatch(/Retry in \d+ seconds?/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(refused.headers['ratelimit-limit']).toBe(String(KEY_BURST));
    // A vend is refused the same way, and moves no money.
    const vend = await apiVend(t.app, live, { reference: newRef('RL') });
    expect(vend.statusCode).toBe(429);
    expect(vend.json().code).toBe('RATE_LIMITED');
  });

  it('[RATE-LIMIT] a replay of an existing reference is answered when the bucket is empty; a new one is refused', async () => {
    const { live } = await client();
    const reference = newRef('REPLAY');
    const first = await apiVend(t.app, live, { reference });
    expect(first.statusCode).toBe(200);
    await spend(live, KEY_BURST);
    expect((await balance(live)).statusCode).toBe(429);
    const again = await apiVend(t.app, live, { reference });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data).toEqual(first.json().data);
    expect((await apiVend(t.app, live, { reference: newRef('NEW') })).statusCode).toBe(429);
  });

  it('[RATE-LIMIT] one client spending its limit does not refuse another', async () => {
    const a = await client();
    const b = await client();
    await spend(a.live, KEY_BURST + 2);
    expect((await balance(a.live)).statusCode).toBe(429);
    expect(await spend(b.live, KEY_BURST)).toEqual(Array(KEY_BURST).fill(200));
  });

  it('[RATE-LIMIT] a client’s keys have their own buckets and share the client’s', async () => {
    const { corp, live } = await client();
    const test = await apiKeyFor(t.app, corp.corporateId, 'TEST');
    // The live key spends its 5; the client bucket (8) has 3 left for the test key.
    expect(await spend(live, KEY_BURST)).toEqual(Array(KEY_BURST).fill(200));
    expect((await balance(live)).statusCode).toBe(429);
    const left = CLIENT_BURST - KEY_BURST;
    const codes = await spend(test, left);
    expect(codes).toEqual(Array(left).fill(200));
    const refused = await balance(test);
    expect(refused.statusCode).toBe(429);
    // The client's bucket is the one out of tokens: it speaks for the answer.
    expect(refused.headers['ratelimit-limit']).toBe(String(CLIENT_BURST));
    expect(refused.headers['ratelimit-remaining']).toBe('0');
  });

  it('[RATE-LIMIT] an admin sets a client’s own limits (validated, audited); the client sees them and its refusals', async () => {
    const { corp, live } = await client();
    const path = `corporate-clients/${corp.corporateId}/api-rate-limits`;
    for (const bad of [
      { keyPerS: 0 },
      { keyBurst: 1_000_001 },
      { clientPerS: 2.5 },
      { clientBurst: 'many' },
    ]) {
      const res = await api('PUT', path, admin, {
        keyPerS: null,
        keyBurst: null,
        clientPerS: null,
        clientBurst: null,
        ...bad,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect((await api('PUT', path, corp, { keyBurst: 10 })).statusCode).toBe(403);
    const saved = await api('PUT', path, admin, {
      keyPerS: '',
      keyBurst: 12,
      clientPerS: null,
      clientBurst: 20,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      key: { perSecond: RATE, burst: 12, source: 'CLIENT' },
      client: { perSecond: RATE, burst: 20, source: 'CLIENT' },
      override: { keyPerS: null, keyBurst: 12, clientPerS: null, clientBurst: 20 },
      defaults: { keyPerS: RATE, keyBurst: KEY_BURST, clientPerS: RATE, clientBurst: CLIENT_BURST },
    });
    const audit = await t.app.ctx.dbHandle.query<{
      action: string;
      summary: { after: Record<string, unknown> };
    }>('select action, summary from audit_logs where target_id = $1 and action = $2', [
      corp.corporateId,
      'corporate.api-rate-limits',
    ]);
    expect(audit).toHaveLength(1);
    expect(audit[0].summary).toEqual({
      before: 'per API key default/s, burst default; per client default/s, burst default',
      after: 'per API key default/s, burst 12; per client default/s, burst 20',
    });

    // The key now holds 12 calls, not 5.
    expect(await spend(live, 12)).toEqual(Array(12).fill(200));
    const refused = await spend(live, 3);
    expect(refused).toEqual([429, 429, 429]);

    const view = await api('GET', 'api-rate-limits', corp);
    expect(view.statusCode).toBe(200);
    const { refusals } = view.json().data;
    expect(refusals.total).toBe(3);
    expect(refusals.byKey).toEqual([
      expect.objectContaining({ mode: 'LIVE', masked: expect.stringMatching(/^vpk_live_•+/), refused: 3 }),
    ]);
    // Written to the table, the same figures (and the admin reads them on the client's page).
    await flushRefusals(t.app.ctx);
    const adminView = await api('GET', path, admin);
    expect(adminView.json().data.refusals.total).toBe(3);
  });

  it.runIf(testDbKind() === 'pglite')('[RATE-LIMIT] on PGlite the limiter sends no statement', async () => {
    const { live } = await client();
    let sent = 0;
    await withQueriesThrough(
      t.app,
      (q) => {
        if (/api_rate/.test(q.text)) sent++;
        return q.send();
      },
      () => spend(live, KEY_BURST + 2),
    );
    expect(sent).toBe(0);
  });

  it.runIf(testDbKind() === 'pg')(
    '[RATE-LIMIT] two instances on one PostgreSQL database share a key’s limit',
    async () => {
      const other = await t.sibling?.();
      if (!other) throw new Error('no sibling on PostgreSQL');
      const { live } = await client();
      const started = Date.now();
      // Both instances at once, alternating: 24 calls against a burst of 5.
      const codes = (
        await Promise.all(Array.from({ length: 24 }, (_, i) => balance(live, i % 2 ? other : t.app)))
      ).map((r) => r.statusCode);
      const elapsedS = (Date.now() - started) / 1000;
      const accepted = codes.filter((c) => c === 200).length;
      expect(codes.every((c) => c === 200 || c === 429)).toBe(true);
      expect(accepted).toBeGreaterThanOrEqual(1);
      expect(accepted).toBeLessThanOrEqual(KEY_BURST + Math.floor(elapsedS * RATE));
      // Spent on one, spent on the other, once what an instance leased ahead and did not spend
      // has lapsed (LEASE_MS): such a token may still be spent within its lease, never beyond the
      // key's limit (the CI's loaded run once answered the first of these two with it).
      await new Promise((r) => setTimeout(r, LEASE_MS + 250));
      const [a, b] = await Promise.all([balance(live), balance(live, other)]);
      expect([a.statusCode, b.statusCode]).toEqual([429, 429]);
      const total = accepted + [a, b].filter((r) => r.statusCode === 200).length;
      expect(total).toBeLessThanOrEqual(KEY_BURST + Math.floor(((Date.now() - started) / 1000) * RATE));
    },
  );
});
