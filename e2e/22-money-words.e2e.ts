// Journey 22 (issue 36, money on screen): what a client reads about amounts agrees with what the
// server does. The vend form's hint and its refusals quote the same bounds (the service's and
// the platform's); an over-long transfer amount is too large, not badly written.
import { addCalendarDays, COMMISSION_WORDS, formatLagosDate, lagosDateOf } from '@vendport/shared';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures';
import {
  adminToken,
  api,
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

describe('money words', () => {
  it('[LIMITS] the vend hint and every amount refusal quote the same bounds; a huge transfer is too large', async () => {
    const admin = await adminToken();
    const corp = await signUpCorporate('limits');
    await readyToVend(admin, corp.user.corporate!.id, '5000');

    const { context, page } = await newPage(browser());
    await signInBrowser(page, corp.email, corp.password);
    await page.goto('/dashboard/vending-history');
    await waitForPath(page, '/dashboard/vending-history');
    const form = page.getByRole('form', { name: 'Buy airtime or data' });
    await field(form, 'Phone number').fill('8031234567');
    await form.getByText('Between ₦50.00 and ₦50,000.00').waitFor();
    for (const amount of ['0', '5,000,000']) {
      await field(form, 'Amount (₦)').fill(amount);
      await form.getByRole('button', { name: 'Continue' }).click();
      await form.getByText('Amount must be between ₦50.00 and ₦50,000.00 for MTN airtime').waitFor();
    }
    expect(await page.getByRole('dialog', { name: 'Confirm purchase' }).count()).toBe(0);

    await page.goto('/dashboard/wallet');
    const request = page.getByRole('form', { name: 'Fund request' });
    await field(request, 'Amount (₦)').fill('99999999999999');
    await field(request, 'Transfer reference').fill('TRF-LIMITS-1');
    await request.getByRole('button', { name: /Submit/ }).click();
    await request.getByText('Amount is too large: at most ₦1,000,000,000.00').waitFor();
    expect(await request.getByText(/at most two decimals/).count()).toBe(0);
    await context.close();
  });

  it('[SERVICES] editing a service says it was saved, on a laptop and on a phone', async () => {
    const admin = await adminToken();
    for (const viewport of [
      { width: 1366, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const { context, page } = await newPage(browser());
      await page.setViewportSize(viewport);
      await openWithSession(page, admin, '/admin-dashboard/services');
      await page.getByRole('heading', { name: 'Services', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Edit MTN Airtime via Aggregator API' }).first().click();
      const edit = page.getByRole('dialog', { name: 'Edit service' });
      await field(edit, 'Commission (%)').fill('3');
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await expectToastTopRight(page, 'Service updated', 'success');
      await context.close();
    }
  });

  it('[WALLET] the wallet shows the balance at the end of a chosen day (issue 36 point 7)', async () => {
    const admin = await adminToken();
    const corp = await signUpCorporate('eod');
    // Funded today: nothing at the end of yesterday, ₦5,000 so far today.
    await readyToVend(admin, corp.user.corporate!.id, '5000');
    const today = lagosDateOf(new Date());
    const yesterday = addCalendarDays(today, -1);
    for (const viewport of [
      { width: 1366, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const { context, page } = await newPage(browser());
      await page.setViewportSize(viewport);
      await openWithSession(page, corp.token, '/dashboard/wallet');
      const balance = page.getByTestId('end-of-day-balance');
      await balance.filter({ hasText: `At the end of ${formatLagosDate(yesterday)}` }).waitFor();
      expect(await balance.textContent()).toContain('₦0.00');
      const day = field(page, 'Day');
      await day.fill(formatLagosDate(today));
      await day.press('Tab');
      await balance.filter({ hasText: 'Today so far' }).waitFor();
      expect(await balance.textContent()).toContain('₦5,000.00');
      // The page does not scroll sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await balance.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/work/shots/op-money/wallet-end-of-day-${viewport.width}.png` });
      await context.close();
    }
  });

  it('[STATEMENT] a statement offers CSV and PDF with its end-of-day balance whatever the format; commission words (issue 36 points 7, 8, 19)', async () => {
    const admin = await adminToken();
    const corp = await signUpCorporate('stmt');
    await readyToVend(admin, corp.user.corporate!.id, '5000');
    // CSV only, then a statement of yesterday.
    const set = await api(
      'POST',
      'reconciliation/settings',
      { enabled: false, frequency: 'DAILY', format: 'CSV' },
      corp.token,
    );
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    const yesterday = addCalendarDays(lagosDateOf(new Date()), -1);
    const made = await api(
      'POST',
      'reconciliation/statements',
      { startDate: yesterday, endDate: yesterday },
      corp.token,
    );
    expect(made.status).toBe(201);
    for (const viewport of [
      { width: 1366, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const { context, page } = await newPage(browser());
      await page.setViewportSize(viewport);
      await openWithSession(page, corp.token, '/dashboard/settings?tab=statements');
      const code = (made.json as { data: { code: string } }).data.code;
      await page.getByRole('button', { name: `Download statement ${code} as PDF` }).waitFor();
      await page.getByRole('button', { name: `Download statement ${code} as CSV` }).waitFor();
      await page
        .getByText(`end of ${formatLagosDate(yesterday)}`)
        .first()
        .waitFor();
      await page.getByRole('button', { name: `Download statement ${code} as PDF` }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/work/shots/op-money/statements-${viewport.width}.png` });

      await page.goto('/dashboard/commission');
      await page.getByText(COMMISSION_WORDS.earned).first().waitFor();
      await page.screenshot({
        path: `/work/shots/op-money/commission-${viewport.width}.png`,
        fullPage: true,
      });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await context.close();
    }
  });
});
