// The Reloadly stand-in answers as Reloadly's documentation says: tokens and their expiry, auto-detect by
// prefix, each scenario number, PROCESSING top-ups settling on status, the report by customIdentifier and the
// balance. Real sockets on 127.0.0.1, so destroyed and late answers are what a client sees.
import { afterEach, describe, expect, it } from 'vitest';
import {
  type ReloadlyMockOptions,
  SANDBOX_CREDENTIALS,
  SCENARIO_NUMBERS,
  startReloadlyMock,
} from './server.ts';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()?.();
});

let seq = 0;
const ref = () => `ref-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

async function mock(opts: ReloadlyMockOptions = {}) {
  const m = await startReloadlyMock(opts);
  closers.push(m.close);
  const tokenWith = (body: Record<string, unknown>) =>
    fetch(`${m.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const creds = {
    client_id: SANDBOX_CREDENTIALS.clientId,
    client_secret: SANDBOX_CREDENTIALS.clientSecret,
    grant_type: 'client_credentials',
    audience: m.url,
  };
  const token = async () =>
    ((await (await tokenWith(creds)).json()) as { access_token: string }).access_token;
  const api = async (method: string, path: string, bearer: string, body?: unknown) => {
    const res = await fetch(`${m.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${bearer}`,
        accept: 'application/com.reloadly.topups-v1+json',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const topup = async (bearer: string, number: string, amount = 100, customIdentifier = ref()) =>
    api('POST', '/topups', bearer, {
      operatorId: 341,
      amount,
      useLocalAmount: true,
      customIdentifier,
      recipientPhone: { countryCode: 'NG', number },
    });
  return { ...m, tokenWith, creds, token, api, topup };
}

describe('tokens', () => {
  it('issues a bearer token with expires_in, and refuses wrong credentials with 401', async () => {
    const m = await mock({ tokenTtlSeconds: 60 });
    const res = await m.tokenWith(m.creds);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      token_type: 'Bearer',
      expires_in: 60,
      access_token: expect.any(String),
    });
    const wrong = await m.tokenWith({ ...m.creds, client_secret: 'nope' });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ errorCode: 'INVALID_CREDENTIALS', path: '/oauth/token' });
    expect(m.state.lastAudience).toBe(m.url);
  });

  it('an absent or unknown token is 401 INVALID_TOKEN; an expired one 401 TOKEN_EXPIRED', async () => {
    let clock = 1_000_000;
    const m = await mock({ tokenTtlSeconds: 10, now: () => clock });
    expect(await m.api('GET', '/accounts/balance', 'made-up')).toMatchObject({
      status: 401,
      body: {
        errorCode: 'INVALID_TOKEN',
        message: 'Full authentication is required to access this resource',
      },
    });
    const t = await m.token();
    expect((await m.api('GET', '/accounts/balance', t)).status).toBe(200);
    clock += 10_000;
    expect(await m.api('GET', '/accounts/balance', t)).toMatchObject({
      status: 401,
      body: { errorCode: 'TOKEN_EXPIRED', path: '/accounts/balance' },
    });
  });

  it('rejectNextToken refuses the next call once and expires that token; a new token works', async () => {
    const m = await mock();
    const t = await m.token();
    m.rejectNextToken();
    expect((await m.api('GET', '/accounts/balance', t)).body).toMatchObject({ errorCode: 'TOKEN_EXPIRED' });
    expect((await m.api('GET', '/accounts/balance', t)).status).toBe(401);
    expect((await m.api('GET', '/accounts/balance', await m.token())).status).toBe(200);
  });
});

describe('auto-detect', () => {
  it.each([
    ['08031234567', 341, 'MTN Nigeria'],
    ['2348021234567', 342, 'Airtel Nigeria'],
    ['+2348051234567', 344, 'Glo Nigeria'],
    ['8091234567', 340, '9mobile Nigeria'],
  ])('%s is %s %s', async (phone, operatorId, name) => {
    const m = await mock();
    const r = await m.api(
      'GET',
      `/operators/auto-detect/phone/${encodeURIComponent(phone)}/countries/NG`,
      await m.token(),
    );
    expect(r).toMatchObject({ status: 200, body: { operatorId, name, country: { isoName: 'NG' } } });
  });

  it('an unknown prefix or another country is COULD_NOT_AUTO_DETECT_OPERATOR', async () => {
    const m = await mock();
    const t = await m.token();
    for (const path of [
      '/operators/auto-detect/phone/01000000000/countries/NG',
      '/operators/auto-detect/phone/08031234567/countries/GH',
    ]) {
      expect((await m.api('GET', path, t)).body).toMatchObject({
        errorCode: 'COULD_NOT_AUTO_DETECT_OPERATOR',
      });
    }
  });
});

