// The Paystack stand-in answers as Paystack's documentation says: the Bearer key, initialize and its
// refusals, the checkout's three choices with the redirect to callback_url and the signed
// charge.success, verify (and its "not found"), the paged list, and a refund that verifies reversed
// and sends refund.processed. Real sockets on 127.0.0.1.
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { MOCK_SECRET_KEY, startPaystackMock } from './server.ts';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()?.();
});

/** A receiver for webhooks that keeps each body and its signature. */
async function receiver() {
  const got: { body: string; signature: string | undefined }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      got.push({ body, signature: req.headers['x-paystack-signature'] as string | undefined });
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => server.close(r)));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, got };
}

async function mock(webhookUrl?: string) {
  const m = await startPaystackMock({ port: 0, webhookUrl });
  closers.push(() => m.app.close());
  const api = async (method: string, path: string, body?: unknown, key = MOCK_SECRET_KEY) => {
    const res = await fetch(`${m.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    // biome-ignore lint/suspicious/noExplicitAny: the tests read the answers field by field
    return { status: res.status, json: (await res.json()) as Record<string, any> };
  };
  const initialize = (reference: string, amount = '263750') =>
    api('POST', '/transaction/initialize', {
      email: 'client@example.com',
      amount,
      reference,
      callback_url: 'http://localhost:3000/dashboard/wallet',
    });
  return { ...m, api, initialize };
}

describe('Paystack stand-in', () => {
  it('refuses a missing or wrong secret key (401, status false)', async () => {
    const m = await mock();
    expect((await m.api('GET', '/transaction', undefined, 'sk_test_wrong')).status).toBe(401);
    const none = await fetch(`${m.baseUrl}/transaction`);
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({
      status: false,
      message: 'Format is Authorization: Bearer [secret key]',
    });
  });

  it('initialize → checkout → success: redirect to callback_url with the reference, a signed charge.success, verify success', async () => {
    const hook = await receiver();
    const m = await mock(hook.url);
    const init = await m.initialize('CP-AAAABBBBCCCCDDDD');
    expect(init.json).toEqual({
      status: true,
      message: 'Authorization URL created',
      data: {
        authorization_url: expect.stringMatching(new RegExp(`^${m.baseUrl}/checkout/[0-9a-f]{16}$`)),
        access_code: expect.any(String),
        reference: 'CP-AAAABBBBCCCCDDDD',
      },
    });
    expect((await m.initialize('CP-AAAABBBBCCCCDDDD')).json).toEqual({
      status: false,
      message: 'Duplicate Transaction Reference',
    });
    expect((await m.initialize('CP-OTHER', '12.5')).status).toBe(400);
    const before = await m.api('GET', '/transaction/verify/CP-AAAABBBBCCCCDDDD');
    expect(before.json.data).toMatchObject({
      status: 'abandoned',
      amount: 263750,
      currency: 'NGN',
      paid_at: null,
    });

    const url = init.json.data.authorization_url;
    expect(await (await fetch(url)).text()).toContain('Pay ₦2,637.50');
    const pay = await fetch(`${url}/success`, { method: 'POST', redirect: 'manual' });
    expect(pay.status).toBe(302);
    expect(pay.headers.get('location')).toBe(
      'http://localhost:3000/dashboard/wallet?trxref=CP-AAAABBBBCCCCDDDD&reference=CP-AAAABBBBCCCCDDDD',
    );
    await m.app.paystack.settled();
    expect(hook.got).toHaveLength(1);
    const { body, signature } = hook.got[0];
    expect(signature).toBe(createHmac('sha512', MOCK_SECRET_KEY).update(body).digest('hex'));
    expect(JSON.parse(body)).toMatchObject({
      event: 'charge.success',
      data: { reference: 'CP-AAAABBBBCCCCDDDD', status: 'success', amount: 263750, currency: 'NGN' },
    });
    const after = await m.api('GET', '/transaction/verify/CP-AAAABBBBCCCCDDDD');
    expect(after.json).toMatchObject({
      status: true,
      message: 'Verification successful',
      data: { status: 'success', gateway_response: 'Successful', fees: 13956, paid_at: expect.any(String) },
    });
    // Paying twice does nothing more.
    await fetch(`${url}/success`, { method: 'POST', redirect: 'manual' });
    await m.app.paystack.settled();
    expect(hook.got).toHaveLength(1);
  });

  it('failed and abandoned choices: verify says so, no webhook', async () => {
    const hook = await receiver();
    const m = await mock(hook.url);
    for (const [ref, outcome] of [
      ['CP-FAILED', 'failed'],
      ['CP-ABANDONED', 'abandoned'],
    ] as const) {
      const url = (await m.initialize(ref)).json.data.authorization_url;
      expect((await fetch(`${url}/${outcome}`, { method: 'POST', redirect: 'manual' })).status).toBe(302);
      expect((await m.api('GET', `/transaction/verify/${ref}`)).json.data.status).toBe(outcome);
    }
    await m.app.paystack.settled();
    expect(hook.got).toEqual([]);
  });

  it('verify of an unknown reference: 400, "Transaction reference not found"', async () => {
    const m = await mock();
    const r = await m.api('GET', '/transaction/verify/CP-NOPE');
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({
      status: false,
      message: 'Transaction reference not found',
      code: 'transaction_not_found',
    });
  });

  it('lists transactions paged, newest first, filtered by status', async () => {
    const m = await mock();
    for (let i = 0; i < 3; i++) await m.initialize(`CP-LIST${i}`);
    m.app.paystack.complete('CP-LIST1', 'success');
    const all = await m.api('GET', '/transaction?perPage=2&page=1');
    expect(all.json).toMatchObject({
      status: true,
      message: 'Transactions retrieved',
      meta: { total: 3, perPage: 2, page: 1, pageCount: 2 },
    });
    expect(all.json.data).toHaveLength(2);
    const paid = await m.api('GET', '/transaction?status=success');
    expect(paid.json.data.map((t: { reference: string }) => t.reference)).toEqual(['CP-LIST1']);
  });

  it('a refund of a paid transaction: verify shows reversed, refund.processed is sent signed; unpaid ones cannot be refunded', async () => {
    const hook = await receiver();
    const m = await mock(hook.url);
    await m.initialize('CP-REFUND');
    await m.initialize('CP-UNPAID');
    m.app.paystack.complete('CP-REFUND', 'success');
    expect((await m.api('POST', '/refund', { transaction: 'CP-UNPAID' })).status).toBe(400);
    const refund = await m.api('POST', '/refund', { transaction: 'CP-REFUND' });
    expect(refund.json).toMatchObject({
      status: true,
      message: 'Refund has been queued for processing',
      data: { transaction: { reference: 'CP-REFUND' }, amount: 263750, currency: 'NGN' },
    });
    expect((await m.api('GET', '/transaction/verify/CP-REFUND')).json.data.status).toBe('reversed');
    await m.app.paystack.settled();
    const last = hook.got.at(-1)!;
    expect(JSON.parse(last.body)).toMatchObject({
      event: 'refund.processed',
      data: { status: 'processed', transaction_reference: 'CP-REFUND', amount: 263750 },
    });
    expect(last.signature).toBe(createHmac('sha512', MOCK_SECRET_KEY).update(last.body).digest('hex'));
    expect((await m.api('POST', '/refund', { transaction: 'CP-REFUND' })).status).toBe(400);
  });
});

describe('Paystack stand-in: customers and dedicated virtual accounts', () => {
  it('creates a customer and its dedicated account; a transfer into it is a signed dedicated_nuban charge.success that verify finds', async () => {
    const hook = await receiver();
    const m = await mock(hook.url);
    const customer = await m.api('POST', '/customer', {
      email: 'ops@acme.ng',
      first_name: 'Acme',
      last_name: 'Ltd',
    });
    expect(customer.status).toBe(200);
    expect(customer.json).toMatchObject({ status: true, message: 'Customer created' });
    const code = customer.json.data.customer_code;
    expect(code).toMatch(/^CUS_/);
    // The same email answers the same customer.
    expect((await m.api('POST', '/customer', { email: 'ops@acme.ng' })).json.data.customer_code).toBe(code);

    const dva = await m.api('POST', '/dedicated_account', { customer: code, preferred_bank: 'wema-bank' });
    expect(dva.status).toBe(200);
    expect(dva.json).toMatchObject({
      status: true,
      message: 'NUBAN successfully created',
      data: { account_name: 'VENDPORT/ACME LTD', bank: { name: 'Wema Bank', slug: 'wema-bank' } },
    });
    const accountNumber = dva.json.data.account_number;
    expect(accountNumber).toMatch(/^\d{10}$/);
    expect((await m.api('POST', '/dedicated_account', { customer: 'CUS_nobody' })).status).toBe(404);
    expect(
      (await m.api('POST', '/dedicated_account', { customer: code, preferred_bank: 'no-such-bank' })).status,
    ).toBe(400);

    const transfer = await fetch(`${m.baseUrl}/_mock/transfer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account_number: accountNumber, amount: 500000 }),
    });
    expect(transfer.status).toBe(200);
    const { reference } = ((await transfer.json()) as { data: { reference: string } }).data;
    await m.app.paystack.settled();
    const got = hook.got.at(-1)!;
    expect(got.signature).toBe(createHmac('sha512', MOCK_SECRET_KEY).update(got.body).digest('hex'));
    expect(JSON.parse(got.body)).toMatchObject({
      event: 'charge.success',
      data: {
        reference,
        status: 'success',
        amount: 500000,
        channel: 'dedicated_nuban',
        customer: { customer_code: code },
        authorization: { channel: 'dedicated_nuban', receiver_bank_account_number: accountNumber },
      },
    });
    const verify = await m.api('GET', `/transaction/verify/${reference}`);
    expect(verify.json.data).toMatchObject({ status: 'success', amount: 500000, channel: 'dedicated_nuban' });
    const unknown = await fetch(`${m.baseUrl}/_mock/transfer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account_number: '0000000000', amount: 500000 }),
    });
    expect(unknown.status).toBe(404);
  });
});

describe('Paystack stand-in: partial refunds, disputes, dropped webhooks, the phone', () => {
  it('partial refunds add up to at most the amount: each sends refund.processed with its amount, GET /refund pages them; fully refunded verifies reversed', async () => {
    const hook = await receiver();
    const m = await mock(hook.url);
    await m.initialize('CP-PART', '400000');
    m.app.paystack.complete('CP-PART', 'success');
    expect(
      (await m.api('POST', '/refund', { transaction: 'CP-PART', amount: 100000 })).json.data.amount,
    ).toBe(100000);
    expect((await m.api('GET', '/transaction/verify/CP-PART')).json.data.status).toBe('success');
    expect((await m.api('POST', '/refund', { transaction: 'CP-PART', amount: 300001 })).status).toBe(400);
    await m.api('POST', '/refund', { transaction: 'CP-PART' });
    expect((await m.api('GET', '/transaction/verify/CP-PART')).json.data.status).toBe('reversed');
    await m.app.paystack.settled();
    expect(
      hook.got
        .map((h) => JSON.parse(h.body))
        .filter((b) => b.event === 'refund.processed')
        .map((b) => b.data.amount),
    ).toEqual([100000, 300000]);
    const id = m.app.paystack.transactions.get('CP-PART')!.id;
    const page1 = await m.api('GET', `/refund?transaction=${id}&perPage=1&page=1`);
    expect(page1.json.meta).toMatchObject({ total: 2, pageCount: 2 });
    expect(page1.json.data[0]).toMatchObject({ amount: 100000, status: 'processed', transaction: id });
  });

  it('a chargeback: charge.dispute.create with its deadline, the transaction verifies reversed; resolved declined it verifies success again; GET /dispute lists it', async () => {
    const hook = await receiver();
    const m = await mock(hook.url);
    await m.initialize('CP-DISPUTE');
    m.app.paystack.complete('CP-DISPUTE', 'success');
    const opened = await fetch(`${m.baseUrl}/_mock/dispute`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ transaction: 'CP-DISPUTE' }),
    });
    const { id } = ((await opened.json()) as { data: { id: number } }).data;
    expect((await m.api('GET', '/transaction/verify/CP-DISPUTE')).json.data.status).toBe('reversed');
    await fetch(`${m.baseUrl}/_mock/dispute/${id}/resolve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ resolution: 'declined' }),
    });
    expect((await m.api('GET', '/transaction/verify/CP-DISPUTE')).json.data.status).toBe('success');
    await m.app.paystack.settled();
    const events = hook.got.map((h) => JSON.parse(h.body));
    expect(events.find((e) => e.event === 'charge.dispute.create').data).toMatchObject({
      status: 'awaiting-merchant-feedback',
      transaction: { reference: 'CP-DISPUTE' },
    });
    expect(events.find((e) => e.event === 'charge.dispute.resolve').data).toMatchObject({
      resolution: 'declined',
    });
    const txId = m.app.paystack.transactions.get('CP-DISPUTE')!.id;
    const list = await m.api('GET', `/dispute?transaction=${txId}`);
    expect(list.json.data).toEqual([
      expect.objectContaining({ id, status: 'resolved', resolution: 'declined' }),
    ]);
    expect(list.json.data[0].due_at).toEqual(expect.any(String));
  });

  it('the dropping mode never sends the share of webhooks asked for, and says which; the list filters by customer', async () => {
    const hook = await receiver();
    const m = await mock(hook.url);
    m.app.paystack.dropWebhooks = 0.5;
    for (const r of ['CP-D1', 'CP-D2', 'CP-D3', 'CP-D4']) {
      await m.initialize(r);
      m.app.paystack.complete(r, 'success');
    }
    await m.app.paystack.settled();
    expect(m.app.paystack.dropped).toHaveLength(2);
    expect(hook.got).toHaveLength(2);
    const customer = m.app.paystack.transactions.get('CP-D1')!.customerId;
    const mine = await m.api('GET', `/transaction?customer=${customer}`);
    expect(mine.json.data.map((t: { reference: string }) => t.reference)).toEqual(['CP-D1']);
  });

  it('requiring the phone: a customer without one gets no dedicated account; the phone given with the account completes it', async () => {
    const m = await mock();
    m.app.paystack.requirePhone = true;
    expect(
      (await m.api('POST', '/customer', { email: 'a@b.ng', first_name: 'A', last_name: 'B' })).status,
    ).toBe(400);
    m.app.paystack.requirePhone = false;
    const c = await m.api('POST', '/customer', { email: 'a@b.ng', first_name: 'A', last_name: 'B' });
    m.app.paystack.requirePhone = true;
    const refused = await m.api('POST', '/dedicated_account', {
      customer: c.json.data.customer_code,
      preferred_bank: 'test-bank',
    });
    expect(refused).toMatchObject({ status: 400, json: { message: 'Customer phone number is required' } });
    const made = await m.api('POST', '/dedicated_account', {
      customer: c.json.data.customer_code,
      preferred_bank: 'test-bank',
      phone: '+2348030000000',
    });
    expect(made.status).toBe(200);
  });
});
