// A client's lifecycle over HTTP: onboarding by an admin (owner with a temporary password to
// change), the owner's password reset (sessions ended), test mode allowed by the platform and
// switched by the client (its vends then never touch the live wallet), the auto top-up switch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createCorporate,
  lastEmailTo,
  TEST_PASSWORD,
  type TestUser,
} from '../../test/factories';
import { apiAs, buildTestApp, type TestApp } from '../../test/harness';
import { loginRes } from '../auth/auth.testing';
import { assignDefaults, balances, fund } from '../vending/vending.testing';

let t: TestApp;
let admin: TestUser;
const api = apiAs(() => t);
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
});

const auditOf = async (corporateId: string, like: string) =>
  (
    await t.app.ctx.dbHandle.query<{ action: string; summary: Record<string, unknown> }>(
      'select action, summary from audit_logs where corporate_id = $1 and action like $2 order by created_at',
      [corporateId, like],
    )
  ).map((r) => ({ action: r.action, summary: r.summary }));
const tempPasswordIn = (text: string) => {
  const m = /Temporary password: (\S+)/.exec(text);
  if (!m) throw new Error(`no temporary password in: ${text}`);
  return m[1];
};

describe('[CLIENTS] onboarding', () => {
  it('[CLIENTS] onboarding-data gives an admin the client types and services; a client its own progress', async () => {
    const res = await api('GET', 'onboarding-data', admin);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.clientTypes.map((c: { value: string }) => c.value)).toEqual([
      'PREPAID',
      'POSTPAID',
      'POSTPAID_PLUS',
    ]);
    expect(data.services.length).toBeGreaterThan(0);
    expect(data.services.some((s: { isDefault: boolean }) => s.isDefault)).toBe(true);
    const c = await createCorporate(t.app);
    const own = (await api('GET', 'onboarding-data', c)).json().data;
    expect(own.corporate.id).toBe(c.corporateId);
    expect(own.steps.length).toBeGreaterThan(0);
  });

  it('[CLIENTS] an admin onboards a client; its owner signs in with the emailed password and must change it', async () => {
    const email = `onboard-${Date.now()}@acme.test`;
    const res = await api('POST', 'onboard', admin, {
      company_name: 'Kano Traders Ltd',
      first_name: 'Musa',
      last_name: 'Bello',
      email,
      msisdn: '0803 555 1234',
      clientType: 'POSTPAID',
      creditLimit: '50,000',
    });
    expect(res.statusCode).toBe(201);
    const { corporateId } = res.json().data;
    const detail = (await api('GET', `corporate-clients/${corporateId}`, admin)).json().data;
    expect(detail).toMatchObject({
      name: 'Kano Traders Ltd',
      msisdn: '+2348035551234',
      clientType: 'POSTPAID',
      creditLimitKobo: 5_000_000,
      verificationStatus: 'PENDING',
      testModeAllowed: false,
      autoTopUpEnabled: false,
    });
    const mail = await lastEmailTo(t.app, email);
    expect(mail?.subject).toBe('Your VendPort account');
    const login = await loginRes(t.app, email, tempPasswordIn(mail?.text ?? ''));
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user).toMatchObject({ defaultPassword: true, hasVerifiedEmail: true });
    const audit = await auditOf(corporateId, 'clients.onboard');
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(tempPasswordIn(mail?.text ?? ''));

    const again = await api('POST', 'onboard', admin, {
      company_name: 'Copy',
      first_name: 'A',
      last_name: 'B',
      email,
      msisdn: '08035551234',
      clientType: 'PREPAID',
    });
    expect(again.statusCode).toBe(409);
  });

  it('[CLIENTS] onboarding refuses bad input with clear messages and creates nothing', async () => {
    const bad = await api('POST', 'onboard', admin, {
      company_name: '',
      first_name: 'A',
      last_name: 'B',
      email: 'not-an-email',
      msisdn: '123',
      clientType: 'PREPAID',
      creditLimit: '1000',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        'Company name is required',
        'Enter a valid email address',
        'Enter a valid Nigerian phone number',
      ]),
    );
    const credit = await api('POST', 'onboard', admin, {
      company_name: 'Prepaid Co',
      first_name: 'A',
      last_name: 'B',
      email: `credit-${Date.now()}@acme.test`,
      msisdn: '08035551234',
      clientType: 'PREPAID',
      creditLimit: '1000',
    });
    expect(credit.statusCode).toBe(400);
    expect(credit.json().errors).toContain('Only postpaid clients have a credit limit');
    const unknownService = await api('POST', 'onboard', admin, {
      company_name: 'Svc Co',
      first_name: 'A',
      last_name: 'B',
      email: `svc-${Date.now()}@acme.test`,
      msisdn: '08035551234',
      clientType: 'PREPAID',
      serviceIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknownService.statusCode).toBe(400);
    const rows = await t.app.ctx.dbHandle.query<{ n: number }>(
      "select count(*)::int as n from corporates where name in ('Prepaid Co', 'Svc Co')",
    );
    expect(rows[0].n).toBe(0);
  });
});

