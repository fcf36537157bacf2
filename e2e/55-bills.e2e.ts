// Journey 55: bills (issue 51). A client assigned every biller pays electricity and TV in the
// browser against the sandbox numbers (BILLS-CONTRACT: 1111111111111 a prepaid meter with a token,
// 1212121212 a DStv smartcard, any other number refused at verification): verify, the verified
// details, the confirmation with amount, commission and total, then the token shown and copied to
// the clipboard (the clipboard holds the bill's own token as the API answers it), and the bill in
// the vending history with the kind filter. An admin edits a biller's commission and limits and
// sees the change saved. Each new screen is photographed at 1366×800 and 390×844.
import { type BillerView, type BillView, bpsToPercentString, koboToNairaString } from '@vendport/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures';
import {
  adminToken,
  api,
  baseURL,
  billClient,
  expectToastTopRight,
  field,
  newPage,
  openWithSession,
  SCREENSHOTS,
  shoot,
  VIEWPORTS,
} from './support';

const browser = useBrowser({ screenshots: SCREENSHOTS });

const PREPAID_METER = '1111111111111';
const SMARTCARD = '1212121212';
const UNKNOWN_METER = '1234567890123';

/** The result of a payment, or the refusal the page toasted instead (named in the failure). */
async function paymentResult(page: Page) {
  const result = page.getByTestId('bill-result');
  const refusal = page.locator('[data-rht-toaster] [role="status"]');
  await Promise.race([result.waitFor(), refusal.first().waitFor()]);
  if (!(await result.isVisible())) {
    await result.waitFor({ timeout: 2_000 }).catch(async () => {
      throw new Error(`no payment result; the page said: ${(await refusal.allTextContents()).join(' | ')}`);
    });
  }
  return result;
}

/** The page is no wider than the screen (nothing scrolls sideways). */
async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

