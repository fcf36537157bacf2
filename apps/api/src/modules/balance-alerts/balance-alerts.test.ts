// Low-balance alerts: once per downward crossing of the client's threshold, again only after the
// balance has been back at or above it; the same for a VTU line's float, to the admins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createCorporate, TEST_PASSWORD, type TestUser } from '../../test/factories';
import { apiAs, buildTestApp, type TestApp } from '../../test/harness';
import { platformSettings } from '../platform';
import { lowBalanceThresholdOf } from '../reconciliation';
import { apiKeyFor, apiVend, assignDefaults, balances, fund } from '../vending/vending.testing';
import {
  balanceChecksIdle,
  CHECK_SPACING_MS,
  checkVtuLine,
  checkWallet,
  scheduleCheck,
} from './balance-alerts.service';
import { alertVendFailures } from './failure-alerts.service';

let t: TestApp;
let admin: TestUser;
let corp: TestUser & { corporateId: string };
let other: TestUser & { corporateId: string };
let key: string;
const api = apiAs(() => t);

const alertsOf = async (userId: string, subject: string) =>
  Number(
    (
      await t.app.ctx.dbHandle.query<{ n: number }>(
        'select count(*)::int as n from notifications where user_id = $1 and subject = $2',
        [userId, subject],
      )
    )[0].n,
  );
const lowAlerts = (u: TestUser) => alertsOf(u.id, 'Low wallet balance');
async function vend(amount: string) {
  const res = await apiVend(t.app, key, { amount });
  expect(res.json().data?.status, res.body).toBe('SUCCESSFUL');
  await balanceChecksIdle(t.app.ctx.db);
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app);
  corp = await createCorporate(t.app);
  other = await createCorporate(t.app);
  await assignDefaults(t.app, corp.corporateId);
  await fund(t.app, corp.corporateId, 300_000);
  await fund(t.app, other.corporateId, 100_000);
  key = await apiKeyFor(t.app, corp.corporateId);
  const set = await api('POST', 'reconciliation/settings', corp, {
    enabled: false,
    frequency: 'DAILY',
    lowBalanceThreshold: '2,000',
  });
  expect(set.statusCode, set.body).toBe(200);
});
afterAll(() => t?.close());

