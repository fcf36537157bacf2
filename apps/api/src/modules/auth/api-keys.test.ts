import { eq } from 'drizzle-orm';
import Fastify, { type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, corporates } from '../../infra/db/schema';
import { registerApiKeyAuth } from '../../plugins/api-key';
import { registerErrorHandling } from '../../plugins/errors';
import { addCorporateMember, createAdmin, createCorporate, TEST_PASSWORD } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/harness';
import { authenticateApiKey } from './api-key-auth.service';
import { PASSWORD, signedUpOwner } from './auth.testing';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const seen = new Set<string>();
const withKey = (key: string) => ({ headers: { 'x-api-key': key } }) as unknown as FastifyRequest;
const authenticate = (key: string) => authenticateApiKey(t.app.ctx.db, withKey(key).headers['x-api-key']);

async function copy(headers: Record<string, string>, mode: 'LIVE' | 'TEST', password?: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/v1/api-key/copy?mode=${mode}`,
    headers: password === undefined ? headers : { ...headers, 'x-confirm-password': password },
  });
}

describe('[APIKEY] live and test keys', () => {
  it('[APIKEY] sign-up gives live and test keys, listed masked', async () => {
    const owner = await signedUpOwner(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/get-api-key', headers: owner.headers });
    expect(res.statusCode).toBe(200);
    const keys = res.json().data as {
      mode: string;
      masked: string;
      createdAt: string;
      lastUsedAt: string | null;
    }[];
    expect(keys.map((k) => k.mode)).toEqual(['LIVE', 'TEST']);
    expect(keys[0].masked).toMatch(/^vpk_live_••••••••[\w-]{4}$/);
    expect(keys[1].masked).toMatch(/^vpk_test_••••••••[\w-]{4}$/);
    expect(keys[0].lastUsedAt).toBeNull();
    expect(JSON.stringify(res.json())).not.toMatch(/hash|enc/i);
  });

  it('[APIKEY] copying needs the password; the full key authenticates with its mode', async () => {
    const owner = await signedUpOwner(t.app);
    const missing = await copy(owner.headers, 'LIVE');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('INVALID_PASSWORD');
    const wrong = await copy(owner.headers, 'LIVE', 'Not-The-Password-1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('INVALID_PASSWORD');

    const live = await copy(owner.headers, 'LIVE', PASSWORD);
    expect(live.statusCode).toBe(200);
    const liveKey = live.json().data.key as string;
    expect(liveKey).toMatch(/^vpk_live_[\w-]{43}$/);
    expect(live.json().data.masked.slice(-4)).toBe(liveKey.slice(-4));
    const test = (await copy(owner.headers, 'TEST', PASSWORD)).json().data.key as string;
    expect(test).toMatch(/^vpk_test_[\w-]{43}$/);
    seen.add(liveKey).add(test);

    // Stored only as a hash and sealed, never in plain text.
    const rows = await t.app.ctx.db.select().from(apiKeys).where(eq(apiKeys.corporateId, owner.corporateId));
    for (const r of rows) {
      expect(r.keyEnc).not.toContain(liveKey);
      expect(r.keyHash).not.toContain(liveKey);
    }

    expect(await authenticate(liveKey)).toMatchObject({ corporateId: owner.corporateId, mode: 'LIVE' });
    expect(await authenticate(test)).toMatchObject({ corporateId: owner.corporateId, mode: 'TEST' });
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/get-api-key', headers: owner.headers });
    expect(listed.json().data[0].lastUsedAt).not.toBeNull();
  });

  it('[APIKEY] a reset revokes the old key at once and returns the new one once', async () => {
    const owner = await signedUpOwner(t.app);
    const old = (await copy(owner.headers, 'LIVE', PASSWORD)).json().data.key as string;
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/reset-api-key',
      headers: owner.headers,
      payload: { password: 'Not-The-Password-1', mode: 'LIVE' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('INVALID_PASSWORD');
    expect((await authenticate(old)).mode).toBe('LIVE');

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/reset-api-key',
      headers: owner.headers,
      payload: { password: PASSWORD, mode: 'LIVE' },
    });
    expect(reset.statusCode).toBe(200);
    const fresh = reset.json().data.key as string;
    seen.add(old).add(fresh);
    expect(fresh).toMatch(/^vpk_live_/);
    expect(fresh).not.toBe(old);

    await expect(authenticate(old)).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
      message: 'Invalid API key',
    });
    expect(await authenticate(fresh)).toMatchObject({ corporateId: owner.corporateId, mode: 'LIVE' });
    const listed = (
      await t.app.inject({ method: 'GET', url: '/api/v1/get-api-key', headers: owner.headers })
    ).json().data;
    expect(listed[0].masked.slice(-4)).toBe(fresh.slice(-4));
    expect((await copy(owner.headers, 'LIVE', PASSWORD)).json().data.key).toBe(fresh);
    const rows = await t.app.ctx.db.select().from(apiKeys).where(eq(apiKeys.corporateId, owner.corporateId));
    expect(rows.filter((r) => r.mode === 'LIVE')).toHaveLength(2);
    expect(rows.filter((r) => r.mode === 'LIVE' && r.revokedAt === null)).toHaveLength(1);
  });

  it('[APIKEY] missing, malformed and unknown keys, and inactive corporates, are refused', async () => {
    await expect(authenticateApiKey(t.app.ctx.db, undefined)).rejects.toMatchObject({
      status: 401,
    });
    await expect(authenticate('vpk_live_short')).rejects.toMatchObject({
      status: 401,
      message: 'Invalid API key',
    });
    await expect(authenticate(`vpk_live_${'A'.repeat(43)}`)).rejects.toMatchObject({
      status: 401,
      message: 'Invalid API key',
    });

    const owner = await signedUpOwner(t.app);
    const key = (await copy(owner.headers, 'TEST', PASSWORD)).json().data.key as string;
    seen.add(key);
    await t.app.ctx.db
      .update(corporates)
      .set({ status: 'INACTIVE' })
      .where(eq(corporates.id, owner.corporateId));
    await expect(authenticate(key)).rejects.toMatchObject({ status: 403, code: 'CLIENT_INACTIVE' });
  });

  it('[APIKEY] a corporate only ever sees its own keys; others need the permission and the area', async () => {
    const a = await createCorporate(t.app);
    const b = await createCorporate(t.app);
    // Corporates created without keys (e.g. onboarded by an admin) get them on first read.
    const keyA = (await copy(a.headers, 'LIVE', TEST_PASSWORD)).json().data.key as string;
    const keyB = (await copy(b.headers, 'LIVE', TEST_PASSWORD)).json().data.key as string;
    seen.add(keyA).add(keyB);
    expect(keyA).not.toBe(keyB);
    expect((await authenticate(keyA)).corporateId).toBe(a.corporateId);
    expect((await authenticate(keyB)).corporateId).toBe(b.corporateId);
    const listA = (
      await t.app.inject({ method: 'GET', url: '/api/v1/get-api-key', headers: a.headers })
    ).json().data;
    expect(listA.map((k: { masked: string }) => k.masked)).not.toContain(
      `vpk_live_••••••••${keyB.slice(-4)}`,
    );

    const member = await addCorporateMember(t.app, a.corporateId, ['dashboard.view']);
    const forbidden = await t.app.inject({
      method: 'GET',
      url: '/api/v1/get-api-key',
      headers: member.headers,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('FORBIDDEN');
    const admin = await createAdmin(t.app);
    const wrongArea = await copy(admin.headers, 'LIVE', TEST_PASSWORD);
    expect(wrongArea.statusCode).toBe(403);
    expect(wrongArea.json().code).toBe('WRONG_AREA');
  });

  it('[APIKEY] the hook guards routes declaring apiKey and tells them who is calling', async () => {
    // A throwaway app with one probe route: the real API has no apiKey routes of its own here.
    const probe = Fastify();
    registerApiKeyAuth(probe, t.app.ctx);
    registerErrorHandling(probe);
    probe.get('/api/v1/probe', { config: { apiKey: true } }, async (req) => req.apiClient);
    probe.get('/api/v1/open', { config: { public: true } }, async (req) => ({ client: req.apiClient }));
    await probe.ready();
    try {
      const owner = await signedUpOwner(t.app);
      const key = (await copy(owner.headers, 'TEST', PASSWORD)).json().data.key as string;
      seen.add(key);
      const ok = await probe.inject({ method: 'GET', url: '/api/v1/probe', headers: { 'x-api-key': key } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ corporateId: owner.corporateId, mode: 'TEST' });
      const none = await probe.inject({ method: 'GET', url: '/api/v1/probe' });
      expect(none.statusCode).toBe(401);
      expect(none.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
      const bad = await probe.inject({
        method: 'GET',
        url: '/api/v1/probe',
        headers: { 'x-api-key': `${key.slice(0, -1)}${key.endsWith('x') ? 'y' : 'x'}` },
      });
      expect(bad.statusCode).toBe(401);
      expect(bad.json().message).toBe('Invalid API key');
      const open = await probe.inject({ method: 'GET', url: '/api/v1/open' });
      expect(open.json()).toEqual({ client: null });
    } finally {
      await probe.close();
    }
  });

  it('[APIKEY] onboarding data tells the corporate where it stands', async () => {
    const owner = await signedUpOwner(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/onboarding-data', headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      corporate: { id: owner.corporateId, verificationStatus: 'PENDING' },
      hasVerifiedEmail: true,
      verificationStatus: 'PENDING',
      hasApiKeys: true,
      completed: false,
    });
    expect(res.json().data.nextSteps).toContain('Upload your business documents for verification');
    // An admin gets the onboarding form's data instead (client types and services), never a client's.
    const admin = await createAdmin(t.app);
    const forAdmin = await t.app.inject({
      method: 'GET',
      url: '/api/v1/onboarding-data',
      headers: admin.headers,
    });
    expect(forAdmin.statusCode).toBe(200);
    expect(forAdmin.json().data.clientTypes).toBeDefined();
    expect(forAdmin.json().data.corporate).toBeUndefined();
  });

  it('[APIKEY] reveals (copies) and resets are audited, never with the key; loading the masked keys is not', async () => {
    const rows = await t.app.ctx.dbHandle.query<{ action: string; j: string }>(
      `select action, row_to_json(a)::text as j from audit_logs a where action like 'apikey.%'`,
    );
    const actions = new Set(rows.map((r) => r.action));
    for (const a of ['apikey.copy', 'apikey.reset']) expect(actions).toContain(a);
    // The masked list was loaded in this file more than once: none of it reads as a reveal.
    expect(actions).not.toContain('apikey.view');
    const all = (
      await t.app.ctx.dbHandle.query<{ j: string }>('select row_to_json(a)::text as j from audit_logs a')
    )
      .map((r) => r.j)
      .join('\n');
    expect(seen.size).toBeGreaterThan(5);
    for (const k of seen) {
      expect(all).not.toContain(k);
      expect(all).not.toContain(k.slice(9));
    }
    expect(all).not.toContain(PASSWORD);
    expect(all).not.toContain(TEST_PASSWORD);
  });
});
