import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createCorporate, TEST_PASSWORD } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/harness';
import { changeCreditTerms } from '../clients/clients.service';
import { approve, call, createFundRequest, seedWallet } from '../funding/funding.fixtures';
import { checkLedger } from '../ledger/ledger-check';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const lagosDay = (offsetDays: number) =>
  new Date(Date.now() + 3600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe('[WALLET] balance', () => {
  it('[WALLET] a new PREPAID client has a zero wallet and no credit terms', async () => {
    const c = await createCorporate(t.app);
    const res = await call(t.app, c, { method: 'GET', url: '/api/v1/get-wallet-balance' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      clientType: 'PREPAID',
      balanceKobo: 0,
      floorKobo: 0,
      availableKobo: 0,
      creditLimitKobo: null,
      usedKobo: null,
      commissionBalanceKobo: 0,
      sandboxBalanceKobo: 0,
      asAt: null,
    });
  });

  it('[WALLET] approving a fund request credits the wallet once and the balance shows it', async () => {
    const c = await createCorporate(t.app);
    const admin = await createAdmin(t.app);
    const fr = await createFundRequest(t.app, c, '12,345.67');
    expect((await approve(t.app, admin, fr.id)).statusCode).toBe(200);
    expect((await approve(t.app, admin, fr.id, TEST_PASSWORD)).statusCode).toBe(409);
    const res = await call(t.app, c, { method: 'GET', url: '/api/v1/get-wallet-balance' });
    expect(res.json().data).toMatchObject({
      balanceKobo: 1_234_567,
      availableKobo: 1_234_567,
    });
  });

  it('[WALLET] the balance as at a day comes from the entries up to the end of that Lagos day', async () => {
    const c = await createCorporate(t.app);
    const a = await seedWallet(t.app, c.corporateId, 500_000);
    const b = await seedWallet(t.app, c.corporateId, 100_000);
    const d = await seedWallet(t.app, c.corporateId, -50_000);
    // Re-time the entries (test only: the append-only trigger is lifted for the update).
    const h = t.app.ctx.dbHandle;
    const retime = async (transferId: string, at: string) => {
      await h.query('alter table ledger_entries disable trigger ledger_entries_append_only');
      try {
        await h.query('update ledger_entries set created_at = $2 where transfer_id = $1', [transferId, at]);
      } finally {
        await h.query('alter table ledger_entries enable trigger ledger_entries_append_only');
      }
    };
    await retime(a.transfer.id, '2025-03-01T10:00:00Z');
    // 23:30 UTC on 3 March is 00:30 on 4 March in Lagos.
    await retime(b.transfer.id, '2025-03-03T23:30:00Z');
    await retime(d.transfer.id, '2025-03-05T12:00:00Z');
    const asAt = async (date: string) =>
      (await call(t.app, c, { method: 'GET', url: `/api/v1/get-wallet-balance?date=${date}` })).json().data
        .asAt;
    expect(await asAt('2025-02-28')).toEqual({ date: '2025-02-28', balanceKobo: 0 });
    expect(await asAt('2025-03-01')).toEqual({
      date: '2025-03-01',
      balanceKobo: 500_000,
    });
    expect((await asAt('2025-03-03')).balanceKobo).toBe(500_000);
    expect((await asAt('2025-03-04')).balanceKobo).toBe(600_000);
    expect((await asAt('2025-03-05')).balanceKobo).toBe(550_000);
    expect((await asAt(lagosDay(0))).balanceKobo).toBe(550_000);
    const now = (
      await call(t.app, c, { method: 'GET', url: '/api/v1/get-wallet-balance?date=2025-03-01' })
    ).json().data;
    expect(now.balanceKobo).toBe(550_000);
    expect(
      (await call(t.app, c, { method: 'GET', url: '/api/v1/get-wallet-balance?date=2024-13-45x' }))
        .statusCode,
    ).toBe(400);
  });

  it('[WALLET] a POSTPAID client sees its limit, what it has used and what is left', async () => {
    const c = await createCorporate(t.app, { clientType: 'POSTPAID' });
    await changeCreditTerms(t.app.ctx.db, c.corporateId, { creditLimitKobo: 2_000_000 });
    await seedWallet(t.app, c.corporateId, -750_000);
    const res = await call(t.app, c, { method: 'GET', url: '/api/v1/get-wallet-balance' });
    expect(res.json().data).toMatchObject({
      clientType: 'POSTPAID',
      balanceKobo: -750_000,
      floorKobo: -2_000_000,
      creditLimitKobo: 2_000_000,
      usedKobo: 750_000,
      availableKobo: 1_250_000,
    });
  });

  it('[WALLET] a POSTPAID_PLUS client spends its prepaid balance first: nothing used while the balance is positive', async () => {
    const c = await createCorporate(t.app, { clientType: 'POSTPAID_PLUS' });
    await changeCreditTerms(t.app.ctx.db, c.corporateId, { creditLimitKobo: 1_000_000 });
    await seedWallet(t.app, c.corporateId, 300_000);
    const res = await call(t.app, c, { method: 'GET', url: '/api/v1/get-wallet-balance' });
    expect(res.json().data).toMatchObject({ balanceKobo: 300_000, usedKobo: 0, availableKobo: 1_300_000 });
  });

  it('[WALLET] each corporate sees only its own wallet', async () => {
    const rich = await createCorporate(t.app);
    const poor = await createCorporate(t.app);
    await seedWallet(t.app, rich.corporateId, 9_900_000);
    const res = await call(t.app, poor, { method: 'GET', url: '/api/v1/get-wallet-balance' });
    expect(res.json().data.balanceKobo).toBe(0);
    const admin = await createAdmin(t.app);
    expect((await call(t.app, admin, { method: 'GET', url: '/api/v1/get-wallet-balance' })).statusCode).toBe(
      403,
    );
    expect((await call(t.app, null, { method: 'GET', url: '/api/v1/get-wallet-balance' })).statusCode).toBe(
      401,
    );
  });
});

describe('[WALLET] end of suite', () => {
  it('[WALLET] a date that is not a real day is a 400, never a 500 (balance as at a day, history)', async () => {
    const c = await createCorporate(t.app);
    for (const url of [
      '/api/v1/get-wallet-balance?date=2024-13-01',
      '/api/v1/get-wallet-balance?date=2024-02-31',
      '/api/v1/transactions/funding?startDate=2024-13-45',
    ]) {
      const res = await call(t.app, c, { method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.join(' ')).toMatch(/real date/);
    }
  });

  it('[WALLET] checkLedger reports no violation', async () => {
    const report = await checkLedger(t.app.ctx.db);
    expect(report.checks.filter((x) => x.violations > 0)).toEqual([]);
  });
});
