import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureRecurringJobs, runDueJobs } from '../../jobs';
import { createAdmin, createCorporate, TEST_PASSWORD, type TestUser } from '../../test/factories';
import { apiAs, buildTestApp, type TestApp } from '../../test/harness';
import {
  apiKeyFor,
  apiVend,
  assignDefaults,
  balances,
  expectBooksBalanced,
  fund,
} from '../vending/vending.testing';
import { nextSettlementAt } from './commissions.service';

let t: TestApp;
let admin: TestUser;
let a: TestUser & { corporateId: string };
let b: TestUser & { corporateId: string };
let keyA: string;
let keyB: string;

const api = apiAs(() => t);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app);
  a = await createCorporate(t.app, { name: 'Alpha Airtime Ltd' });
  b = await createCorporate(t.app, { name: 'Beta Data Ltd', clientType: 'POSTPAID' });
  for (const c of [a, b]) {
    await assignDefaults(t.app, c.corporateId);
    await fund(t.app, c.corporateId, 5_000_000);
  }
  keyA = await apiKeyFor(t.app, a.corporateId);
  keyB = await apiKeyFor(t.app, b.corporateId);
});
afterAll(() => t.close());

describe('[COMMISSION] earning and reporting', () => {
  it('[COMMISSION] a client sees what it earned per day and per service; pending and failed vends earn nothing', async () => {
    await apiVend(t.app, keyA, { phone: '08031234567', amount: 1000 }); // MTN airtime 3% -> 30
    await apiVend(t.app, keyA, { phone: '08051234567', amount: 2000 }); // GLO airtime 4.5% -> 90
    await apiVend(t.app, keyA, { type: 'DATA', amount: undefined, planCode: 'MTN-3GB-30D' }); // 2500 at 2% -> 50
    await apiVend(t.app, keyA, { phone: '+2348000000002', network: 'MTN', amount: 1000 }); // failed
    await apiVend(t.app, keyA, { phone: '+2348000000007', network: 'MTN', amount: 1000 }); // pending
    await apiVend(t.app, keyB, { phone: '08031234567', amount: 500 }); // 15
    const r = (await api('GET', 'commissions', a)).json().data;
    expect(r.totals).toMatchObject({
      vends: 3,
      amountKobo: 550_000,
      commissionKobo: 17_000,
      accruedKobo: 17_000,
      upfrontKobo: 0,
      settledKobo: 0,
    });
    expect(r.unsettledKobo).toBe(17_000);
    // The pending vend's commission is held on the account but not yet earned.
    expect(r.commissionBalanceKobo).toBe(17_000 + 3_000);
    // ... and reported apart, so no screen adds it to what was earned (issue 36 point 19).
    expect(r.pendingKobo).toBe(3_000);
    expect(r.byDay).toHaveLength(1);
    expect(r.byDay[0]).toMatchObject({ vends: 3, commissionKobo: 17_000 });
    expect(r.byDay[0].date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const byService = Object.fromEntries(
      r.byService.map((s: { network: string; service: string; commissionKobo: number }) => [
        `${s.network}/${s.service}`,
        s.commissionKobo,
      ]),
    );
    expect(byService).toEqual({ 'MTN/AIRTIME': 3_000, 'MTN/DATA': 5_000, 'GLO/AIRTIME': 9_000 });
    expect(r.byClient).toBeNull();
    const mtnOnly = (await api('GET', 'commissions?network=MTN&serviceType=AIRTIME', a)).json().data;
    expect(mtnOnly.totals.commissionKobo).toBe(3_000);
    expect((await api('GET', 'commissions?startDate=2999-01-01', a)).json().data.totals.vends).toBe(0);
  });

  it('[COMMISSION] admins see commission across clients, per client, and for one client', async () => {
    const all = (await api('GET', 'commissions', admin)).json().data;
    expect(all.byClient.map((c: { corporateName: string }) => c.corporateName)).toEqual([
      'Alpha Airtime Ltd',
      'Beta Data Ltd',
    ]);
    expect(all.commissionBalanceKobo).toBeNull();
    expect(all.pendingKobo).toBeNull();
    expect(
      (await api('GET', 'commissions?clientType=POSTPAID', admin)).json().data.totals.commissionKobo,
    ).toBe(1_500);
    const one = (await api('GET', `commissions?corporateId=${b.corporateId}`, admin)).json().data;
    expect(one).toMatchObject({
      commissionBalanceKobo: 1_500,
      unsettledKobo: 1_500,
      pendingKobo: 0,
      upfrontCommission: false,
      byClient: null,
    });
    // A client's corporateId filter is ignored: it only ever sees its own.
    expect(
      (await api('GET', `commissions?corporateId=${b.corporateId}`, a)).json().data.totals.commissionKobo,
    ).toBe(17_000);
  });
});

describe('[COMMISSION] settlement', () => {
  it('[COMMISSION] an admin settles accrued commission to the wallet (password-confirmed), once', async () => {
    const before = await balances(t.app, a.corporateId);
    expect(
      (
        await api('POST', 'commissions/settle', admin, {
          corporateId: a.corporateId,
          password: 'wrong-password!',
        })
      ).json().code,
    ).toBe('INVALID_PASSWORD');
    const res = await api('POST', 'commissions/settle', admin, {
      corporateId: a.corporateId,
      password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: '₦170.00 commission settled to the wallet',
      data: { amountKobo: 17_000, vends: 3, trigger: 'ADMIN' },
    });
    const after = await balances(t.app, a.corporateId);
    expect(after.wallet).toBe(before.wallet + 17_000);
    expect(after.commission).toBe(3_000);
    const again = await api('POST', 'commissions/settle', admin, {
      corporateId: a.corporateId,
      password: TEST_PASSWORD,
    });
    expect(again.json()).toMatchObject({ message: 'There is no accrued commission to settle', data: null });
    expect((await balances(t.app, a.corporateId)).wallet).toBe(after.wallet);
    const r = (await api('GET', 'commissions', a)).json().data;
    expect(r).toMatchObject({ unsettledKobo: 0, totals: { settledKobo: 17_000 } });
    expect((await api('GET', 'commissions/settlements', a)).json().data).toHaveLength(1);
    expect(
      (
        await api('POST', 'commissions/settle', a, { corporateId: a.corporateId, password: TEST_PASSWORD })
      ).json().code,
    ).toBe('WRONG_AREA');
  });

  it('[COMMISSION] reversing a vend whose commission was settled refunds amount - commission', async () => {
    const v = (await api('GET', 'transactions/vending?network=GLO', a)).json().data[0];
    const before = await balances(t.app, a.corporateId);
    const res = await api('POST', `vend/${v.id}/reverse`, admin, {
      password: TEST_PASSWORD,
      reason: 'Duplicate top-up',
    });
    expect(res.statusCode).toBe(200);
    const after = await balances(t.app, a.corporateId);
    expect(after.wallet).toBe(before.wallet + 200_000 - 9_000);
    expect(after.commission).toBe(before.commission);
    await expectBooksBalanced(t.app);
  });

  it('[COMMISSION] the daily job settles every client with accrued commission', async () => {
    await apiVend(t.app, keyA, { phone: '08031234567', amount: 1000 });
    const now = new Date();
    await ensureRecurringJobs(t.app.ctx, now);
    const due = nextSettlementAt(now, t.app.ctx.config.COMMISSION_SETTLEMENT_HOUR);
    expect(due.getTime()).toBeGreaterThan(now.getTime());
    expect(due.getTime() - now.getTime()).toBeLessThanOrEqual(24 * 3600_000);
    await runDueJobs(t.app.ctx, { now: new Date(due.getTime() - 1000), queues: ['commission-settlement'] });
    expect((await api('GET', 'commissions/settlements', a)).json().data).toHaveLength(1);
    await runDueJobs(t.app.ctx, { now: due, queues: ['commission-settlement'] });
    const sa = (await api('GET', 'commissions/settlements', a)).json().data;
    expect(sa[0]).toMatchObject({ trigger: 'SCHEDULE', amountKobo: 3_000 });
    expect(
      (await api('GET', `commissions/settlements?corporateId=${b.corporateId}`, admin)).json().data[0],
    ).toMatchObject({ trigger: 'SCHEDULE', amountKobo: 1_500 });
    expect((await balances(t.app, b.corporateId)).commission).toBe(0);
  });

  it('[COMMISSION] upfront commission is switched per client with the admin’s password', async () => {
    const bad = await api('PATCH', 'corporate-clients/upfront-commission', admin, {
      corporateId: b.corporateId,
      upfrontCommission: true,
      password: '',
    });
    expect(bad.json().message).toBe('Please enter your password');
    const ok = await api('PATCH', 'corporate-clients/upfront-commission', admin, {
      corporateId: b.corporateId,
      upfrontCommission: true,
      password: TEST_PASSWORD,
    });
    expect(ok.json()).toMatchObject({
      message: 'Upfront commission enabled',
      data: { upfrontCommission: true },
    });
    const v = (await apiVend(t.app, keyB, { phone: '08031234567', amount: 1000 })).json().data;
    expect(v).toMatchObject({ commissionMode: 'UPFRONT', chargedKobo: 97_000 });
    const r = (await api('GET', `commissions?corporateId=${b.corporateId}`, admin)).json().data;
    expect(r.totals.upfrontKobo).toBe(3_000);
    expect(r.upfrontCommission).toBe(true);
    expect(
      (
        await api('PATCH', 'corporate-clients/upfront-commission', a, {
          corporateId: a.corporateId,
          upfrontCommission: true,
          password: TEST_PASSWORD,
        })
      ).json().code,
    ).toBe('WRONG_AREA');
    await expectBooksBalanced(t.app);
  });
});
