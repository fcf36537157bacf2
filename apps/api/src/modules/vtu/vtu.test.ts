import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createCorporate, TEST_PASSWORD, type TestUser } from '../../test/factories';
import { apiAs, buildTestApp, type TestApp } from '../../test/harness';
import { apiKeyFor, apiVend, assignDefaults, expectBooksBalanced, fund } from '../vending/vending.testing';

let t: TestApp;
let admin: TestUser;
let viewer: TestUser;
let corp: TestUser & { corporateId: string };
let other: TestUser & { corporateId: string };
let key: string;
let shared: { id: string; code: string };
let dedicated: { id: string; code: string };

const api = apiAs(() => t);
const line = async (id: string) =>
  (await api('GET', 'vtu/list', admin)).json().data.find((l: { id: string }) => l.id === id);
const lineOfVend = async (id: string) => (await api('GET', `vend/${id}`, admin)).json().data.admin.vtuLineId;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app);
  viewer = await createAdmin(t.app, { permissions: ['vtu.read'] });
  corp = await createCorporate(t.app, { name: 'Gamma Telecoms Ltd' });
  other = await createCorporate(t.app);
  for (const c of [corp, other]) {
    await assignDefaults(t.app, c.corporateId);
    await fund(t.app, c.corporateId, 5_000_000);
  }
  key = await apiKeyFor(t.app, corp.corporateId);
  // 9mobile airtime goes through the VTU lines first in this file.
  const svc = (await api('GET', 'services?network=9MOBILE&serviceType=AIRTIME', admin)).json().data[0];
  await api('PUT', `services/update/${svc.id}`, admin, {
    network: '9MOBILE',
    service: 'AIRTIME',
    platform: 'VTU',
    commission: 5,
    fallbackPlatforms: ['AGGREGATOR'],
  });
});
afterAll(() => t.close());

