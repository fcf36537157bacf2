// Issue 36, point 12: the small tables inside detail pages (a client's services, the client's
// statements, webhook deliveries and IP allow-list, the team's roles) show as the phone card
// layout the list tables use, at 390×844: no table scrolls sideways, the page is no wider than
// the screen, and each row is a card.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures';
import { adminToken, api, newPage, openWithSession, SCREENSHOTS, signUpCorporate } from './support';

const browser = useBrowser({ screenshots: SCREENSHOTS });

/** At 390×844: nothing wider than the screen, no table left (every one is cards), `cards` cards. */
async function expectPhoneCards(page: Page, name: string, minCards: number) {
  await page.getByRole('progressbar', { name: 'Loading page' }).waitFor({ state: 'detached' });
  await expect.poll(() => page.getByTestId('table-card').count()).toBeGreaterThanOrEqual(minCards);
  const tables = await page
    .locator('main table')
    .evaluateAll((ts) =>
      ts.filter((t) => !t.closest('.sr-only')).map((t) => t.querySelector('th')?.textContent ?? ''),
    );
  expect(tables, `tables still shown on ${name}`).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SCREENSHOTS}/${name}-390.png`, fullPage: true });
}

describe('small tables on a phone', () => {
  it('[PHONE] the client settings: IP allow-list, webhook deliveries and statements as cards', async () => {
    const corp = await signUpCorporate('phone-tables');
    expect((await api('POST', 'ip/add', { address: '203.0.113.7' }, corp.token)).status).toBe(201);
    const { context, page } = await newPage(browser());
    await page.setViewportSize({ width: 390, height: 844 });
    await openWithSession(page, corp.token, '/dashboard/settings');
    await page.getByText('203.0.113.7').first().waitFor();
    await expectPhoneCards(page, 'client-settings-api', 1);
    await page.goto('/dashboard/settings?tab=statements');
    await page.getByRole('heading', { name: 'Statements', exact: true }).first().waitFor();
    await expectPhoneCards(page, 'client-settings-statements', 0);
    await context.close();
  });

  it('[PHONE] an admin: a client’s services and the roles as cards', async () => {
    const admin = await adminToken();
    const corp = await signUpCorporate('phone-services');
    const { context, page } = await newPage(browser());
    await page.setViewportSize({ width: 390, height: 844 });
    await openWithSession(page, admin, `/admin-dashboard/view-corporate-client/${corp.user.corporate!.id}`);
    await page.getByRole('heading', { name: 'Services' }).waitFor();
    await expectPhoneCards(page, 'admin-client-services', 1);
    await page.goto('/admin-dashboard/admin-management?tab=roles');
    await page.getByText('System', { exact: true }).first().waitFor();
    await expectPhoneCards(page, 'admin-roles', 1);
    await context.close();
  });
});
