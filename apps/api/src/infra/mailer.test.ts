import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/harness';
import { outboxEmails } from './db/schema';
import { Mailer, SENT_TEXT_NOT_KEPT } from './mailer';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('[MAIL] outbox and relay', () => {
  it('[MAIL] without SMTP a message only lands in the outbox', async () => {
    const m = new Mailer(t.app.ctx.config, t.app.ctx.log);
    expect(await m.transportNow()).toBeNull();
    await m.send(t.app.ctx.db, { to: 'a@b.test', subject: 'Hi', text: 'Body' });
    expect(await m.relay(t.app.ctx.db)).toBe(0);
  });

  it('[MAIL] a message written in a rolled-back transaction is never sent', async () => {
    const sent: string[] = [];
    const transport = nodemailer.createTransport({ jsonTransport: true });
    const orig = transport.sendMail.bind(transport);
    transport.sendMail = (async (mail: { to: string }) => {
      sent.push(mail.to);
      return orig(mail as never);
    }) as never;
    const m = new Mailer(t.app.ctx.config, t.app.ctx.log, transport);
    await t.app.ctx.db
      .transaction(async (tx) => {
        await m.send(tx, { to: 'rollback@b.test', subject: 'No', text: 'No' });
        throw new Error('abort');
      })
      .catch(() => {});
    await m.send(t.app.ctx.db, { to: 'commit@b.test', subject: 'Yes', text: 'Yes' });
    const relayed = await m.relay(t.app.ctx.db);
    expect(sent).toContain('commit@b.test');
    expect(sent).not.toContain('rollback@b.test');
    expect(relayed).toBeGreaterThanOrEqual(1);
    // Sent rows are marked and not sent again.
    expect(await m.relay(t.app.ctx.db)).toBe(0);
    const rows = await t.app.ctx.db.select().from(outboxEmails);
    expect(rows.find((r) => r.to === 'commit@b.test')?.sentAt).toBeInstanceOf(Date);
  });

  it('[MAIL] once sent, the text (a code, a temporary password) is not kept in the outbox', async () => {
    const bodies: string[] = [];
    const transport = nodemailer.createTransport({ jsonTransport: true });
    const orig = transport.sendMail.bind(transport);
    transport.sendMail = (async (mail: { text: string }) => {
      bodies.push(mail.text);
      return orig(mail as never);
    }) as never;
    const m = new Mailer(t.app.ctx.config, t.app.ctx.log, transport);
    await m.send(t.app.ctx.db, { to: 'code@b.test', subject: 'Your code', text: 'Your code is 482913' });
    await m.relay(t.app.ctx.db);
    expect(bodies).toContain('Your code is 482913');
    const rows = await t.app.ctx.db.select().from(outboxEmails);
    const row = rows.find((r) => r.to === 'code@b.test');
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.text).toBe(SENT_TEXT_NOT_KEPT);
  });
});
