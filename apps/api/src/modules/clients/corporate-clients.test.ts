import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createCorporate, TEST_PASSWORD, type TestUser } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/harness';
import {
  approve,
  call,
  createFundRequest,
  seedWallet,
  setCorporate,
  walletBalance,
} from '../funding/funding.fixtures';
import { checkLedger } from '../ledger/ledger-check';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
});

const tag = () => randomBytes(3).toString('hex');
type Row = Record<string, unknown> & { id: string; name: string };

const list = async (query: string, user: TestUser = admin) => {
  const res = await call(t.app, user, { method: 'GET', url: `/api/v1/corporate-clients?${query}` });
  return { res, body: res.json() as { data: Row[]; total: number; hasMorePages: boolean; lastPage: number } };
};
const detail = (id: string, user: TestUser = admin) =>
  call(t.app, user, { method: 'GET', url: `/api/v1/corporate-clients/${id}` });
const setStatus = (corporateId: string, status: string, password = TEST_PASSWORD, user: TestUser = admin) =>
  call(t.app, user, {
    method: 'PUT',
    url: '/api/v1/corporate-clients/status',
    payload: { corporateId, status, password },
  });
const adminFund = (corporateId: string, amount: string, url = '/api/v1/fund') =>
  call(t.app, admin, {
    method: 'POST',
    url,
    payload: { corporateId, amount, reason: 'Opening float', password: TEST_PASSWORD },
  });

describe('[CLIENTS] GET corporate-clients', () => {
  it('[CLIENTS] lists clients with the spec §3 fields, total funding from fundings only and the wallet balance', async () => {
    const name = `Zenith Airtime ${tag()} Ltd`;
    const c = await createCorporate(t.app, { name });
    const fr = await createFundRequest(t.app, c, '25,000.50');
    expect((await approve(t.app, admin, fr.id)).statusCode).toBe(200);
    expect((await adminFund(c.corporateId, '10000')).statusCode).toBe(200);
    // A test adjustment (not a funding) moves the balance but not the total funding.
    await seedWallet(t.app, c.corporateId, -500_000);

    const { res, body } = await list(`search=${encodeURIComponent(name)}`);
    expect(res.statusCode).toBe(200);
    expect(body.total).toBe(1);
    const row = body.data[0]!;
    expect(Object.keys(row).sort()).toEqual(
      [
        'id',
        'name',
        'email',
        'msisdn',
        'clientType',
        'totalFunding',
        'availableBalance',
        'createdAt',
        'verificationRequestedAt',
        'verificationStatus',
        'status',
        'testMode',
        'testModeAllowed',
        'autoTopUpEnabled',
        'creditLimitKobo',
      ].sort(),
    );
    expect(row).toMatchObject({
      id: c.corporateId,
      name,
      msisdn: '+2348031234567',
      clientType: 'PREPAID',
      totalFunding: 3_500_050,
      availableBalance: 3_000_050,
      verificationRequestedAt: null,
      verificationStatus: 'PENDING',
      status: 'ACTIVE',
      testMode: false,
      creditLimitKobo: 0,
    });
    expect(await walletBalance(t.app, c.corporateId)).toBe(3_000_050);
  });

  it('[CLIENTS] a client that never moved money lists with zero funding and balance', async () => {
    const name = `Quiet ${tag()} Ventures`;
    await createCorporate(t.app, { name });
    const { body } = await list(`search=${encodeURIComponent(name)}`);
    expect(body.data[0]).toMatchObject({ name, totalFunding: 0, availableBalance: 0 });
  });

  it('[CLIENTS] filters by search (name, email, phone in any common form), status, client type and onboarding dates', async () => {
    const k = tag();
    const a = await createCorporate(t.app, { name: `Filter ${k} Alpha`, clientType: 'POSTPAID' });
    const b = await createCorporate(t.app, { name: `Filter ${k} Beta` });
    await setCorporate(t.app, a.corporateId, {
      msisdn: '+2348129990001',
      createdAt: new Date('2025-03-10T09:00:00+01:00'),
    });
    await setCorporate(t.app, b.corporateId, {
      status: 'INACTIVE',
      createdAt: new Date('2025-03-12T23:30:00+01:00'),
    });
    const names = async (q: string) => (await list(`search=Filter%20${k}&${q}`)).body.data.map((r) => r.name);

    expect(await names('')).toEqual([`Filter ${k} Beta`, `Filter ${k} Alpha`]);
    expect(await names('status=INACTIVE')).toEqual([`Filter ${k} Beta`]);
    expect(await names('status=ACTIVE&clientType=POSTPAID')).toEqual([`Filter ${k} Alpha`]);
    expect(await names('clientType=POSTPAID_PLUS')).toEqual([]);
    // Lagos calendar days, inclusive.
    expect(await names('startDate=2025-03-11&endDate=2025-03-12')).toEqual([`Filter ${k} Beta`]);
    expect(await names('endDate=2025-03-10')).toEqual([`Filter ${k} Alpha`]);

    const bEmail = (await detail(b.corporateId)).json().data.email as string;
    expect((await list(`search=${encodeURIComponent(bEmail)}`)).body.data.map((r) => r.id)).toEqual([
      b.corporateId,
    ]);
    for (const phone of ['0812 999 0001', '+2348129990001', '08129990']) {
      const found = (await list(`search=${encodeURIComponent(phone)}`)).body.data.map((r) => r.id);
      expect(found, phone).toEqual([a.corporateId]);
    }
    // Wildcards in the search are literal.
    expect((await list('search=%25%25%25')).body.data).toEqual([]);
  });

  it('[CLIENTS] pages with the spec page sizes and refuses others', async () => {
    const { body } = await list('page=1&limit=40');
    expect(body).toMatchObject({ currentPage: 1, limit: 40 });
    expect((await list('limit=25')).res.statusCode).toBe(400);
    expect((await list('status=SUSPENDED')).res.statusCode).toBe(400);
    expect((await list('startDate=12/03/2025')).res.statusCode).toBe(400);
  });

  it('[CLIENTS] needs clients.read: other admins get 403 and corporate users are refused', async () => {
    const funder = await createAdmin(t.app, { permissions: ['funding.read', 'funding.manage'] });
    const r1 = await list('', funder);
    expect(r1.res.statusCode).toBe(403);
    expect(r1.res.json().code).toBe('FORBIDDEN');
    const reader = await createAdmin(t.app, { permissions: ['clients.read'] });
    expect((await list('', reader)).res.statusCode).toBe(200);
    const corp = await createCorporate(t.app);
    const r2 = await list('', corp);
    expect(r2.res.statusCode).toBe(403);
    expect(r2.res.json().code).toBe('WRONG_AREA');
    expect((await detail(corp.corporateId, corp)).statusCode).toBe(403);
    expect((await call(t.app, null, { method: 'GET', url: '/api/v1/corporate-clients' })).statusCode).toBe(
      401,
    );
  });
});