describe('[ALERT] low wallet balance', () => {
  it('[ALERT] thresholds read together (one statement) still answer each client its own', async () => {
    const third = await createCorporate(t.app);
    const set = await api('POST', 'reconciliation/settings', third, {
      enabled: false,
      frequency: 'DAILY',
      lowBalanceThreshold: '750',
    });
    expect(set.statusCode, set.body).toBe(200);
    const ids = [corp, other, third, corp, third].map((c) => c.corporateId);
    const got = await Promise.all(ids.map((id) => lowBalanceThresholdOf(t.app.ctx, id)));
    const platform = (await platformSettings(t.app.ctx)).lowBalanceThresholdKobo;
    expect(got).toEqual([200_000, platform, 75_000, 200_000, 75_000]);
  });

  it('[ALERT] fires once when a vend takes the wallet below the threshold, not again while it stays below', async () => {
    await vend('500'); // 3,000 -> 2,500: above
    expect(await lowAlerts(corp)).toBe(0);
    await vend('1,000'); // 2,500 -> 1,500: crosses
    expect(await lowAlerts(corp)).toBe(1);
    const [note] = await t.app.ctx.dbHandle.query<{ body: string }>(
      `select body from notifications where user_id = $1 and subject = 'Low wallet balance'`,
      [corp.id],
    );
    expect(note.body).toBe(
      'Your wallet balance is ₦1,500.00, below your low-balance alert of ₦2,000.00. Fund your wallet to keep vending without interruption.',
    );
    const mail = await t.app.ctx.dbHandle.query(
      `select 1 from outbox_emails where "to" = $1 and subject = 'Low wallet balance'`,
      [corp.email],
    );
    expect(mail.length).toBe(1); // balance.low is emailed by default
    await vend('100'); // still below
    await vend('100');
    expect(await lowAlerts(corp)).toBe(1);
    // The other client, which has not spent, hears nothing.
    expect(await lowAlerts(other)).toBe(0);
  });

  it('[ALERT] a client that set no threshold is alerted below the platform default, ₦10,000 (issue 36 point 9)', async () => {
    const fresh = await createCorporate(t.app);
    await assignDefaults(t.app, fresh.corporateId);
    await fund(t.app, fresh.corporateId, 1_500_000);
    expect(await lowBalanceThresholdOf(t.app.ctx, fresh.corporateId)).toBe(1_000_000);
    const freshKey = await apiKeyFor(t.app, fresh.corporateId);
    const spend = async (amount: string) => {
      expect((await apiVend(t.app, freshKey, { amount })).json().data?.status).toBe('SUCCESSFUL');
      await balanceChecksIdle(t.app.ctx.db);
    };
    await spend('4,000'); // 15,000 -> 11,000: above
    expect(await lowAlerts(fresh)).toBe(0);
    await spend('2,000'); // 9,000: below the default
    expect(await lowAlerts(fresh)).toBe(1);
    // The settings a client reads say which default applies.
    const view = (await api('GET', 'reconciliation/settings', fresh)).json().data;
    expect(view).toMatchObject({ lowBalanceThresholdKobo: null, platformLowBalanceThresholdKobo: 1_000_000 });
  });

  it('[ALERT] once the balance has been back above, the next downward crossing alerts again', async () => {
    await fund(t.app, corp.corporateId, 500_000); // 1,300 -> 6,300
    await vend('1,000'); // 5,300: above, no alert
    expect(await lowAlerts(corp)).toBe(1);
    await vend('4,000'); // 1,300: crosses again
    expect(await lowAlerts(corp)).toBe(2);
    expect((await balances(t.app, corp.corporateId)).wallet).toBe(130_000);
  });

  it('[ALERT] two checks at once alert once; a user who opted out is not told', async () => {
    await fund(t.app, corp.corporateId, 200_000); // 3,300: above
    await checkWallet(t.app.ctx, corp.corporateId);
    await api('POST', 'notification-setup', corp, {
      preferences: { 'balance.low': { inApp: false, email: false } },
    });
    const key2 = key;
    const res = await apiVend(t.app, key2, { amount: '2,000' }); // 1,300
    expect(res.statusCode).toBe(200);
    await balanceChecksIdle(t.app.ctx.db);
    // The queued check has alerted (nobody in-app); armed again by hand, two checks race for it.
    await t.app.ctx.dbHandle.query('update balance_alerts set alerted_at = null where subject = $1', [
      `WALLET:${corp.corporateId}`,
    ]);
    const both = await Promise.all([
      checkWallet(t.app.ctx, corp.corporateId),
      checkWallet(t.app.ctx, corp.corporateId),
    ]);
    expect(both.filter(Boolean)).toHaveLength(1);
    const flagged = await t.app.ctx.dbHandle.query<{ alerted_at: Date | null }>(
      'select alerted_at from balance_alerts where subject = $1',
      [`WALLET:${corp.corporateId}`],
    );
    expect(flagged[0].alerted_at).not.toBeNull();
    expect(await lowAlerts(corp)).toBe(2); // opted out: the third crossing reached nobody in-app
  });
});

describe('[ALERT] low VTU line float, to the admins who manage lines', () => {
  it('[ALERT] a line under the platform’s float threshold alerts vtu managers once; funding it re-arms', async () => {
    const viewer = await createAdmin(t.app, { permissions: ['vtu.read'] });
    const line = (
      await api('POST', 'vtu/add', admin, { name: 'MTN alerts', network: 'MTN', msisdn: '0803 777 1111' })
    ).json().data;
    const fundLine = (amount: string, reference: string) =>
      api('POST', 'vtu/fund', admin, { vtuLine: line.code, amount, reference, password: TEST_PASSWORD });
    const s = (await api('GET', 'get-settings', admin)).json().data;
    const saveThreshold = (vtuLowFloatThreshold: string) =>
      api('POST', 'settings', admin, {
        platformName: s.platformName,
        supportEmail: s.supportEmail,
        supportPhone: s.supportPhone,
        fundingBankName: s.fundingBankName,
        fundingAccountNumber: s.fundingAccountNumber,
        fundingAccountName: s.fundingAccountName,
        cardFeeRatePercent: '1.5',
        cardFeeFlat: '100',
        cardFeeFlatFrom: '2500',
        cardFeeCap: '2000',
        lowBalanceThreshold: '0',
        vtuLowFloatThreshold,
        maxVendAmount: '1,000,000',
        vendFailureAlertCount: 0,
        maintenanceBanner: '',
      });
    // The alert off while the line is funded (a funding checks the line too, and the platform's
    // default threshold, ₦50,000, would alert on ₦5,000 at once), then set at ₦10,000.
    expect((await saveThreshold('0')).statusCode).toBe(200);
    expect((await fundLine('5,000', 'TELCO-A1')).statusCode).toBe(200);
    const save = await saveThreshold('10,000');
    expect(save.statusCode, save.body).toBe(200);
    const subject = `Low float on VTU line ${line.code}`;
    expect(await checkVtuLine(t.app.ctx, line.id)).toBe(true);
    expect(await checkVtuLine(t.app.ctx, line.id)).toBe(false);
    expect(await alertsOf(admin.id, subject)).toBe(1);
    expect(await alertsOf(viewer.id, subject)).toBe(0);
    expect((await fundLine('10,000', 'TELCO-A2')).statusCode).toBe(200); // 15,000: re-armed
    expect(await checkVtuLine(t.app.ctx, line.id)).toBe(false);
    expect(await alertsOf(admin.id, subject)).toBe(1);
  });
});

