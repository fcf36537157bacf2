// The VTpass stand-in answers as VTpass's documentation says: each sandbox number, the coded refusals
// (014, 015, 085, 087, 018, 010), the requery that settles a pending vend and its callback, the balance
// and the data plans. Real sockets on 127.0.0.1, so hanging and late answers are what a client sees.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { lagosStamp } from './responses.ts';
import { SANDBOX_KEYS, SANDBOX_NUMBERS, startVtpassMock, type VtpassMockOptions } from './server.ts';

const POST_KEYS = { 'api-key': SANDBOX_KEYS.apiKey, 'secret-key': SANDBOX_KEYS.secretKey };
const GET_KEYS = { 'api-key': SANDBOX_KEYS.apiKey, 'public-key': SANDBOX_KEYS.publicKey };

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()?.();
});

let seq = 0;
/** A request id VTpass accepts: Lagos date-time now, then anything unique. */
const rid = (at = new Date()) => `${lagosStamp(at)}vp${++seq}x${Math.random().toString(36).slice(2, 8)}`;

async function mock(opts: VtpassMockOptions = {}) {
  const m = await startVtpassMock(opts);
  closers.push(() => m.app.close());
  const post = (path: string, body: unknown, init: RequestInit = {}) =>
    fetch(`${m.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...POST_KEYS },
      body: JSON.stringify(body),
      ...init,
    });
  const get = async (path: string, headers: Record<string, string> = GET_KEYS) =>
    (await fetch(`${m.baseUrl}${path}`, { headers })).json();
  const pay = async (body: Record<string, unknown>) => (await post('/pay', body)).json();
  const requery = async (request_id: string) => (await post('/requery', { request_id })).json();
  const airtime = (phone: string, amount = 100, request_id = rid()) =>
    pay({ request_id, serviceID: 'mtn', amount, phone });
  return { ...m, post, get, pay, requery, airtime };
}

describe('sandbox numbers', () => {
  it('08011111111 is delivered at once, with the documented shape, and debits the balance', async () => {
    const m = await mock({ balance: 1000 });
    const id = rid();
    const r = await m.airtime(SANDBOX_NUMBERS.delivered, 100, id);
    expect(r).toMatchObject({
      code: '000',
      response_description: 'TRANSACTION SUCCESSFUL',
      requestId: id,
      amount: 100,
      purchased_code: '',
      transaction_date: { timezone_type: 3, timezone: 'Africa/Lagos' },
      content: {
        transactions: {
          status: 'delivered',
          product_name: 'MTN Airtime VTU',
          unique_element: '08011111111',
          unit_price: 100,
          quantity: 1,
          commission: 0,
          total_amount: 100,
        },
      },
    });
    expect(r.content.transactions.transactionId).toMatch(/^\d+$/);
    expect(r.transaction_date.date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.000000$/);
    expect(await m.get('/balance')).toEqual({ code: 1, contents: { balance: 900 } });
  });

  it('any other number fails with 016 and leaves the balance alone', async () => {
    const m = await mock({ balance: 1000 });
    const r = await m.airtime('08099999999');
    expect(r).toMatchObject({
      code: '016',
      response_description: 'TRANSACTION FAILED',
      content: { transactions: { status: 'failed' } },
    });
    expect((await m.get('/balance')).contents.balance).toBe(1000);
  });

  it('201000000000 is pending; the first requery (default) delivers it and debits then', async () => {
    const m = await mock({ balance: 1000 });
    const id = rid();
    const r = await m.airtime(SANDBOX_NUMBERS.pending, 200, id);
    expect(r).toMatchObject({ code: '000', content: { transactions: { status: 'pending' } } });
    expect((await m.get('/balance')).contents.balance).toBe(1000);
    const q = await m.requery(id);
    expect(q).toMatchObject({
      code: '000',
      requestId: id,
      response_description: 'TRANSACTION SUCCESSFUL',
      content: { transactions: { status: 'delivered', transactionId: r.content.transactions.transactionId } },
    });
    expect((await m.get('/balance')).contents.balance).toBe(800);
    // Settled once: a further requery neither changes it nor debits again.
    expect((await m.requery(id)).content.transactions.status).toBe('delivered');
    expect((await m.get('/balance')).contents.balance).toBe(800);
  });

  it('pendingRequeries sets on which requery a pending vend turns delivered', async () => {
    const m = await mock({ pendingRequeries: 3 });
    const id = rid();
    await m.airtime(SANDBOX_NUMBERS.pending, 100, id);
    expect((await m.requery(id)).content.transactions.status).toBe('pending');
    expect((await m.requery(id)).content.transactions.status).toBe('pending');
    expect((await m.requery(id)).content.transactions.status).toBe('delivered');
  });

  it('500000000000 answers a body outside the JSON contract; the vend stays pending for requery', async () => {
    const m = await mock();
    const id = rid();
    const res = await m.post('/pay', {
      request_id: id,
      serviceID: 'mtn',
      amount: 100,
      phone: '500000000000',
    });
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const text = await res.text();
    expect(() => JSON.parse(text)).toThrow();
    expect((await m.requery(id)).content.transactions.status).toBe('delivered');
  });

  it('400000000000 never answers: the client gives up; a requery finds the vend', async () => {
    const m = await mock();
    const id = rid();
    const started = Date.now();
    await expect(
      m.post(
        '/pay',
        { request_id: id, serviceID: 'mtn', amount: 100, phone: SANDBOX_NUMBERS.noResponse },
        { signal: AbortSignal.timeout(300) },
      ),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect((await m.requery(id)).content.transactions.status).toBe('delivered');
  });

  it('400000000000 does not keep close() waiting on the held connection', async () => {
    const m = await mock();
    const pending = m
      .post('/pay', { request_id: rid(), serviceID: 'mtn', amount: 100, phone: SANDBOX_NUMBERS.noResponse })
      .catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 100));
    await m.app.close();
    expect(await pending).toBeInstanceOf(Error);
  });

  it('300000000000 answers only after timeoutDelayMs: a patient client gets the pending answer', async () => {
    const m = await mock({ timeoutDelayMs: 400 });
    const impatient = rid();
    await expect(
      m.post(
        '/pay',
        { request_id: impatient, serviceID: 'mtn', amount: 100, phone: SANDBOX_NUMBERS.timeout },
        { signal: AbortSignal.timeout(100) },
      ),
    ).rejects.toThrow();
    const started = Date.now();
    const r = await m.airtime(SANDBOX_NUMBERS.timeout);
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    expect(r).toMatchObject({ code: '000', content: { transactions: { status: 'pending' } } });
    expect((await m.requery(impatient)).content.transactions.status).toBe('delivered');
  });
});

describe('coded refusals', () => {
  it('014 on a reused request_id, whatever the first outcome was', async () => {
    const m = await mock();
    const id = rid();
    await m.airtime('08099999999', 100, id);
    expect(await m.airtime(SANDBOX_NUMBERS.delivered, 100, id)).toEqual({
      code: '014',
      response_description: 'REQUEST ID ALREADY EXIST',
    });
  });

  it('015 when requerying a request_id never used', async () => {
    const m = await mock();
    expect(await m.requery(rid())).toEqual({ code: '015', response_description: 'INVALID REQUEST ID' });
  });

  it('085 for a request_id that does not start with the current Lagos date-time', async () => {
    const m = await mock();
    const improper = { code: '085', response_description: 'IMPROPER REQUEST ID' };
    const yesterday = new Date(Date.now() - 24 * 3600_000);
    const utcStamp = new Date().toISOString().replace(/\D/g, '').slice(0, 12); // UTC, an hour behind Lagos
    for (const id of [
      'abc',
      '20240101',
      'vendport-0001-abcdef',
      rid(yesterday),
      `${utcStamp}xyz`,
      '202502301200ab',
    ]) {
      expect(await m.airtime(SANDBOX_NUMBERS.delivered, 100, id), id).toEqual(improper);
    }
    // The documented form with the current Lagos date-time, bare or with a suffix, is accepted.
    expect((await m.airtime(SANDBOX_NUMBERS.delivered, 100, lagosStamp(new Date()))).code).toBe('000');
  });

  it('the request_id rule follows the injected clock (Lagos is UTC+1)', async () => {
    const at = new Date('2026-03-01T23:30:00Z'); // 00:30 on 2 March in Lagos
    const m = await mock({ now: () => at });
    expect((await m.airtime(SANDBOX_NUMBERS.delivered, 100, '202603020030abc')).code).toBe('000');
    expect((await m.airtime(SANDBOX_NUMBERS.delivered, 100, '202603012330abc')).code).toBe('085');
  });

  it('087 for wrong or missing keys: secret-key on POST, public-key on GET', async () => {
    const m = await mock();
    const invalid = { code: '087', response_description: 'INVALID CREDENTIALS' };
    const body = { request_id: rid(), serviceID: 'mtn', amount: 100, phone: SANDBOX_NUMBERS.delivered };
    const wrongSecret = await m.post('/pay', body, {
      headers: {
        'content-type': 'application/json',
        'api-key': SANDBOX_KEYS.apiKey,
        'secret-key': 'SK_wrong',
      },
    });
    expect(await wrongSecret.json()).toEqual(invalid);
    // The public key does not authorise a POST.
    const publicOnPost = await m.post(
      '/requery',
      { request_id: body.request_id },
      {
        headers: { 'content-type': 'application/json', ...GET_KEYS },
      },
    );
    expect(await publicOnPost.json()).toEqual(invalid);
    expect(await m.get('/balance', { 'api-key': SANDBOX_KEYS.apiKey, 'public-key': 'PK_wrong' })).toEqual(
      invalid,
    );
    expect(await m.get('/balance', POST_KEYS)).toEqual(invalid);
    expect(await m.get('/balance', {})).toEqual(invalid);
    // Nothing was vended by the refused POST.
    expect(await m.requery(body.request_id)).toMatchObject({ code: '015' });
  });

  it('018 when the vend is above the balance; nothing is recorded', async () => {
    const m = await mock({ balance: 150 });
    const id = rid();
    expect(await m.airtime(SANDBOX_NUMBERS.delivered, 200, id)).toEqual({
      code: '018',
      response_description: 'LOW WALLET BALANCE',
    });
    expect((await m.requery(id)).code).toBe('015');
    expect((await m.airtime(SANDBOX_NUMBERS.delivered, 150)).code).toBe('000');
    expect((await m.get('/balance')).contents.balance).toBe(0);
  });

  it('011 for missing arguments, 012 for an unknown serviceID', async () => {
    const m = await mock();
    expect(
      (await m.pay({ request_id: rid(), serviceID: 'mtn', phone: SANDBOX_NUMBERS.delivered })).code,
    ).toBe('011');
    expect((await m.pay({ serviceID: 'mtn', amount: 100, phone: SANDBOX_NUMBERS.delivered })).code).toBe(
      '011',
    );
    expect(
      (
        await m.pay({
          request_id: rid(),
          serviceID: 'visafone',
          amount: 100,
          phone: SANDBOX_NUMBERS.delivered,
        })
      ).code,
    ).toBe('012');
  });
});

describe('data', () => {
  it('service-variations lists the documented MTN plans (public-key GET)', async () => {
    const m = await mock();
    const r = await m.get('/service-variations?serviceID=mtn-data');
    expect(r).toMatchObject({
      response_description: '000',
      content: { ServiceName: 'MTN Data', serviceID: 'mtn-data' },
    });
    expect(r.content.variations[0]).toEqual({
      variation_code: 'mtn-10mb-100',
      name: 'N100 100MB - 24 hrs',
      variation_amount: '100.00',
      fixedPrice: 'Yes',
    });
    expect((await m.get('/service-variations?serviceID=nope')).code).toBe('012');
  });

  it('a data vend charges the plan price, serves billersCode, and 010 refuses an unknown plan', async () => {
    const m = await mock({ balance: 5000 });
    const base = { serviceID: 'mtn-data', phone: '08000000000', billersCode: SANDBOX_NUMBERS.delivered };
    const r = await m.pay({ ...base, request_id: rid(), variation_code: 'mtn-100mb-1000', amount: 1 });
    expect(r).toMatchObject({
      code: '000',
      amount: 1000,
      content: {
        transactions: { status: 'delivered', product_name: 'MTN Data', unique_element: '08011111111' },
      },
    });
    expect((await m.get('/balance')).contents.balance).toBe(4000);
    expect(await m.pay({ ...base, request_id: rid(), variation_code: 'mtn-nope' })).toEqual({
      code: '010',
      response_description: 'VARIATION CODE DOES NOT EXIST',
    });
    const failed = await m.pay({
      ...base,
      billersCode: '08022222222',
      request_id: rid(),
      variation_code: 'mtn-10mb-100',
    });
    expect(failed.code).toBe('016');
  });

  it('opts.variations replaces a serviceID plan list (airtel-data has none by default)', async () => {
    const plan = {
      variation_code: 'airt-test',
      name: 'test plan',
      variation_amount: '50.00',
      fixedPrice: 'Yes' as const,
    };
    const m = await mock({ variations: { 'airtel-data': [plan] } });
    expect((await m.get('/service-variations?serviceID=airtel-data')).content.variations).toEqual([plan]);
    const r = await m.pay({
      request_id: rid(),
      serviceID: 'airtel-data',
      phone: '08000000000',
      billersCode: SANDBOX_NUMBERS.delivered,
      variation_code: 'airt-test',
    });
    expect(r).toMatchObject({ code: '000', amount: 50 });
  });
});

describe('callback', () => {
  async function receiver(replies: unknown[]) {
    const received: unknown[] = [];
    const server: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push(JSON.parse(body));
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(replies.shift() ?? { response: 'success' }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    closers.push(() => new Promise((r) => server.close(r)));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/vtpass`, received };
  }

  it('a pending vend that settles is POSTed as a transaction-update to callbackUrl', async () => {
    const hook = await receiver([]);
    const m = await mock({ callbackUrl: hook.url });
    const id = rid();
    await m.airtime(SANDBOX_NUMBERS.delivered); // delivered at once: no callback
    await m.airtime(SANDBOX_NUMBERS.pending, 300, id);
    await m.requery(id);
    await Promise.all([...m.app.vtpass.callbacks]);
    expect(hook.received).toHaveLength(1);
    expect(hook.received[0]).toMatchObject({
      type: 'transaction-update',
      data: {
        code: '000',
        requestId: id,
        amount: 300,
        response_description: 'TRANSACTION DELIVERED',
        content: { transactions: { status: 'delivered', unique_element: SANDBOX_NUMBERS.pending } },
      },
    });
  });

  it('the callback is retried until the receiver answers {"response":"success"}, 5 times at most', async () => {
    const hook = await receiver([{ ok: true }, { response: 'nope' }]);
    const m = await mock({ callbackUrl: hook.url });
    const id = rid();
    await m.airtime(SANDBOX_NUMBERS.pending, 100, id);
    await m.requery(id);
    await Promise.all([...m.app.vtpass.callbacks]);
    expect(hook.received).toHaveLength(3);

    const never = await receiver([{}, {}, {}, {}, {}, {}, {}]);
    const m2 = await mock({ callbackUrl: never.url });
    const id2 = rid();
    await m2.airtime(SANDBOX_NUMBERS.pending, 100, id2);
    await m2.requery(id2);
    await Promise.all([...m2.app.vtpass.callbacks]);
    expect(never.received).toHaveLength(5);
  });
});
