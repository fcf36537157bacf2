// Journey 10: funding a wallet. By bank transfer: a client (signed up through the API) tells us
// about a transfer on /dashboard/wallet with a proof (step 1 of 2), then, on step 2 with the
// account and the narration to quote, says "I have paid"; an admin reviews it on
// /admin-dashboard/funding-history and approves it with the password; the client then sees the new
// balance, the history row and the notification. By card: the fee before paying, the simulator's
// checkout page (Pay, and Cancel), back on the wallet with the wallet credited exactly once.
import type { FundingTransactionView, FundRequestView, WalletBalanceView } from '@vendport/shared';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInClient, useBrowser } from './fixtures';
import {
  adminToken,
  api,
  E2E_ADMIN_PASSWORD,
  eventually,
  expectToastTopRight,
  field,
  newPage,
  openWithSession,
  PNG_2X2,
  signInBrowser,
  signUpCorporate,
  waitForPath,
} from './support';

const browser = useBrowser();

const balanceOf = async (token: string) =>
  (await api<WalletBalanceView>('GET', 'get-wallet-balance', undefined, token)).json.data.balanceKobo;

const cellTexts = async (row: Locator) =>
  (await row.getByRole('cell').allTextContents()).map((t) => t.trim());

/** The wallet's balance figure once it shows `text` (after refetches settle). */
async function expectBalance(page: Page, text: string) {
  await page.getByTestId('wallet-balance').filter({ hasText: text }).waitFor();
}