describe('bills journey', () => {
  for (const viewport of VIEWPORTS) {
    it(`[BILLS] electricity at ${viewport.width}: a refused meter shows the server's words; a prepaid meter is verified, confirmed with amount, commission and total, and its token shown and copied`, async () => {
      const { corp } = await billClient(`bills-el-${viewport.width}`);
      const { context, page } = await newPage(browser());
      await page.setViewportSize(viewport);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
      await openWithSession(page, corp.token, '/dashboard/bills');
      await page.getByRole('heading', { name: 'Bills', level: 1 }).waitFor();
      const verify = page.getByRole('form', { name: 'Verify a meter' });
      await field(verify, 'Distribution company').selectOption('IKEDC');
      await shoot(page, `bills-electricity-${viewport.width}`);
      await fitsWidth(page, viewport.width);

      // ---- a number the provider does not know: its words, and nothing debited
      await field(verify, 'Meter number').fill(UNKNOWN_METER);
      await verify.getByRole('button', { name: 'Verify' }).click();
      const refusal = page.getByTestId('verify-refusal');
      await refusal.waitFor();
      expect(await refusal.textContent()).toContain(UNKNOWN_METER);
      expect(await refusal.textContent()).toContain('Ikeja Electric');

      // ---- the sandbox's prepaid meter
      await field(verify, 'Meter number').fill(PREPAID_METER);
      await verify.getByRole('button', { name: 'Verify' }).click();
      const details = page.getByTestId('bill-verified');
      await details.waitFor();
      const pay = page.getByRole('form', { name: 'Buy electricity' });
      await pay.getByText(/^Between ₦[\d,]+\.\d\d and ₦[\d,]+\.\d\d$/).waitFor();
      await field(pay, 'Amount (₦)').fill('5000');
      await field(pay, 'Customer phone').fill('8031234567');
      await shoot(page, `bills-electricity-verified-${viewport.width}`);
      await fitsWidth(page, viewport.width);
      await pay.getByRole('button', { name: 'Continue' }).click();

      const confirm = page.getByRole('dialog', { name: 'Confirm payment' });
      const summary = confirm.getByTestId('bill-confirm');
      await summary.waitFor();
      const text = (await summary.textContent()) ?? '';
      expect(text).toContain('Ikeja Electric (prepaid)');
      expect(text).toContain(PREPAID_METER);
      expect(text).toContain('Amount₦5,000.00');
      expect(text).toMatch(/Commission \(\d+\.\d\d%\)₦[\d,]+\.\d\d/);
      expect(text).toMatch(/Total(Up to )?₦[\d,]+\.\d\d/);
      await shoot(page, `bills-electricity-confirm-${viewport.width}`);
      await confirm.getByRole('button', { name: 'Buy electricity' }).click();

      const result = await paymentResult(page);
      const shown = page.getByTestId('bill-token');
      await shown.waitFor();
      await expectToastTopRight(page, /./, 'success');
      await shoot(page, `bills-electricity-token-${viewport.width}`);
      await fitsWidth(page, viewport.width);

      // ---- the token on screen is the bill's own, and Copy puts it on the clipboard
      const code = ((await result.getByText(/^VND-/).textContent()) ?? '').trim();
      const history = await api<Array<{ id: string; code: string; type: string }>>(
        'GET',
        'transactions/vending?vendType=ELECTRICITY',
        undefined,
        corp.token,
      );
      const row = history.json.data.find((r) => r.code === code);
      expect(row?.type).toBe('ELECTRICITY');
      const saved = await api<BillView>('GET', `bills/${row!.id}`, undefined, corp.token);
      expect(saved.json.data.status).toBe('SUCCESSFUL');
      const token = saved.json.data.token;
      expect(token).toBeTruthy();
      expect(((await shown.textContent()) ?? '').replace(/\D/g, '')).toBe(token!.replace(/\D/g, ''));
      await result.getByRole('button', { name: 'Copy token' }).click();
      await expectToastTopRight(page, 'Token copied', 'success');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

      // ---- in the vending history, filtered by kind
      await page.goto('/dashboard/vending-history?vendType=ELECTRICITY');
      await page.getByRole('heading', { name: 'Vending History', level: 1 }).waitFor();
      const list =
        viewport.width < 640
          ? page.getByTestId('table-cards')
          : page.getByRole('table', { name: 'Vending transactions' });
      await list.getByText(PREPAID_METER).first().waitFor();
      // On a phone the biller and the kind are behind the card's "More details".
      if (viewport.width < 640) await list.getByRole('button', { name: 'More details' }).first().click();
      expect(await list.textContent()).toContain('Ikeja Electric');
      expect(await list.textContent()).toContain('Electricity');
      // The token is never in a list in full: masked, with the customer's name, under the meter
      // number, named for what it is (not "Phone"), with its biller (not "Network").
      expect(await list.textContent()).not.toContain(token!);
      expect(await list.textContent()).toContain(`Token ****${token!.replace(/\D/g, '').slice(-4)}`);
      expect(await list.textContent()).toContain('TESTMETER1 ONE');
      expect(await list.textContent()).toContain('Meter number');
      expect(await list.textContent()).toContain('Biller');
      expect(await list.textContent()).not.toMatch(/Phone|Network/);
      await shoot(page, `bills-history-${viewport.width}`);
      await fitsWidth(page, viewport.width);

      // ---- the home's daily chart draws the bill, Electricity in its legend
      await page.goto('/dashboard?filter=today');
      const chart = page.getByTestId('daily-chart');
      await chart.getByText('Electricity').first().waitFor();
      await chart.scrollIntoViewIfNeeded();
      await shoot(page, `bills-home-${viewport.width}`);
      await fitsWidth(page, viewport.width);
      await context.close();
    });

    it(`[BILLS] TV at ${viewport.width}: a DStv smartcard shows its bouquet and renewal amount, and a bouquet change is confirmed and paid`, async () => {
      const { corp } = await billClient(`bills-tv-${viewport.width}`);
      const { context, page } = await newPage(browser());
      await page.setViewportSize(viewport);
      await openWithSession(page, corp.token, '/dashboard/bills?tab=tv');
      const verify = page.getByRole('form', { name: 'Verify a smartcard' });
      await field(verify, 'TV service').selectOption('DSTV');
      await field(verify, 'Smartcard number').fill(SMARTCARD);
      await verify.getByRole('button', { name: 'Verify' }).click();
      const details = page.getByTestId('bill-verified');
      await details.waitFor();
      expect(await details.textContent()).toMatch(/Renewal amount₦[\d,]+\.\d\d/);

      const pay = page.getByRole('form', { name: 'Pay for TV' });
      await pay.getByText('Change bouquet').click();
      const bouquet = field(pay, 'Bouquet');
      await bouquet.waitFor();
      const options = await bouquet.locator('option').allTextContents();
      expect(options.filter((o) => /· ₦[\d,]+\.\d\d$/.test(o)).length).toBeGreaterThan(0);
      await bouquet.selectOption({ index: 1 });
      await field(pay, 'Customer phone').fill('8031234567');
      await shoot(page, `bills-tv-verified-${viewport.width}`);
      await fitsWidth(page, viewport.width);
      await pay.getByRole('button', { name: 'Continue' }).click();

      const confirm = page.getByRole('dialog', { name: 'Confirm payment' });
      const summary = confirm.getByTestId('bill-confirm');
      await summary.waitFor();
      const text = (await summary.textContent()) ?? '';
      expect(text).toContain('Change to ');
      expect(text).toMatch(/Commission \(\d+\.\d\d%\)₦[\d,]+\.\d\d/);
      await shoot(page, `bills-tv-confirm-${viewport.width}`);
      await confirm.getByRole('button', { name: 'Pay subscription' }).click();
      const result = await paymentResult(page);
      await result.getByText('Payment successful').waitFor();
      await shoot(page, `bills-tv-result-${viewport.width}`);
      await fitsWidth(page, viewport.width);
      await context.close();
    });
  }

  it('[BILLS] an admin edits a biller’s commission and limits, sees it saved, and a TV biller’s bouquets; at 1366×800 and 390×844', async () => {
    const admin = await adminToken();
    const before = (await api<BillerView[]>('GET', 'admin/billers?kind=ELECTRICITY', undefined, admin)).json
      .data;
    const jos = before.find((b) => b.code === 'JED')!;
    try {
      for (const viewport of VIEWPORTS) {
        const { context, page } = await newPage(browser());
        await page.setViewportSize(viewport);
        await openWithSession(page, admin, '/admin-dashboard/billers');
        await page.getByRole('heading', { name: 'Billers', level: 1 }).waitFor();
        await page.getByRole('button', { name: 'Edit Jos Electric' }).first().waitFor();
        await shoot(page, `billers-${viewport.width}`);
        await fitsWidth(page, viewport.width);

        await page.getByRole('button', { name: 'Edit Jos Electric' }).first().click();
        const edit = page.getByRole('dialog', { name: 'Edit biller' });
        const commission = viewport.width === 1366 ? '1.75' : '2';
        await field(edit, 'Commission (%)').fill(commission);
        await field(edit, 'Minimum amount (₦)').fill('1000');
        await field(edit, 'Maximum amount (₦)').fill('250000');
        await shoot(page, `billers-edit-${viewport.width}`);
        await edit.getByRole('button', { name: 'Save changes' }).click();
        await expectToastTopRight(page, /./, 'success');
        await edit.waitFor({ state: 'detached' });
        const after = (await api<BillerView[]>('GET', 'admin/billers?kind=ELECTRICITY', undefined, admin))
          .json.data;
        const saved = after.find((b) => b.code === 'JED')!;
        expect(saved.commissionBps).toBe(Math.round(Number(commission) * 100));
        expect(saved.minAmountKobo).toBe(100_000);
        expect(saved.maxAmountKobo).toBe(25_000_000);

        // A TV biller's bouquets, with their prices.
        await page.getByRole('button', { name: 'Bouquets of DStv' }).first().click();
        const bouquets = page.getByRole('dialog', { name: 'DStv bouquets' });
        await bouquets
          .getByText(/₦[\d,]+\.\d\d/)
          .first()
          .waitFor();
        await shoot(page, `billers-bouquets-${viewport.width}`);
        await context.close();
      }
    } finally {
      // Jos Electric back as it was, for later journeys.
      await api(
        'PATCH',
        `admin/billers/${jos.id}`,
        {
          commission: bpsToPercentString(jos.commissionBps),
          minAmount: koboToNairaString(jos.minAmountKobo),
          maxAmount: koboToNairaString(jos.maxAmountKobo),
        },
        admin,
      );
    }
  });
});
