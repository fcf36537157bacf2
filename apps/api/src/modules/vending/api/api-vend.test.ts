import { IP_OR_CIDR_MESSAGE } from '@vendport/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newToken } from '../../../infra/crypto';
import { createAdmin, createCorporate, type TestUser } from '../../../test/factories';
import { apiAs, buildTestApp, type TestApp } from '../../../test/harness';
import {
  apiKeyFor,
  apiVend,
  assignDefaults,
  balances,
  expectBooksBalanced,
  fund,
  newRef,
} from '../vending.testing';

let t: TestApp;
let corp: TestUser & { corporateId: string };
let other: TestUser & { corporateId: string };
let key: string;
let otherKey: string;

const api = apiAs(() => t);
const withKey = (k: string, url: string, remoteAddress?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/${url}`,
    headers: { 'x-api-key': k, ...headers },
    remoteAddress,
  });

beforeAll(async () => {
  t = await buildTestApp();
  corp = await createCorporate(t.app);
  other = await createCorporate(t.app);
  for (const c of [corp, other]) {
    await assignDefaults(t.app, c.corporateId);
    await fund(t.app, c.corporateId, 1_000_000);
  }
  key = await apiKeyFor(t.app, corp.corporateId);
  otherKey = await apiKeyFor(t.app, other.corporateId);
});
afterAll(() => t.close());

describe('[API] the vending API', () => {
  it('[API] refuses calls without a valid key', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/api/v1/api/vend', payload: {} });
    expect(none.statusCode).toBe(401);
    const bad = await apiVend(t.app, 'vpk_live_not-a-key', {});
    expect(bad.statusCode).toBe(401);
    // A session token is not an API key.
    const session = await t.app.inject({ method: 'GET', url: '/api/v1/api/balance', headers: corp.headers });
    expect(session.statusCode).toBe(401);
  });

  it('[API] vends, then reads the vend back by reference; another client never sees it', async () => {
    const reference = newRef('ORDER');
    const res = await apiVend(t.app, key, { reference, phone: '0803 123 4567', amount: '500' });
    expect(res.statusCode).toBe(200);
    const got = await withKey(key, `api/vend/${reference}`);
    expect(got.json().data).toEqual(res.json().data);
    expect((await withKey(otherKey, `api/vend/${reference}`)).statusCode).toBe(404);
    // The same reference is free for another client.
    expect(
      (await apiVend(t.app, otherKey, { reference, phone: '08031234567', amount: '900' })).json().data
        .amountKobo,
    ).toBe(90_000);
  });

  it('[API] lists data plans and the client’s services, and tells the balance', async () => {
    const plans = (await withKey(key, 'api/data-plans?network=AIRTEL')).json().data;
    expect(plans.length).toBeGreaterThan(0);
    expect(
      plans.every(
        (p: { network: string; status: string }) => p.network === 'AIRTEL' && p.status === 'ACTIVE',
      ),
    ).toBe(true);
    const services = (await withKey(key, 'api/services')).json().data;
    expect(services).toHaveLength(8);
    expect(services.every((s: { assigned: boolean }) => s.assigned)).toBe(true);
    const before = await balances(t.app, corp.corporateId);
    const bal = (await withKey(key, 'api/balance')).json().data;
    expect(bal).toMatchObject({ mode: 'LIVE', balanceKobo: before.wallet, availableKobo: before.wallet });
    const testKey = await apiKeyFor(t.app, corp.corporateId, 'TEST');
    expect((await withKey(testKey, 'api/balance')).json().data).toMatchObject({
      mode: 'TEST',
      balanceKobo: 0,
      commissionBalanceKobo: null,
    });
  });

  it('[API] test money goes to the sandbox wallet only: by a test key, or on the portal', async () => {
    const testKey = await apiKeyFor(t.app, corp.corporateId, 'TEST');
    const before = await balances(t.app, corp.corporateId);
    const live = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api/sandbox/fund',
      headers: { 'x-api-key': key },
      payload: { amount: 1000 },
    });
    expect(live.statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api/sandbox/fund',
      headers: { 'x-api-key': testKey },
      payload: { amount: '2,000' },
    });
    expect(res.json().data).toMatchObject({ sandboxBalanceKobo: before.sandbox + 200_000 });
    const portal = await api('POST', 'sandbox/fund', corp, { amount: 500 });
    expect(portal.json().data.sandboxBalanceKobo).toBe(before.sandbox + 250_000);
    expect((await api('POST', 'sandbox/fund', corp, { amount: 2_000_000 })).statusCode).toBe(400);
    const after = await balances(t.app, corp.corporateId);
    expect(after.wallet).toBe(before.wallet);
    expect((await apiVend(t.app, testKey, { amount: 100 })).json().data).toMatchObject({
      mode: 'TEST',
      status: 'SUCCESSFUL',
    });
  });

  it('[API] validation errors name the field and charge nothing', async () => {
    const before = await balances(t.app, corp.corporateId);
    const noRef = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api/vend',
      headers: { 'x-api-key': key },
      payload: { phone: '08031234567', type: 'AIRTIME', amount: 100 },
    });
    expect(noRef.statusCode).toBe(400);
    expect(noRef.json().code).toBe('VALIDATION_ERROR');
    expect((await apiVend(t.app, key, { type: 'AIRTIME', amount: undefined })).json().message).toBe(
      'Amount is required for airtime',
    );
    expect((await apiVend(t.app, key, { reference: 'has space' })).statusCode).toBe(400);
    expect(await balances(t.app, corp.corporateId)).toEqual(before);
  });

  it('[API] is documented in the OpenAPI with descriptions and examples', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const op = doc.paths['/api/v1/api/vend'].post;
    expect(op.security).toEqual([{ apiKey: [] }]);
    expect(op.description).toMatch(/IDEMPOTENCY_CONFLICT/);
    expect(op.description).toMatch(/\+2348000000002/);
    const body = op.requestBody.content['application/json'].schema;
    expect(JSON.stringify(body)).toMatch(/ORDER-10023/);
    expect(body.properties.reference.description).toMatch(/same reference/);
    expect(doc.paths['/api/v1/api/data-plans']).toBeDefined();
    expect(doc.paths['/api/v1/api/balance']).toBeDefined();
  });
});

describe('[IPLIST] the API IP allow-list', () => {
  it('[IPLIST] an empty list allows any address', async () => {
    expect((await api('GET', 'ip', corp)).json().data).toEqual([]);
    expect((await withKey(key, 'api/balance', '198.51.100.7')).statusCode).toBe(200);
  });

  it('[IPLIST] with entries, only listed addresses and ranges may call (IPv4 and IPv6)', async () => {
    const a = await api('POST', 'ip/add', corp, { address: '203.0.113.0/24' });
    expect(a.statusCode).toBe(201);
    const b = await api('POST', 'ip/add', corp, { address: '2001:DB8:ABCD::/48' });
    expect(b.json().data.address).toBe('2001:db8:abcd::/48');
    expect((await api('POST', 'ip/add', corp, { address: '192.0.2.10' })).statusCode).toBe(201);

    expect((await withKey(key, 'api/balance', '203.0.113.77')).statusCode).toBe(200);
    expect((await withKey(key, 'api/balance', '2001:db8:abcd:12::1')).statusCode).toBe(200);
    expect((await withKey(key, 'api/balance', '::ffff:192.0.2.10')).statusCode).toBe(200);
    const denied = await withKey(key, 'api/balance', '198.51.100.7');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('IP_NOT_ALLOWED');
    expect((await withKey(key, 'api/balance', '2001:db8:abce::1')).statusCode).toBe(403);
    const before = await balances(t.app, corp.corporateId);
    const vend = await apiVend(t.app, key, {}, { remoteAddress: '198.51.100.7' });
    expect(vend.statusCode).toBe(403);
    expect(await balances(t.app, corp.corporateId)).toEqual(before);
    expect((await apiVend(t.app, key, {}, { remoteAddress: '203.0.113.5' })).statusCode).toBe(200);
  });

  it('[IPLIST] X-Forwarded-For is ignored unless it comes from a trusted proxy', async () => {
    const spoof = await withKey(key, 'api/balance', '198.51.100.7', { 'x-forwarded-for': '203.0.113.9' });
    expect(spoof.statusCode).toBe(403);
  });

  it('[IPLIST] another client’s list neither applies nor can be changed', async () => {
    expect((await withKey(otherKey, 'api/balance', '198.51.100.7')).statusCode).toBe(200);
    const mine = (await api('GET', 'ip', corp)).json().data;
    expect((await api('GET', 'ip', other)).json().data).toEqual([]);
    expect((await api('DELETE', `ip/${mine[0].id}`, other)).statusCode).toBe(404);
    expect((await api('GET', 'ip', corp)).json().data).toHaveLength(3);
  });

  it('[IPLIST] bad and duplicate entries are refused; removing the last entry opens the list', async () => {
    for (const address of ['300.1.1.1', '10.0.0.0/33', 'example.com', '1.2.3.4/8/1', '']) {
      expect((await api('POST', 'ip/add', corp, { address })).statusCode).toBe(400);
    }
    // The portal's form validates with the same shared parser and says the same.
    const refused = await api('POST', 'ip/add', corp, { address: '2001:db8:::1' });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain(IP_OR_CIDR_MESSAGE);
    expect((await api('POST', 'ip/add', corp, { address: '203.0.113.0/24' })).statusCode).toBe(409);
    for (const e of (await api('GET', 'ip', corp)).json().data) {
      expect((await api('DELETE', `ip/${e.id}`, corp)).statusCode).toBe(200);
    }
    expect((await withKey(key, 'api/balance', '198.51.100.7')).statusCode).toBe(200);
    const audit = (await api('GET', 'audit-trails?action=ip.', corp))
      .json()
      .data.map((a: { action: string }) => a.action);
    expect(audit).toContain('ip.add');
    expect(audit).toContain('ip.remove');
  });

  it('[IPLIST] needs settings permissions', async () => {
    const admin = await createAdmin(t.app);
    expect((await api('GET', 'ip', admin)).json().code).toBe('WRONG_AREA');
  });

  it('[API] vends arriving together are committed together; one the wallet cannot cover fails alone', async () => {
    const c = await createCorporate(t.app);
    await assignDefaults(t.app, c.corporateId);
    await fund(t.app, c.corporateId, 7 * 10_000); // exactly seven vends of N100
    const k = await apiKeyFor(t.app, c.corporateId);
    const answers = await Promise.all(Array.from({ length: 10 }, () => apiVend(t.app, k, { amount: '100' })));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 200, 402, 402, 402]);
    for (const r of answers.filter((a) => a.statusCode === 402))
      expect(r.json()).toMatchObject({ success: false, code: 'INSUFFICIENT_FUNDS' });
    expect((await balances(t.app, c.corporateId)).wallet).toBe(0);
    const [{ n }] = await t.app.ctx.dbHandle.query<{ n: number }>(
      'select count(*)::int as n from vends where corporate_id = $1',
      [c.corporateId],
    );
    expect(n).toBe(7); // a refused vend leaves nothing behind
    await expectBooksBalanced(t.app);
  });

  it('[API] a retry gets the original vend even after the service was taken away; a new request does not', async () => {
    const c = await createCorporate(t.app);
    await assignDefaults(t.app, c.corporateId);
    await fund(t.app, c.corporateId, 100_000);
    const k = await apiKeyFor(t.app, c.corporateId);
    const reference = newRef('RETRY');
    const first = await apiVend(t.app, k, { reference, amount: '200' });
    expect(first.statusCode).toBe(200);
    await t.app.ctx.dbHandle.query('delete from service_assignments where corporate_id = $1', [
      c.corporateId,
    ]);
    const retry = await apiVend(t.app, k, { reference, amount: '200' });
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().data).toEqual(first.json().data);
    expect((await apiVend(t.app, k, { reference, amount: '300' })).statusCode).toBe(409);
    expect((await apiVend(t.app, k, { amount: '200' })).statusCode).toBe(403);
    expect((await balances(t.app, c.corporateId)).wallet).toBe(100_000 - 20_000);
  });

  it('[API] the books balance', async () => {
    await expectBooksBalanced(t.app);
  });
});

describe('[API] keys looked up together under load', () => {
  it('[API] concurrent calls with different keys, a revoked one and an unknown one each get their own answer', async () => {
    const a = await createCorporate(t.app);
    const b = await createCorporate(t.app);
    for (const c of [a, b]) {
      await assignDefaults(t.app, c.corporateId);
      await fund(t.app, c.corporateId, 1_000_000);
    }
    const revoked = await apiKeyFor(t.app, a.corporateId);
    const keyA = await apiKeyFor(t.app, a.corporateId); // revokes the previous one
    const keyB = await apiKeyFor(t.app, b.corporateId);
    const unknown = newToken('vpk_live_'); // well formed, never issued
    const plan = Array.from({ length: 40 }, (_, i) => [keyA, keyB, revoked, unknown][i % 4]!);
    const answers = await Promise.all(
      plan.map((k) => apiVend(t.app, k, { amount: 100, reference: newRef() })),
    );
    answers.forEach((res, i) => {
      const k = plan[i];
      if (k === keyA || k === keyB) expect(res.statusCode, res.body).toBe(200);
      else expect(res.statusCode, res.body).toBe(401);
    });
    // Each client paid for its own ten vends, and only those.
    expect((await balances(t.app, a.corporateId)).wallet).toBe(1_000_000 - 10 * 10_000);
    expect((await balances(t.app, b.corporateId)).wallet).toBe(1_000_000 - 10 * 10_000);
    await expectBooksBalanced(t.app);
  });
});

describe('[API] services read with the key, for many keys at once', () => {
  it('[API] clients looked up together each get their own services, and a client with none gets none', async () => {
    const full = await createCorporate(t.app);
    const some = await createCorporate(t.app);
    const none = await createCorporate(t.app);
    for (const c of [full, some]) {
      await assignDefaults(t.app, c.corporateId);
      await fund(t.app, c.corporateId, 100_000);
    }
    // `some` keeps only its MTN services; `none` has no service at all.
    await t.app.ctx.dbHandle.query(
      `delete from service_assignments a using services s
        where s.id = a.service_id and a.corporate_id = $1 and s.network <> 'MTN'`,
      [some.corporateId],
    );
    const keys = {
      full: await apiKeyFor(t.app, full.corporateId),
      some: await apiKeyFor(t.app, some.corporateId),
      none: await apiKeyFor(t.app, none.corporateId),
    };
    const plan = Array.from({ length: 30 }, (_, i) => (['full', 'some', 'none'] as const)[i % 3]!);
    const answers = await Promise.all(plan.map((k) => withKey(keys[k], 'api/services')));
    answers.forEach((res, i) => {
      expect(res.statusCode, res.body).toBe(200);
      const services = res.json().data as Array<{ network: string; service: string }>;
      const names = services.map((s) => `${s.network} ${s.service}`);
      if (plan[i] === 'full') expect(services).toHaveLength(8);
      if (plan[i] === 'some') expect(names.sort()).toEqual(['MTN AIRTIME', 'MTN DATA']);
      if (plan[i] === 'none') expect(services).toEqual([]);
    });
    // The vends follow: a network not assigned is refused for `some` only.
    const [a, b] = await Promise.all([
      apiVend(t.app, keys.full, { phone: '08021234567', network: 'AIRTEL', amount: 100 }),
      apiVend(t.app, keys.some, { phone: '08021234567', network: 'AIRTEL', amount: 100 }),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(403);
    expect(b.json().code).toBe('SERVICE_UNAVAILABLE');
  });
});
