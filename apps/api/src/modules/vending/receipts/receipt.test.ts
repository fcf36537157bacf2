// A vend's receipt (issue 51 points 3 and 5): the PDF of a bill (with its token in full) and of an
// airtime vend, and a successful bill's receipt sent by email (the outbox, PDF attached) and by
// SMS through the Termii stand-in (mocks/termii) started in-process; the client's own only, the
// permissions, bad input, a bill that did not succeed, SMS not configured, the gateway refusing or
// not answering, the hourly limit, and audit entries holding no full token.
import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DOWN_NUMBER,
  MOCK_API_KEY,
  REFUSED_NUMBER,
  startTermiiMock,
} from '../../../../../../mocks/termii/server';
import { auditLogs } from '../../../infra/db/schema';
import { checkXref } from '../../../infra/pdf.testing';
import { addCorporateMember, createAdmin, createCorporate, type TestUser } from '../../../test/factories';
import { apiAs, buildTestApp, type TestApp } from '../../../test/harness';
import { apiKeyFor, assignDefaults, fund, newRef } from '../vending.testing';
import { CLIENT_SENDS_PER_HOUR, SENDS_PER_HOUR, SMS_NOT_CONFIGURED } from './receipt.service';

let t: TestApp;
let mock: Awaited<ReturnType<typeof startTermiiMock>>;
let admin: TestUser;
let corp: TestUser & { corporateId: string };
let other: TestUser & { corporateId: string };
const api = apiAs(() => t);
const logLines: string[] = [];
/** Every token a test met: none may be in any log line (the last test). */
const tokens = new Set<string>();

type Bill = {
  id: string;
  code: string;
  status: string;
  token: string | null;
  receiptReference: string | null;
};

const payBill = async (who: TestUser, over: Record<string, unknown> = {}) => {
  const res = await api('POST', 'bills/pay', who, {
    biller: 'IKEDC',
    customerNumber: '1111111111111',
    meterType: 'PREPAID',
    amount: '5000',
    phone: '08031234567',
    ...over,
  });
  expect(res.statusCode).toBe(200);
  const bill = res.json().data as Bill;
  if (bill.token) tokens.add(bill.token);
  return bill;
};

const outboxTo = (to: string) =>
  t.app.ctx.dbHandle.query<{
    subject: string;
    text: string;
    attachments: Array<{ filename: string; content: string }>;
  }>('select subject, text, attachments from outbox_emails where "to" = $1 order by created_at', [to]);

const auditsOf = (action: string, vendId: string) =>
  t.app.ctx.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.targetId, vendId)));

beforeAll(async () => {
  mock = await startTermiiMock({ port: 0 });
  const sink = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await buildTestApp({
    env: { TERMII_BASE_URL: mock.baseUrl, TERMII_API_KEY: MOCK_API_KEY, TERMII_SENDER_ID: 'VendPort' },
    logger: { level: 'trace', stream: sink },
  });
  admin = await createAdmin(t.app);
  corp = await createCorporate(t.app);
  other = await createCorporate(t.app);
  for (const c of [corp, other]) {
    await assignDefaults(t.app, c.corporateId);
    await fund(t.app, c.corporateId, 10_000_000);
  }
}, 240_000);
afterAll(async () => {
  await t?.close();
  await mock?.app.close();
});

