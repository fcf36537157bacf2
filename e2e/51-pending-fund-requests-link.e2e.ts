// Journey 51 (issue 36, point 14): the admin home's "Pending fund requests" counts what needs the
// admin's action (Pending and Paid requests), and its "View all" opens that same set: a request the
// client has marked paid is there, filtered as "Awaiting action", with Approve and Decline.
import type { FundRequestView } from '@vendport/shared';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures';
import { adminToken, api, newPage, openWithSession, signUpCorporate } from './support';

const browser = useBrowser();

describe('admin home: pending fund requests', () => {
  it('[FUNDING] "View all" opens the requests the count counts, a paid one included', async () => {
    const admin = await adminToken();
    const corp = await signUpCorporate('fr-link');
    const ask = async (amount: string, transferReference: string) =>
      (await api<FundRequestView>('POST', 'fund-request', { amount, transferReference }, corp.token)).json
        .data;
    const pending = await ask('12000', 'TRF-LINK-001');
    const paid = await ask('34000', 'TRF-LINK-002');
    const confirm = await api('POST', 'fund-request-confirmation', { fundRequestId: paid.id }, corp.token);
    expect(confirm.status).toBe(200);

    const { context, page } = await newPage(browser());
    await page.setViewportSize({ width: 1366, height: 800 });
    await openWithSession(page, admin, '/admin-dashboard');
    const panel = page.getByTestId('pending-fund-requests');
    await panel.getByRole('link', { name: paid.code }).waitFor();
    const heading = await panel.getByRole('heading', { name: /Pending fund requests/ }).innerText();
    const counted = Number(/\((\d+)\)/.exec(heading)?.[1]);
    expect(counted).toBeGreaterThanOrEqual(2);

    await panel.getByRole('link', { name: 'View all' }).click();
    await page.waitForURL((u) => u.pathname === '/admin-dashboard/funding-history');
    const table = page.getByRole('table', { name: 'Fund requests' });
    await table.getByText(paid.code).waitFor();
    await table.getByText(pending.code).waitFor();
    expect(await page.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('OPEN');
    expect(await page.getByRole('combobox', { name: 'Status' }).locator('option:checked').innerText()).toBe(
      'Awaiting action',
    );
    await table.getByRole('button', { name: `Approve ${paid.code}` }).waitFor();
    // Every request the count counted is in the list (one page of 40 holds them here).
    await expect.poll(async () => table.locator('tbody tr').count()).toBe(counted);
    await context.close();
  });
});