describe('top-ups', () => {
  it('an ordinary number is SUCCESSFUL with the documented shape and debits the balance', async () => {
    const m = await mock({ balance: 1000 });
    const t = await m.token();
    const r = await m.topup(t, '08031234567', 250, 'order-1');
    expect(r).toMatchObject({
      status: 200,
      body: {
        transactionId: expect.any(Number),
        status: 'SUCCESSFUL',
        customIdentifier: 'order-1',
        recipientPhone: '2348031234567',
        countryCode: 'NG',
        operatorId: 341,
        requestedAmount: 250,
        requestedAmountCurrencyCode: 'NGN',
        balanceInfo: { oldBalance: 1000, newBalance: 750, cost: 250, currencyCode: 'NGN' },
      },
    });
    expect((await m.api('GET', '/accounts/balance', t)).body).toMatchObject({
      balance: 750,
      currencyCode: 'NGN',
    });
  });

  it('the refusing numbers answer 400 with their code and record nothing', async () => {
    const m = await mock({ balance: 1000 });
    const t = await m.token();
    expect(await m.topup(t, SCENARIO_NUMBERS.recentlyRecharged)).toMatchObject({
      status: 400,
      body: { errorCode: 'PHONE_RECENTLY_RECHARGED', path: '/topups', infoLink: null, details: [] },
    });
    expect((await m.topup(t, SCENARIO_NUMBERS.insufficientBalance)).body).toMatchObject({
      errorCode: 'INSUFFICIENT_BALANCE',
    });
    expect((await m.topup(t, '08031234567', 5000)).body).toMatchObject({ errorCode: 'INSUFFICIENT_BALANCE' });
    expect((await m.topup(t, '0803123')).body).toMatchObject({ errorCode: 'INVALID_RECIPIENT_PHONE' });
    expect(m.state.topups.size).toBe(0);
    expect(m.state.balance).toBe(1000);
  });

  it.each([
    [SCENARIO_NUMBERS.processingThenSuccessful, 'SUCCESSFUL', 900],
    [SCENARIO_NUMBERS.processingThenFailed, 'FAILED', 1000],
    [SCENARIO_NUMBERS.processingThenRefunded, 'REFUNDED', 1000],
  ])('%s is PROCESSING, then %s on status (balance %s)', async (number, settled, balance) => {
    const m = await mock({ balance: 1000, settleAfter: 2 });
    const t = await m.token();
    const r = await m.topup(t, number);
    expect(r.body).toMatchObject({ status: 'PROCESSING' });
    const status = () => m.api('GET', `/topups/${r.body.transactionId}/status`, t);
    expect((await status()).body).toMatchObject({ status: 'PROCESSING' });
    expect((await status()).body).toMatchObject({ status: settled });
    expect((await status()).body).toMatchObject({ status: settled });
    expect(m.state.balance).toBe(balance);
  });

  it('500 is an internal error with nothing recorded', async () => {
    const m = await mock();
    expect((await m.topup(await m.token(), SCENARIO_NUMBERS.http500)).status).toBe(500);
    expect(m.state.topups.size).toBe(0);
  });

  it('the no-answer number destroys the connection and records nothing', async () => {
    const m = await mock();
    await expect(m.topup(await m.token(), SCENARIO_NUMBERS.noAnswer)).rejects.toThrow();
    expect(m.state.topups.size).toBe(0);
  });

  it('the timeout number records the top-up at once and answers after timeoutDelayMs', async () => {
    const m = await mock({ timeoutDelayMs: 200 });
    const t = await m.token();
    const started = Date.now();
    const pending = m.topup(t, SCENARIO_NUMBERS.timeout, 100, 'late-1');
    await new Promise((r) => setTimeout(r, 50));
    expect(m.state.byCustomIdentifier.get('late-1')?.status).toBe('SUCCESSFUL');
    expect((await pending).body).toMatchObject({ status: 'SUCCESSFUL', customIdentifier: 'late-1' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('a reused customIdentifier is refused with 409 and debits nothing', async () => {
    const m = await mock({ balance: 1000 });
    const t = await m.token();
    await m.topup(t, '08031234567', 100, 'dup');
    expect(await m.topup(t, '08031234567', 100, 'dup')).toMatchObject({
      status: 409,
      body: { errorCode: 'DUPLICATE_CUSTOM_IDENTIFIER' },
    });
    expect(m.state.balance).toBe(900);
  });

  it('the status of an unknown transaction is 404', async () => {
    const m = await mock();
    expect((await m.api('GET', '/topups/42/status', await m.token())).status).toBe(404);
  });
});

describe('transactions report', () => {
  it('filters by customIdentifier, newest first, paged', async () => {
    const m = await mock();
    const t = await m.token();
    await m.topup(t, '08031234567', 100, 'a');
    await m.topup(t, '08021234567', 100, 'b');
    await m.topup(t, '08051234567', 100, 'c');
    const one = await m.api('GET', '/topups/reports/transactions?customIdentifier=b', t);
    expect(one.body).toMatchObject({
      totalElements: 1,
      content: [{ customIdentifier: 'b', recipientPhone: '2348021234567' }],
    });
    const none = await m.api('GET', '/topups/reports/transactions?customIdentifier=zzz', t);
    expect(none.body).toMatchObject({ content: [], totalElements: 0 });
    const page = await m.api('GET', '/topups/reports/transactions?page=1&size=2', t);
    expect((page.body.content as { customIdentifier: string }[]).map((x) => x.customIdentifier)).toEqual([
      'c',
      'b',
    ]);
  });

  it('lists a period by startDate and endDate ([start, end), UTC stamps), and refuses a date it cannot read', async () => {
    let clock = Date.parse('2026-03-01T10:00:00Z');
    const m = await mock({ now: () => clock });
    await m.topup(await m.token(), '08031234567', 100, 'day-one');
    // A day later (the first token has expired by then).
    clock = Date.parse('2026-03-02T10:00:00Z');
    const t = await m.token();
    await m.topup(t, '08021234567', 100, 'day-two');
    const period = async (start: string, end: string) => {
      const q = new URLSearchParams({ startDate: start, endDate: end }).toString();
      const res = await m.api('GET', `/topups/reports/transactions?${q}`, t);
      return (res.body.content as { customIdentifier: string }[]).map((x) => x.customIdentifier);
    };
    expect(await period('2026-03-01 00:00:00', '2026-03-02 00:00:00')).toEqual(['day-one']);
    expect(await period('2026-03-02 00:00:00', '2026-03-03 00:00:00')).toEqual(['day-two']);
    expect(await period('2026-03-01 10:00:00', '2026-03-02 10:00:00')).toEqual(['day-one']);
    const bad = await m.api('GET', '/topups/reports/transactions?startDate=yesterday', t);
    expect(bad).toMatchObject({ status: 400, body: { errorCode: 'INVALID_DATE_RANGE' } });
  });

  it('settles a top-up later (delivered after a failure, refunded after success) and lists a stranger', async () => {
    const m = await mock({ balance: 1_000 });
    const t = await m.token();
    await m.topup(t, '08031234567', 100, 'later');
    m.settle('later', 'REFUNDED');
    expect(m.state.balance).toBe(1_000);
    m.settle('later', 'SUCCESSFUL');
    expect(m.state.balance).toBe(900);
    const stranger = m.addForeign('not-ours', 250);
    expect(m.state.balance).toBe(650);
    const listed = await m.api('GET', '/topups/reports/transactions', t);
    expect(listed.body.content).toEqual([
      expect.objectContaining({
        transactionId: stranger.transactionId,
        customIdentifier: 'not-ours',
        status: 'SUCCESSFUL',
      }),
      expect.objectContaining({ customIdentifier: 'later', status: 'SUCCESSFUL' }),
    ]);
  });
});