describe('[RECEIPT] the PDF', () => {
  it('[RECEIPT] a prepaid bill: a PDF with its token in full, the biller, customer and amounts', async () => {
    const bill = await payBill(corp);
    expect(bill.token).toBeTruthy();
    const res = await api('GET', `vend/${bill.id}/receipt.pdf`, corp);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="receipt-${bill.code}.pdf"`);
    const pdf = res.rawPayload.toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    // It parses: the cross-reference table is where the trailer says, each object where it says.
    expect(checkXref(pdf)).toBeGreaterThan(5);
    for (const text of [
      bill.token!,
      bill.code,
      'Ikeja Electric',
      '1111111111111',
      'Prepaid',
      'NGN 5,000.00',
      'Successful',
    ])
      expect(pdf).toContain(text);
    // By its VND- code too.
    expect((await api('GET', `vend/${bill.code}/receipt.pdf`, corp)).statusCode).toBe(200);
    // Audited, the token masked.
    const [entry] = await auditsOf('vend.receipt', bill.id);
    expect(entry?.summary).toMatchObject({
      vend: bill.code,
      masked: `****${bill.token!.replace(/\D/g, '').slice(-4)}`,
    });
    expect(JSON.stringify(entry)).not.toContain(bill.token!);
  });

  it('[RECEIPT] a postpaid bill carries its receipt reference; an airtime vend its network and phone', async () => {
    const post = await payBill(corp, { customerNumber: '1010101010101', meterType: 'POSTPAID' });
    const pdf = (await api('GET', `vend/${post.id}/receipt.pdf`, corp)).rawPayload.toString('latin1');
    expect(pdf).toContain(post.receiptReference!);
    expect(pdf).toContain('Postpaid');
    const vend = (
      await api('POST', 'vend', corp, { phone: '08031234567', type: 'AIRTIME', amount: 500 })
    ).json().data;
    const res = await api('GET', `vend/${vend.id}/receipt.pdf`, corp);
    expect(res.statusCode).toBe(200);
    const text = res.rawPayload.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toContain('Vend receipt');
    expect(text).toContain('+2348031234567');
    expect(text).toContain('NGN 500.00');
  });

  it("[RECEIPT] another client's vend is 404, as an unknown one; 401 signed out; 403 for admins and without transactions.read", async () => {
    const bill = await payBill(corp);
    expect((await api('GET', `vend/${bill.id}/receipt.pdf`, other)).statusCode).toBe(404);
    expect((await api('GET', 'vend/VND-NOPE/receipt.pdf', corp)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/vend/${bill.id}/receipt.pdf` })).statusCode,
    ).toBe(401);
    expect((await api('GET', `vend/${bill.id}/receipt.pdf`, admin)).statusCode).toBe(403);
    const vendOnly = await addCorporateMember(t.app, corp.corporateId, ['vend']);
    expect((await api('GET', `vend/${bill.id}/receipt.pdf`, vendOnly)).statusCode).toBe(403);
    expect(await auditsOf('vend.receipt', bill.id)).toHaveLength(0);
  });
});

