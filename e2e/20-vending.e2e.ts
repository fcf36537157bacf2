// Journey 20: vending. A client (signed up through the API, given the default services and funded
// by the admin through the API) buys airtime in the browser for the simulator's always-successful
// number: the network is chosen by hand (the number has no known prefix), the confirmation shows
// what the wallet pays, the result and the new balance show; the purchase is in
// /dashboard/vending-history and its details show the timeline. An admin finds it in
// /admin-dashboard/vending-history, opens it and reverses it with the password; the client's
// wallet gets the money back.
import { SIMULATOR_TEST_NUMBERS, type VendView, type WalletBalanceView } from '@vendport/shared';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures';
import {
  adminToken,
  api,
  E2E_ADMIN_PASSWORD,
  eventually,
  expectToastTopRight,
  field,
  newPage,
  openWithSession,
  readyToVend,
  signInBrowser,
  signUpCorporate,
  waitForPath,
} from './support';

const browser = useBrowser();

const ALWAYS_SUCCEEDS = SIMULATOR_TEST_NUMBERS.find((n) => n.vend === 'SUCCESSFUL')!.msisdn;

const balanceOf = async (token: string) =>
  (await api<WalletBalanceView>('GET', 'get-wallet-balance', undefined, token)).json.data.balanceKobo;