describe('[CLIENTS] GET corporate-clients/:id', () => {
  it('[CLIENTS] returns the client fields and its wallet summary (credit terms for credit clients)', async () => {
    const c = await createCorporate(t.app, { clientType: 'POSTPAID' });
    await setCorporate(t.app, c.corporateId, {
      creditLimitKobo: 1_000_000,
      verificationStatus: 'VERIFIED',
      verificationRequestedAt: new Date('2025-04-01T10:00:00Z'),
    });
    expect((await adminFund(c.corporateId, '2500', '/api/v1/fund-postpaid')).statusCode).toBe(200);
    await seedWallet(t.app, c.corporateId, -400_000);
    const res = await detail(c.corporateId);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: c.corporateId,
      clientType: 'POSTPAID',
      totalFunding: 250_000,
      availableBalance: -150_000,
      verificationStatus: 'VERIFIED',
      verificationRequestedAt: '2025-04-01T10:00:00.000Z',
      creditLimitKobo: 1_000_000,
      wallet: {
        clientType: 'POSTPAID',
        balanceKobo: -150_000,
        creditLimitKobo: 1_000_000,
        usedKobo: 150_000,
        availableKobo: 850_000,
      },
    });
  });

  it('[CLIENTS] an unknown client is 404, a malformed id 400', async () => {
    const missing = await detail('00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await detail('not-a-uuid')).statusCode).toBe(400);
  });
});

describe('[CLIENTS] PUT corporate-clients/status', () => {
  it('[CLIENTS] deactivating is password-confirmed, audited and notified; an inactive client cannot fund until reactivated', async () => {
    const c = await createCorporate(t.app);
    const res = await setStatus(c.corporateId, 'INACTIVE');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Client deactivated',
      data: { id: c.corporateId, status: 'INACTIVE', wallet: { balanceKobo: 0 } },
    });

    const refused = await call(t.app, c, {
      method: 'POST',
      url: '/api/v1/fund-request',
      payload: { amount: '5000', transferReference: `TRF${tag()}` },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('CLIENT_INACTIVE');
    // Still signed in and reading.
    expect((await call(t.app, c, { method: 'GET', url: '/api/v1/get-wallet-balance' })).statusCode).toBe(200);

    const again = await setStatus(c.corporateId, 'INACTIVE');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('The client is already inactive');

    const back = await setStatus(c.corporateId, 'ACTIVE');
    expect(back.json()).toMatchObject({ message: 'Client activated', data: { status: 'ACTIVE' } });
    await createFundRequest(t.app, c, '5000');

    const log = await t.app.ctx.dbHandle.query<{ action: string; summary: Record<string, unknown> }>(
      'select action, summary from audit_logs where target_id = $1 order by created_at',
      [c.corporateId],
    );
    expect(log.map((l) => l.action)).toEqual(['clients.deactivate', 'clients.activate']);
    expect(log[0]!.summary).toMatchObject({ from: 'ACTIVE', to: 'INACTIVE' });
    const notes = await t.app.ctx.dbHandle.query<{ subject: string }>(
      'select subject from notifications where user_id = $1 order by created_at',
      [c.id],
    );
    expect(notes.map((n) => n.subject)).toEqual(['Account deactivated', 'Account activated']);
  });

  it('[CLIENTS] a wrong password, an unknown status or client, or a role without clients.manage is refused', async () => {
    const c = await createCorporate(t.app);
    const wrong = await setStatus(c.corporateId, 'INACTIVE', 'not-my-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('INVALID_PASSWORD');
    const empty = await setStatus(c.corporateId, 'INACTIVE', '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toContain('Please enter your password');
    expect((await setStatus(c.corporateId, 'SUSPENDED')).statusCode).toBe(400);
    expect((await setStatus('00000000-0000-4000-8000-000000000000', 'INACTIVE')).statusCode).toBe(404);
    const reader = await createAdmin(t.app, { permissions: ['clients.read'] });
    const forbidden = await setStatus(c.corporateId, 'INACTIVE', TEST_PASSWORD, reader);
    expect(forbidden.statusCode).toBe(403);
    expect((await detail(c.corporateId)).json().data.status).toBe('ACTIVE');
  });
});

describe('[CLIENTS] end of suite', () => {
  it('[CLIENTS] checkLedger reports no violation', async () => {
    const report = await checkLedger(t.app.ctx.db);
    expect(report.checks.filter((x) => x.violations > 0)).toEqual([]);
  });
});
