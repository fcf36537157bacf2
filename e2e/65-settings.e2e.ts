// Journey 65: settings. A client turns statements on, sets its low-balance alert, and downloads
// a statement of today's wallet (made from the ledger: the admin's funding, the check line), as
// CSV and, once the format is CSV and PDF, as PDF; its sidebar shows the support contact. An
// admin points the platform at an SMTP server (a small SMTP server this test starts on loopback),
// sends a test email that the server accepts and the outbox keeps, then sees the error word for
// word once the server is gone. The SMTP settings are switched off again at the end, so later
// journeys read their codes from the outbox as before.
import path from 'node:path';
import type { PlatformSettingsView } from '@vendport/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../apps/api/src/test/smtp-sink';
import { useBrowser } from './fixtures';
import {
  adminToken,
  api,
  downloaded,
  expectToastTopRight,
  field,
  newPage,
  openWithSession,
  readyToVend,
  SCREENSHOTS,
  signUpCorporate,
} from './support';

const SMTP_PASSWORD = 'E2e-Smtp-Relay-Passphrase-42';
const browser = useBrowser({ screenshots: SCREENSHOTS });
let sink: SmtpSink;
let admin: string;

beforeAll(async () => {
  sink = await startSmtpSink({ password: SMTP_PASSWORD });
  admin = await adminToken();
});
afterAll(async () => {
  if (admin)
    await api('POST', 'settings/smtp', { enabled: false, host: '', port: 587, clearPassword: true }, admin);
  await sink?.close();
});