describe('[ALERT] vends failing over the platform’s count', () => {
  it('[ALERT] a client whose vends fail that often in an hour is told once an hour; others are not', async () => {
    const s = (await api('GET', 'get-settings', admin)).json().data;
    await api('POST', 'settings', admin, {
      platformName: s.platformName,
      supportEmail: s.supportEmail,
      supportPhone: s.supportPhone,
      fundingBankName: s.fundingBankName,
      fundingAccountNumber: s.fundingAccountNumber,
      fundingAccountName: s.fundingAccountName,
      cardFeeRatePercent: '1.5',
      cardFeeFlat: '100',
      cardFeeFlatFrom: '2500',
      cardFeeCap: '2000',
      lowBalanceThreshold: '0',
      vtuLowFloatThreshold: '0',
      maxVendAmount: '1,000,000',
      vendFailureAlertCount: 2,
      maintenanceBanner: '',
    });
    await api('POST', 'notification-setup', corp, {
      preferences: { 'vend.failures': { inApp: true, email: true } },
    });
    const failing = () => apiVend(t.app, key, { phone: '+2348000000002', network: 'MTN', amount: 100 });
    expect((await failing()).json().data.status).toBe('FAILED');
    const now = new Date();
    expect(await alertVendFailures(t.app.ctx, now)).toEqual([]); // one failure: under the count
    expect((await failing()).json().data.status).toBe('FAILED');
    expect(await alertVendFailures(t.app.ctx, now)).toEqual([corp.corporateId]);
    expect(await alertVendFailures(t.app.ctx, new Date(now.getTime() + 10 * 60_000))).toEqual([]); // told already
    expect(await alertsOf(corp.id, 'Vends are failing')).toBe(1);
    const mail = await t.app.ctx.dbHandle.query(
      `select 1 from outbox_emails where "to" = $1 and subject = 'Vends are failing'`,
      [corp.email],
    );
    expect(mail.length).toBe(1);
    expect(await alertsOf(other.id, 'Vends are failing')).toBe(0);
  });

  it('[ALERT] checks of one balance are spaced: a burst of debits costs a check or two, and the last debit is always checked', async () => {
    let runs = 0;
    let lastRunAt = 0;
    const run = async () => {
      runs++;
      lastRunAt = Date.now();
    };
    const key = 'TEST:spacing';
    const t0 = Date.now();
    let lastAsked = 0;
    while (Date.now() - t0 < CHECK_SPACING_MS * 1.5) {
      scheduleCheck(t.app.ctx, key, run);
      lastAsked = Date.now();
      await new Promise((r) => setTimeout(r, 10));
    }
    await balanceChecksIdle(t.app.ctx.db);
    // ~100 requests over 1.5 spacings: the first at once, then one per spacing.
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(runs).toBeLessThanOrEqual(3);
    expect(lastRunAt).toBeGreaterThanOrEqual(lastAsked);
    // A closing server does not wait for the spacing.
    scheduleCheck(t.app.ctx, key, run);
    const before = runs;
    const t1 = Date.now();
    await balanceChecksIdle(t.app.ctx.db, { now: true });
    expect(runs).toBe(before + 1);
    expect(Date.now() - t1).toBeLessThan(CHECK_SPACING_MS / 2);
  });
});
