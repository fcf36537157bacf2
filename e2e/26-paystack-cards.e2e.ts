// Journey 26 (issue 33): card funding through Paystack's local stand-in (mocks/paystack). This file
// starts a server of its own with CARD_GATEWAY=paystack pointed at the stand-in started here
// in-process, whose signed webhooks go to that server, with a fast job runner.
// - A client funds ₦2,500 by card: the fee shown before paying, the stand-in's checkout (amount +
//   fee), Pay, back on the wallet screen with ?reference=: credited once (the wallet verify and the
//   webhook's queued verify race; one credit).
// - Forged webhooks (a wrong signature; a body changed after signing) for a payment paid at the
//   stand-in: 401 each, and nothing credited; the genuine signed event then credits it.
// Screenshots (1366×800 and 390×844) of the stand-in's checkout and the credited wallet go to
// e2e/screenshots/.
import { createHmac } from 'node:crypto';
import type { FundingTransactionView } from '@vendport/shared';
import { describe, expect, it } from 'vitest';
import { chargeSuccessEvent } from '../mocks/paystack/responses.ts';
import { MOCK_SECRET_KEY } from '../mocks/paystack/server.ts';
import { signedInClient, useBrowser } from './fixtures';
import { balanceOf, PAYSTACK_WEBHOOK, SHOTS, shots, usePaystackServer } from './paystack';
import { api, eventually, field, signUpCorporate, waitForPath } from './support';

const browser = useBrowser({ screenshots: SHOTS });
const paystack = usePaystackServer('e2e-paystack');

const sign = (body: string) => createHmac('sha512', MOCK_SECRET_KEY).update(body).digest('hex');

const postWebhook = (body: string, signature: string) =>
  fetch(`${paystack.server.baseURL}${PAYSTACK_WEBHOOK}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
    body,
  });

describe('card funding through Paystack (its local stand-in)', () => {
  it('[PAYSTACK] the client pays on the stand-in’s checkout and is back on the wallet, credited exactly once', async () => {
    const { corp, context, page } = await signedInClient(browser(), 'paystack-card');
    await page.goto('/dashboard/wallet');
    await page.getByTestId('wallet-balance').filter({ hasText: '₦0.00' }).waitFor();

    const card = page.getByRole('form', { name: 'Card funding' });
    await field(card, 'Amount (₦)').fill('2500');
    await card.getByTestId('fee-fee').filter({ hasText: '₦137.50' }).waitFor();
    expect(await card.getByTestId('fee-total').textContent()).toBe('₦2,637.50');
    await card.getByRole('button', { name: 'Continue to payment' }).click();

    // Paystack's checkout (the stand-in's), for amount + fee.
    await page.waitForURL((u) => u.origin === paystack.mock.baseUrl && u.pathname.startsWith('/checkout/'));
    const pay = page.getByRole('button', { name: 'Pay ₦2,637.50' });
    await pay.waitFor();
    const [reference] = [...paystack.mock.app.paystack.transactions.values()]
      .filter((t) => page.url().endsWith(t.accessCode))
      .map((t) => t.reference);
    expect(reference).toMatch(/^CP-/);
    await shots(page, 'paystack-checkout');
    await pay.click();

    // Back on the wallet screen with ?reference=: verified, credited with the amount, once.
    await waitForPath(page, '/dashboard/wallet');
    await page.getByText('₦2,500.00 has been added to your wallet', { exact: false }).waitFor();
    await page.getByTestId('wallet-balance').filter({ hasText: '₦2,500.00' }).waitFor();
    expect(await balanceOf(corp.token)).toBe(250_000);
    await paystack.mock.app.paystack.settled();
    const delivery = paystack.mock.app.paystack.webhooks.find((w) => w.reference === reference);
    expect(delivery).toMatchObject({ event: 'charge.success', statuses: [200] });
    await shots(page, 'paystack-wallet-credited');

    // The webhook's queued verify has run (or will): still one credit.
    await new Promise((r) => setTimeout(r, 1_000));
    await page.reload();
    await page.getByTestId('wallet-balance').filter({ hasText: '₦2,500.00' }).waitFor();
    expect(await balanceOf(corp.token)).toBe(250_000);
    const history = await api<FundingTransactionView[]>('GET', 'transactions/funding', undefined, corp.token);
    expect(history.json.data).toEqual([
      expect.objectContaining({
        channel: 'CARD',
        code: reference,
        amountKobo: 250_000,
        feeKobo: 13_750,
        status: 'SUCCESSFUL',
      }),
    ]);
    await context.close();
  });

  it('[PAYSTACK] forged webhooks (wrong signature, body changed after signing) are refused 401 and credit nothing', async () => {
    const corp = await signUpCorporate('paystack-forged');
    const started = await api<{ reference: string; totalKobo: number }>(
      'POST',
      'fund/card/initialize',
      { amount: '5000' },
      corp.token,
    );
    expect(started.status).toBe(201);
    const { reference } = started.json.data;
    // Paid at Paystack, and its genuine webhook held back: only forged ones arrive first.
    paystack.mock.app.paystack.webhookUrl = undefined;
    try {
      expect(paystack.mock.app.paystack.complete(reference, 'success')).not.toBeNull();
    } finally {
      paystack.mock.app.paystack.webhookUrl = `${paystack.server.baseURL}${PAYSTACK_WEBHOOK}`;
    }
    const genuine = JSON.stringify(
      chargeSuccessEvent(paystack.mock.app.paystack.transactions.get(reference)!),
    );

    const wrongKey = await postWebhook(
      genuine,
      createHmac('sha512', 'sk_test_forger').update(genuine).digest('hex'),
    );
    expect(wrongKey.status).toBe(401);
    const altered = await postWebhook(genuine.replace('"amount":', '"amount": '), sign(genuine));
    expect(altered.status).toBe(401);
    expect(await altered.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });

    // Several job polls later nothing was credited and the payment is still pending.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await balanceOf(corp.token)).toBe(0);
    const history = await api<FundingTransactionView[]>('GET', 'transactions/funding', undefined, corp.token);
    expect(history.json.data[0]).toMatchObject({ code: reference, status: 'PENDING' });

    // The genuine event, signed over the bytes sent: its verify credits the payment once.
    const real = await postWebhook(genuine, sign(genuine));
    expect(real.status).toBe(200);
    await eventually(() => balanceOf(corp.token)).toBe(500_000);
  });
});
