import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCorporateMember, createAdmin, createCorporate, type TestUser } from '../../test/factories';
import { apiAs, buildTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: TestUser;
let reader: TestUser;
let corp: TestUser & { corporateId: string };

const api = apiAs(() => t);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app);
  reader = await createAdmin(t.app, { permissions: ['services.read'] });
  corp = await createCorporate(t.app);
});
afterAll(() => t.close());

describe('[SERVICES] the service catalogue', () => {
  it('[SERVICES] defaults exist for the four networks, airtime and data', async () => {
    const res = await api('GET', 'services', reader);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data;
    expect(rows).toHaveLength(8);
    expect(rows.map((s: { network: string; service: string }) => `${s.network}/${s.service}`).sort()).toEqual(
      [
        '9MOBILE/AIRTIME',
        '9MOBILE/DATA',
        'AIRTEL/AIRTIME',
        'AIRTEL/DATA',
        'GLO/AIRTIME',
        'GLO/DATA',
        'MTN/AIRTIME',
        'MTN/DATA',
      ],
    );
    const mtn = rows.find(
      (s: { network: string; service: string }) => s.network === 'MTN' && s.service === 'AIRTIME',
    );
    expect(mtn).toMatchObject({
      platform: 'AGGREGATOR',
      fallbackPlatforms: ['VTU'],
      commissionBps: 300,
      commission: '3.00',
      minAmountKobo: 5_000,
      maxAmountKobo: 5_000_000,
      status: 'ACTIVE',
      assigned: null,
    });
    expect(
      (
        await api('POST', 'services/add', reader, {
          network: 'MTN',
          service: 'AIRTIME',
          platform: 'VTU',
          commission: 1,
        })
      ).json().code,
    ).toBe('FORBIDDEN');
  });

  it('[SERVICES] an admin adds, updates and disables a service; duplicates are refused', async () => {
    const add = await api('POST', 'services/add', admin, {
      network: 'MTN',
      service: 'AIRTIME',
      platform: 'VTU',
      commission: '2.75',
      minAmount: '100',
      maxAmount: '20,000',
    });
    expect(add.statusCode).toBe(201);
    const s = add.json().data;
    expect(s).toMatchObject({
      commissionBps: 275,
      minAmountKobo: 10_000,
      maxAmountKobo: 2_000_000,
      fallbackPlatforms: [],
    });
    expect(
      (
        await api('POST', 'services/add', admin, {
          network: 'MTN',
          service: 'AIRTIME',
          platform: 'VTU',
          commission: 1,
        })
      ).statusCode,
    ).toBe(409);
    const upd = await api('PUT', `services/update/${s.id}`, admin, {
      network: 'MTN',
      service: 'AIRTIME',
      platform: 'VTU',
      commission: 3,
      fallbackPlatforms: ['AGGREGATOR'],
    });
    expect(upd.json().data).toMatchObject({
      commissionBps: 300,
      fallbackPlatforms: ['AGGREGATOR'],
      minAmountKobo: 10_000,
    });
    const off = await api('PUT', 'services/status', admin, { id: s.id, status: 'INACTIVE' });
    expect(off.json()).toMatchObject({ message: 'Service disabled', data: { status: 'INACTIVE' } });
    const audit = (await api('GET', 'audit-trails?action=service.', admin))
      .json()
      .data.map((a: { action: string }) => a.action);
    expect(audit).toEqual(expect.arrayContaining(['service.add', 'service.update', 'service.status']));
  });

  it('[SERVICES] an update with the spec payload {network, service, platform, commission} keeps the fallbacks and bounds', async () => {
    const glo = (await api('GET', 'services?network=GLO&serviceType=AIRTIME', admin))
      .json()
      .data.find((s: { platform: string }) => s.platform === 'AGGREGATOR');
    expect(glo).toMatchObject({ fallbackPlatforms: ['VTU'] });
    const upd = await api('PUT', `services/update/${glo.id}`, admin, {
      network: 'GLO',
      service: 'AIRTIME',
      platform: 'AGGREGATOR',
      commission: '4.25',
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data).toMatchObject({
      commissionBps: 425,
      fallbackPlatforms: ['VTU'],
      minAmountKobo: glo.minAmountKobo,
      maxAmountKobo: glo.maxAmountKobo,
    });
    // Moving it onto its own fallback drops that fallback rather than routing twice.
    const moved = await api('PUT', `services/update/${glo.id}`, admin, {
      network: 'GLO',
      service: 'AIRTIME',
      platform: 'VTU',
      commission: '4.25',
    });
    expect(moved.json().data).toMatchObject({ platform: 'VTU', fallbackPlatforms: [] });
    const back = await api('PUT', `services/update/${glo.id}`, admin, {
      network: 'GLO',
      service: 'AIRTIME',
      platform: 'AGGREGATOR',
      commission: '4.50',
      fallbackPlatforms: ['VTU'],
    });
    expect(back.json().data).toMatchObject({ commissionBps: 450, fallbackPlatforms: ['VTU'] });
  });

  it('[SERVICES] rates and bounds are validated', async () => {
    const bad = [
      { commission: 51 },
      { commission: '2.555' },
      { commission: -1 },
      { minAmount: 500, maxAmount: 100 },
      { fallbackPlatforms: ['AGGREGATOR'] },
      { network: 'ETISALAT' },
    ];
    for (const b of bad) {
      const res = await api('POST', 'services/add', admin, {
        network: 'GLO',
        service: 'DATA',
        platform: 'AGGREGATOR',
        commission: 1,
        ...b,
      });
      expect(res.statusCode, JSON.stringify(b)).toBe(400);
    }
    expect(
      (
        await api('PUT', 'services/update/00000000-0000-4000-8000-000000000000', admin, {
          network: 'GLO',
          service: 'DATA',
          platform: 'VTU',
          commission: 1,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('[SERVICES] assigning services: POST adds, PUT replaces; a client sees only its active assigned services', async () => {
    const all = (await api('GET', 'services?network=MTN', admin)).json().data;
    const [a, b] = all.filter((s: { platform: string }) => s.platform === 'AGGREGATOR');
    expect((await api('GET', 'services', corp)).json().data).toEqual([]);
    const post = await api('POST', 'services/assign', admin, {
      corporateId: corp.corporateId,
      serviceIds: [a.id],
    });
    expect(post.json().data.serviceIds).toEqual([a.id]);
    await api('POST', 'services/assign', admin, { corporateId: corp.corporateId, serviceIds: [b.id] });
    expect(
      (await api('GET', 'services', corp))
        .json()
        .data.map((s: { id: string }) => s.id)
        .sort(),
    ).toEqual([a.id, b.id].sort());
    const put = await api('PUT', 'services/assign', admin, {
      corporateId: corp.corporateId,
      serviceIds: [b.id],
    });
    expect(put.json().data.serviceIds).toEqual([b.id]);
    const flagged = (await api('GET', `services?network=MTN&corporateId=${corp.corporateId}`, admin)).json()
      .data;
    expect(flagged.find((s: { id: string }) => s.id === b.id).assigned).toBe(true);
    expect(flagged.find((s: { id: string }) => s.id === a.id).assigned).toBe(false);
    expect(
      (
        await api('POST', 'services/assign', admin, {
          corporateId: corp.corporateId,
          serviceIds: ['00000000-0000-4000-8000-000000000000'],
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await api('POST', 'services/assign', admin, {
          corporateId: '00000000-0000-4000-8000-000000000000',
          serviceIds: [a.id],
        })
      ).statusCode,
    ).toBe(404);
    // Disabled services disappear from the client's list.
    await api('PUT', 'services/status', admin, { id: b.id, status: 'INACTIVE' });
    expect((await api('GET', 'services', corp)).json().data).toEqual([]);
    await api('PUT', 'services/status', admin, { id: b.id, status: 'ACTIVE' });
  });

  it('[SERVICES] a team member reads the catalogue with vend or transactions.read, not without', async () => {
    const seller = await addCorporateMember(t.app, corp.corporateId, ['vend']);
    const auditor = await addCorporateMember(t.app, corp.corporateId, ['transactions.read']);
    const neither = await addCorporateMember(t.app, corp.corporateId, ['wallet.read']);
    expect((await api('GET', 'services', seller)).statusCode).toBe(200);
    expect((await api('GET', 'data-plans', auditor)).statusCode).toBe(200);
    expect((await api('GET', 'services', neither)).json().code).toBe('FORBIDDEN');
    expect(
      (
        await api('POST', 'services/add', seller, {
          network: 'MTN',
          service: 'DATA',
          platform: 'VTU',
          commission: 1,
        })
      ).json().code,
    ).toBe('WRONG_AREA');
  });
});

describe('[PLANS] data plans', () => {
  it('[PLANS] defaults per network; clients see active plans only', async () => {
    const plans = (await api('GET', 'data-plans?network=GLO', admin)).json().data;
    expect(plans.length).toBe(4);
    expect(plans[0]).toMatchObject({
      network: 'GLO',
      code: 'GLO-1GB-14D',
      size: '1GB',
      validity: '14 days',
      priceKobo: 50_000,
      price: '₦500.00',
    });
    await api('PUT', 'data-plans/status', admin, { id: plans[0].id, status: 'INACTIVE' });
    expect(
      (await api('GET', 'data-plans?network=GLO', corp)).json().data.map((p: { code: string }) => p.code),
    ).not.toContain('GLO-1GB-14D');
    expect(
      (await api('GET', 'data-plans?network=GLO&status=INACTIVE', admin))
        .json()
        .data.map((p: { code: string }) => p.code),
    ).toEqual(['GLO-1GB-14D']);
    await api('PUT', 'data-plans/status', admin, { id: plans[0].id, status: 'ACTIVE' });
  });

  it('[PLANS] an admin adds and updates a plan; codes are unique', async () => {
    const add = await api('POST', 'data-plans/add', admin, {
      network: 'MTN',
      code: 'MTN-20GB-30D',
      name: 'MTN 20GB monthly',
      size: '20GB',
      validity: '30 days',
      price: '7,500',
    });
    expect(add.statusCode).toBe(201);
    expect(add.json().data.priceKobo).toBe(750_000);
    expect(
      (
        await api('POST', 'data-plans/add', admin, {
          network: 'GLO',
          code: 'mtn-20gb-30d',
          name: 'x',
          size: '1GB',
          validity: '1 day',
          price: 1,
        })
      ).statusCode,
    ).toBe(409);
    const upd = await api('PUT', `data-plans/update/${add.json().data.id}`, admin, {
      price: 7000,
      validity: '31 days',
    });
    expect(upd.json().data).toMatchObject({
      priceKobo: 700_000,
      validity: '31 days',
      name: 'MTN 20GB monthly',
    });
    expect(
      (
        await api('POST', 'data-plans/add', admin, {
          network: 'MTN',
          code: 'bad code!',
          name: 'x',
          size: '1GB',
          validity: '1 day',
          price: 1,
        })
      ).statusCode,
    ).toBe(400);
  });
});
