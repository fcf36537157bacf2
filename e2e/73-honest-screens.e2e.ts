// Issue 53 (points 4, 6, 8): the screens say what is true, in the client's words. Seeded through the
// API, looked at in the browser at 1366×800 and 390×844 (screenshots in e2e/screenshots/issue-53):
// - a failed vend: the client reads "The number cannot receive this", no upstream and no attempts;
//   the admin reads the provider's answer;
// - the admin's client list: a client who never submitted reads "Not submitted", not "Pending";
// - Providers: the simulator's calls are "Not counted", not 0 attempts;
// - the audit trail: money in naira, no kobo, basis points or ids;
// - back from a cancelled card checkout: "Card payment cancelled", not "not confirmed yet".
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures';
import {
  adminToken,
  api,
  newPage,
  openWithSession,
  readyToVend,
  SCREENSHOTS,
  signUpCorporate,
} from './support';

const browser = useBrowser({ screenshots: `${SCREENSHOTS}issue-53` });

const SIZES = [
  { width: 1366, height: 800 },
  { width: 390, height: 844 },
] as const;

/** The page at both sizes, each a full-page screenshot (the phone layout's own checks are 51/52's). */
async function atBothSizes(page: Page, name: string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.getByRole('progressbar', { name: 'Loading page' }).waitFor({ state: 'detached' });
    await page.screenshot({ path: `${SCREENSHOTS}issue-53/${name}-${size.width}.png`, fullPage: true });
  }
}

describe('issue 53: honest screens', () => {
  it('[ISSUE-53] vend details, the client list, Providers, the audit trail and a cancelled card payment read true', async () => {
    const admin = await adminToken();
    const corp = await signUpCorporate('honest');
    const corporateId = corp.user.corporate?.id ?? '';
    await readyToVend(admin, corporateId, '5,000');
    // A vend the simulator refuses on the recipient's side.
    const vend = await api<{ id: string; failureReason: string }>(
      'POST',
      'vend',
      { phone: '+2348000000002', network: 'MTN', type: 'AIRTIME', amount: '500' },
      corp.token,
    );
    expect(vend.status).toBe(200);
    expect(vend.json.data.failureReason).toBe('The number cannot receive this');

    const { context, page } = await newPage(browser());
    await openWithSession(page, corp.token, `/dashboard/vending-history/${vend.json.data.id}`);
    await page.getByText('The number cannot receive this', { exact: false }).first().waitFor();
    expect(await page.getByText(/invalid subscriber|simulator/i).count()).toBe(0);
    expect(await page.getByRole('list', { name: 'Attempts' }).count()).toBe(0);
    await atBothSizes(page, 'client-vend-failed');

    // A card payment started, then cancelled at the checkout: back on the wallet with status=cancelled.
    const card = await api<{ reference: string }>(
      'POST',
      'fund/card/initialize',
      { amount: '1,000' },
      corp.token,
    );
    expect(card.status).toBe(201);
    await page.setViewportSize(SIZES[0]);
    await page.goto(`/dashboard/wallet?reference=${card.json.data.reference}&status=cancelled`);
    await page.getByText('Card payment cancelled').first().waitFor();
    expect(await page.getByText(/not confirmed yet/i).count()).toBe(0);
    await atBothSizes(page, 'client-wallet-card-cancelled');
    await context.close();

    const a = await newPage(browser());
    await openWithSession(a.page, admin, `/admin-dashboard/vending-history/${vend.json.data.id}`);
    await a.page.getByText("Provider's answer").waitFor();
    await a.page.getByText('Invalid subscriber').first().waitFor();
    await atBothSizes(a.page, 'admin-vend-failed');

    // The new client never submitted its documents.
    await a.page.setViewportSize(SIZES[0]);
    await a.page.goto(`/admin-dashboard/accounts?search=${encodeURIComponent(corp.company)}`);
    const row = a.page
      .getByRole('table', { name: 'Corporate clients' })
      .getByRole('row')
      .filter({ hasText: corp.company });
    await row.getByText('Not submitted').waitFor();
    await atBothSizes(a.page, 'admin-clients-not-submitted');

    await a.page.setViewportSize(SIZES[0]);
    await a.page.goto('/admin-dashboard/providers');
    await a.page.getByText('Not counted').first().waitFor();
    await atBothSizes(a.page, 'admin-providers');

    // An admin funding (₦5,000 above) on the trail: money in naira, no kobo, bps or ids.
    await a.page.setViewportSize(SIZES[0]);
    await a.page.goto('/admin-dashboard/audit-trail?action=funding.');
    const changes = a.page.getByTestId('audit-changes').first();
    await changes.waitFor();
    const text = (await a.page.getByTestId('audit-changes').allTextContents()).join('\n');
    expect(text).toMatch(/₦/);
    expect(text).not.toMatch(/kobo|bps|[0-9a-f]{8}-[0-9a-f]{4}-/i);
    await atBothSizes(a.page, 'admin-audit-trail');
    await a.context.close();
  });
});
