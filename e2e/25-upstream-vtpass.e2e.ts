// Journey 25 (issue 32): vending through VTpass's local stand-in (mocks/vtpass). This file starts a
// server of its own (the shared one has no upstream provider), pointed at the stand-in started here
// in-process (AGGREGATOR_PROVIDERS=VTPASS), with a fast job runner. A client buys MTN airtime in the
// browser:
// - to the pending number: the result is PENDING; VTpass's transaction-update callback for the
//   attempt's request id schedules a check, the requery delivers, and the vend's details show
//   SUCCESSFUL (the admin's Attempts section: VTpass, Successful; the client's shows no upstream),
//   the wallet ₦500 lower;
// - to the delivered number: SUCCESSFUL; VTpass reverses it later (the callback again only
//   schedules the check; the requery's answer contradicts a final vend, so it raises a discrepancy,
//   issue 49): the admin resolves it in the review queue (password-confirmed "Reverse the vend"),
//   then the history and the details show REVERSED and the wallet is back where it was.
// Screenshots (1366×800, and the review queue at 390×844 too) go to e2e/screenshots/.
import path from 'node:path';
import type { DiscrepancyView, VendAttemptView, VendView, WalletBalanceView } from '@vendport/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_KEYS, SANDBOX_NUMBERS, startVtpassMock } from '../mocks/vtpass/server.ts';
import { useBrowser } from './fixtures';
import { type E2eServer, startServer } from './global-setup';
import {
  adminToken,
  api,
  E2E_ADMIN_PASSWORD,
  eventually,
  field,
  newPage,
  openWithSession,
  readyToVend,
  SCREENSHOTS,
  signInBrowser,
  signUpCorporate,
  useServer,
  waitForPath,
} from './support';

const SHOTS = SCREENSHOTS;
/** The phone the screenshots are also taken on. */
const PHONE = { width: 390, height: 844 };
const browser = useBrowser({ screenshots: SHOTS });

const DELIVERED = SANDBOX_NUMBERS.delivered; // 08011111111
const PENDING = '08011111112'; // VendPort's stand-in for VTpass's pending number (mocks/vtpass/README.md)

let mock: Awaited<ReturnType<typeof startVtpassMock>>;
let server: E2eServer | undefined;

beforeAll(async () => {
  mock = await startVtpassMock({ port: 0 });
  server = await startServer('e2e-vtpass', {
    VTPASS_BASE_URL: mock.baseUrl,
    VTPASS_API_KEY: SANDBOX_KEYS.apiKey,
    VTPASS_SECRET_KEY: SANDBOX_KEYS.secretKey,
    VTPASS_PUBLIC_KEY: SANDBOX_KEYS.publicKey,
    AGGREGATOR_PROVIDERS: 'VTPASS',
    JOBS_POLL_MS: '200',
  });
  useServer(server);
});

afterAll(async () => {
  useServer(null);
  await server?.stop();
  await mock?.app.close();
});

type VendDetail = VendView & { attempts: VendAttemptView[] };

const balanceOf = async (token: string) =>
  (await api<WalletBalanceView>('GET', 'get-wallet-balance', undefined, token)).json.data.balanceKobo;

const detailOf = async (id: string, token: string) =>
  (await api<VendDetail>('GET', `vend/${id}`, undefined, token)).json.data;

