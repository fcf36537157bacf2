// Full-page screenshots of the main screens into e2e/screenshots/ (gitignored), for a person to
// look at: login, sign-up, both dashboard frames, notifications (with items and empty), the
// logout modal, and the login and client dashboard at phone width (390 px); the wallet (prepaid
// and postpaid), funding history, the admin's funding history and fund-request review with its
// modals, the clients list and a client's screen. Runs last.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FundRequestView, NotificationView } from '@vendport/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminToken,
  api,
  E2E_ADMIN_PASSWORD,
  expectToastTopRight,
  launch,
  newPage,
  openWithSession,
  SCREENSHOTS,
  signUpCorporate,
  waitForPath,
} from './support';

let browser: Browser;
beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Waits for what a person would: fonts, images, no page-loading bar; then the full page. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      Array.from(document.images).map((img) =>
        img.complete ? null : new Promise((r) => img.addEventListener('load', r, { once: true })),
      ),
    );
  });
  await page.getByRole('progressbar', { name: 'Loading page' }).waitFor({ state: 'detached' });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

describe('screenshots', () => {
  it('[SCREENSHOTS] login and sign-up, desktop and phone width', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Sign in to VendPort' }).waitFor();
    await shoot(page, 'login');
    await page.goto('/sign-up');
    await page.getByRole('heading', { name: 'Create your business account' }).waitFor();
    await shoot(page, 'sign-up');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Sign in to VendPort' }).waitFor();
    await shoot(page, 'login-mobile');
    await context.close();
  });

  it('[SCREENSHOTS] client area: dashboard frame, notifications (with items, detail, empty), logout modal', async () => {
    const corp = await signUpCorporate('shots');
    for (const mode of ['TEST', 'LIVE']) {
      expect((await api('POST', 'reset-api-key', { mode, password: corp.password }, corp.token)).status).toBe(
        200,
      );
    }
    // One read, the rest unread: both looks on the screen.
    const list = await api<NotificationView[]>('GET', 'notifications?page=1', undefined, corp.token);
    const welcome = list.json.data.find((n) => n.subject === 'Welcome to VendPort')!;
    expect((await api('PUT', `notifications/read/${welcome.id}`, {}, corp.token)).status).toBe(200);

    const { context, page } = await newPage(browser);
    await openWithSession(page, corp.token, '/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByTestId('unread-count').filter({ hasText: /^2$/ }).waitFor();
    await shoot(page, 'client-dashboard');

    await page.goto('/dashboard/notification');
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    await page.getByTestId('notification-item').nth(2).waitFor();
    await shoot(page, 'notifications');

    await page.getByRole('button', { name: 'Read notification: Welcome to VendPort', exact: true }).click();
    await page.getByRole('dialog', { name: 'Welcome to VendPort' }).waitFor();
    await shoot(page, 'notification-detail');
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    expect((await api('PUT', 'notifications/clear', {}, corp.token)).status).toBe(200);
    await page.reload();
    await page.getByText('You Currently have no notification', { exact: true }).waitFor();
    await shoot(page, 'notifications-empty');

    await page
      .getByRole('complementary', { name: 'Sidebar' })
      .getByRole('button', { name: 'Logout' })
      .click();
    await page.getByRole('dialog').getByText('Are you sure you want to logout ?').waitFor();
    await shoot(page, 'logout-modal');
    await page.getByRole('dialog').getByRole('button', { name: 'Stay active' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await shoot(page, 'client-dashboard-mobile');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Close menu' }).waitFor();
    await shoot(page, 'client-menu-mobile');

    // The logout message as a toast, top-right of the login screen it lands on.
    await page.setViewportSize({ width: 1366, height: 860 });
    await page.goto('/dashboard');
    await page
      .getByRole('complementary', { name: 'Sidebar' })
      .getByRole('button', { name: 'Logout' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
    await waitForPath(page, '/');
    await expectToastTopRight(page, 'You have been logged out', 'success');
    await shoot(page, 'logout-toast');
    await context.close();
  });

  it('[SCREENSHOTS] admin area: dashboard frame', async () => {
    const { context, page } = await newPage(browser);
    await openWithSession(page, await adminToken(), '/admin-dashboard');
    await waitForPath(page, '/admin-dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Admin navigation' }).waitFor();
    await shoot(page, 'admin-dashboard');
    await context.close();
  });

  it('[SCREENSHOTS] money, client side: wallet (prepaid, postpaid), fee preview, funding history', async () => {
    const admin = await adminToken();
    const corp = await signUpCorporate('shots-money');
    const corporateId = corp.user.corporate!.id;
    const ask = async (amount: string, transferReference: string) =>
      (await api<FundRequestView>('POST', 'fund-request', { amount, transferReference }, corp.token)).json
        .data;
    // History: one approved bank transfer, one admin funding; one request still pending.
    const approved = await ask('150000', 'TRF-SHOTS-001');
    expect(
      (
        await api(
          'POST',
          'corporates-transactions/approve',
          { fundRequestId: approved.id, password: E2E_ADMIN_PASSWORD },
          admin,
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await api(
          'POST',
          'fund',
          { corporateId, amount: '20000', reason: 'Launch bonus', password: E2E_ADMIN_PASSWORD },
          admin,
        )
      ).status,
    ).toBe(200);
    await ask('45000.50', 'TRF-SHOTS-002');

    const { context, page } = await newPage(browser);
    await openWithSession(page, corp.token, '/dashboard/wallet');
    await page.getByTestId('wallet-balance').filter({ hasText: '₦170,000.00' }).waitFor();
    await page.getByTestId('funding-narration').waitFor();
    await page.getByRole('table', { name: 'Pending requests' }).getByText('TRF-SHOTS-002').waitFor();
    const card = page.getByRole('form', { name: 'Card funding' });
    await card.getByLabel(/Amount/).fill('2500');
    await card.getByTestId('fee-fee').filter({ hasText: '₦137.50' }).waitFor();
    await shoot(page, 'wallet');

    await page.goto('/dashboard/funding-history');
    await page.getByRole('table', { name: 'Funding transactions' }).getByText('TRF-SHOTS-002').waitFor();
    await shoot(page, 'funding-history');

    // The same client on credit: limit, used, available, and the repayment form.
    for (const [method, url, body] of [
      [
        'POST',
        'corporate-clients/switch',
        { corporateId, clientType: 'POSTPAID', password: E2E_ADMIN_PASSWORD },
      ],
      ['PUT', 'set-limit', { corporateId, limit: '500000', password: E2E_ADMIN_PASSWORD }],
    ] as const)
      expect((await api(method, url, body, admin)).status).toBe(200);
    await page.goto('/dashboard/wallet');
    await page.getByTestId('credit-terms').getByText('₦500,000.00').waitFor();
    await page.getByRole('form', { name: 'Repayment' }).waitFor();
    await shoot(page, 'wallet-postpaid');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId('wallet-balance').waitFor();
    await page.getByTestId('funding-narration').waitFor();
    await shoot(page, 'wallet-mobile');
    await context.close();
  });

  it('[SCREENSHOTS] money, admin side: funding history, fund-request review and its modals, clients, a client', async () => {
    const admin = await adminToken();
    const corp = await signUpCorporate('shots-review');
    const corporateId = corp.user.corporate!.id;
    const request = (
      await api<FundRequestView>(
        'POST',
        'fund-request',
        { amount: '75000', transferReference: 'TRF-REVIEW-001' },
        corp.token,
      )
    ).json.data;
    expect(
      (await api('POST', 'fund-request-confirmation', { fundRequestId: request.id }, corp.token)).status,
    ).toBe(200);

    const { context, page } = await newPage(browser);
    await openWithSession(page, admin, '/admin-dashboard/funding-history');
    await page.getByRole('table', { name: 'Funding transactions' }).getByRole('row').nth(1).waitFor();
    await page.getByText(/marked paid and awaiting a decision/).waitFor();
    await shoot(page, 'admin-funding-history');

    await page.getByRole('button', { name: 'Review paid requests' }).click();
    const row = page
      .getByRole('table', { name: 'Fund requests' })
      .getByRole('row')
      .filter({ hasText: request.code });
    await row.waitFor();
    await shoot(page, 'admin-fund-requests');

    await row.getByRole('button', { name: `Approve ${request.code}` }).click();
    await page.getByRole('dialog', { name: 'Approve fund request' }).waitFor();
    await shoot(page, 'admin-approve-modal');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await row.getByRole('button', { name: `Decline ${request.code}` }).click();
    const decline = page.getByRole('dialog', { name: 'Decline fund request' });
    await decline.getByLabel(/Reason/).click();
    await decline.getByLabel(/^Password/).click();
    await decline.getByText('Please enter your reason').waitFor();
    await shoot(page, 'admin-decline-modal');
    await decline.getByRole('button', { name: 'Cancel' }).click();
    await decline.waitFor({ state: 'detached' });

    await page.goto('/admin-dashboard/accounts');
    await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Corporate clients' }).getByText(corp.company).waitFor();
    await shoot(page, 'admin-clients');

    await page
      .getByRole('table', { name: 'Corporate clients' })
      .getByRole('link', { name: corp.company })
      .click();
    await waitForPath(page, `/admin-dashboard/view-corporate-client/${corporateId}`);
    await page.getByTestId('client-name').filter({ hasText: corp.company }).waitFor();
    await shoot(page, 'admin-view-client');
    await page.getByRole('button', { name: 'Fund wallet' }).click();
    await page.getByRole('dialog', { name: 'Fund wallet' }).waitFor();
    await shoot(page, 'admin-fund-wallet-modal');
    await context.close();
  });
});
