// Our data plans at each provider (issue 32): the admin list, editing a mapping, the VTpass sync's
// proposal against the local VTpass stand-in and accepting it, who may do what, and the route that
// never sends an unmapped plan to VTpass.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_KEYS, startVtpassMock } from '../../../../../mocks/vtpass/server';
import { vends } from '../../infra/db/schema';
import { createAdmin, createCorporate, type TestUser } from '../../test/factories';
import { apiAs, buildTestApp, type TestApp } from '../../test/harness';
import { apiKeyFor, apiVend, assignDefaults, fund } from '../vending/vending.testing';

let t: TestApp;
let bare: TestApp;
let mock: Awaited<ReturnType<typeof startVtpassMock>>;
let admin: TestUser;
let reader: TestUser;
let corp: TestUser & { corporateId: string };

const api = apiAs(() => t);
const bareApi = apiAs(() => bare);

type Row = {
  dataPlanId: string;
  code: string;
  mapping: null | { providerCode: string; providerPriceKobo: number; active: boolean };
};
const planId = async (code: string) =>
  ((await api('GET', 'admin/provider-plans?provider=VTPASS', admin)).json().data as Row[]).find(
    (r) => r.code === code,
  )!.dataPlanId;

beforeAll(async () => {
  mock = await startVtpassMock({ port: 0 });
  t = await buildTestApp({
    env: {
      VTPASS_BASE_URL: mock.baseUrl,
      VTPASS_API_KEY: SANDBOX_KEYS.apiKey,
      VTPASS_SECRET_KEY: SANDBOX_KEYS.secretKey,
      VTPASS_PUBLIC_KEY: SANDBOX_KEYS.publicKey,
      AGGREGATOR_PROVIDERS: 'VTPASS,SIMULATOR',
    },
  });
  admin = await createAdmin(t.app);
  reader = await createAdmin(t.app, { permissions: ['services.read'] });
  corp = await createCorporate(t.app);
});
afterAll(async () => {
  await t?.close();
  await bare?.close();
  await mock?.app.close();
});

describe('[PROVIDER-PLANS] access', () => {
  it('[PROVIDER-PLANS] no session is 401; a client is refused every route; a reader only reads', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/admin/provider-plans?provider=VTPASS' });
    expect(none.statusCode).toBe(401);
    for (const [m, url, body] of [
      ['GET', 'admin/provider-plans?provider=VTPASS', undefined],
      ['PUT', 'admin/provider-plans', {}],
      ['POST', 'admin/provider-plans/sync', { provider: 'VTPASS' }],
      ['POST', 'admin/provider-plans/sync/accept', { provider: 'VTPASS', changes: [] }],
    ] as const) {
      const res = await api(m, url, corp, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('WRONG_AREA');
    }
    expect((await api('GET', 'admin/provider-plans?provider=VTPASS', reader)).statusCode).toBe(200);
    const put = await api('PUT', 'admin/provider-plans', reader, {
      dataPlanId: await planId('MTN-1.5GB-30D'),
      provider: 'VTPASS',
      providerCode: 'x',
      providerPrice: '1000',
      active: true,
    });
    expect(put.statusCode).toBe(403);
    expect(put.json().code).toBe('FORBIDDEN');
    expect((await api('POST', 'admin/provider-plans/sync', reader, { provider: 'VTPASS' })).json().code).toBe(
      'FORBIDDEN',
    );
  });
});

