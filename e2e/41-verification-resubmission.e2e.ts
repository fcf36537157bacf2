// Journey 41 (issue 36, points 1, 2, 3, 15): a new client's verification reads "Not submitted"
// and the admin is offered no decision for it ("No verification requested yet"); after a decline
// the client uploads again and asks again: the client sees "Pending review" (no Declined badge,
// no red box), the admin home counts it among the pending verifications, its "View all" opens the
// pending requests only, and the Business Account offers Approve and Decline again.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures';
import {
  adminToken,
  api,
  E2E_ADMIN_PASSWORD,
  expectToastTopRight,
  field,
  newPage,
  openWithSession,
  SCREENSHOTS,
  signUpCorporate,
} from './support';

const browser = useBrowser({ screenshots: SCREENSHOTS });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

async function uploadOne(page: Page, name: string, toastText = 'Document uploaded') {
  const form = page.getByRole('form', { name: 'Upload documents' });
  await form.getByLabel('Files').setInputFiles([{ name, mimeType: 'application/pdf', buffer: PDF }]);
  await form.getByLabel(`Type of ${name}`).selectOption('CERTIFICATE_OF_INCORPORATION');
  await form.getByRole('button', { name: 'Upload' }).click();
  await expectToastTopRight(page, toastText, 'success');
}

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-1366.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 800 });
}

describe('verification resubmission and states', () => {
  it('[VERIFICATION] Not submitted → Pending review → Declined → Pending review again, with Approve and Decline', async () => {
    const admin = await adminToken();
    const corp = await signUpCorporate('resubmit');
    const corporateId = corp.user.corporate?.id ?? '';

    // ---- a new client: "Not submitted", never "Pending"
    const { context: clientContext, page } = await newPage(browser());
    await page.setViewportSize({ width: 1366, height: 800 });
    await openWithSession(page, corp.token, '/dashboard/verification');
    const status = page.getByTestId('verification-status');
    await status.getByText('Not submitted').waitFor();
    expect(await status.getByText('Pending', { exact: false }).count()).toBe(0);

    // ---- the admin is offered no decision for a client that never asked
    const { context: adminContext, page: adminPage } = await newPage(browser());
    await adminPage.setViewportSize({ width: 1366, height: 800 });
    await openWithSession(adminPage, admin, `/admin-dashboard/accounts/${corporateId}`);
    await adminPage.getByRole('heading', { name: 'Business Account', level: 1 }).waitFor();
    await adminPage.getByText('No verification requested yet').waitFor();
    for (const name of ['Approve', 'Decline', 'Review'])
      expect(await adminPage.getByRole('button', { name, exact: true }).count()).toBe(0);

    // ---- the client uploads and asks; the admin declines
    await uploadOne(page, 'cac-certificate.pdf');
    await page.getByRole('button', { name: 'Request verification' }).click();
    await expectToastTopRight(page, 'Verification requested', 'success');
    await status.getByText('Pending review').waitFor();
    const declined = await api(
      'PUT',
      'verifications/decline',
      { corporateId, password: E2E_ADMIN_PASSWORD, reason: 'The CAC certificate is unreadable' },
      admin,
    );
    expect(declined.status).toBe(200);
    await page.reload();
    await status.getByText('Declined', { exact: true }).waitFor();
    await page
      .getByTestId('decline-reason')
      .filter({ hasText: 'The CAC certificate is unreadable' })
      .waitFor();

    // ---- the client uploads a clearer copy and asks again: Pending review, no red box
    await uploadOne(page, 'cac-clear.pdf');
    await page.getByRole('button', { name: 'Request verification' }).click();
    await expectToastTopRight(page, 'Verification requested', 'success');
    await status.getByText('Pending review').waitFor();
    await status.getByText(/is awaiting review/).waitFor();
    expect(await status.getByText('Declined', { exact: true }).count()).toBe(0);
    expect(await page.getByTestId('decline-reason').count()).toBe(0);
    expect(await page.getByText('Your verification was declined').count()).toBe(0);
    await status
      .getByTestId('previous-decline')
      .filter({ hasText: 'The CAC certificate is unreadable' })
      .waitFor();
    await shots(page, 'client-verification-pending-again');

    // ---- the admin home counts it; "View all" opens the pending requests only
    await adminPage.goto('/admin-dashboard');
    const panel = adminPage.getByTestId('pending-verifications');
    await panel.getByRole('link', { name: corp.company }).waitFor();
    await panel.getByRole('link', { name: 'View all' }).click();
    await adminPage.waitForURL((u) => u.searchParams.get('verification') === 'pending');
    const table = adminPage.getByRole('table', { name: 'Verification requests' });
    await table.getByRole('link', { name: corp.company }).waitFor();
    await expect
      .poll(async () =>
        (await table.locator('tbody tr').allInnerTexts()).every((r) => !/Declined|Approved/.test(r)),
      )
      .toBe(true);
    expect(await adminPage.getByRole('combobox', { name: 'Verification' }).inputValue()).toBe('pending');

    // ---- Approve and Decline both offered; the admin declines again
    await table.getByRole('link', { name: corp.company }).click();
    await adminPage.getByRole('heading', { name: 'Business Account', level: 1 }).waitFor();
    await adminPage.getByRole('button', { name: 'Approve', exact: true }).waitFor();
    expect(await adminPage.getByRole('button', { name: 'Review', exact: true }).count()).toBe(0);
    await adminPage.getByText('Previous Decline Reason').waitFor();
    await shots(adminPage, 'business-account-pending-again');
    await adminPage.getByRole('button', { name: 'Decline', exact: true }).click();
    const decline = adminPage.getByRole('dialog', { name: 'Decline Account' });
    await field(decline, 'Reason').fill('The address proof is older than 3 months');
    await field(decline, 'Password').fill(E2E_ADMIN_PASSWORD);
    await decline.getByRole('button', { name: 'Confirm Decline' }).click();
    await adminPage
      .getByRole('dialog', { name: 'Decline successful' })
      .getByText('Account has been successfully declined. The client has been informed.')
      .waitFor();

    await page.reload();
    await page
      .getByTestId('decline-reason')
      .filter({ hasText: 'The address proof is older than 3 months' })
      .waitFor();

    await clientContext.close();
    await adminContext.close();
  });
});
