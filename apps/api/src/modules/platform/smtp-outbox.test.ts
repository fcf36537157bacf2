// Issue 36, point 13: turning SMTP on must not email the old outbox. Only what is written after
// the server is turned on is sent; what the outbox held before stays there, unsent and readable;
// and a one-time code is never sent once it has expired.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails } from '../../infra/db/schema';
import { createAdmin, createCorporate, TEST_PASSWORD, type TestUser } from '../../test/factories';
import { apiAs, buildTestApp, type TestApp } from '../../test/harness';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink';

let t: TestApp;
let admin: TestUser;
let sink: SmtpSink;
const api = apiAs(() => t);
const HOUR = 3600_000;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app);
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink?.close();
  await t?.close();
});

const smtp = (enabled: boolean) =>
  api('POST', 'settings/smtp', admin, {
    enabled,
    host: '127.0.0.1',
    port: sink.port,
    user: '',
    secure: false,
  });

/** A sign-in with the right password: the server emails a sign-in code (spec §4's 2FA). */
async function signInCodeFor(user: TestUser) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { email: user.email, password: TEST_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const sentTo = (email: string) => sink.messages.filter((m) => m.to.includes(`<${email}>`));
const outboxOf = async (email: string) =>
  (await t.app.ctx.db.select().from(outboxEmails)).filter((r) => r.to === email);

describe('[MAIL] turning SMTP on', () => {
  it('[MAIL] sends only what is written after SMTP is on; the old outbox, its sign-in code included, stays unsent and readable', async () => {
    const early = await createCorporate(t.app);
    await signInCodeFor(early);
    await t.app.ctx.mailer.send(t.app.ctx.db, {
      to: 'before@vendport.test',
      subject: 'Old',
      text: 'Old news',
    });
    // The code is in the outbox, with the time it stops working.
    const [code] = await outboxOf(early.email);
    expect(code.subject).toMatch(/sign-in code/);
    expect(code.expiresAt).toBeInstanceOf(Date);

    expect((await smtp(true)).statusCode).toBe(200);
    await t.app.ctx.mailer.send(t.app.ctx.db, {
      to: 'after@vendport.test',
      subject: 'New',
      text: 'New news',
    });
    while ((await t.app.ctx.mailer.relay(t.app.ctx.db)) > 0);

    expect(sentTo('after@vendport.test')).toHaveLength(1);
    expect(sentTo('before@vendport.test')).toHaveLength(0);
    expect(sentTo(early.email)).toHaveLength(0);
    // Still in the outbox, unsent, its text kept for an admin to read.
    const [old] = await outboxOf('before@vendport.test');
    expect(old).toMatchObject({ sentAt: null, error: null, text: 'Old news' });
    expect((await outboxOf(early.email))[0]).toMatchObject({ sentAt: null });
    expect((await outboxOf(early.email))[0].text).toMatch(/sign-in code is \d{6}/);
  });

  it('[MAIL] a one-time code is sent while it works, never after it has expired', async () => {
    const late = await createCorporate(t.app);
    await signInCodeFor(late);
    // The relay comes round only after the code expired (10 minutes for a sign-in code).
    while ((await t.app.ctx.mailer.relay(t.app.ctx.db, 20, new Date(Date.now() + HOUR))) > 0);
    expect(sentTo(late.email)).toHaveLength(0);
    expect((await outboxOf(late.email))[0]).toMatchObject({ sentAt: null });

    const prompt = await createCorporate(t.app);
    await signInCodeFor(prompt);
    while ((await t.app.ctx.mailer.relay(t.app.ctx.db)) > 0);
    expect(sentTo(prompt.email)).toHaveLength(1);
  });

  it('[MAIL] switched off then on again: what was written while it was off stays in the outbox', async () => {
    expect((await smtp(false)).statusCode).toBe(200);
    await t.app.ctx.mailer.send(t.app.ctx.db, { to: 'while-off@vendport.test', subject: 'Off', text: 'x' });
    expect((await smtp(true)).statusCode).toBe(200);
    await t.app.ctx.mailer.send(t.app.ctx.db, { to: 'back-on@vendport.test', subject: 'On', text: 'y' });
    // Saving again while on keeps the moment it was turned on: what came since still goes.
    expect((await smtp(true)).statusCode).toBe(200);
    while ((await t.app.ctx.mailer.relay(t.app.ctx.db)) > 0);
    expect(sentTo('while-off@vendport.test')).toHaveLength(0);
    expect(sentTo('back-on@vendport.test')).toHaveLength(1);
  });
});
