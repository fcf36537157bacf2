// Journey 12: a card payment reversed at the gateway after it was credited (issue 33, point 4).
// A client funds ₦5,000 by card on the simulator's checkout and spends part of it; an admin
// reverses the payment at the simulator (its refund/chargeback action). The wallet gives back what
// it holds, the rest is owed: the wallet says so and that vending is suspended, vends are refused,
// the admin sees the receivable on the client's screen; a later funding settles it and vending
// is allowed again. Screenshots of the changed screens at 1366x800 and 390x844.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { SIMULATOR_TEST_NUMBERS, type WalletBalanceView } from '@vendport/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures';
import {
  adminToken,
  api,
  baseURL,
  E2E_ADMIN_PASSWORD,
  newPage,
  openWithSession,
  readyToVend,
  SCREENSHOTS,
  signUpCorporate,
} from './support';

const browser = useBrowser();
const SHOTS = path.join(SCREENSHOTS, 'card-reversals');
const ALWAYS_SUCCEEDS = SIMULATOR_TEST_NUMBERS.find((n) => n.vend === 'SUCCESSFUL')!.msisdn;

const balanceOf = async (token: string) =>
  (await api<WalletBalanceView>('GET', 'get-wallet-balance', undefined, token)).json.data.balanceKobo;

async function shootBoth(page: Page, name: string, ready: () => Promise<unknown>) {
  mkdirSync(SHOTS, { recursive: true });
  for (const [w, h] of [
    [1366, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await ready();
    await page.screenshot({ path: path.join(SHOTS, `${name}-${w}x${h}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 860 });
}

describe('card reversal journey', () => {
  it('[CARD-REVERSAL] reversed after it was credited and spent: the wallet gives what it holds, the rest is owed, vending waits until funding settles it', async () => {
    const admin = await adminToken();
    const corp = await signUpCorporate('reversal');
    const corporateId = corp.user.corporate!.id;
    await readyToVend(admin, corporateId, '100');

    // ---- ₦5,000 by card, paid on the simulator's checkout
    const init = await api<{ reference: string }>(
      'POST',
      'fund/card/initialize',
      { amount: '5000' },
      corp.token,
    );
    expect(init.status).toBe(201);
    const reference = init.json.data.reference;
    const paid = await fetch(`${baseURL()}/api/v1/gateway-sim/checkout/${reference}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(await balanceOf(corp.token)).toBe(510_000);

    // ---- ₦3,000 of it spent
    const vend = await api(
      'POST',
      'vend',
      { type: 'AIRTIME', phone: ALWAYS_SUCCEEDS, network: 'MTN', amount: 3000 },
      corp.token,
    );
    expect(vend.status, vend.json.message).toBeLessThan(300);
    expect(await balanceOf(corp.token)).toBe(210_000);

    // ---- the gateway reverses the payment (the simulator's refund/chargeback action)
    const reversed = await api('POST', `gateway-sim/payments/${reference}/reverse`, undefined, admin);
    expect(reversed.status, reversed.json.message).toBe(200);
    expect(await balanceOf(corp.token)).toBe(0);
    const owed = await api<{ outstandingKobo: number; vendingSuspended: boolean }>(
      'GET',
      'card-receivables',
      undefined,
      corp.token,
    );
    expect(owed.json.data).toMatchObject({ outstandingKobo: 290_000, vendingSuspended: true });
    const refused = await api(
      'POST',
      'vend',
      { type: 'AIRTIME', phone: ALWAYS_SUCCEEDS, network: 'MTN', amount: 100 },
      corp.token,
    );
    expect(refused.status).toBe(403);
    expect(refused.json.message).toMatch(/^Vending is suspended on this account/);

    // ---- the client's wallet and funding history
    const { context: clientContext, page } = await newPage(browser());
    await openWithSession(page, corp.token, '/dashboard/wallet');
    const alert = page.getByTestId('card-receivable-alert');
    await page.getByText('Vending is suspended: ₦2,900.00 is owed').waitFor();
    await alert.getByText(reference).waitFor();
    await shootBoth(page, 'client-wallet-receivable', () => alert.waitFor());
    await page.goto('/dashboard/funding-history');
    const row = page.getByRole('row').filter({ hasText: reference });
    await row.getByText('Reversed').first().waitFor();
    // On a phone the history is a list without the reference column: wait for the visible badge.
    await shootBoth(page, 'client-funding-history-reversed', () =>
      page.locator('text=Reversed >> visible=true').first().waitFor(),
    );
    await clientContext.close();

    // ---- the admin's view of the client
    const { context: adminContext, page: adminPage } = await newPage(browser());
    await openWithSession(adminPage, admin, `/admin-dashboard/view-corporate-client/${corporateId}`);
    const card = adminPage.getByTestId('client-card-receivables');
    await card.getByText(reference).waitFor();
    await adminPage.getByText('Vending suspended').waitFor();
    await shootBoth(adminPage, 'admin-client-receivable', () => card.waitFor());

    // ---- a later funding settles it first; vending is allowed again
    const fund = await api(
      'POST',
      'fund',
      { corporateId, amount: '5000', reason: 'Top-up after a chargeback', password: E2E_ADMIN_PASSWORD },
      admin,
    );
    expect(fund.status, fund.json.message).toBe(200);
    expect(await balanceOf(corp.token)).toBe(210_000);
    const settled = await api<{ outstandingKobo: number; vendingSuspended: boolean }>(
      'GET',
      'card-receivables',
      undefined,
      corp.token,
    );
    expect(settled.json.data).toMatchObject({ outstandingKobo: 0, vendingSuspended: false });
    const again = await api(
      'POST',
      'vend',
      { type: 'AIRTIME', phone: ALWAYS_SUCCEEDS, network: 'MTN', amount: 100 },
      corp.token,
    );
    expect(again.status, again.json.message).toBeLessThan(300);
    await adminPage.reload();
    await adminPage.getByText('Settled', { exact: true }).waitFor();
    await shootBoth(adminPage, 'admin-client-receivable-settled', () => card.waitFor());
    await adminContext.close();
  });
});