/** Desktop (1366 px) and phone (390 px) screenshots of what the page shows now. */
async function shoot(page: Page, name: string) {
  await page.getByRole('progressbar', { name: 'Loading page' }).waitFor({ state: 'detached' });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-390.png`), fullPage: true });
  if (size) await page.setViewportSize(size);
}

const lagosToday = () => new Date(Date.now() + 3600_000).toISOString().slice(0, 10);
const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('/');

describe('settings journey', () => {
  it('[SETTINGS] a client turns statements on and downloads a statement of today from the ledger', async () => {
    const corp = await signUpCorporate('stmt');
    await readyToVend(admin, corp.user.corporate!.id, '25,000');
    const { context, page } = await newPage(browser());
    await openWithSession(page, corp.token, '/dashboard/settings');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Statements and alerts' }).click();

    await page.getByLabel('Send me a statement of my wallet').check();
    await field(page, 'Email the statement to').fill('books@e2e.vendport.test');
    await field(page, 'Low-balance alert (₦)').fill('5,000');
    await page.getByRole('button', { name: 'Save statement settings' }).click();
    await expectToastTopRight(page, 'Reconciliation settings saved');
    const saved = await api<{ enabled: boolean; emails: string[]; lowBalanceThresholdKobo: number }>(
      'GET',
      'reconciliation/settings',
      undefined,
      corp.token,
    );
    expect(saved.json.data).toMatchObject({
      enabled: true,
      emails: ['books@e2e.vendport.test'],
      lowBalanceThresholdKobo: 500_000,
    });

    const table = page.getByRole('table', { name: 'Statements' });
    await table.getByText(/No statements yet/).waitFor();
    const today = ddmmyyyy(lagosToday());
    await field(page, 'From').fill(today);
    await field(page, 'To').fill(today);
    await field(page, 'To').press('Tab');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Get statement' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^statement-STM-[0-9A-Z]{10}-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = await downloaded(download);
    expect(csv).toContain('Admin funding');
    expect(csv).toContain('Check: opening + credits - debits = closing: 0.00 + 25000.00 - 0.00 = 25000.00');

    // The statement is kept: listed, and downloadable again from its row.
    const row = table.getByRole('row').filter({ hasText: 'On demand' });
    await row.waitFor();
    expect(await row.textContent()).toContain('₦25,000.00');
    const [again] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: /^Download statement STM-.* as CSV$/ }).click(),
    ]);
    expect(await downloaded(again)).toBe(csv);

    // Each statement downloads as a PDF of the same figures too, whatever the format emails carry
    // (issue 36 point 8).
    await page.getByLabel('Format').selectOption({ label: 'CSV and PDF' });
    await page.getByRole('button', { name: 'Save statement settings' }).click();
    await expectToastTopRight(page, 'Reconciliation settings saved');
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: /^Download statement STM-.* as PDF$/ }).click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(
      /^statement-STM-[0-9A-Z]{10}-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.pdf$/,
    );
    const pdfText = await downloaded(pdf, 'latin1');
    expect(pdfText.startsWith('%PDF-1.4')).toBe(true);
    expect(pdfText).toContain('(Closing balance: NGN 25,000.00) Tj');
    await shoot(page, 'settings-client-statements');

    // Need help?: the platform's support contact under the sidebar's links (in the menu drawer on
    // a phone).
    const help = page.getByRole('region', { name: 'Need help?' });
    await help.getByRole('link', { name: /@/ }).waitFor();
    await page.setViewportSize({ width: 1366, height: 800 });
    await help.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'support-contact.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await help.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'support-contact-390.png') });
    await page.getByRole('button', { name: 'Close menu' }).click();
    await page.setViewportSize({ width: 1366, height: 860 });

    await page.getByRole('tab', { name: 'Notifications' }).click();
    await page.getByRole('table', { name: 'Notification set-up' }).waitFor();
    await page.getByLabel('Low balance by email').uncheck();
    await page.getByRole('button', { name: 'Save notifications' }).click();
    await expectToastTopRight(page, 'Notification set-up saved');
    await shoot(page, 'settings-client-notifications');
    await context.close();
  });

  it('[SETTINGS] an admin sets the SMTP server and sends a test email: the server accepts it, the outbox keeps it', async () => {
    const { context, page } = await newPage(browser());
    await openWithSession(page, admin, '/admin-dashboard/settings');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.getByRole('form', { name: 'Platform settings' }).waitFor();
    await shoot(page, 'settings-admin-platform');

    await page.getByRole('tab', { name: 'Email (SMTP)' }).click();
    const form = page.getByRole('form', { name: 'SMTP settings' });
    await form.getByLabel('Send email through this SMTP server').check();
    await field(form, 'Host').fill('127.0.0.1');
    await field(form, 'Port').fill(String(sink.port));
    await field(form, 'User name').fill('e2e-relay');
    await field(form, 'Password').fill(SMTP_PASSWORD);
    await form.getByRole('button', { name: 'Save SMTP settings' }).click();
    await expectToastTopRight(page, 'SMTP settings saved');
    await page.getByText('Sending with these settings', { exact: true }).waitFor();
    // The password is not shown again; the field says one is stored.
    await expect.poll(() => field(form, 'Password').inputValue()).toBe('');
    expect(await field(form, 'Password').getAttribute('placeholder')).toBe('Stored: leave empty to keep it');
    const settings = await api<PlatformSettingsView>('GET', 'get-settings', undefined, admin);
    expect(JSON.stringify(settings.json)).not.toContain(SMTP_PASSWORD);
    expect(settings.json.data.smtp).toMatchObject({ enabled: true, hasPassword: true, port: sink.port });

    const to = `ops-${Date.now().toString(36)}@e2e.vendport.test`;
    await field(page, 'Send a test email to').fill(to);
    await page.getByRole('button', { name: 'Send test email' }).click();
    await page.getByText('The server accepted the test email').waitFor();
    expect(await page.getByTestId('smtp-answer').textContent()).toMatch(/^250 2\.0\.0 Ok: queued as SINK\d+/);
    const received = sink.messages.find((m) => m.to.includes(`<${to}>`));
    expect(received?.auth).toEqual({ user: 'e2e-relay', pass: SMTP_PASSWORD });
    expect(received?.data).toContain('Subject: VendPort test email');
    const outbox = await api<Array<{ subject: string }>>('GET', `dev/outbox?to=${encodeURIComponent(to)}`);
    expect(outbox.json.data.map((m) => m.subject)).toEqual(['VendPort test email']);
    await shoot(page, 'settings-admin-smtp');

    // With the server gone, the error is the connection's own.
    await sink.close();
    await page.getByRole('button', { name: 'Send test email' }).click();
    await page.getByText('The test email was not delivered').waitFor();
    expect(await page.getByTestId('smtp-answer').textContent()).toMatch(/ECONNREFUSED 127\.0\.0\.1:\d+/);
    await shoot(page, 'settings-admin-smtp-error');
    await context.close();
  });
});
