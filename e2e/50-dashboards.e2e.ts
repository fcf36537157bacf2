// Journey 50 (issue 12): a client with vends today opens its home: the figures and the charts show
// them; a custom range in the past shows none (the filter changes the figures). Its sales valuation
// runs to a full progress bar and the CSV downloads with the totals. The admin's home shows the
// platform figures, a chart and the client among the top clients; the admin values the client's
// sales from its view. Screenshots of both homes at 1366x800 and 390x844.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures';
import {
  adminToken,
  api,
  type Corporate,
  downloaded,
  field,
  newPage,
  openWithSession,
  readyToVend,
  SCREENSHOTS,
  signUpCorporate,
} from './support';

const browser = useBrowser();
let admin: string;
let corp: Corporate;
let corporateId: string;

beforeAll(async () => {
  admin = await adminToken();
  corp = await signUpCorporate('dash');
  corporateId = corp.user.corporate?.id ?? '';
  await readyToVend(admin, corporateId, '20000');
  // A new VTU line has no float: the admin home flags it.
  const msisdn = `0806${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const line = await api('POST', 'vtu/add', { name: 'Dashboards MTN line', network: 'MTN', msisdn }, admin);
  expect(line.status).toBe(201);
  // Today: MTN ₦1,000 and Glo ₦200 succeed, one MTN ₦300 fails (simulator number).
  for (const body of [
    { phone: '08031234567', amount: 1000 },
    { phone: '08051234567', amount: 200 },
    { phone: '+2348000000002', network: 'MTN', amount: 300 },
  ]) {
    const res = await api('POST', 'vend', { type: 'AIRTIME', ...body }, corp.token);
    expect(res.status).toBeLessThan(300);
  }
});

async function shootBoth(page: Page, name: string, ready: () => Promise<unknown>): Promise<void> {
  for (const [w, h] of [
    [1366, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await ready();
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${w}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 800 });
}

describe('[DASHBOARDS] homes and sales valuation', () => {
  it('[DASHBOARDS] the client home shows today’s figures and charts; a past range changes them', async () => {
    const { context, page } = await newPage(browser());
    await page.setViewportSize({ width: 1366, height: 800 });
    await openWithSession(page, corp.token, '/dashboard?filter=today');
    await page.getByTestId('success-value').filter({ hasText: '₦1,200.00' }).waitFor();
    await page.getByTestId('success-count').filter({ hasText: '2' }).waitFor();
    await page.getByTestId('funding-received').filter({ hasText: '₦20,000.00' }).waitFor();
    const chart = page.getByTestId('daily-chart');
    await chart.locator('.recharts-bar-rectangle').first().waitFor();
    // The screen-reader table under the chart holds the same figures.
    expect(await chart.locator('table caption').textContent()).toBe('Sales per day by network');
    await expect.poll(() => chart.locator('table tbody tr').first().textContent()).toContain('₦1,000.00');
    // The last vends link to their details.
    const recent = page.getByRole('table', { name: 'Last ten vends' });
    expect(await recent.getByRole('link').count()).toBe(3);
    await shootBoth(page, 'client-home', () => chart.locator('.recharts-bar-rectangle').first().waitFor());

    await page.getByRole('button', { name: 'Custom range' }).click();
    await field(page, 'Start date').fill('01/01/2025');
    await field(page, 'End date').fill('31/01/2025');
    await page.getByTestId('range-shown').filter({ hasText: '01/01/2025 – 31/01/2025' }).waitFor();
    await page.getByTestId('success-value').filter({ hasText: '₦0.00' }).waitFor();
    await page.getByTestId('daily-chart').getByTestId('chart-empty').waitFor();
    expect(new URL(page.url()).searchParams.get('filter')).toBe('custom');
    await context.close();
  });

  it('[DASHBOARDS] the client values its sales: the progress bar completes and the CSV downloads', async () => {
    const { context, page } = await newPage(browser());
    await openWithSession(page, corp.token, '/dashboard/sales-valuation');
    await page.getByRole('heading', { level: 1, name: 'Sales Valuation' }).waitFor();
    await page.getByRole('button', { name: 'Value sales' }).click();
    const result = page.getByTestId('valuation-result');
    await result.waitFor();
    expect(
      await page.getByRole('progressbar', { name: 'Valuation progress' }).getAttribute('aria-valuenow'),
    ).toBe('100');
    await result.getByTestId('valuation-totals').filter({ hasText: '₦1,200.00' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      result.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^sales-valuation-okafor-telecoms-[a-z0-9]+-ltd-\d{4}-\d{2}-01-to-/,
    );
    const text = await downloaded(download);
    expect(text).toContain(`Sales valuation,${corp.company}`);
    expect(text).toMatch(/Period,\d{2}\/\d{2}\/\d{4} - \d{2}\/\d{2}\/\d{4}/);
    expect(text).toContain('MTN,Airtime,1,1000.00');
    expect(text).toContain('Glo,Airtime,1,200.00');
    expect(text).toMatch(/Total,,2,1200\.00,/);
    await context.close();
  });

  it('[DASHBOARDS] the admin home shows platform figures, a chart and top clients; the admin values a client', async () => {
    const { context, page } = await newPage(browser());
    await page.setViewportSize({ width: 1366, height: 800 });
    await openWithSession(page, admin, '/admin-dashboard?filter=today');
    const figures = page.getByTestId('admin-figures');
    await figures.getByTestId('success-value').waitFor();
    await expect
      .poll(async () =>
        Number((await figures.getByTestId('success-count').textContent())?.replace(/\D/g, '')),
      )
      .toBeGreaterThanOrEqual(2);
    const chart = page.getByTestId('daily-chart');
    await chart.locator('.recharts-bar-rectangle').first().waitFor();
    const top = page.getByRole('table', { name: 'Top clients' });
    await top.getByRole('link', { name: corp.company }).waitFor();
    await page.getByTestId('vtu-float').getByText('Low float').first().waitFor();
    await shootBoth(page, 'admin-home', () => chart.locator('.recharts-bar-rectangle').first().waitFor());

    // This week holds at least today's figures; a past range holds none of them.
    await page.getByRole('button', { name: 'This week' }).click();
    await figures.getByTestId('success-value').filter({ hasNotText: '₦0.00' }).waitFor();
    await page.getByRole('button', { name: 'Custom range' }).click();
    await field(page, 'Start date').fill('01/01/2025');
    await field(page, 'End date').fill('31/01/2025');
    await figures.getByTestId('success-value').filter({ hasText: '₦0.00' }).waitFor();

    await page.goto(`/admin-dashboard/view-corporate-client/${corporateId}`);
    await page.getByRole('link', { name: 'Sales valuation' }).click();
    await page.waitForURL((u) => u.pathname === `/admin-dashboard/sales-valuation/${corporateId}`);
    await page.getByRole('button', { name: 'Value sales' }).click();
    const result = page.getByTestId('valuation-result');
    await result.getByTestId('valuation-totals').filter({ hasText: '₦1,200.00' }).waitFor();
    await result.getByText(corp.company, { exact: false }).first().waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'admin-sales-valuation-1366.png'), fullPage: true });

    // Analytics trends: this period against the one before, a chart per dimension.
    await page.goto('/admin-dashboard/analytics');
    await page.getByTestId('trend-chart').locator('.recharts-bar-rectangle').first().waitFor();
    await expect
      .poll(async () => page.getByTestId('trend-sales').textContent())
      .toMatch(/₦[\d,]+\.\d{2}.*vs ₦/);
    expect(
      await page.getByRole('table', { name: /Sales by network, this period and the previous one/ }).count(),
    ).toBe(1);
    await page.getByLabel('Group by').selectOption('week');
    await page.waitForURL((u) => u.searchParams.get('granularity') === 'week');
    await page.getByTestId('trend-chart').locator('.recharts-bar-rectangle').first().waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'admin-analytics-1366.png'), fullPage: true });
    await context.close();
  });
});