describe('[RECEIPT] send to email and phone', () => {
  it('[RECEIPT] by email: the outbox holds the token and the PDF; audited with token and address masked', async () => {
    const bill = await payBill(corp);
    const res = await api('POST', `bills/${bill.id}/send`, corp, { email: 'Ada.Customer@Example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ email: 'ad***@example.com', phone: null });
    expect(res.json().message).toBe('Receipt sent by email to ad***@example.com');
    const [mail] = await outboxTo('ada.customer@example.com');
    expect(mail?.text).toContain(`Token: ${bill.token}`);
    expect(mail?.subject).toContain(bill.code);
    expect(mail?.attachments[0]?.filename).toBe(`receipt-${bill.code}.pdf`);
    expect(mail?.attachments[0]?.content).toContain(bill.token!);
    const [entry] = await auditsOf('bill.send', bill.id);
    expect(entry?.summary).toMatchObject({ email: 'ad***@example.com', phone: null });
    expect(JSON.stringify(entry)).not.toContain(bill.token!);
    expect(JSON.stringify(entry)).not.toContain('ada.customer');
  });

  it('[RECEIPT] by SMS: the stand-in receives the token from the sender id; email and phone together', async () => {
    const bill = await payBill(corp);
    const before = mock.app.termii.messages.length;
    const res = await api('POST', `bills/${bill.id}/send`, corp, {
      phone: '08091234567',
      email: 'both@example.com',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ email: 'bo***@example.com', phone: '+234809****567' });
    const sms = mock.app.termii.messages.slice(before);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ to: '2348091234567', from: 'VendPort', channel: 'dnd' });
    expect(sms[0]!.sms).toContain(bill.token!);
    expect(sms[0]!.sms).toContain(bill.code);
    expect(await outboxTo('both@example.com')).toHaveLength(1);
    const [entry] = await auditsOf('bill.send', bill.id);
    expect(entry?.summary).toMatchObject({ phone: '+234809****567', smsReference: sms[0]!.messageId });
    expect(JSON.stringify(entry)).not.toContain(bill.token!);
    // 234XXXXXXXXXX is accepted too.
    expect((await api('POST', `bills/${bill.id}/send`, corp, { phone: '2348091234567' })).statusCode).toBe(
      200,
    );
    // A postpaid bill sends its receipt reference.
    const post = await payBill(corp, { customerNumber: '1010101010101', meterType: 'POSTPAID' });
    expect((await api('POST', `bills/${post.id}/send`, corp, { phone: '08091234567' })).statusCode).toBe(200);
    expect(mock.app.termii.messages.at(-1)!.sms).toContain(post.receiptReference!);
  });

  it('[RECEIPT] bad input is a 400 that names the field; nothing sent', async () => {
    const bill = await payBill(corp);
    const before = mock.app.termii.messages.length;
    const bad = async (body: unknown, message: string) => {
      const res = await api('POST', `bills/${bill.id}/send`, corp, body);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json().errors ?? res.json().message)).toContain(message);
    };
    await bad({}, 'Enter an email address or a phone number');
    await bad({ email: '', phone: '  ' }, 'Enter an email address or a phone number');
    await bad({ email: 'not-an-email' }, 'Enter a valid email address');
    await bad({ phone: '12345' }, 'Enter a valid Nigerian phone number');
    await bad({ phone: '08031234567', email: 'x@' }, 'Enter a valid email address');
    expect((await api('POST', 'bills/not-a-uuid/send', corp, { email: 'a@example.com' })).statusCode).toBe(
      400,
    );
    expect(mock.app.termii.messages.length).toBe(before);
    expect(await auditsOf('bill.send', bill.id)).toHaveLength(0);
  });

  it("[RECEIPT] another client's bill is 404; 401 signed out; 403 for admins and without vend", async () => {
    const bill = await payBill(corp);
    const body = { email: 'nobody@example.com' };
    expect((await api('POST', `bills/${bill.id}/send`, other, body)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/bills/${bill.id}/send`, payload: body }))
        .statusCode,
    ).toBe(401);
    expect((await api('POST', `bills/${bill.id}/send`, admin, body)).statusCode).toBe(403);
    const reader = await addCorporateMember(t.app, corp.corporateId, ['transactions.read']);
    expect((await api('POST', `bills/${bill.id}/send`, reader, body)).statusCode).toBe(403);
    expect(await outboxTo('nobody@example.com')).toHaveLength(0);
  });

  it('[RECEIPT] a bill that did not succeed is refused with why; nothing sent', async () => {
    const pending = await payBill(corp, { customerNumber: '1111111111112' });
    expect(pending.status).toBe('PENDING');
    const res = await api('POST', `bills/${pending.id}/send`, corp, { email: 'pending@example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only a successful payment has a receipt to send: this one is pending');
    const failed = await payBill(corp, { customerNumber: '1111111111114' });
    expect(failed.status).toBe('FAILED');
    const no = await api('POST', `bills/${failed.id}/send`, corp, { email: 'pending@example.com' });
    expect(no.json().message).toBe('Only a successful payment has a receipt to send: this one is failed');
    expect(await outboxTo('pending@example.com')).toHaveLength(0);
  });

  it('[RECEIPT] the gateway refusing is a 502, not answering a 504 that says it may still arrive; no email then', async () => {
    const bill = await payBill(corp);
    const refused = await api('POST', `bills/${bill.id}/send`, corp, {
      phone: `0${REFUSED_NUMBER.slice(3)}`,
      email: 'refused@example.com',
    });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toContain('The SMS gateway refused the message');
    const down = await api('POST', `bills/${bill.id}/send`, corp, { phone: `0${DOWN_NUMBER.slice(3)}` });
    expect(down.statusCode).toBe(504);
    expect(down.json().message).toContain('it may still arrive');
    expect(await outboxTo('refused@example.com')).toHaveLength(0);
    expect(await auditsOf('bill.send', bill.id)).toHaveLength(0);
  });

  it('[RECEIPT] without Termii configured the phone option says SMS is not configured (503); email still goes', async () => {
    const bill = await payBill(corp);
    const config = t.app.ctx.config;
    const key = config.TERMII_API_KEY;
    // The sender is made from the configuration at each send: this app without a key is an app
    // started without one.
    config.TERMII_API_KEY = undefined;
    try {
      const res = await api('POST', `bills/${bill.id}/send`, corp, {
        phone: '08031234567',
        email: 'nosms@example.com',
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(SMS_NOT_CONFIGURED);
      expect(await outboxTo('nosms@example.com')).toHaveLength(0);
      expect(
        (await api('POST', `bills/${bill.id}/send`, corp, { email: 'nosms@example.com' })).statusCode,
      ).toBe(200);
    } finally {
      config.TERMII_API_KEY = key;
    }
  });

  it(`[RECEIPT] one bill is sent at most ${SENDS_PER_HOUR} times an hour (429 after)`, async () => {
    const bill = await payBill(corp);
    for (let i = 0; i < SENDS_PER_HOUR; i++)
      expect(
        (await api('POST', `bills/${bill.id}/send`, corp, { email: `n${i}@example.com` })).statusCode,
      ).toBe(200);
    const res = await api('POST', `bills/${bill.id}/send`, corp, { email: 'late@example.com' });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toContain('try again later');
    expect(await outboxTo('late@example.com')).toHaveLength(0);
    // Another bill is not held by it.
    const next = await payBill(corp);
    expect((await api('POST', `bills/${next.id}/send`, corp, { email: 'late@example.com' })).statusCode).toBe(
      200,
    );
  });
});

describe('[RECEIPT] a client’s hourly limit', () => {
  it(`[RECEIPT] a client's bills are sent at most ${CLIENT_SENDS_PER_HOUR} times an hour together`, async () => {
    const busy = await createCorporate(t.app);
    await assignDefaults(t.app, busy.corporateId);
    await fund(t.app, busy.corporateId, 1_000_000);
    const bill = await payBill(busy);
    // Sends recorded on the trail, as each send records itself: an hour and more ago they do not count.
    const sends = (n: number, at: Date) =>
      t.app.ctx.db.insert(auditLogs).values(
        Array.from({ length: n }, (_, i) => ({
          corporateId: busy.corporateId,
          action: 'bill.send',
          targetType: 'vend',
          targetId: `earlier-bill-${i}`,
          createdAt: at,
        })),
      );
    await sends(CLIENT_SENDS_PER_HOUR, new Date(Date.now() - 2 * 60 * 60_000));
    expect(
      (await api('POST', `bills/${bill.id}/send`, busy, { email: 'first@example.com' })).statusCode,
    ).toBe(200);
    await sends(CLIENT_SENDS_PER_HOUR - 1, new Date());
    const res = await api('POST', `bills/${bill.id}/send`, busy, { email: 'over@example.com' });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(
      `Your account has sent ${CLIENT_SENDS_PER_HOUR} receipts in the last hour; try again later`,
    );
    expect(await outboxTo('over@example.com')).toHaveLength(0);
    // Another client is not held by it.
    const mine = await payBill(corp);
    expect((await api('POST', `bills/${mine.id}/send`, corp, { email: 'over@example.com' })).statusCode).toBe(
      200,
    );
  });
});

