// Full-page screenshots of the main screens into e2e/screenshots/ (gitignored), for a person to
// look at: login, sign-up, both dashboard frames, notifications (with items and empty), the
// logout modal, and the login and client dashboard at phone width (390 px); the wallet (prepaid
// and postpaid), funding history, the admin's funding history and fund-request review with its
// modals, the clients list and a client's screen; services, data plans, VTU lines and their
// histories, a client's services and commission, and the commission analytics; vending (the vend
// panel, its confirmation and result, the bulk check, histories and details in both areas, the
// reversal modal), commission and settings. Runs last.
import {
  type FundRequestView,
  type NotificationView,
  PASSWORD_MIN_LENGTH,
  type ServiceView,
  type VendView,
} from '@vendport/shared';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures';
import {
  adminToken,
  api,
  E2E_ADMIN_PASSWORD,
  expectToastTopRight,
  newPage,
  openWithSession,
  readyToVend,
  SCREENSHOTS,
  shoot,
  signUpCorporate,
  waitForPath,
} from './support';

const browser = useBrowser({ screenshots: SCREENSHOTS });

/**
 * What a person checks on a screen before its picture is kept: each of `parts` is shown, whole
 * inside the window's width, and the page does not scroll sideways.
 */
async function expectOnScreen(page: Page, parts: Record<string, Locator>): Promise<void> {
  const width = page.viewportSize()!.width;
  for (const [what, part] of Object.entries(parts)) {
    // Shown (a part still loading is waited for, as a person would), then where it sits.
    await part.waitFor({ state: 'visible' });
    const box = await part.boundingBox();
    expect(box, `${what} has a place on the page`).not.toBeNull();
    if (!box) return;
    expect(box.x, `${what} starts inside the window`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${what} ends inside the window`).toBeLessThanOrEqual(width);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** The login screen's parts: its heading, both fields, Sign in and the ways to sign up or reset. */
const loginParts = (page: Page) => ({
  heading: page.getByRole('heading', { name: 'Sign in to VendPort', level: 1 }),
  email: page.getByRole('textbox', { name: /^Email address/ }),
  password: page.getByLabel(/^Password/),
  'Remember me': page.getByRole('checkbox', { name: 'Remember me' }),
  'Forgot password?': page.getByRole('link', { name: 'Forgot password?' }),
  'Sign in': page.getByRole('button', { name: 'Sign in' }),
  'Create an account': page.getByRole('link', { name: 'Create an account' }),
});

describe('screenshots', () => {
  it('[SCREENSHOTS] login and sign-up, desktop and phone width', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/');
    await page.getByRole('heading', { name: 'Sign in to VendPort' }).waitFor();
    await expectOnScreen(page, loginParts(page));
    // Nothing typed yet: no error shown before the person has done anything.
    expect(await page.getByRole('alert').count()).toBe(0);
    await shoot(page, 'login');
    await page.goto('/sign-up');
    await page.getByRole('heading', { name: 'Create your business account' }).waitFor();
    await expectOnScreen(page, {
      heading: page.getByRole('heading', { name: 'Create your business account', level: 1 }),
      ...Object.fromEntries(
        ['Company name', 'First name', 'Last name', 'Work email', 'Phone number', 'Password'].map((label) => [
          label,
          page.getByLabel(new RegExp(`^${label}`)),
        ]),
      ),
      'password rule': page.getByText(`At least ${PASSWORD_MIN_LENGTH} characters; avoid common passwords.`),
      'Create account': page.getByRole('button', { name: 'Create account' }),
      'Sign in': page.getByRole('link', { name: 'Sign in' }),
    });
    expect(await page.getByRole('alert').count()).toBe(0);
    await shoot(page, 'sign-up');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Sign in to VendPort' }).waitFor();
    // At phone width the whole form still fits across the screen.
    await expectOnScreen(page, loginParts(page));
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

    const { context, page } = await newPage(browser());
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
    const { context, page } = await newPage(browser());
    await openWithSession(page, await adminToken(), '/admin-dashboard');
    await waitForPath(page, '/admin-dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Admin navigation' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Admin navigation' });
    await expectOnScreen(page, {
      heading: page.getByRole('heading', { name: 'Dashboard', level: 1 }),
      'the admin console label': page
        .getByRole('complementary', { name: 'Sidebar' })
        .getByText('Admin console'),
      navigation: nav,
      'the platform figures': page.getByTestId('admin-figures'),
      'the signed-in name': page.getByTestId('user-full-name'),
    });
    // The sidebar marks where the admin is, and the top bar names who is signed in.
    expect(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.locator('[aria-current="page"]').count()).toBe(1);
    expect((await page.getByTestId('user-full-name').textContent())?.trim()).not.toBe('');
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

    const { context, page } = await newPage(browser());
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

    const { context, page } = await newPage(browser());
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

  it('[SCREENSHOTS] catalogue and VTU: services, data plans, VTU lines, VTU funding and consumption, a client with its services, analytics', async () => {
    const admin = await adminToken();
    const password = E2E_ADMIN_PASSWORD;
    // MTN airtime through the VTU lines (added here unless an earlier journey did).
    const added = await api<ServiceView>(
      'POST',
      'services/add',
      {
        network: 'MTN',
        service: 'AIRTIME',
        platform: 'VTU',
        commission: '2.5',
        fallbackPlatforms: ['AGGREGATOR'],
      },
      admin,
    );
    const mtnVtu =
      added.status === 201
        ? added.json.data
        : (
            await api<ServiceView[]>(
              'GET',
              'services?network=MTN&serviceType=AIRTIME&platform=VTU',
              undefined,
              admin,
            )
          ).json.data[0]!;
    const mtnData = (
      await api<ServiceView[]>(
        'GET',
        'services?network=MTN&serviceType=DATA&platform=AGGREGATOR',
        undefined,
        admin,
      )
    ).json.data[0]!;

    // A client vending MTN airtime through a funded, refreshed VTU line; a second line dedicated to it.
    const corp = await signUpCorporate('shots-vtu');
    const corporateId = corp.user.corporate!.id;
    const tag = Date.now().toString(36).toUpperCase();
    const lineName = `MTN dealer line ${tag}`;
    const digits = () => String(Math.floor(Math.random() * 1e7)).padStart(7, '0');
    const line = (
      await api<{ id: string }>(
        'POST',
        'vtu/add',
        { name: lineName, network: 'MTN', msisdn: `0806${digits()}` },
        admin,
      )
    ).json.data;
    const airtel = (
      await api<{ id: string }>(
        'POST',
        'vtu/add',
        { name: `Airtel dealer line ${tag}`, network: 'AIRTEL', msisdn: `0802${digits()}`, publicApi: false },
        admin,
      )
    ).json.data;
    for (const [method, url, body] of [
      ['PUT', 'services/assign', { corporateId, serviceIds: [mtnVtu.id, mtnData.id] }],
      ['POST', 'fund', { corporateId, amount: '20000', reason: 'Launch float', password }],
      ['POST', 'vtu/fund', { vtuLine: line.id, amount: '150000', reference: `DLR-${tag}-1`, password }],
      ['POST', 'vtu/fund', { vtuLine: airtel.id, amount: '40000', reference: `DLR-${tag}-2`, password }],
      ['POST', 'vtu/assign', { vtuLine: airtel.id, corporateId }],
      // The e2e server is shared by every journey: a line of its own is the one its vends take
      // (vtu pickLine puts a client's lines first), whatever MTN lines other journeys left.
      ['POST', 'vtu/assign', { vtuLine: line.id, corporateId }],
      ['POST', 'vtu/refresh', { vtuLine: line.id }],
    ] as const)
      expect((await api(method, url, body, admin)).status, url).toBe(200);
    for (const [phone, amount] of [
      ['08031234567', '1500'],
      ['08061234568', '500'],
      ['07031234569', '2000'],
    ])
      expect(
        (await api('POST', 'vend', { phone, network: 'MTN', type: 'AIRTIME', amount }, corp.token)).json.data,
      ).toMatchObject({ status: 'SUCCESSFUL', platform: 'VTU' });

    const { context, page } = await newPage(browser());
    await openWithSession(page, admin, '/admin-dashboard/services');
    await page.getByRole('table', { name: 'Services' }).getByRole('row').nth(9).waitFor();
    await shoot(page, 'admin-services');
    await page.getByRole('button', { name: 'Edit MTN Airtime via VTU lines' }).click();
    await page.getByRole('dialog', { name: 'Edit service' }).waitFor();
    await shoot(page, 'admin-service-form');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.goto('/admin-dashboard/data-plan-management?network=MTN');
    await page.getByRole('table', { name: 'Data plans' }).getByText('MTN-1.5GB-30D').waitFor();
    await shoot(page, 'admin-data-plans');

    await page.goto('/admin-dashboard/vtu');
    const lines = page.getByRole('table', { name: 'VTU lines' });
    await lines.getByRole('row').filter({ hasText: lineName }).getByText('₦146,000.00').first().waitFor();
    await shoot(page, 'admin-vtu-lines');
    await page.getByRole('button', { name: `Fund ${lineName}` }).click();
    await page.getByRole('dialog', { name: 'Fund VTU line' }).waitFor();
    await shoot(page, 'admin-vtu-fund-modal');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.goto('/admin-dashboard/vtu-funding-history');
    await page.getByRole('table', { name: 'VTU fundings' }).getByText(`DLR-${tag}-2`).waitFor();
    await shoot(page, 'admin-vtu-funding-history');

    await page.goto('/admin-dashboard/vtu-consumption-history');
    await page.getByRole('table', { name: 'VTU consumption' }).getByText('+2347031234569').waitFor();
    await shoot(page, 'admin-vtu-consumption-history');

    await page.goto(`/admin-dashboard/view-corporate-client/${corporateId}`);
    await page.getByRole('table', { name: 'Client services' }).getByRole('row').nth(9).waitFor();
    await page.getByTestId('client-commission').getByText('₦100.00').first().waitFor();
    await shoot(page, 'admin-view-client-services');

    await page.goto('/admin-dashboard/analytics?view=commission');
    await page.getByRole('table', { name: 'Commission per client' }).getByText(corp.company).waitFor();
    await shoot(page, 'admin-analytics');
    await page.getByRole('button', { name: `Settle accrued commission of ${corp.company}` }).click();
    await page.getByRole('dialog', { name: 'Settle accrued commission' }).waitFor();
    await shoot(page, 'admin-settle-commission-modal');
    await context.close();
  });

  it('[SCREENSHOTS] vending: the vend panel and its modals, bulk check, histories and details, commission, settings', async () => {
    const admin = await adminToken();
    const corp = await signUpCorporate('shots-vend');
    const corporateId = corp.user.corporate!.id;
    await readyToVend(admin, corporateId, '25000');
    const vend = async (body: Record<string, string>) => {
      const res = await api<VendView>('POST', 'vend', body, corp.token);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return res.json.data;
    };
    // Successful airtime and data, settled commission; a failed and a pending vend; accrued commission.
    await vend({ phone: '08031234567', type: 'AIRTIME', amount: '500' });
    await vend({ phone: '08051234567', type: 'DATA', planCode: 'GLO-1GB-14D' });
    expect(
      (await api('POST', 'commissions/settle', { corporateId, password: E2E_ADMIN_PASSWORD }, admin)).status,
    ).toBe(200);
    const failed = await vend({ phone: '+2348000000002', network: 'AIRTEL', type: 'AIRTIME', amount: '200' });
    expect(failed.status).toBe('FAILED');
    // Stays pending on every requery, so the screenshot shows Requery whatever the timing.
    const pending = await vend({ phone: '+2348000000007', network: 'MTN', type: 'AIRTIME', amount: '1000' });
    expect(pending.status).toBe('PENDING');
    const airtel = await vend({ phone: '07011234567', type: 'AIRTIME', amount: '1500' });
    // Settings: an allow-list.
    for (const address of ['102.89.32.0/24', '2001:4860:4860::8888'])
      expect((await api('POST', 'ip/add', { address }, corp.token)).status).toBe(201);

    const { context, page } = await newPage(browser());
    await openWithSession(page, corp.token, '/dashboard/vending-history');
    const table = page.getByRole('table', { name: 'Vending transactions' });
    await table.getByText(airtel.code).waitFor();
    await page.getByTestId('vend-available').waitFor();
    await shoot(page, 'vending-history');

    const form = page.getByRole('form', { name: 'Buy airtime or data' });
    await form.getByLabel(/^Phone number/).fill('8031234567');
    await form.getByLabel(/^Amount/).fill('2500');
    await form.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('dialog', { name: 'Confirm purchase' }).getByTestId('vend-confirm').waitFor();
    await shoot(page, 'vend-confirm');
    await page.getByRole('dialog').getByRole('button', { name: 'Buy airtime' }).click();
    await page.getByRole('dialog', { name: 'Purchase successful' }).getByTestId('vend-result').waitFor();
    await shoot(page, 'vend-result');
    await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // The bulk upload with a file that has problems: listed row by row, nothing sent.
    await page.getByRole('tab', { name: 'Bulk upload (CSV)' }).click();
    const csv = [
      'phone,network,type,amount,planCode,reference',
      '08031234567,MTN,AIRTIME,500,,payroll-0001',
      '0803123,MTN,AIRTIME,500,,payroll-0002',
      '08051234567,GLO,DATA,,MTN-1.5GB-30D,payroll-0003',
      '08091234567,,AIRTIME,20,,payroll-0004',
      '07011234567,,AIRTIME,1000,,payroll-0001',
    ].join('\n');
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'payroll-airtime.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByText('4 of 5 rows have problems. Nothing has been charged.').waitFor();
    await shoot(page, 'vend-bulk-check');

    await page.goto(`/dashboard/vending-history/${pending.id}`);
    await page.getByRole('list', { name: 'Timeline' }).getByTestId('timeline-event').nth(1).waitFor();
    await page.getByRole('button', { name: 'Requery' }).waitFor();
    await shoot(page, 'vend-details');
    await page.goto(`/dashboard/vending-history/${failed.id}`);
    await page.getByRole('list', { name: 'Timeline' }).getByText('Debit reversed').waitFor();
    await shoot(page, 'vend-details-failed');

    await page.goto('/dashboard/commission');
    await page.getByTestId('commission-mode').getByText('Accrued').waitFor();
    await page.getByRole('table', { name: 'Commission per service' }).getByText('Airtel Airtime').waitFor();
    await page
      .getByRole('table', { name: 'Commission settlements' })
      .getByText('Settled by VendPort')
      .waitFor();
    await shoot(page, 'commission');

    // The webhook, set once nothing more will be vended: no event is sent to its (public) address.
    expect(
      (await api('POST', 'web-hook-url', { url: 'https://102.89.32.10/vendport/webhook' }, corp.token))
        .status,
    ).toBe(200);
    await page.goto('/dashboard/settings');
    await page.getByTestId('api-key-LIVE').waitFor();
    await page.getByRole('table', { name: 'IP allow-list' }).getByText('102.89.32.0/24').waitFor();
    await page.getByTestId('webhook-secret').waitFor();
    await shoot(page, 'settings');
    await page.getByRole('button', { name: 'Copy full live key' }).click();
    await page.getByRole('dialog', { name: 'Copy live key' }).waitFor();
    await shoot(page, 'settings-password-modal');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard/vending-history');
    // On a phone each purchase is a card; the reference is behind More details.
    const airtelCard = page
      .getByRole('list', { name: 'Vending transactions' })
      .getByRole('listitem')
      .filter({ hasText: '₦1,500.00' })
      .first();
    await airtelCard.getByRole('button', { name: 'More details' }).click();
    await airtelCard.getByText(airtel.code).waitFor();
    await shoot(page, 'vending-history-mobile');
    await context.close();

    // The admin's side: every client's vends, and one with its routing and Reverse.
    const { context: adminContext, page: adminPage } = await newPage(browser());
    await openWithSession(adminPage, admin, `/admin-dashboard/vending-history?search=${airtel.code}`);
    await adminPage.getByRole('table', { name: 'Vending transactions' }).getByText(corp.company).waitFor();
    await adminPage.goto('/admin-dashboard/vending-history');
    await adminPage.getByRole('table', { name: 'Vending transactions' }).getByRole('row').nth(5).waitFor();
    await shoot(adminPage, 'admin-vending-history');
    await adminPage.goto(`/admin-dashboard/vending-history/${airtel.id}`);
    await adminPage.getByRole('heading', { name: 'Routing' }).waitFor();
    await adminPage.getByRole('list', { name: 'Timeline' }).getByText('Status: Successful').waitFor();
    await shoot(adminPage, 'admin-vend-details');
    await adminPage.getByRole('button', { name: 'Reverse' }).click();
    await adminPage.getByRole('dialog', { name: 'Reverse vend' }).waitFor();
    await shoot(adminPage, 'admin-reverse-modal');
    await adminContext.close();
  });
});