describe('wallet funding journey', () => {
  it('[WALLET] bank transfer: the client asks, the admin approves with the password, the client sees balance, history and notification', async () => {
    const corp = await signUpCorporate('fund');
    const transferReference = `TRF${Date.now().toString(36).toUpperCase()}`;

    // ---- the client asks for funding in the browser
    const { context: clientContext, page } = await newPage(browser());
    await signInBrowser(page, corp.email, corp.password);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Wallet' })
      .click();
    await waitForPath(page, '/dashboard/wallet');
    await page.getByRole('heading', { name: 'Wallet', level: 1 }).waitFor();
    await expectBalance(page, '₦0.00');
    // The platform's account, with the narration that names this client.
    const account = await api<{ accountNumber: string; narration: string }>(
      'GET',
      'get-funding-account',
      undefined,
      corp.token,
    );
    await page
      .getByTestId('funding-account-number')
      .filter({ hasText: account.json.data.accountNumber })
      .waitFor();
    await page.getByTestId('funding-narration').filter({ hasText: account.json.data.narration }).waitFor();
    await page
      .getByRole('table', { name: 'Pending requests' })
      .getByText(/No pending requests/)
      .waitFor();

    const form = page.getByRole('form', { name: 'Fund request' });
    await field(form, 'Amount (₦)').fill('25,000.50');
    await field(form, 'Transfer reference').fill(transferReference);
    await form
      .getByLabel(/Proof of payment/)
      .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG_2X2 });
    await form.getByRole('button', { name: 'Submit fund request' }).click();
    await expectToastTopRight(page, 'Fund request submitted', 'success');

    const pending = await api<FundRequestView[]>('GET', 'pending-transaction', undefined, corp.token);
    expect(pending.json.data).toHaveLength(1);
    const request = pending.json.data[0]!;
    expect(request).toMatchObject({
      amountKobo: 2_500_050,
      transferReference,
      status: 'PENDING',
      hasProof: true,
      proofName: 'receipt.png',
    });
    const pendingRow = page
      .getByRole('table', { name: 'Pending requests' })
      .getByRole('row')
      .filter({ hasText: request.code });
    await pendingRow.getByText('Pending', { exact: true }).waitFor();
    expect(await pendingRow.textContent()).toContain('₦25,000.50');

    // One flow: step 2 of 2 shows the request, the account and the narration to quote (to copy),
    // and what happens next; the request also waits in Pending requests.
    await page.getByTestId('funding-step').filter({ hasText: 'Step 2 of 2' }).waitFor();
    await page.getByTestId('funding-request-code').filter({ hasText: request.code }).waitFor();
    await page.getByTestId('funding-narration').filter({ hasText: account.json.data.narration }).waitFor();
    for (const name of ['Copy account number', 'Copy account name', 'Copy narration'])
      await page.getByRole('button', { name }).waitFor();
    await page
      .getByRole('region', { name: 'What happens next' })
      .getByText(/An admin checks that the transfer has reached our account/)
      .waitFor();
    await pendingRow.getByRole('button', { name: `I have paid ${request.code}` }).waitFor();

    // "I have paid", from step 2, through its confirmation.
    await page.getByRole('button', { name: 'I have paid', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm your payment' });
    await confirm.getByText(transferReference).waitFor();
    await confirm.getByRole('button', { name: 'Yes, I have paid' }).click();
    await expectToastTopRight(page, 'Payment confirmation received', 'success');
    await page.getByText(`Request ${request.code} is awaiting approval`).waitFor();
    await pendingRow.getByText('Awaiting approval').waitFor();
    await pendingRow.getByText('Paid', { exact: true }).waitFor();
    expect(await pendingRow.getByRole('button', { name: /I have paid/ }).count()).toBe(0);

    // ---- the admin reviews and approves in the browser
    const { context: adminContext, page: admin } = await newPage(browser());
    await openWithSession(admin, await adminToken(), '/admin-dashboard/funding-history');
    await admin.getByRole('heading', { name: 'Funding History', level: 1 }).waitFor();
    await admin.getByRole('tab', { name: /Fund requests/ }).click();
    await eventually(() => new URL(admin.url()).searchParams.get('tab')).toBe('requests');
    const filters = admin.getByRole('form', { name: 'Fund request filters' });
    await field(filters, 'Search').fill(corp.company);
    await field(filters, 'Search').press('Enter');
    await eventually(() => new URL(admin.url()).searchParams.get('search')).toBe(corp.company);
    const requests = admin.getByRole('table', { name: 'Fund requests' });
    const row = requests.getByRole('row').filter({ hasText: request.code });
    await row.waitFor();
    const cells = await cellTexts(row);
    expect(cells[1]).toContain(corp.company);
    expect(cells).toContain('₦25,000.50');
    expect(cells.some((c) => c.startsWith(transferReference))).toBe(true);
    expect(cells).toContain('Paid');

    // The proof opens as an image.
    await row.getByRole('button', { name: `View proof of ${request.code}` }).click();
    const proof = admin.getByRole('dialog', { name: `Proof of payment · ${request.code}` });
    const image = proof.getByRole('img', { name: `Proof of payment for ${request.code}` });
    await image.waitFor();
    await eventually(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(2);
    await proof.getByRole('button', { name: 'Close' }).click();
    await proof.waitFor({ state: 'detached' });

    // Approve: Submit waits for a password; a wrong one is refused with the server's message.
    await row.getByRole('button', { name: `Approve ${request.code}` }).click();
    const approve = admin.getByRole('dialog', { name: 'Approve fund request' });
    const submit = approve.getByRole('button', { name: 'Submit' });
    expect(await submit.isDisabled()).toBe(true);
    const password = approve.getByLabel(/^Password/);
    await password.fill('not-the-password');
    await submit.click();
    await expectToastTopRight(admin, 'The password you entered is incorrect', 'error');
    expect(await balanceOf(corp.token)).toBe(0);
    await password.fill(E2E_ADMIN_PASSWORD);
    await submit.click();
    await expectToastTopRight(admin, 'Fund request approved. The wallet has been credited.', 'success');
    const success = admin.getByRole('dialog', { name: 'Approval successful' });
    await success
      .getByText(`Fund request ${request.code} has been successfully approved.`, { exact: false })
      .waitFor();
    expect(await approve.count()).toBe(0);
    await success.getByRole('button', { name: 'Close' }).click();
    // The list was refreshed: the request is decided, with no more actions.
    await row.getByText('Approved', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: /Approve|Decline/ }).count()).toBe(0);

    // The credit shows in every client's funding history too.
    await admin.getByRole('tab', { name: 'Funding transactions' }).click();
    await field(admin.getByRole('form', { name: 'Funding filters' }), 'Search').fill(request.code);
    await field(admin.getByRole('form', { name: 'Funding filters' }), 'Search').press('Enter');
    const adminRow = admin
      .getByRole('table', { name: 'Funding transactions' })
      .getByRole('row')
      .filter({ hasText: request.code });
    await adminRow.getByText('Approved', { exact: true }).waitFor();
    expect(await adminRow.textContent()).toContain(corp.company);
    await adminContext.close();

    // ---- what the database holds: credited once
    expect(await balanceOf(corp.token)).toBe(2_500_050);

    // ---- the client sees it
    await page.goto('/dashboard/wallet');
    await expectBalance(page, '₦25,000.50');
    await page
      .getByRole('table', { name: 'Pending requests' })
      .getByText(/No pending requests/)
      .waitFor();

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Funding History' })
      .click();
    await waitForPath(page, '/dashboard/funding-history');
    const historyRow = page
      .getByRole('table', { name: 'Funding transactions' })
      .getByRole('row')
      .filter({ hasText: request.code });
    await historyRow.waitFor();
    const history = await cellTexts(historyRow);
    expect(history[0]).toMatch(/^\d{2}\/\d{2}\/\d{4} ?\d{1,2}:\d{2} [AP]M$/); // the date, its time beneath
    expect(history.slice(2)).toEqual(['Bank transfer', '₦25,000.50', '₦0.00', 'Approved']);

    await page.goto('/dashboard/notification');
    const note = page.getByTestId('notification-item').filter({ hasText: 'Fund request approved' });
    await note.waitFor();
    expect(await note.getAttribute('data-unread')).toBe('true');
    await note
      .getByRole('button', { name: 'Unread notification: Fund request approved', exact: true })
      .click();
    await page
      .getByRole('dialog', { name: 'Fund request approved' })
      .getByTestId('notification-body')
      .filter({ hasText: `${request.code} of ₦25,000.50 has been approved` })
      .waitFor();
    await clientContext.close();
  });

  it('[WALLET] card: the fee before paying, the simulator’s Pay, back on the wallet credited exactly once', async () => {
    const { corp, context, page } = await signedInClient(browser(), 'card');
    await page.goto('/dashboard/wallet');
    await expectBalance(page, '₦0.00');

    const card = page.getByRole('form', { name: 'Card funding' });
    await field(card, 'Amount (₦)').fill('2500');
    await card.getByTestId('fee-fee').filter({ hasText: '₦137.50' }).waitFor();
    expect(await card.getByTestId('fee-amount').textContent()).toBe('₦2,500.00');
    expect(await card.getByTestId('fee-total').textContent()).toBe('₦2,637.50');
    await card.getByRole('button', { name: 'Continue to payment' }).click();

    // The gateway's page asks for amount + fee.
    await page.waitForURL((u) => u.pathname.startsWith('/api/v1/gateway-sim/checkout/CP-'));
    const reference = new URL(page.url()).pathname.split('/').at(-1)!;
    await page.getByRole('button', { name: 'Pay ₦2,637.50' }).click();

    // Back on the wallet: verified, announced, the URL cleaned, the balance credited with the amount.
    await waitForPath(page, '/dashboard/wallet');
    await expectToastTopRight(page, 'Card payment successful', 'success');
    await page.getByText('₦2,500.00 has been added to your wallet', { exact: false }).waitFor();
    await expectBalance(page, '₦2,500.00');
    await eventually(() => new URL(page.url()).search).toBe('');
    expect(await balanceOf(corp.token)).toBe(250_000);

    // Reloading (or a second verify) never credits again.
    await page.reload();
    await expectBalance(page, '₦2,500.00');
    const again = await api('GET', `fund/card/verify?reference=${reference}`, undefined, corp.token);
    expect(again.status).toBe(200);
    expect(await balanceOf(corp.token)).toBe(250_000);
    const history = await api<FundingTransactionView[]>('GET', 'transactions/funding', undefined, corp.token);
    expect(history.json.data).toHaveLength(1);
    expect(history.json.data[0]).toMatchObject({
      channel: 'CARD',
      code: reference,
      amountKobo: 250_000,
      feeKobo: 13_750,
      status: 'SUCCESSFUL',
    });

    // Cancelling at the gateway leaves the wallet as it was, and says so.
    await field(card, 'Amount (₦)').fill('1000');
    await card.getByTestId('fee-amount').filter({ hasText: '₦1,000.00' }).waitFor();
    await card.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/api/v1/gateway-sim/checkout/CP-'));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await waitForPath(page, '/dashboard/wallet');
    await expectToastTopRight(page, 'Card payment cancelled', 'error');
    await page.getByText('Nothing was charged and your wallet is unchanged.', { exact: false }).waitFor();
    await expectBalance(page, '₦2,500.00');
    expect(await balanceOf(corp.token)).toBe(250_000);
    await context.close();
  });
});