describe('[RECEIPT] test mode', () => {
  it('[RECEIPT] a test-mode bill says so on its PDF, its email subject and first in its SMS', async () => {
    const testKey = await apiKeyFor(t.app, corp.corporateId, 'TEST');
    await fund(t.app, corp.corporateId, 1_000_000, 'SANDBOX');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api/bills/pay',
      headers: { 'x-api-key': testKey },
      payload: {
        reference: newRef('TRCPT'),
        biller: 'IKEDC',
        customerNumber: '1111111111111',
        meterType: 'PREPAID',
        amount: '1000',
        phone: '08031234567',
      },
    });
    const bill = res.json().data as Bill & { mode: string };
    expect(bill.mode).toBe('TEST');
    tokens.add(bill.token!);
    const pdf = (await api('GET', `vend/${bill.id}/receipt.pdf`, corp)).rawPayload.toString('latin1');
    expect(pdf).toContain('Test: no money moved, nothing was delivered');
    const sent = await api('POST', `bills/${bill.id}/send`, corp, {
      email: 'test-mode@example.com',
      phone: '08031234567',
    });
    expect(sent.statusCode).toBe(200);
    expect(mock.app.termii.messages.at(-1)!.sms).toMatch(/^TEST, not a real payment\. /);
    const [mail] = await outboxTo('test-mode@example.com');
    expect(mail?.subject).toMatch(/^\[TEST\] /);
  });
});

describe('[RECEIPT] logs', () => {
  it('[RECEIPT] no log line holds a full token: downloads and sends log it masked or not at all', () => {
    expect(tokens.size).toBeGreaterThan(5);
    expect(logLines.join('\n')).toContain('bill receipt SMS (text not logged)');
    for (const token of tokens) {
      const digits = token.replace(/\D/g, '');
      expect(logLines.filter((l) => l.includes(token) || l.includes(digits))).toEqual([]);
    }
  });
});
