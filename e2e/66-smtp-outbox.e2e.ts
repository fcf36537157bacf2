// Issue 36, point 13: an admin turning SMTP on (through the settings screen) must not email the
// old outbox. Codes written before, a client's verification and sign-in codes among them, stay in
// the outbox, unsent and readable; an email written after is sent within the relay's seconds. The
// SMTP settings are switched off again at the end, so later journeys read their codes from the
// outbox as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../apps/api/src/test/smtp-sink';
import { useBrowser } from './fixtures';
import {
  adminToken,
  api,
  eventually,
  expectToastTopRight,
  field,
  newPage,
  openWithSession,
  signUpCorporate,
} from './support';

const browser = useBrowser();
let sink: SmtpSink;
let admin: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  admin = await adminToken();
});
afterAll(async () => {
  if (admin)
    await api('POST', 'settings/smtp', { enabled: false, host: '', port: 587, clearPassword: true }, admin);
  await sink?.close();
});

describe('turning SMTP on', () => {
  it('[MAIL] sends what is written after, never the old outbox with its stale codes', async () => {
    // A client signed up before: its verification and sign-in codes wait in the outbox.
    const early = await signUpCorporate('stale-codes');
    const outboxOf = async (to: string) =>
      (await api<Array<{ subject: string; text: string }>>('GET', `dev/outbox?to=${encodeURIComponent(to)}`))
        .json.data;
    const before = await outboxOf(early.email);
    expect(before.map((m) => m.subject)).toEqual(
      expect.arrayContaining(['Verify your email address', 'Your VendPort sign-in code']),
    );

    const { context, page } = await newPage(browser());
    await openWithSession(page, admin, '/admin-dashboard/settings');
    await page.getByRole('tab', { name: 'Email (SMTP)' }).click();
    const form = page.getByRole('form', { name: 'SMTP settings' });
    await form.getByLabel('Send email through this SMTP server').check();
    await field(form, 'Host').fill('127.0.0.1');
    await field(form, 'Port').fill(String(sink.port));
    await form.getByRole('button', { name: 'Save SMTP settings' }).click();
    await expectToastTopRight(page, 'SMTP settings saved');
    await context.close();

    // An email written now (a password reset code) is sent within the relay's seconds...
    expect((await api('POST', 'forgot-password', { email: early.email })).status).toBe(200);
    await eventually(() => sink.messages.length).toBeGreaterThan(0);
    // ...and it is the only one: the relay sends oldest first, so nothing older was waiting for it.
    expect(sink.messages.map((m) => m.to)).toEqual([[`<${early.email}>`]]);
    expect(sink.messages[0].data).toContain('Subject: Reset your VendPort password');
    // The old codes are still in the outbox, unsent, their text readable.
    const after = await outboxOf(early.email);
    const verify = after.find((m) => m.subject === 'Verify your email address');
    expect(verify?.text).toMatch(/verification code is \d{6}/);
  });
});