/** VTpass's transaction-update callback naming the attempt's request id, as the stand-in sends it. */
async function vtpassCallback(requestId: string, status: string): Promise<void> {
  const res = await fetch(`${server!.baseURL}/api/v1/providers/vtpass/callback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      type: 'transaction-update',
      data: { requestId, code: '000', content: { transactions: { status } } },
    }),
  });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ response: 'success' });
}

/**
 * The page at 1366×800, once fonts, images and the loading bar are done and no toast is left,
 * saved whole to SHOTS.
 */
async function shot(
  page: Page,
  name: string,
  size: { width: number; height: number } = { width: 1366, height: 800 },
  /** A dialog is open: shot as the viewport shows it (a full-page shot would scroll the page under its overlay). */
  o: { dialog?: boolean } = {},
): Promise<void> {
  await page.setViewportSize(size);
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      Array.from(document.images).map((img) =>
        img.complete ? null : new Promise((r) => img.addEventListener('load', r, { once: true })),
      ),
    );
  });
  await page.getByRole('progressbar', { name: 'Loading page' }).waitFor({ state: 'detached' });
  if (o.dialog) {
    await page.screenshot({ path: path.join(SHOTS, `e2e-${name}.png`) });
    return;
  }
  // A toast left from the purchase would hide the status badge: dismissed, as the user would.
  const toasts = page.locator('[data-rht-toaster] [role="status"]');
  for (const dismiss of await page
    .locator('[data-rht-toaster]')
    .getByRole('button', { name: 'Dismiss' })
    .all())
    await dismiss.click({ timeout: 2_000 }).catch(() => {}); // it may have gone by itself meanwhile
  await eventually(() => toasts.count()).toBe(0);
  await page.screenshot({ path: path.join(SHOTS, `e2e-${name}.png`), fullPage: true });
}

/**
 * A new client with the default services and ₦5,000, signed in through the login screen, on the
 * vending screen with its balance shown. Returns the client and its page.
 */
async function clientOnVendScreen(tag: string) {
  const admin = await adminToken();
  const corp = await signUpCorporate(tag);
  await readyToVend(admin, corp.user.corporate!.id, '5000');
  const { context, page } = await newPage(browser());
  await signInBrowser(page, corp.email, corp.password);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Vending History' })
    .click();
  await waitForPath(page, '/dashboard/vending-history');
  await page.getByTestId('vend-available').filter({ hasText: '₦5,000.00' }).waitFor();
  return { admin, corp, context, page };
}

/** Buys ₦500 of MTN airtime for `phone` on the vending screen; returns the result dialog. */
async function buyMtnAirtime(page: Page, phone: string, outcome: 'Purchase successful' | 'Purchase pending') {
  const form = page.getByRole('form', { name: 'Buy airtime or data' });
  await field(form, 'Phone number').fill(phone);
  await field(form, 'Amount (₦)').fill('500');
  // 0801 is no MTN prefix the portal knows: the network may have to be chosen.
  if ((await field(form, 'Network').inputValue()) !== 'MTN') await field(form, 'Network').selectOption('MTN');
  await form.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm purchase' });
  const summary = confirm.getByTestId('vend-confirm');
  await summary.waitFor();
  expect(await summary.textContent()).toContain('Wallet debit₦500.00');
  await confirm.getByRole('button', { name: 'Buy airtime' }).click();
  const result = page.getByRole('dialog', { name: outcome });
  await result.getByTestId('vend-result').waitFor();
  return result;
}

/** The only vend of the client (through the API), once it is there. */
async function onlyVend(token: string): Promise<VendView> {
  const mine = await api<VendView[]>('GET', 'transactions/vending', undefined, token);
  expect(mine.json.data).toHaveLength(1);
  return mine.json.data[0]!;
}

describe('vending through VTpass (its local stand-in)', () => {
  it('[VTPASS] a pending vend: the callback schedules a check, the requery delivers, the details show the attempt Successful', async () => {
    const { admin, corp, context, page } = await clientOnVendScreen('vtpass-pending');

    const result = await buyMtnAirtime(page, PENDING, 'Purchase pending');
    await result.getByTestId('vend-result').getByText('Pending', { exact: true }).waitFor();
    const vend = await onlyVend(corp.token);
    expect(vend).toMatchObject({
      status: 'PENDING',
      network: 'MTN',
      amountKobo: 50_000,
      chargedKobo: 50_000,
    });
    await result.getByRole('link', { name: 'View details' }).click();
    await waitForPath(page, `/dashboard/vending-history/${vend.id}`);
    await page.getByTestId('vend-status').filter({ hasText: 'Pending' }).waitFor();
    await page.getByText('Waiting for the provider').waitFor();
    // The client sees neither the upstream nor the attempts made of it (issue 53 point 4).
    await page.getByText('Timeline', { exact: true }).waitFor();
    expect(await page.getByRole('list', { name: 'Attempts' }).count()).toBe(0);
    expect(await page.getByText(/vtpass/i).count()).toBe(0);
    await shot(page, 'vtpass-pending-client');

    // The attempt's request id (admins see it), the one VTpass holds, still pending there.
    const pending = await detailOf(vend.id, admin);
    expect(pending.attempts).toHaveLength(1);
    const requestId = pending.attempts[0]!.requestId!;
    expect(pending.attempts[0]).toMatchObject({ provider: 'VTPASS', status: 'UNKNOWN' });
    expect(mock.app.vtpass.transactions.get(requestId)).toMatchObject({ status: 'pending', requeries: 0 });

    const { context: adminContext, page: adminPage } = await newPage(browser());
    await openWithSession(adminPage, admin, `/admin-dashboard/vending-history/${vend.id}`);
    const adminAttempts = adminPage.getByRole('list', { name: 'Attempts' });
    await adminAttempts.getByText(requestId, { exact: true }).waitFor();
    await shot(adminPage, 'vtpass-pending-admin');

    // ---- VTpass calls back; the check job requeries and the answer (delivered) settles the vend
    await vtpassCallback(requestId, 'delivered');
    await eventually(async () => (await detailOf(vend.id, admin)).status).toBe('SUCCESSFUL');
    expect(mock.app.vtpass.transactions.get(requestId)).toMatchObject({ status: 'delivered', requeries: 1 });

    await page.reload();
    await page.getByTestId('vend-status').filter({ hasText: 'Successful' }).waitFor();
    expect(await page.getByText('Waiting for the provider').count()).toBe(0);
    expect(await page.getByText(/vtpass/i).count()).toBe(0);
    await shot(page, 'vtpass-successful-client');

    await adminPage.reload();
    await adminPage.getByTestId('vend-status').filter({ hasText: 'Successful' }).waitFor();
    await adminAttempts
      .getByTestId('vend-attempt')
      .filter({ hasText: '1. VTpass' })
      .filter({ hasText: 'Successful' })
      .waitFor();
    await shot(adminPage, 'vtpass-successful-admin');
    await adminContext.close();

    // ---- the history says so too, and the wallet paid ₦500 once
    await page.getByRole('button', { name: 'Back' }).click();
    await waitForPath(page, '/dashboard/vending-history');
    const row = page
      .getByRole('table', { name: 'Vending transactions' })
      .getByRole('row')
      .filter({ hasText: vend.code });
    await row.getByRole('cell', { name: 'Successful' }).waitFor();
    await page.getByTestId('vend-available').filter({ hasText: '₦4,500.00' }).waitFor();
    expect(await balanceOf(corp.token)).toBe(450_000);
    await context.close();
  });

  it('[VTPASS] a delivered vend that VTpass reverses later goes to the review queue; the admin reverses it there and the client sees REVERSED', async () => {
    const { admin, corp, context, page } = await clientOnVendScreen('vtpass-reversed');

    const result = await buyMtnAirtime(page, DELIVERED, 'Purchase successful');
    await result.getByRole('button', { name: 'Done' }).click();
    await result.waitFor({ state: 'detached' });
    await page.getByTestId('vend-available').filter({ hasText: '₦4,500.00' }).waitFor();
    const vend = await onlyVend(corp.token);
    expect(vend.status).toBe('SUCCESSFUL');
    const row = page
      .getByRole('table', { name: 'Vending transactions' })
      .getByRole('row')
      .filter({ hasText: vend.code });
    await row.getByRole('cell', { name: 'Successful' }).waitFor();

    const delivered = await detailOf(vend.id, admin);
    expect(delivered.attempts).toHaveLength(1);
    expect(delivered.attempts[0]).toMatchObject({ provider: 'VTPASS', status: 'SUCCESSFUL' });
    const requestId = delivered.attempts[0]!.requestId!;
    const txn = mock.app.vtpass.transactions.get(requestId)!;
    expect(txn.status).toBe('delivered');

    // ---- VTpass reverses it and calls back; the check's requery answers reversed. A late truth:
    // it goes to the review queue (issue 49), the vend and the wallet stay as they are meanwhile.
    // The stand-in has no way to reverse (its statuses are delivered, pending, failed): its state is
    // set as the vending API test does; its requery then answers 000 with status reversed.
    (txn as { status: string }).status = 'reversed';
    await vtpassCallback(requestId, 'reversed');
    const queue = `admin/discrepancies?status=OPEN&search=${vend.code}`;
    await eventually(
      async () => (await api<DiscrepancyView[]>('GET', queue, undefined, admin)).json.data.length,
    ).toBe(1);
    expect((await detailOf(vend.id, admin)).status).toBe('SUCCESSFUL');
    expect(await balanceOf(corp.token)).toBe(450_000);

    // ---- the admin finds it in the review queue and reverses it (password-confirmed)
    const { context: adminContext, page: adminPage } = await newPage(browser());
    await openWithSession(adminPage, admin, `/admin-dashboard/discrepancies?status=OPEN&search=${vend.code}`);
    const table = adminPage.getByRole('table', { name: 'Discrepancies' });
    const item = table.getByRole('row').filter({ hasText: vend.code });
    await item.getByText('Refunded by the provider after we settled it successful').waitFor();
    await item.getByText('REFUNDED', { exact: true }).waitFor();
    await shot(adminPage, 'discrepancy-queue');
    await adminPage.setViewportSize(PHONE);
    // On a phone the queue is cards: the vend and its status on each, Resolve in its footer.
    const card = adminPage
      .getByRole('list', { name: 'Discrepancies' })
      .getByRole('listitem')
      .filter({ hasText: vend.code });
    await card.getByText('Open', { exact: true }).waitFor();
    await shot(adminPage, 'discrepancy-queue-phone', PHONE);
    await card.getByRole('button', { name: `Resolve ${vend.code}` }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Resolve discrepancy' });
    await dialog.getByText('The vend is reversed and', { exact: false }).waitFor();
    expect(await field(dialog, 'Resolution').inputValue()).toBe('REVERSE');
    await field(dialog, 'Password').fill(E2E_ADMIN_PASSWORD);
    await shot(adminPage, 'discrepancy-resolve-phone', PHONE, { dialog: true });
    await adminPage.setViewportSize({ width: 1366, height: 800 });
    await shot(adminPage, 'discrepancy-resolve', { width: 1366, height: 800 }, { dialog: true });
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await adminPage.getByText('Discrepancy resolved').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await eventually(async () => (await detailOf(vend.id, admin)).status).toBe('REVERSED');
    expect(await balanceOf(corp.token)).toBe(500_000);
    // Resolved: no longer in the open queue; all of them show it reversed.
    await table.getByText('No discrepancies match these filters.').waitFor();
    await adminPage.goto(`/admin-dashboard/discrepancies?search=${vend.code}`);
    await table
      .getByRole('row')
      .filter({ hasText: vend.code })
      .getByText('Reversed', { exact: true })
      .waitFor();
    await shot(adminPage, 'discrepancy-resolved');
    await adminPage.setViewportSize(PHONE);
    await adminPage
      .getByRole('list', { name: 'Discrepancies' })
      .getByRole('listitem')
      .filter({ hasText: vend.code })
      .getByText('Reversed', { exact: true })
      .waitFor();
    await shot(adminPage, 'discrepancy-resolved-phone', PHONE);

    // The history (reloaded) shows it reversed and the wallet back where it was.
    await page.reload();
    await row.getByRole('cell', { name: 'Reversed' }).waitFor();
    await page.getByTestId('vend-available').filter({ hasText: '₦5,000.00' }).waitFor();

    await row.getByRole('cell').first().click();
    await waitForPath(page, `/dashboard/vending-history/${vend.id}`);
    await page.getByTestId('vend-status').filter({ hasText: 'Reversed' }).waitFor();
    // The client reads it refunded, with no upstream named and no attempts (issue 53 point 4).
    await page.getByText('Refunded').first().waitFor();
    expect(await page.getByRole('list', { name: 'Attempts' }).count()).toBe(0);
    expect(await page.getByText(/vtpass/i).count()).toBe(0);
    await shot(page, 'vtpass-reversed-client');

    await openWithSession(adminPage, admin, `/admin-dashboard/vending-history/${vend.id}`);
    await adminPage.setViewportSize({ width: 1366, height: 800 });
    await adminPage.getByTestId('vend-status').filter({ hasText: 'Reversed' }).waitFor();
    await adminPage.getByRole('list', { name: 'Attempts' }).getByText(requestId, { exact: true }).waitFor();
    await shot(adminPage, 'vtpass-reversed-admin');
    await adminContext.close();
    await context.close();
  });
});