describe('[PROVIDER-PLANS] mappings', () => {
  it('[PROVIDER-PLANS] lists every plan, unmapped ones with no mapping; an admin maps one, audited', async () => {
    const list = (await api('GET', 'admin/provider-plans?provider=VTPASS', reader)).json().data as Row[];
    expect(list).toHaveLength(16);
    expect(list.every((r) => r.mapping === null)).toBe(true);
    const id = await planId('MTN-1.5GB-30D');
    const put = await api('PUT', 'admin/provider-plans', admin, {
      dataPlanId: id,
      provider: 'VTPASS',
      providerCode: ' mtn-100mb-1000 ',
      providerPrice: '950.00',
      active: true,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({
      code: 'MTN-1.5GB-30D',
      provider: 'VTPASS',
      mapping: { providerCode: 'mtn-100mb-1000', providerPriceKobo: 95_000, active: true },
    });
    const reloadly = (await api('GET', 'admin/provider-plans?provider=RELOADLY', admin)).json().data as Row[];
    expect(reloadly.find((r) => r.dataPlanId === id)!.mapping).toBeNull();
    const audit = (await api('GET', 'audit-trails?action=provider-plan.', admin)).json().data;
    expect(audit.map((a: { action: string }) => a.action)).toContain('provider-plan.update');
  });

  it('[PROVIDER-PLANS] validation: provider, plan, code, price', async () => {
    const id = await planId('MTN-3GB-30D');
    const good = {
      dataPlanId: id,
      provider: 'VTPASS',
      providerCode: 'mtn-x',
      providerPrice: '2,000',
      active: true,
    };
    const cases: Array<[Record<string, unknown>, number, RegExp]> = [
      [{ ...good, provider: 'SIMULATOR' }, 400, /VTPASS or RELOADLY/],
      [{ ...good, providerCode: '  ' }, 400, /code is required/],
      [{ ...good, providerCode: 'x'.repeat(65) }, 400, /at most 64/],
      [{ ...good, providerPrice: '-5' }, 400, /Provider price must be between ₦0.01 and ₦1,000,000.00/],
      [{ ...good, providerPrice: '12.345' }, 400, /two decimals/],
      [{ ...good, dataPlanId: '6b0d6c6e-4b1e-4a53-9a43-7d1d0f0f0f0f' }, 404, /Data plan not found/],
      // Already the 1.5GB plan's code.
      [{ ...good, providerCode: 'mtn-100mb-1000' }, 409, /already mapped to MTN-1.5GB-30D/],
    ];
    for (const [body, status, message] of cases) {
      const res = await api('PUT', 'admin/provider-plans', admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    expect((await api('GET', 'admin/provider-plans?provider=MTN', admin)).statusCode).toBe(400);
  });
});

describe('[PROVIDER-PLANS] sync from VTpass', () => {
  it('[PROVIDER-PLANS] proposes new codes, changed prices and withdrawn codes, changing nothing', async () => {
    // A mapping to a code VTpass does not list.
    const gone = await planId('GLO-1GB-14D');
    await api('PUT', 'admin/provider-plans', admin, {
      dataPlanId: gone,
      provider: 'VTPASS',
      providerCode: 'glo-retired',
      providerPrice: '100',
      active: true,
    });
    const before = (await api('GET', 'admin/provider-plans?provider=VTPASS', admin)).json().data;
    const res = await api('POST', 'admin/provider-plans/sync', admin, { provider: 'VTPASS' });
    expect(res.statusCode).toBe(200);
    const p = res.json().data;
    // mtn-100mb-1000 is mapped; the mock lists 12 data plans (airtel-data is empty).
    expect(p.new).toHaveLength(11);
    expect(p.new).toContainEqual({
      providerCode: 'glo500',
      name: 'Glo Data N500 - 1.05GB - 14 days',
      network: 'GLO',
      providerPriceKobo: 50_000,
    });
    expect(p.new.find((n: { providerCode: string }) => n.providerCode === 'eti-100').network).toBe('9MOBILE');
    expect(p.changed).toEqual([
      expect.objectContaining({
        code: 'MTN-1.5GB-30D',
        providerCode: 'mtn-100mb-1000',
        oursKobo: 95_000,
        theirsKobo: 100_000,
      }),
    ]);
    expect(p.removed).toEqual([expect.objectContaining({ dataPlanId: gone, providerCode: 'glo-retired' })]);
    expect((await api('GET', 'admin/provider-plans?provider=VTPASS', admin)).json().data).toEqual(before);
  });

  it('[PROVIDER-PLANS] accepting applies prices, deactivations and new mappings, audited', async () => {
    const mtn = await planId('MTN-1.5GB-30D');
    const glo = await planId('GLO-1GB-14D');
    const glo2 = await planId('GLO-2.9GB-30D');
    const res = await api('POST', 'admin/provider-plans/sync/accept', admin, {
      provider: 'VTPASS',
      changes: [
        { dataPlanId: mtn, providerCode: 'mtn-100mb-1000', providerPrice: '1000', active: true },
        { dataPlanId: glo, providerCode: 'glo-retired', providerPrice: null, active: false },
        { dataPlanId: glo2, providerCode: 'glo1000', providerPrice: '1000', active: true },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('3 changes applied');
    const rows = (await api('GET', 'admin/provider-plans?provider=VTPASS', admin)).json().data as Row[];
    const of = (id: string) => rows.find((r) => r.dataPlanId === id)!.mapping;
    expect(of(mtn)).toMatchObject({ providerPriceKobo: 100_000, active: true });
    expect(of(glo)).toMatchObject({ providerCode: 'glo-retired', providerPriceKobo: 10_000, active: false });
    expect(of(glo2)).toMatchObject({ providerCode: 'glo1000', providerPriceKobo: 100_000, active: true });
    const again = (await api('POST', 'admin/provider-plans/sync', admin, { provider: 'VTPASS' })).json().data;
    expect(again.changed).toEqual([]);
    expect(again.removed).toEqual([]);
    expect(again.new.map((n: { providerCode: string }) => n.providerCode)).not.toContain('glo1000');
    const audit = (await api('GET', 'audit-trails?action=provider-plan.sync', admin)).json().data;
    expect(audit).toHaveLength(1);
    expect(
      (await api('POST', 'admin/provider-plans/sync/accept', admin, { provider: 'VTPASS', changes: [] }))
        .statusCode,
    ).toBe(400);
  });

  it('[PROVIDER-PLANS] VTpass not configured is a 409 and VTpass failing a 502, never a 500', async () => {
    bare = await buildTestApp();
    const bareAdmin = await createAdmin(bare.app);
    const res = await bareApi('POST', 'admin/provider-plans/sync', bareAdmin, { provider: 'VTPASS' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/VTpass is not configured/);
    expect(
      (await bareApi('POST', 'admin/provider-plans/sync', bareAdmin, { provider: 'RELOADLY' })).statusCode,
    ).toBe(400);
    const wrongKeys = await buildTestApp({
      env: {
        VTPASS_BASE_URL: mock.baseUrl,
        VTPASS_API_KEY: 'wrong',
        VTPASS_SECRET_KEY: 'wrong',
        VTPASS_PUBLIC_KEY: 'wrong',
      },
    });
    try {
      const a = await createAdmin(wrongKeys.app);
      const failed = await apiAs(() => wrongKeys)('POST', 'admin/provider-plans/sync', a, {
        provider: 'VTPASS',
      });
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
      expect(failed.json().message).toMatch(/VTpass's plan list for .*-data could not be read/);
    } finally {
      await wrongKeys.close();
    }
  });
});

describe('[PROVIDER-PLANS] the route', () => {
  it('[PROVIDER-PLANS] a data plan with no VTPASS code goes to the next provider; a mapped one to VTPASS', async () => {
    await assignDefaults(t.app, corp.corporateId);
    await fund(t.app, corp.corporateId, 1_000_000);
    const key = await apiKeyFor(t.app, corp.corporateId);
    const unmapped = await apiVend(t.app, key, {
      type: 'DATA',
      amount: undefined,
      phone: '08011111111',
      network: 'MTN',
      planCode: 'MTN-3GB-30D',
    });
    expect(unmapped.statusCode, unmapped.body).toBe(200);
    const mapped = await apiVend(t.app, key, {
      type: 'DATA',
      amount: undefined,
      phone: '08011111111',
      network: 'MTN',
      planCode: 'MTN-1.5GB-30D',
    });
    expect(mapped.statusCode).toBe(200);
    const providerOf = async (id: string) =>
      (await t.app.ctx.db.select({ p: vends.provider }).from(vends).where(eq(vends.id, id)))[0].p;
    expect(await providerOf(unmapped.json().data.id)).toBe('SIMULATOR');
    expect(mock.app.vtpass.transactions.size).toBe(1);
    expect(await providerOf(mapped.json().data.id)).toBe('VTPASS');
  });
});