describe('[VTU] lines', () => {
  it('[VTU] an admin adds lines; a number is added once; viewers cannot manage', async () => {
    const res = await api('POST', 'vtu/add', admin, {
      name: '9mobile shared',
      network: '9MOBILE',
      msisdn: '0809 111 2222',
    });
    expect(res.statusCode).toBe(201);
    shared = res.json().data;
    expect(res.json().data).toMatchObject({
      msisdn: '+2348091112222',
      status: 'ACTIVE',
      publicApi: true,
      corporateId: null,
      floatKobo: 0,
      providerBalanceKobo: null,
    });
    expect(shared.code).toMatch(/^VTU-[0-9A-Z]{6}$/);
    expect(
      (await api('POST', 'vtu/add', admin, { name: 'dup', network: '9MOBILE', msisdn: '+2348091112222' }))
        .statusCode,
    ).toBe(409);
    dedicated = (
      await api('POST', 'vtu/add', admin, {
        name: '9mobile for Gamma',
        network: '9MOBILE',
        msisdn: '08093334444',
      })
    ).json().data;
    expect((await api('GET', 'vtu/list', viewer)).json().data).toHaveLength(2);
    expect(
      (await api('POST', 'vtu/add', viewer, { name: 'x', network: 'MTN', msisdn: '08031112222' })).json()
        .code,
    ).toBe('FORBIDDEN');
    expect((await api('GET', 'vtu/list', corp)).json().code).toBe('WRONG_AREA');
  });

  it('[VTU] float is bought per line (password, one payment reference once) and shows in the funding history', async () => {
    expect(
      (
        await api('POST', 'vtu/fund', admin, {
          vtuLine: shared.code,
          amount: 1000,
          reference: 'TELCO-1',
          password: 'nope-nope-nope',
        })
      ).json().code,
    ).toBe('INVALID_PASSWORD');
    const ok = await api('POST', 'vtu/fund', admin, {
      vtuLine: shared.code,
      amount: '5,000',
      reference: 'TELCO-1',
      password: TEST_PASSWORD,
    });
    expect(ok.json()).toMatchObject({
      message: '₦5,000.00 float recorded for 9mobile shared',
      data: { floatKobo: 500_000 },
    });
    expect(
      (
        await api('POST', 'vtu/fund', admin, {
          vtuLine: shared.code,
          amount: 5000,
          reference: 'telco-1',
          password: TEST_PASSWORD,
        })
      ).statusCode,
    ).toBe(409);
    await api('POST', 'vtu/fund', admin, {
      vtuLine: dedicated.id,
      amount: 3000,
      reference: 'TELCO-2',
      password: TEST_PASSWORD,
    });
    const hist = (await api('GET', 'vtu/funding-history', viewer)).json();
    expect(hist.data.map((h: { reference: string }) => h.reference)).toEqual(['TELCO-2', 'TELCO-1']);
    expect(hist.data[1]).toMatchObject({
      lineCode: shared.code,
      amountKobo: 500_000,
      actorEmail: admin.email,
    });
    expect((await api('GET', `vtu/funding-history?vtuLine=${shared.code}`, viewer)).json().data).toHaveLength(
      1,
    );
  });

  it('[VTU] a line dedicated to a client serves that client first, and only it', async () => {
    const res = await api('POST', 'vtu/assign', admin, {
      vtuLine: dedicated.code,
      corporateId: corp.corporateId,
    });
    expect(res.json().data).toMatchObject({
      corporateId: corp.corporateId,
      corporateName: 'Gamma Telecoms Ltd',
    });
    const mine = (await apiVend(t.app, key, { phone: '08091234567', amount: 100 })).json().data;
    expect(mine.status).toBe('SUCCESSFUL');
    expect(await lineOfVend(mine.id)).toBe(dedicated.id);
    const theirs = (
      await api('POST', 'vend', other, { phone: '08091234567', type: 'AIRTIME', amount: 100 })
    ).json().data;
    expect(await lineOfVend(theirs.id)).toBe(shared.id);
    expect((await line(dedicated.id)).floatKobo).toBe(290_000);
    expect((await line(shared.id)).floatKobo).toBe(490_000);
    await api('POST', 'vtu/assign', admin, { vtuLine: dedicated.code, corporateId: null });
    expect((await line(dedicated.id)).corporateId).toBeNull();
  });

  it('[VTU] a line closed to the public API serves only portal vends; a disabled line serves none', async () => {
    await api('POST', 'vtu/public-api', admin, { vtuLine: shared.code, enabled: false });
    await api('POST', 'vtu/status', admin, { vtuLine: dedicated.code, status: 'INACTIVE' });
    const viaApi = (await apiVend(t.app, key, { phone: '08091234567', amount: 100 })).json().data;
    expect((await api('GET', `vend/${viaApi.id}`, admin)).json().data.admin.route).toBe(
      'AGGREGATOR:SIMULATOR',
    );
    const viaPortal = (
      await api('POST', 'vend', corp, { phone: '08091234567', type: 'AIRTIME', amount: 100 })
    ).json().data;
    expect(await lineOfVend(viaPortal.id)).toBe(shared.id);
    await api('POST', 'vtu/public-api', admin, { vtuLine: shared.code, enabled: true });
    await api('POST', 'vtu/status', admin, { vtuLine: dedicated.code, status: 'ACTIVE' });
  });

  it('[VTU] refresh reads the balance from the provider', async () => {
    const res = await api('POST', 'vtu/refresh', admin, { vtuLine: shared.code });
    expect(res.statusCode).toBe(200);
    const l = res.json().data;
    expect(l.providerBalanceKobo).toBe(l.floatKobo);
    expect(l.balanceCheckedAt).not.toBeNull();
    expect((await api('POST', 'vtu/refresh', admin, { vtuLine: 'VTU-NOPE00' })).statusCode).toBe(404);
    // Shaped like an id but not one: not found, never a 500.
    for (const vtuLine of ['0'.repeat(36), '-'.repeat(36), 'ffffffff-ffff-ffff-ffff-ffffffffffff']) {
      for (const url of ['vtu/refresh', 'vtu/status', 'vtu/public-api']) {
        expect(
          (await api('POST', url, admin, { vtuLine, active: true, enabled: true })).statusCode,
        ).toBeLessThan(500);
      }
    }
  });

  it('[VTU] the consumption history lists the vends that used line float; CSV too', async () => {
    const hist = (await api('GET', `vtu/consumption-history?vtuLine=${shared.code}`, viewer)).json();
    expect(hist.total).toBe(2);
    expect(
      hist.data.every(
        (h: { lineId: string; status: string }) => h.lineId === shared.id && h.status === 'SUCCESSFUL',
      ),
    ).toBe(true);
    const csv = await api('GET', 'vtu/consumption-history?format=csv', viewer);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.split('\r\n')[0]).toBe('Date,Vend,Line,Network,Phone,Type,Amount (NGN),Status,Client');
    expect(csv.body).toContain('Gamma Telecoms Ltd');
    await expectBooksBalanced(t.app);
  });
});
