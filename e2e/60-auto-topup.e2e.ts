// Journey 60: auto top-up. An admin enables the feature for a new client on auto-top-up/{id}
// (password-confirmed); the client turns it on in Auto Top-up Settings, adds two subscribers,
// makes each run with Run now, then has the scheduler run them (the development hook makes them
// due now and runs one pass), and sees every run, with its vend, in Auto Top-up Transactions; the
// database holds exactly those four top-ups. Then a meter (issue 51 point 5): added with Verify
// showing the provider's name, paid by Run now and by the scheduler, each run with its masked
// token. Screenshots of every auto top-up screen at 1366x800 and 390x844.
import type { AutoTopupRunView, Paginated } from '@vendport/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures';
import {
  adminToken,
  api,
  assignAllBillers,
  E2E_ADMIN_PASSWORD,
  expectToastTopRight,
  field,
  newPage,
  openWithSession,
  readyToVend,
  SCREENSHOTS,
  shoot,
  signUpCorporate,
} from './support';

const browser = useBrowser({ screenshots: SCREENSHOTS });

async function shootBoth(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 800 });
  await shoot(page, `${name}-1366`);
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, `${name}-390`);
  await page.setViewportSize({ width: 1366, height: 800 });
}

async function addSubscriber(page: Page, name: string, phone: string, amount: string) {
  await page.getByRole('button', { name: 'Add subscriber' }).click();
  const form = page.getByRole('form', { name: 'Subscriber', exact: true });
  await field(form, 'Name').fill(name);
  await field(form, 'Phone number').fill(phone);
  await form.getByText('Detected network: MTN').waitFor();
  await field(form, 'Amount (₦)').fill(amount);
  await form.getByRole('button', { name: 'Add subscriber' }).click();
  await expectToastTopRight(page, 'Subscriber added', 'success');
  await form.waitFor({ state: 'detached' });
}