describe('[CLIENTS] password reset by an admin', () => {
  it('[CLIENTS] the owner gets a temporary password, every session ends, defaultPassword is TRUE', async () => {
    const c = await createCorporate(t.app);
    expect((await api('GET', 'notifications', c)).statusCode).toBe(200);
    const wrong = await api('PUT', 'reset-password', admin, {
      corporateId: c.corporateId,
      password: 'nope-nope-1',
    });
    expect(wrong.json().success).toBe(false);
    expect((await api('GET', 'notifications', c)).statusCode).toBe(200);

    const res = await api('PUT', 'reset-password', admin, {
      corporateId: c.corporateId,
      password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect((await api('GET', 'notifications', c)).statusCode).toBe(401);
    const mail = await lastEmailTo(t.app, c.email);
    expect(mail?.subject).toBe('Your VendPort password was reset');
    expect((await loginRes(t.app, c.email, TEST_PASSWORD)).statusCode).toBe(401);
    const login = await loginRes(t.app, c.email, tempPasswordIn(mail?.text ?? ''));
    expect(login.json().data.user.defaultPassword).toBe(true);
    expect(await auditOf(c.corporateId, 'clients.reset-password')).toHaveLength(1);
    const missing = await api('PUT', 'reset-password', admin, {
      corporateId: '00000000-0000-4000-8000-000000000000',
      password: TEST_PASSWORD,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('[CLIENTS] test mode', () => {
  it('[CLIENTS] a client cannot switch test mode on until the platform allows it', async () => {
    const c = await createCorporate(t.app);
    const refused = await api('PUT', 'client-test-mode', c, { testMode: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('TEST_MODE_NOT_ALLOWED');
    const allow = await api('PUT', 'test-mode', admin, {
      corporateId: c.corporateId,
      allowed: true,
      password: TEST_PASSWORD,
    });
    expect(allow.statusCode).toBe(200);
    expect(allow.json().data).toMatchObject({ testModeAllowed: true, testMode: false });
    const on = await api('PUT', 'client-test-mode', c, { testMode: true });
    expect(on.json().data).toEqual({ testMode: true, testModeAllowed: true });
    expect((await api('GET', 'me', c)).json().data.user.corporate).toMatchObject({
      testMode: true,
      testModeAllowed: true,
      autoTopUpEnabled: false,
    });
    // Forbidding switches it off at once.
    const forbid = await api('PUT', 'test-mode', admin, {
      corporateId: c.corporateId,
      allowed: false,
      password: TEST_PASSWORD,
    });
    expect(forbid.json().data).toMatchObject({ testModeAllowed: false, testMode: false });
    expect(
      (
        await api('PUT', 'test-mode', admin, {
          corporateId: c.corporateId,
          allowed: false,
          password: TEST_PASSWORD,
        })
      ).statusCode,
    ).toBe(400);
    expect((await auditOf(c.corporateId, '%test-mode%')).map((a) => a.action)).toEqual([
      'clients.test-mode.allow',
      'settings.test-mode.on',
      'clients.test-mode.forbid',
    ]);
  });

  it('[CLIENTS] in test mode the portal vends from the sandbox only: the live wallet and live history are untouched', async () => {
    const c = await createCorporate(t.app);
    await assignDefaults(t.app, c.corporateId);
    await fund(t.app, c.corporateId, 500_000);
    await api('PUT', 'test-mode', admin, {
      corporateId: c.corporateId,
      allowed: true,
      password: TEST_PASSWORD,
    });
    await api('PUT', 'client-test-mode', c, { testMode: true });
    const play = await api('POST', 'sandbox/fund', c, { amount: '2,000' });
    expect(play.statusCode).toBe(200);
    const before = await balances(t.app, c.corporateId);
    const vend = await api('POST', 'vend', c, { phone: '08031234567', type: 'AIRTIME', amount: 500 });
    expect(vend.statusCode).toBeLessThan(300);
    expect(vend.json().data.mode).toBe('TEST');
    const after = await balances(t.app, c.corporateId);
    expect(after.wallet).toBe(before.wallet);
    expect(after.sandbox).toBe(before.sandbox - 50_000);
    expect((await api('GET', 'transactions/vending', c)).json().data).toHaveLength(0);
    expect((await api('GET', 'transactions/vending?mode=TEST', c)).json().data).toHaveLength(1);
    // Back to live: the same call spends the live wallet.
    await api('PUT', 'client-test-mode', c, { testMode: false });
    const live = await api('POST', 'vend', c, { phone: '08031234567', type: 'AIRTIME', amount: 500 });
    expect(live.json().data.mode).toBe('LIVE');
    expect((await balances(t.app, c.corporateId)).wallet).toBeLessThan(before.wallet);
  });
});

describe('[CLIENTS] auto top-up switch', () => {
  it('[CLIENTS] enabled and disabled by an admin with their password, stored, audited, told to the client', async () => {
    const c = await createCorporate(t.app);
    const wrong = await api('PUT', 'corporate-clients/auto-topup', admin, {
      corporateId: c.corporateId,
      enabled: true,
      password: 'nope-nope-1',
    });
    expect(wrong.json().success).toBe(false);
    const on = await api('PUT', 'corporate-clients/auto-topup', admin, {
      corporateId: c.corporateId,
      enabled: true,
      password: TEST_PASSWORD,
    });
    expect(on.statusCode).toBe(200);
    expect(on.json().data.autoTopUpEnabled).toBe(true);
    const twice = await api('PUT', 'corporate-clients/auto-topup', admin, {
      corporateId: c.corporateId,
      enabled: true,
      password: TEST_PASSWORD,
    });
    expect(twice.statusCode).toBe(400);
    const off = await api('PUT', 'corporate-clients/auto-topup', admin, {
      corporateId: c.corporateId,
      enabled: false,
      password: TEST_PASSWORD,
    });
    expect(off.json().data.autoTopUpEnabled).toBe(false);
    expect((await auditOf(c.corporateId, 'clients.auto-topup.%')).map((a) => a.action)).toEqual([
      'clients.auto-topup.enable',
      'clients.auto-topup.disable',
    ]);
    const notes = (await api('GET', 'notifications', c))
      .json()
      .data.map((n: { subject: string }) => n.subject);
    expect(notes).toEqual(expect.arrayContaining(['Auto top-up enabled', 'Auto top-up disabled']));
  });
});
