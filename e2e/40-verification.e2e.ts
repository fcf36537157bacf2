// Journey 40: business verification. A client uploads two documents on /dashboard/verification
// and requests a review; an admin opens /admin-dashboard/accounts/{id}, sees both documents and
// declines with a reason (spec texts exact); the client sees the reason, uploads again and asks
// again (the request is pending again); the admin approves; the client's badge reads Verified.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { useBrowser } from './fixtures';
import {
  adminToken,
  E2E_ADMIN_PASSWORD,
  expectToastTopRight,
  field,
  newPage,
  openWithSession,
  PNG_2X2,
  SCREENSHOTS,
  signUpCorporate,
} from './support';

const browser = useBrowser();

// A minimal PDF (and PNG_2X2): their types are checked from content by the server.
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

async function upload(
  page: Page,
  files: Array<{ name: string; mimeType: string; buffer: Buffer }>,
  toastText: string,
) {
  const form = page.getByRole('form', { name: 'Upload documents' });
  await form.getByLabel('Files').setInputFiles(files);
  // Each file its own type (issue 36).
  for (const f of files)
    await form
      .getByLabel(`Type of ${f.name}`)
      .selectOption(f.mimeType === 'image/png' ? 'DIRECTOR_ID' : 'CERTIFICATE_OF_INCORPORATION');
  await form.getByRole('button', { name: 'Upload' }).click();
  await expectToastTopRight(page, toastText, 'success');
}

describe('business verification journey', () => {
  it('[VERIFICATION] upload, request, decline with a reason, upload again, approve', async () => {
    const corp = await signUpCorporate('kyc');
    const corporateId = corp.user.corporate?.id ?? '';

    // ---- the client uploads two documents and asks for a review
    const { context: clientContext, page } = await newPage(browser());
    await openWithSession(page, corp.token, '/dashboard');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Business Verification' })
      .click();
    await page.getByRole('heading', { name: 'Business Verification', level: 1 }).waitFor();
    await page.getByText('No Document Available').waitFor();
    await upload(
      page,
      [
        { name: 'cac-certificate.pdf', mimeType: 'application/pdf', buffer: PDF },
        { name: 'director-id.png', mimeType: 'image/png', buffer: PNG_2X2 },
      ],
      '2 documents uploaded',
    );
    await page.getByRole('img', { name: 'director-id.png' }).waitFor();
    await page.getByRole('button', { name: 'Request verification' }).click();
    await expectToastTopRight(page, 'Verification requested', 'success');
    await page
      .getByTestId('verification-status')
      .getByText(/is awaiting review/)
      .waitFor();

    // ---- the admin opens the Business Account and declines with a reason
    const { context: adminContext, page: admin } = await newPage(browser());
    await admin.setViewportSize({ width: 1366, height: 800 });
    await openWithSession(admin, await adminToken(), `/admin-dashboard/accounts/${corporateId}`);
    await admin.getByRole('heading', { name: 'Business Account', level: 1 }).waitFor();
    await admin.getByText(corp.company).first().waitFor();
    await admin.getByText('PDF Document').waitFor();
    await admin.getByRole('img', { name: 'director-id.png' }).waitFor();
    await admin.screenshot({ path: path.join(SCREENSHOTS, 'business-account-1366.png'), fullPage: true });
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.screenshot({ path: path.join(SCREENSHOTS, 'business-account-390.png'), fullPage: true });
    await admin.setViewportSize({ width: 1366, height: 800 });

    await admin.getByRole('button', { name: 'Decline' }).click();
    const decline = admin.getByRole('dialog', { name: 'Decline Account' });
    await field(decline, 'Reason').fill('The CAC certificate is unreadable');
    await field(decline, 'Password').fill(E2E_ADMIN_PASSWORD);
    await decline.getByRole('button', { name: 'Confirm Decline' }).click();
    const declined = admin.getByRole('dialog', { name: 'Decline successful' });
    await declined
      .getByText('Account has been successfully declined. The client has been informed.')
      .waitFor();
    await declined.getByRole('button').first().click();
    await admin.getByRole('button', { name: 'Review' }).waitFor();

    // ---- the client sees the reason, uploads a clearer copy and asks again
    await page.reload();
    await page
      .getByTestId('decline-reason')
      .filter({ hasText: 'The CAC certificate is unreadable' })
      .waitFor();
    await page.screenshot({
      path: path.join(SCREENSHOTS, 'client-verification-declined-1366.png'),
      fullPage: true,
    });
    await upload(
      page,
      [{ name: 'cac-clear.pdf', mimeType: 'application/pdf', buffer: PDF }],
      'Document uploaded',
    );
    await page.getByRole('button', { name: 'Request verification' }).click();
    await expectToastTopRight(page, 'Verification requested', 'success');

    // ---- the request is pending again: the admin approves with the password
    await admin.reload();
    await admin.getByRole('button', { name: 'Approve', exact: true }).click();
    const review = admin.getByRole('dialog', { name: 'Approve Account' });
    await field(review, 'Password').fill(E2E_ADMIN_PASSWORD);
    await review.getByRole('button', { name: 'Submit' }).click();
    await admin
      .getByRole('dialog', { name: 'Verification successful' })
      .getByText('Account has been successfully approved.')
      .waitFor();

    // ---- the client's badge reads verified
    await page.reload();
    await page.getByTestId('verification-status').getByText('Verified', { exact: true }).waitFor();
    await page.getByText('Your business is verified. Thank you.').waitFor();

    await clientContext.close();
    await adminContext.close();
  });
});
