import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createCorporate, TEST_PASSWORD, type TestUser } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/harness';
import { call, seedWallet, walletBalance } from '../funding/funding.fixtures';
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

const setLimit = (corporateId: string, limit: string, url = '/api/v1/set-limit', password = TEST_PASSWORD) =>
  call(t.app, admin, { method: 'PUT', url, payload: { corporateId, limit, password } });
const switchType = (corporateId: string, clientType: string, password = TEST_PASSWORD) =>
  call(t.app, admin, {
    method: 'POST',
    url: '/api/v1/corporate-clients/switch',
    payload: { corporateId, clientType, password },
  });
const terms = async (corporateId: string) =>
  (
    await t.app.ctx.dbHandle.query<{ client_type: string; credit_limit_kobo: string }>(
      'select client_type, credit_limit_kobo from corporates where id = $1',
      [corporateId],
    )
  )[0];
const auditOf = async (corporateId: string) =>
  await t.app.ctx.dbHandle.query<{ action: string; summary: Record<string, unknown> }>(
    'select action, summary from audit_logs where target_id = $1 order by created_at',
    [corporateId],
  );

describe('[CLIENTS] credit limit', () => {
  it('[CLIENTS] set-limit and corporate-clients/limit both set the limit in naira, audited and notified', async () => {
    const c = await createCorporate(t.app, { clientType: 'POSTPAID' });
    const res = await setLimit(c.corporateId, '50,000.50');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      clientType: 'POSTPAID',
      creditLimitKobo: 5_000_050,
      floorKobo: -5_000_050,
      availableKobo: 5_000_050,
    });
    const res2 = await setLimit(c.corporateId, '20000', '/api/v1/corporate-clients/limit');
    expect(res2.statusCode).toBe(200);
    expect(Number((await terms(c.corporateId)).credit_limit_kobo)).toBe(2_000_000);
    const log = await auditOf(c.corporateId);
    expect(log.map((l) => l.action)).toEqual(['clients.limit', 'clients.limit']);
    expect(log[1].summary).toMatchObject({ from: '50000.50', to: '20000.00' });
    const notes = await t.app.ctx.dbHandle.query<{ subject: string }>(
      'select subject from notifications where user_id = $1',
      [c.id],
    );
    expect(notes.map((n) => n.subject)).toContain('Credit limit updated');
  });

  it('[CLIENTS] a limit below what the client has already used is refused with a clear message', async () => {
    const c = await createCorporate(t.app, { clientType: 'POSTPAID_PLUS' });
    await setLimit(c.corporateId, '10000');
    await seedWallet(t.app, c.corporateId, -700_000);
    const res = await setLimit(c.corporateId, '6,999.99');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The client has used ₦7,000.00 of credit; the limit cannot be set below that',
    );
    expect(Number((await terms(c.corporateId)).credit_limit_kobo)).toBe(1_000_000);
    expect((await setLimit(c.corporateId, '7000')).statusCode).toBe(200);
  });

  it('[CLIENTS] a wrong password, a negative or malformed limit, or an unknown client is refused', async () => {
    const c = await createCorporate(t.app, { clientType: 'POSTPAID' });
    const bad = await setLimit(c.corporateId, '1000', '/api/v1/set-limit', 'wrong-password');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVALID_PASSWORD');
    for (const limit of ['-1', '1.001', 'lots'])
      expect((await setLimit(c.corporateId, limit)).statusCode).toBe(400);
    expect((await setLimit('00000000-0000-4000-8000-000000000000', '1000')).statusCode).toBe(404);
    expect(Number((await terms(c.corporateId)).credit_limit_kobo)).toBe(0);
  });
});

describe('[CLIENTS] switching client type', () => {
  it('[CLIENTS] switching never changes the balance; it changes the floor', async () => {
    const c = await createCorporate(t.app, { clientType: 'PREPAID' });
    await seedWallet(t.app, c.corporateId, 123_456);
    const up = await switchType(c.corporateId, 'POSTPAID');
    expect(up.statusCode).toBe(200);
    expect(up.json().data).toMatchObject({ clientType: 'POSTPAID', balanceKobo: 123_456, floorKobo: 0 });
    await setLimit(c.corporateId, '5000');
    const plus = await switchType(c.corporateId, 'POSTPAID_PLUS');
    expect(plus.json().data).toMatchObject({
      clientType: 'POSTPAID_PLUS',
      balanceKobo: 123_456,
      floorKobo: -500_000,
      availableKobo: 623_456,
    });
    const back = await switchType(c.corporateId, 'PREPAID');
    expect(back.json().data).toMatchObject({ clientType: 'PREPAID', balanceKobo: 123_456, floorKobo: 0 });
    expect(await walletBalance(t.app, c.corporateId)).toBe(123_456);
    const log = await auditOf(c.corporateId);
    expect(log.filter((l) => l.action === 'clients.switch').map((l) => l.summary.to)).toEqual([
      'POSTPAID',
      'POSTPAID_PLUS',
      'PREPAID',
    ]);
  });

  it('[CLIENTS] switching to PREPAID while the wallet owes is refused; the client must repay first', async () => {
    const c = await createCorporate(t.app, { clientType: 'POSTPAID' });
    await setLimit(c.corporateId, '10000');
    await seedWallet(t.app, c.corporateId, -250_000);
    const res = await switchType(c.corporateId, 'PREPAID');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/₦2,500\.00 below zero; the client must repay/);
    expect((await terms(c.corporateId)).client_type).toBe('POSTPAID');
    expect((await switchType(c.corporateId, 'POSTPAID_PLUS')).statusCode).toBe(200);
    expect(await walletBalance(t.app, c.corporateId)).toBe(-250_000);
  });

  it('[CLIENTS] switching to the current type, to an unknown type, or with a wrong password is refused', async () => {
    const c = await createCorporate(t.app, { clientType: 'PREPAID' });
    const same = await switchType(c.corporateId, 'PREPAID');
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('The client is already Prepaid');
    expect((await switchType(c.corporateId, 'GOLD')).statusCode).toBe(400);
    const wrong = await switchType(c.corporateId, 'POSTPAID', 'wrong-password');
    expect(wrong.json().code).toBe('INVALID_PASSWORD');
    expect((await terms(c.corporateId)).client_type).toBe('PREPAID');
  });
});

describe('[CLIENTS] end of suite', () => {
  it('[CLIENTS] checkLedger reports no violation', async () => {
    const report = await checkLedger(t.app.ctx.db);
    expect(report.checks.filter((x) => x.violations > 0)).toEqual([]);
  });
});