describe('auto top-up journey', () => {
  it('[AUTOTOPUP] a client adds two subscribers, runs them (Run now, then the scheduler), and sees every run in Auto Top-up Transactions', async () => {
    const admin = await adminToken();
    const corp = await signUpCorporate('autotopup');
    const corporateId = corp.user.corporate?.id ?? '';
    await readyToVend(admin, corporateId, '10000');

    // ---- the admin enables auto top-up for the client on its auto top-up screen
    const { context: adminContext, page: adminPage } = await newPage(browser());
    await adminPage.setViewportSize({ width: 1366, height: 800 });
    await openWithSession(adminPage, admin, `/admin-dashboard/view-corporate-client/${corporateId}`);
    await adminPage.getByRole('link', { name: 'Open Auto Top-up' }).click();
    await adminPage.getByRole('heading', { name: 'Auto Top-up', level: 1 }).waitFor();
    await adminPage.getByText('Auto top-up disabled', { exact: true }).waitFor();
    await adminPage.getByRole('button', { name: 'Enable auto top-up' }).click();
    const confirm = adminPage.getByRole('dialog');
    await field(confirm, 'Password').fill(E2E_ADMIN_PASSWORD);
    await confirm.getByRole('button', { name: 'Enable' }).click();
    await adminPage.getByRole('dialog').getByText('Auto top-up enabled').waitFor();
    await adminPage.getByRole('dialog').getByRole('button').first().click();
    await adminPage.getByText('Auto top-up enabled', { exact: true }).waitFor();

    // ---- the client turns it on and adds two subscribers
    const { context, page } = await newPage(browser());
    await page.setViewportSize({ width: 1366, height: 800 });
    await openWithSession(page, corp.token, '/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Auto Top-up Settings' }).click();
    await page.getByRole('heading', { name: 'Auto Top-up Settings', level: 1 }).waitFor();
    const settings = page.getByRole('form', { name: 'Auto top-up settings' });
    await settings.getByLabel('Run scheduled top-ups for my subscribers').check();
    await field(settings, 'Daily cap (₦)').fill('5000');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expectToastTopRight(page, 'Auto top-up settings saved', 'success');
    await page.getByTestId('spent-today').getByText('of a ₦5,000.00 daily cap').waitFor();
    await shootBoth(page, 'auto-topup-settings');

    await nav.getByRole('link', { name: 'Subscribers' }).click();
    await page.getByRole('heading', { name: 'Auto Top-up Subscribers', level: 1 }).waitFor();
    await page.getByText('No subscribers yet. Add one, or import a CSV of them.').waitFor();
    await addSubscriber(page, 'Amaka Nwosu', '8031110001', '100');
    await addSubscriber(page, 'Tunde Bello', '8031110002', '250');
    for (const name of ['Amaka Nwosu', 'Tunde Bello']) {
      const row = page.getByRole('row').filter({ hasText: name });
      await row.getByText('Daily at 8:00 AM').waitFor();
      await row.getByTestId('next-run').waitFor();
    }

    // ---- each runs now: the scheduler's run path, vended from the wallet
    for (const [name, phone, amount] of [
      ['Amaka Nwosu', '+2348031110001', '₦100.00'],
      ['Tunde Bello', '+2348031110002', '₦250.00'],
    ]) {
      await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: 'Run now' }).click();
      await expectToastTopRight(page, `Top-up of ${amount} to ${phone} placed`, 'success');
    }
    await shootBoth(page, 'auto-topup-subscribers');

    // ---- then the scheduler itself: the development hook (the journey's clock) makes both due
    // now and runs one pass, as the recurring job does
    const pass = await api<{ due: number; created: number; processed: number }>(
      'POST',
      'dev/auto-topup/run-schedule',
      {
        corporateId,
      },
    );
    expect(pass.status).toBe(200);
    expect(pass.json.data).toEqual({ due: 2, created: 2, processed: 2 });

    // ---- both runs in Auto Top-up Transactions, each with its vend
    await nav.getByRole('link', { name: 'Top-up Transactions' }).click();
    await page.getByRole('heading', { name: 'Auto Top-up Transactions', level: 1 }).waitFor();
    for (const name of ['Amaka Nwosu', 'Tunde Bello']) {
      for (const by of ['Run now', 'Schedule']) {
        const row = page.getByRole('row').filter({ hasText: name }).filter({ hasText: by });
        await row.getByText('Successful').waitFor();
        await row.getByRole('link', { name: /^VND-/ }).waitFor();
      }
    }
    await shootBoth(page, 'auto-topup-transactions');

    // What the database holds: exactly these four runs, each with its own successful vend.
    const runs = await api<AutoTopupRunView[]>('GET', 'auto-topup/runs', undefined, corp.token);
    const list = runs.json as unknown as Paginated<AutoTopupRunView>;
    expect(list.total).toBe(4);
    expect(list.data.map((r) => [r.subscriberName, r.trigger, r.status, r.amountKobo]).sort()).toEqual([
      ['Amaka Nwosu', 'MANUAL', 'SUCCESSFUL', 10_000],
      ['Amaka Nwosu', 'SCHEDULE', 'SUCCESSFUL', 10_000],
      ['Tunde Bello', 'MANUAL', 'SUCCESSFUL', 25_000],
      ['Tunde Bello', 'SCHEDULE', 'SUCCESSFUL', 25_000],
    ]);
    expect(new Set(list.data.map((r) => r.vendId)).size).toBe(4);
    expect(list.data.every((r) => r.vendCode?.startsWith('VND-'))).toBe(true);
    // The wallet paid for exactly these four vends (the charge is the amount less any upfront commission).
    let charged = 0;
    for (const r of list.data) {
      const v = await api<{ chargedKobo: number; channel: string }>(
        'GET',
        `vend/${r.vendId}`,
        undefined,
        corp.token,
      );
      expect(v.json.data.channel).toBe('AUTO_TOPUP');
      charged += v.json.data.chargedKobo;
    }
    const balance = await api<{ balanceKobo: number }>('GET', 'get-wallet-balance', undefined, corp.token);
    expect(balance.json.data.balanceKobo).toBe(1_000_000 - charged);

    // ---- the admin sees the totals and both runs
    await adminPage.reload();
    await adminPage.getByTestId('auto-topup-vended').getByText('₦700.00').waitFor();
    await adminPage.getByRole('tab', { name: 'Runs' }).click();
    await adminPage
      .getByRole('row')
      .filter({ hasText: 'Tunde Bello' })
      .filter({ hasText: 'Schedule' })
      .getByText('Successful')
      .waitFor();
    await shootBoth(adminPage, 'admin-auto-topup');

    await context.close();
    await adminContext.close();
  });

  it('[AUTOTOPUP-BILLS] a client adds a prepaid meter (verified, its name shown), pays it by Run now and by the scheduler, and sees each run with its masked token', async () => {
    const admin = await adminToken();
    const corp = await signUpCorporate('autotopup-meter');
    const corporateId = corp.user.corporate?.id ?? '';
    await readyToVend(admin, corporateId, '100000');
    await assignAllBillers(admin, corporateId);
    // Auto top-up on, for the platform (the first journey does it on screen) and for the client.
    const platform = await api(
      'PUT',
      'corporate-clients/auto-topup',
      { corporateId, enabled: true, password: E2E_ADMIN_PASSWORD },
      admin,
    );
    expect(platform.status, platform.json.message).toBe(200);
    const on = await api(
      'POST',
      'auto-topup/settings',
      {
        enabled: true,
        defaultTime: '08:00',
        dailyCap: null,
        monthlyCap: null,
        insufficientFundsPolicy: 'SKIP_NOTIFY',
      },
      corp.token,
    );
    expect(on.status, on.json.message).toBe(200);

    const { context, page } = await newPage(browser());
    await page.setViewportSize({ width: 1366, height: 800 });
    await openWithSession(page, corp.token, '/dashboard/auto-top-up-subscribers');
    await page.getByRole('heading', { name: 'Auto Top-up Subscribers', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add subscriber' }).click();
    const form = page.getByRole('form', { name: 'Subscriber', exact: true });
    await field(form, 'Type').selectOption('ELECTRICITY');
    await field(form, 'Distribution company').selectOption('IKEDC');
    await field(form, 'Meter number').fill('1111111111111');
    await form.getByRole('button', { name: 'Verify' }).click();
    const verified = form.getByTestId('bill-verified');
    await verified.waitFor();
    expect(await verified.textContent()).toMatch(/^Verified: \S/);
    await field(form, 'Name').fill('Shop meter');
    await field(form, 'Customer phone (for the receipt)').fill('8031234567');
    await field(form, 'Amount (₦)').fill('5000');
    await shootBoth(page, 'auto-topup-meter-form');
    await form.getByRole('button', { name: 'Add subscriber' }).click();
    await expectToastTopRight(page, 'Subscriber added', 'success');
    await form.waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ hasText: 'Shop meter' });
    await row.getByTestId('subscriber-bill').getByText('Ikeja Electric Electricity').waitFor();
    await row
      .getByTestId('subscriber-bill')
      .getByText(/^1111111111111 · \S/)
      .waitFor();

    // ---- Run now pays the meter at once
    await row.getByRole('button', { name: 'Run now' }).click();
    await expectToastTopRight(page, 'Top-up of ₦5,000.00 to Ikeja Electric 1111111111111 placed', 'success');
    await shootBoth(page, 'auto-topup-meter-subscribers');

    // ---- then the scheduler (the development hook makes it due now and runs one pass)
    const pass = await api<{ due: number; created: number; processed: number }>(
      'POST',
      'dev/auto-topup/run-schedule',
      { corporateId },
    );
    expect(pass.status).toBe(200);
    expect(pass.json.data).toEqual({ due: 1, created: 1, processed: 1 });

    // ---- both runs in Auto Top-up Transactions: the biller, the meter and the masked token
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Top-up Transactions' })
      .click();
    await page.getByRole('heading', { name: 'Auto Top-up Transactions', level: 1 }).waitFor();
    for (const by of ['Run now', 'Schedule']) {
      const run = page.getByRole('row').filter({ hasText: 'Shop meter' }).filter({ hasText: by });
      await run.getByText('Successful').waitFor();
      await run
        .getByTestId('run-bill')
        .getByText(/^Token \*{4}\d{4}$/)
        .waitFor();
    }
    await shootBoth(page, 'auto-topup-meter-transactions');

    // What the database holds: two payments of the meter, each its own vend, the token masked in
    // the list and in full only on the bill's own detail.
    const runs = await api<AutoTopupRunView[]>('GET', 'auto-topup/runs', undefined, corp.token);
    const list = runs.json as unknown as Paginated<AutoTopupRunView>;
    expect(list.total).toBe(2);
    expect(list.data.map((r) => [r.trigger, r.status, r.amountKobo, r.bill?.customerNumber]).sort()).toEqual([
      ['MANUAL', 'SUCCESSFUL', 500_000, '1111111111111'],
      ['SCHEDULE', 'SUCCESSFUL', 500_000, '1111111111111'],
    ]);
    expect(new Set(list.data.map((r) => r.vendId)).size).toBe(2);
    for (const r of list.data) {
      const bill = await api<{ token: string | null; channel: string }>(
        'GET',
        `bills/${r.vendId}`,
        undefined,
        corp.token,
      );
      expect(bill.status, bill.json.message).toBe(200);
      expect(bill.json.data.channel).toBe('AUTO_TOPUP');
      expect(bill.json.data.token?.replace(/\D/g, '').endsWith(r.bill?.token?.slice(4) ?? 'none')).toBe(true);
    }
    await context.close();
  });
});
