// Journey 28 (issue 50 point 1): the reconciliation with Paystack, through its local stand-in in its
// webhook-dropping mode. This file starts a server of its own with CARD_GATEWAY=paystack pointed at
// the stand-in started here in-process.
// - A transfer into a client's own account number whose webhook never comes leaves the wallet as it
//   was; the admin's "Reconcile now" on the Gateway Reconciliation screen credits it, once, and the
//   run shows what Paystack received, what was credited and the difference.
// - A payment at Paystack with a reference VendPort never issued is a discrepancy on the screen; the
//   admin resolves it (refund at Paystack, a note, the password) and it moves to Resolved.
// Screenshots (1366×800 and 390×844) of the screen go to e2e/screenshots/.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MOCK_SECRET_KEY } from '../mocks/paystack/server.ts';
import { signedInClient, useBrowser } from './fixtures';
import { balanceOf, SHOTS, shots, usePaystackServer, verifyBusiness } from './paystack';
import { adminToken, api, E2E_ADMIN_PASSWORD, eventually, field, newPage, openWithSession } from './support';

const browser = useBrowser({ screenshots: SHOTS });
const paystack = usePaystackServer('e2e-gateway-recon', { PAYSTACK_DVA_BANK: 'wema-bank' });

describe('reconciliation with Paystack (stand-in dropping webhooks)', () => {
  it('[RECON] a transfer whose webhook was dropped appears credited after the sweep; a discrepancy is resolved on the screen', async () => {
    const { corp, context } = await signedInClient(browser(), 'gateway-recon');
    await context.close();
    await verifyBusiness(paystack.server.baseURL, corp);
    const created = await api<{ account: { accountNumber: string } }>(
      'POST',
      'fund/dedicated-account',
      undefined,
      corp.token,
    );
    expect(created.status, created.json.message).toBe(201);
    const { accountNumber } = created.json.data.account;

    // ₦12,000 arrives at Paystack; its charge.success is never sent.
    const ps = paystack.mock.app.paystack;
    ps.dropWebhooks = 1;
    const txn = ps.transferIn(accountNumber, 1_200_000)!;
    // And a card payment Paystack took for a reference VendPort never issued.
    const stray = `XT-${randomBytes(5).toString('hex')}`;
    const init = await fetch(`${paystack.mock.baseUrl}/transaction/initialize`, {
      method: 'POST',
      headers: { authorization: `Bearer ${MOCK_SECRET_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'stray@example.com', amount: 450_000, reference: stray }),
    });
    expect(init.status).toBe(200);
    ps.complete(stray, 'success');
    ps.dropWebhooks = 0;
    expect(ps.dropped.map((d) => d.reference)).toEqual(expect.arrayContaining([txn.reference, stray]));
    expect(await balanceOf(corp.token)).toBe(0);

    const admin = await adminToken();
    const { context: adminContext, page } = await newPage(browser());
    await openWithSession(page, admin, '/admin-dashboard/gateway-reconciliation');
    await page.getByRole('heading', { name: 'Gateway Reconciliation' }).waitFor();
    await page.getByRole('button', { name: 'Reconcile now' }).click();
    await page.getByText('Reconciliation run').first().waitFor();
    await eventually(() => balanceOf(corp.token)).toBe(1_200_000);
    const runs = page.getByRole('table', { name: 'Reconciliation runs' });
    await runs.getByText('Sweep (48 hours)').first().waitFor();
    const discrepancies = page.getByRole('table', { name: 'Gateway discrepancies' });
    const row = discrepancies.getByRole('row').filter({ hasText: stray });
    await row.getByText('Reference not ours').waitFor();
    await shots(page, 'gateway-recon-open');

    // Running again credits nothing twice.
    await page.getByRole('button', { name: 'Reconcile now' }).click();
    await page.getByText('Reconciliation run').first().waitFor();
    expect(await balanceOf(corp.token)).toBe(1_200_000);

    await row.getByRole('button', { name: 'Resolve' }).click();
    const dialog = page.getByRole('dialog');
    await field(dialog, 'Action').selectOption('REFUND');
    await field(dialog, 'Note').fill('Not a VendPort payment: refunded to the payer');
    await field(dialog, 'Password').fill(E2E_ADMIN_PASSWORD);
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await page
      .getByText(/^GD-[0-9A-Z]+ resolved$/)
      .first()
      .waitFor();
    expect(ps.transactions.get(stray)).toMatchObject({ status: 'reversed' });
    await page.getByRole('tab', { name: 'Resolved' }).click();
    await discrepancies.getByRole('row').filter({ hasText: stray }).getByText('Resolved: refund').waitFor();
    await shots(page, 'gateway-recon-resolved');
    await adminContext.close();
    // Sign-up, verification, two sweeps and the resolution: longer than one screen's default.
  }, 180_000);
});
