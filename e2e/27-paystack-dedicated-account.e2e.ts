// Journey 27 (issue 33 point 3): a client's own account number (Paystack dedicated virtual account)
// through Paystack's local stand-in (mocks/paystack). This file starts a server of its own with
// CARD_GATEWAY=paystack pointed at the stand-in started here in-process, whose signed webhooks go to
// that server, with a fast job runner.
// - A verified client opens the wallet screen, clicks "Get my account number" and sees the number,
//   the account name and the bank, with copy buttons.
// - A bank transfer into that number (the stand-in's POST /_mock/transfer) → signed charge.success
//   (dedicated_nuban) → the server's queued verify → the wallet is credited, with no admin step,
//   exactly once; the funding history shows "Bank transfer (automatic)".
// Screenshots (1366×800 and 390×844) of the wallet screen with the account go to e2e/screenshots/.
import type { FundingTransactionView } from '@vendport/shared';
import { describe, expect, it } from 'vitest';
import { signedInClient, useBrowser } from './fixtures';
import { balanceOf, PAYSTACK_WEBHOOK, SHOTS, shots, usePaystackServer, verifyBusiness } from './paystack';
import { api, eventually } from './support';

const browser = useBrowser({ screenshots: SHOTS });
const paystack = usePaystackServer('e2e-paystack-dva', { PAYSTACK_DVA_BANK: 'wema-bank' });

describe('funding by transfer into the client’s own account number (Paystack stand-in)', () => {
  it('[DVA] a verified client gets its account number on the wallet screen; a transfer into it credits the wallet without an admin', async () => {
    const { corp, context, page } = await signedInClient(browser(), 'paystack-dva');
    // The business is verified: documents uploaded, verification requested, approved by an admin.
    await verifyBusiness(paystack.server.baseURL, corp);

    await page.goto('/dashboard/wallet');
    await page.getByTestId('wallet-balance').filter({ hasText: '₦0.00' }).waitFor();
    await page.getByRole('button', { name: 'Get my account number' }).click();
    const number = page.getByTestId('dedicated-account-number');
    await number.waitFor();
    const accountNumber = (await number.textContent())!.trim();
    expect(accountNumber).toMatch(/^\d{10}$/);
    expect(await page.getByTestId('dedicated-account-bank').textContent()).toBe('Wema Bank');
    expect(await page.getByTestId('dedicated-account-name').textContent()).toMatch(/^VENDPORT\//);
    await page.getByRole('button', { name: 'Copy your account number' }).waitFor();
    expect(paystack.mock.app.paystack.dedicatedAccounts.get(accountNumber)).toBeDefined();
    await shots(page, 'paystack-dva-account');

    // Someone transfers ₦15,000 into it from their bank (the stand-in's transfer).
    const res = await fetch(`${paystack.mock.baseUrl}/_mock/transfer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account_number: accountNumber, amount: 1_500_000 }),
    });
    expect(res.status).toBe(200);
    const { reference } = ((await res.json()) as { data: { reference: string } }).data;
    await paystack.mock.app.paystack.settled();
    expect(paystack.mock.app.paystack.webhooks.find((w) => w.reference === reference)).toMatchObject({
      event: 'charge.success',
      statuses: [200],
    });

    // No admin: the queued verify credits it.
    await eventually(() => balanceOf(corp.token)).toBe(1_500_000);
    // The open wallet screen shows it without a reload (it asks for the balance every 15 s).
    await page.getByTestId('wallet-balance').filter({ hasText: '₦15,000.00' }).waitFor({ timeout: 25_000 });
    await shots(page, 'paystack-dva-credited');
    const history = await api<FundingTransactionView[]>('GET', 'transactions/funding', undefined, corp.token);
    expect(history.json.data).toEqual([
      expect.objectContaining({
        channel: 'BANK_TRANSFER',
        kind: 'BANK_TRANSFER_AUTO',
        amountKobo: 1_500_000,
        status: 'SUCCESSFUL',
        reference,
      }),
    ]);
    await page.goto('/dashboard/funding-history');
    await page.getByText('Bank transfer (automatic)').first().waitFor();
    await shots(page, 'paystack-dva-history');

    // Paystack delivering the same event again changes nothing.
    const again = paystack.mock.app.paystack.webhooks.find((w) => w.reference === reference)!;
    const replay = await fetch(`${paystack.server.baseURL}${PAYSTACK_WEBHOOK}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': again.signature },
      body: again.body,
    });
    expect(replay.status).toBe(200);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await balanceOf(corp.token)).toBe(1_500_000);
    await context.close();
  });
});
