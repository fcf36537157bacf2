// Journey 42 (issue 36, point 16): a multi-file upload files each document under its own type,
// chosen per file before sending; a document's type can be changed afterwards, until the
// business is verified; the admin's Business Account shows each document's type.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures';
import {
  adminToken,
  api,
  expectToastTopRight,
  newPage,
  openWithSession,
  PNG_2X2,
  SCREENSHOTS,
  signUpCorporate,
} from './support';

const browser = useBrowser({ screenshots: SCREENSHOTS });
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

describe('verification documents: a type per file', () => {
  it('[VERIFICATION] three files, three types; one type changed after upload; shown to the admin', async () => {
    const corp = await signUpCorporate('doc-types');
    const corporateId = corp.user.corporate?.id ?? '';
    const { context, page } = await newPage(browser());
    await page.setViewportSize({ width: 1366, height: 800 });
    await openWithSession(page, corp.token, '/dashboard/verification');
    const form = page.getByRole('form', { name: 'Upload documents' });
    await form.getByLabel('Files').setInputFiles([
      { name: 'cac.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'director.png', mimeType: 'image/png', buffer: PNG_2X2 },
      { name: 'bill.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    // Nothing is sent until each file has a type.
    await form.getByRole('button', { name: 'Upload' }).click();
    await form.getByRole('alert').filter({ hasText: 'Choose the type of cac.pdf' }).waitFor();
    await form.getByLabel('Type of cac.pdf').selectOption('CERTIFICATE_OF_INCORPORATION');
    await form.getByLabel('Type of director.png').selectOption('DIRECTOR_ID');
    await form.getByLabel('Type of bill.pdf').selectOption('OTHER');
    await page.screenshot({
      path: path.join(SCREENSHOTS, 'verification-upload-types-1366.png'),
      fullPage: true,
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({
      path: path.join(SCREENSHOTS, 'verification-upload-types-390.png'),
      fullPage: true,
    });
    await page.setViewportSize({ width: 1366, height: 800 });
    await form.getByRole('button', { name: 'Upload' }).click();
    await expectToastTopRight(page, '3 documents uploaded', 'success');

    // The bill was filed as Other: the client corrects it.
    const billType = page.getByRole('list', { name: 'Attached documents' }).getByLabel('Type of bill.pdf');
    expect(await billType.inputValue()).toBe('OTHER');
    await billType.selectOption('UTILITY_BILL');
    await expectToastTopRight(page, 'Document type changed', 'success');
    await page.screenshot({
      path: path.join(SCREENSHOTS, 'verification-document-types-1366.png'),
      fullPage: true,
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({
      path: path.join(SCREENSHOTS, 'verification-document-types-390.png'),
      fullPage: true,
    });
    await page.setViewportSize({ width: 1366, height: 800 });

    const saved = await api<{ documents: Array<{ originalName: string; kind: string }> }>(
      'GET',
      `verification-details/${corporateId}`,
      undefined,
      corp.token,
    );
    expect(Object.fromEntries(saved.json.data.documents.map((d) => [d.originalName, d.kind]))).toEqual({
      'cac.pdf': 'CERTIFICATE_OF_INCORPORATION',
      'director.png': 'DIRECTOR_ID',
      'bill.pdf': 'UTILITY_BILL',
    });

    // The admin sees each document under its type.
    const { context: adminContext, page: admin } = await newPage(browser());
    await openWithSession(admin, await adminToken(), `/admin-dashboard/accounts/${corporateId}`);
    const docs = admin.getByRole('list', { name: 'Attached documents' });
    await docs.getByText(/^Utility bill \(proof of address\)/).waitFor();
    await docs.getByText(/^Director’s means of identification/).waitFor();
    await adminContext.close();
    await context.close();
  });
});