describe('vending journey', () => {
  it('[VEND] a client buys airtime, finds it in the history with its timeline; an admin finds it and reverses it', async () => {
    const admin = await adminToken();
    const corp = await signUpCorporate('vend');
    await readyToVend(admin, corp.user.corporate!.id, '5000');

    // ---- the client buys airtime in the browser
    const { context: clientContext, page } = await newPage(browser());
    await signInBrowser(page, corp.email, corp.password);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Vending History' })
      .click();
    await waitForPath(page, '/dashboard/vending-history');
    await page.getByRole('heading', { name: 'Vending History', level: 1 }).waitFor();
    await page.getByTestId('vend-available').filter({ hasText: '₦5,000.00' }).waitFor();

    const form = page.getByRole('form', { name: 'Buy airtime or data' });
    await field(form, 'Phone number').fill(ALWAYS_SUCCEEDS.replace('+234', ''));
    // The test number matches no prefix: no network is suggested, so it must be chosen.
    expect(await field(form, 'Network').inputValue()).toBe('');
    await form.getByRole('button', { name: 'Continue' }).click();
    await form.getByText('Choose the network: it cannot be told from this number').waitFor();
    await field(form, 'Network').selectOption('MTN');
    await field(form, 'Amount (₦)').fill('500');
    await form.getByRole('button', { name: 'Continue' }).click();

    const confirm = page.getByRole('dialog', { name: 'Confirm purchase' });
    const summary = confirm.getByTestId('vend-confirm');
    await summary.waitFor();
    const text = (await summary.textContent()) ?? '';
    expect(text).toContain('+234 800 000 0001');
    expect(text).toContain('Amount₦500.00');
    expect(text).toContain('Commission (3.00%)₦15.00');
    expect(text).toContain('Wallet debit₦500.00');
    expect(text).toContain('Available to spend: ₦5,000.00');
    await confirm.getByRole('button', { name: 'Buy airtime' }).click();

    const result = page.getByRole('dialog', { name: 'Purchase successful' });
    await result.getByTestId('vend-result').waitFor();
    await expectToastTopRight(page, 'Vend successful', 'success');
    const code = ((await result.getByText(/^VND-/).textContent()) ?? '').trim();
    expect(code).toMatch(/^VND-/);
    await result.getByRole('button', { name: 'Done' }).click();
    await result.waitFor({ state: 'detached' });
    // The balance refreshed after the purchase.
    await page.getByTestId('vend-available').filter({ hasText: '₦4,500.00' }).waitFor();

    // ---- what the database holds: one successful vend, debited once
    expect(await balanceOf(corp.token)).toBe(450_000);
    const mine = await api<VendView[]>('GET', 'transactions/vending', undefined, corp.token);
    expect(mine.json.data).toHaveLength(1);
    expect(mine.json.data[0]).toMatchObject({
      code,
      status: 'SUCCESSFUL',
      phone: ALWAYS_SUCCEEDS,
      network: 'MTN',
      type: 'AIRTIME',
      amountKobo: 50_000,
      chargedKobo: 50_000,
      channel: 'PORTAL',
    });

    // ---- the history row, then its details with the timeline
    const row = page
      .getByRole('table', { name: 'Vending transactions' })
      .getByRole('row')
      .filter({ hasText: code });
    await row.waitFor();
    const cells = (await row.getByRole('cell').allTextContents()).map((t) => t.trim());
    expect(cells[0]).toMatch(/^\d{2}\/\d{2}\/\d{4}\d{1,2}:\d{2} (AM|PM)$/);
    expect(cells.slice(2)).toEqual([
      '+234 800 000 0001',
      'MTN',
      'Airtime',
      '₦500.00',
      '₦15.00',
      'Successful',
    ]);
    await row.getByRole('cell').first().click();
    await waitForPath(page, `/dashboard/vending-history/${mine.json.data[0]!.id}`);
    await page.getByRole('heading', { name: 'Transaction Details', level: 1 }).waitFor();
    await page.getByTestId('vend-code').filter({ hasText: code }).waitFor();
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await timeline.getByText('Purchase created').waitFor();
    await timeline.getByText('Provider call').waitFor();
    await timeline.getByText('Status: Successful').waitFor();
    expect(await page.getByRole('button', { name: 'Requery' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Reverse' }).count()).toBe(0);

    // ---- the admin finds it across clients, opens it and reverses it
    const { context: adminContext, page: adminPage } = await newPage(browser());
    await openWithSession(adminPage, admin, '/admin-dashboard/vending-history');
    await adminPage.getByRole('heading', { name: 'Vending History', level: 1 }).waitFor();
    const filters = adminPage.getByRole('form', { name: 'Vending filters' });
    await field(filters, 'Search').fill(code);
    await field(filters, 'Search').press('Enter');
    await eventually(() => new URL(adminPage.url()).searchParams.get('search')).toBe(code);
    const adminRow = adminPage
      .getByRole('table', { name: 'Vending transactions' })
      .getByRole('row')
      .filter({ hasText: code });
    await adminRow.waitFor();
    expect(await adminRow.textContent()).toContain(corp.company);
    await adminRow.getByRole('link', { name: code }).click();
    await waitForPath(adminPage, `/admin-dashboard/vending-history/${mine.json.data[0]!.id}`);
    await adminPage.getByRole('heading', { name: 'Routing' }).waitFor();
    await adminPage.getByRole('list', { name: 'Timeline' }).getByText('Status: Successful').waitFor();

    await adminPage.getByRole('button', { name: 'Reverse' }).click();
    const reverse = adminPage.getByRole('dialog', { name: 'Reverse vend' });
    await field(reverse, 'Reason').fill('E2E: the customer was charged twice by the network');
    await reverse.getByLabel(/^Password/).fill(E2E_ADMIN_PASSWORD);
    await reverse.getByRole('button', { name: 'Reverse and refund' }).click();
    await expectToastTopRight(adminPage, 'Vend reversed and refunded', 'success');
    await adminPage
      .getByRole('dialog', { name: 'Reversal successful' })
      .getByText(`${code} has been reversed and ₦500.00 refunded to ${corp.company}’s wallet.`)
      .waitFor();
    await adminPage
      .getByRole('dialog', { name: 'Reversal successful' })
      .getByRole('button', { name: 'Close' })
      .click();
    await adminPage.getByTestId('vend-status').filter({ hasText: 'Reversed' }).waitFor();
    await adminContext.close();

    // ---- the client's wallet has the money back, and the details say so
    expect(await balanceOf(corp.token)).toBe(500_000);
    await page.reload();
    await page.getByTestId('vend-status').filter({ hasText: 'Reversed' }).waitFor();
    await page.getByRole('list', { name: 'Timeline' }).getByText('Reversed and refunded').waitFor();
    await clientContext.close();
  });
});
