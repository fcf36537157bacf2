// The Reloadly client against the local stand-in (mocks/reloadly) on a free port: the token (cache, sharing,
// refresh once on 401), each scenario number, the transactions report after a timeout, balance, and failures
// of the network that must come back as answers, not exceptions.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SANDBOX_CREDENTIALS,
  SCENARIO_NUMBERS,
  startReloadlyMock,
} from '../../../../../mocks/reloadly/server';
import { createReloadlyClient, RELOADLY_TOPUPS_ACCEPT, type ReloadlyClientOptions } from './reloadly.client';

const CLIENT_TIMEOUT_MS = 300;
const ORDINARY = '08031234567';

let mock: Awaited<ReturnType<typeof startReloadlyMock>>;

beforeAll(async () => {
  mock = await startReloadlyMock({ port: 0, timeoutDelayMs: CLIENT_TIMEOUT_MS * 10 });
});

afterAll(async () => {
  await mock?.close();
});

function client(overrides: Partial<ReloadlyClientOptions> = {}) {
  return createReloadlyClient({
    authUrl: mock.url,
    baseUrl: mock.url,
    ...SANDBOX_CREDENTIALS,
    timeoutMs: CLIENT_TIMEOUT_MS,
    ...overrides,
  });
}

const ref = () => `VND-${randomUUID()}`;
const topup = (phone: string, customIdentifier = ref()) => ({
  customIdentifier,
  operatorId: 341,
  amountNaira: 100,
  phone,
});

describe('Reloadly client: token', () => {
  it('asks once with the documented body, then reuses the token until a minute before it expires', async () => {
    let clock = 1_000_000;
    const c = client({ now: () => clock });
    const before = mock.state.tokensIssued;
    expect((await c.balance()).ok).toBe(true);
    expect((await c.balance()).ok).toBe(true);
    expect(mock.state.tokensIssued).toBe(before + 1);
    expect(mock.state.lastAudience).toBe(mock.url);
    clock += 86_400_000 - 61_000;
    await c.balance();
    expect(mock.state.tokensIssued).toBe(before + 1);
    clock += 2_000;
    await c.balance();
    expect(mock.state.tokensIssued).toBe(before + 2);
  });

  it('concurrent callers share one token request', async () => {
    const c = client();
    const before = mock.state.tokensIssued;
    const results = await Promise.all([
      c.balance(),
      c.balance(),
      c.autoDetectOperator(ORDINARY),
      c.balance(),
    ]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(mock.state.tokensIssued).toBe(before + 1);
  });

  it('sends the bearer token and the topups Accept header', async () => {
    await client().balance();
    const last = mock.state.requests.at(-1);
    expect(last).toMatchObject({ url: '/accounts/balance', accept: RELOADLY_TOPUPS_ACCEPT });
    expect(last?.authorization).toMatch(/^Bearer .+/);
  });

  it('a 401 (TOKEN_EXPIRED) fetches a new token and repeats the call once', async () => {
    const c = client();
    await c.balance();
    const before = mock.state.tokensIssued;
    mock.rejectNextToken();
    const paid = await c.topup(topup(ORDINARY));
    expect(paid.outcome.outcome).toBe('SUCCESSFUL');
    expect(mock.state.tokensIssued).toBe(before + 1);
  });

  it('a second 401 is the answer: the top-up was refused, FAILED on the provider side', async () => {
    const c = client();
    mock.rejectNextToken(2);
    const paid = await c.topup(topup(ORDINARY));
    expect(paid.answer).toMatchObject({ httpStatus: 401, body: { errorCode: 'TOKEN_EXPIRED' } });
    expect(paid.outcome).toMatchObject({ outcome: 'FAILED', kind: 'PROVIDER' });
    expect(mock.state.rejectNext).toBe(0);
  });

  it('wrong credentials: balance is a typed refusal, a top-up is never sent (FAILED), status is UNKNOWN', async () => {
    const c = client({ clientSecret: 'wrong' });
    expect(await c.balance()).toMatchObject({
      ok: false,
      error: { kind: 'REFUSED', code: 'INVALID_CREDENTIALS' },
    });
    const paid = await c.topup(topup(ORDINARY));
    expect(paid).toMatchObject({ tokenFailure: true, outcome: { outcome: 'FAILED', kind: 'PROVIDER' } });
    expect((await c.status(1)).outcome.outcome).toBe('UNKNOWN');
    expect((await c.findByCustomIdentifier(ref())).outcome.outcome).toBe('UNKNOWN');
  });
});

describe('Reloadly client: auto-detect', () => {
  it('finds the operator by prefix', async () => {
    expect(await client().autoDetectOperator('+2348021234567')).toEqual({
      ok: true,
      data: { operatorId: 342, name: 'Airtel Nigeria' },
    });
  });

  it('an unknown prefix is a typed refusal', async () => {
    expect(await client().autoDetectOperator('01000000000')).toMatchObject({
      ok: false,
      error: { kind: 'REFUSED', code: 'COULD_NOT_AUTO_DETECT_OPERATOR' },
    });
  });
});

describe('Reloadly client: top-up and status', () => {
  it('an ordinary number is SUCCESSFUL, with its transactionId, and debits the balance', async () => {
    const c = client();
    const before = await c.balance();
    const paid = await c.topup(topup(ORDINARY));
    expect(paid.outcome.outcome).toBe('SUCCESSFUL');
    expect(paid.transactionId).toEqual(expect.any(Number));
    const after = await c.balance();
    expect(before.ok && after.ok && before.data.balance - after.data.balance).toBe(100);
    const sent = mock.state.requests.findLast((r) => r.url === '/topups');
    expect(sent?.accept).toBe(RELOADLY_TOPUPS_ACCEPT);
  });

  it('PHONE_RECENTLY_RECHARGED is FAILED on the recipient side; INSUFFICIENT_BALANCE on the provider side', async () => {
    const c = client();
    expect((await c.topup(topup(SCENARIO_NUMBERS.recentlyRecharged))).outcome).toMatchObject({
      outcome: 'FAILED',
      kind: 'RECIPIENT',
    });
    expect((await c.topup(topup(SCENARIO_NUMBERS.insufficientBalance))).outcome).toMatchObject({
      outcome: 'FAILED',
      kind: 'PROVIDER',
    });
  });

  it.each([
    [SCENARIO_NUMBERS.processingThenSuccessful, 'SUCCESSFUL'],
    [SCENARIO_NUMBERS.processingThenFailed, 'FAILED'],
    [SCENARIO_NUMBERS.processingThenRefunded, 'REVERSED'],
  ])('%s is PROCESSING (UNKNOWN), then its status is %s', async (phone, settled) => {
    const c = client();
    const paid = await c.topup(topup(phone));
    expect(paid.outcome.outcome).toBe('UNKNOWN');
    expect(paid.outcome.detail).toContain('PROCESSING');
    expect((await c.status(paid.transactionId as number)).outcome.outcome).toBe(settled);
  });

  it('HTTP 500 is UNKNOWN', async () => {
    const paid = await client().topup(topup(SCENARIO_NUMBERS.http500));
    expect(paid.outcome).toEqual({ outcome: 'UNKNOWN', detail: 'HTTP 500' });
    expect(paid.transactionId).toBeUndefined();
  });

  it('a destroyed connection is UNKNOWN, and the report then finds nothing (NOT_FOUND)', async () => {
    const c = client();
    const id = ref();
    const paid = await c.topup(topup(SCENARIO_NUMBERS.noAnswer, id));
    expect(paid.answer).toMatchObject({ noAnswer: true });
    expect(paid.outcome.outcome).toBe('UNKNOWN');
    expect((await c.findByCustomIdentifier(id)).outcome.outcome).toBe('NOT_FOUND');
  });

  it('a timeout is UNKNOWN, not an exception; the report then finds the top-up SUCCESSFUL', async () => {
    const c = client();
    const id = ref();
    const started = Date.now();
    const paid = await c.topup(topup(SCENARIO_NUMBERS.timeout, id));
    expect(Date.now() - started).toBeLessThan(CLIENT_TIMEOUT_MS * 5);
    expect(paid.answer).toEqual({ noAnswer: true, reason: `timed out after ${CLIENT_TIMEOUT_MS} ms` });
    expect(paid.outcome.outcome).toBe('UNKNOWN');
    const found = await c.findByCustomIdentifier(id);
    expect(found).toMatchObject({ outcome: { outcome: 'SUCCESSFUL' }, status: 'SUCCESSFUL' });
    expect(mock.state.byCustomIdentifier.get(id)?.transactionId).toBe(found.transactionId);
  });

  it('a reused customIdentifier is refused with an undocumented code: UNKNOWN, never FAILED', async () => {
    const c = client();
    const id = ref();
    expect((await c.topup(topup(ORDINARY, id))).outcome.outcome).toBe('SUCCESSFUL');
    const again = await c.topup(topup(ORDINARY, id));
    expect(again.answer).toMatchObject({ httpStatus: 409 });
    expect(again.outcome.outcome).toBe('UNKNOWN');
  });

  it('the status of an unknown transaction is UNKNOWN', async () => {
    expect((await client().status(999_999_999)).outcome.outcome).toBe('UNKNOWN');
  });
});

describe('Reloadly client: report and balance from odd answers', () => {
  const fake = (status: number, body: unknown) =>
    (async (url: string | URL | Request) =>
      String(url).endsWith('/oauth/token')
        ? Response.json({ access_token: 't', expires_in: 3600 })
        : new Response(typeof body === 'string' ? body : JSON.stringify(body), { status })) as typeof fetch;

  it('a report that ignored the filter is UNKNOWN, not a match', async () => {
    const c = client({
      fetch: fake(200, { content: [{ transactionId: 1, status: 'SUCCESSFUL', customIdentifier: 'x' }] }),
    });
    expect((await c.findByCustomIdentifier('mine')).outcome.outcome).toBe('UNKNOWN');
  });

  it('a report that does not parse, or a 5xx, is UNKNOWN', async () => {
    expect((await client({ fetch: fake(200, '<html>') }).findByCustomIdentifier('a')).outcome.outcome).toBe(
      'UNKNOWN',
    );
    expect((await client({ fetch: fake(503, {}) }).findByCustomIdentifier('a')).outcome.outcome).toBe(
      'UNKNOWN',
    );
  });

  it('a balance that is not JSON is UNPARSEABLE; a bare 403 is HTTP', async () => {
    expect(await client({ fetch: fake(200, '<html>') }).balance()).toMatchObject({
      ok: false,
      error: { kind: 'UNPARSEABLE' },
    });
    expect(await client({ fetch: fake(403, '') }).balance()).toMatchObject({
      ok: false,
      error: { kind: 'HTTP', httpStatus: 403 },
    });
  });

  it('a refused connection (a closed port) is an answer everywhere, not an exception', async () => {
    const closed = await startReloadlyMock({ port: 0 });
    await closed.close();
    const c = client({ authUrl: closed.url, baseUrl: closed.url });
    expect((await c.topup(topup(ORDINARY))).outcome).toMatchObject({ outcome: 'FAILED', kind: 'PROVIDER' });
    expect((await c.status(1)).outcome.outcome).toBe('UNKNOWN');
    expect(await c.balance()).toMatchObject({ ok: false, error: { kind: 'NO_ANSWER' } });
    expect(await c.autoDetectOperator(ORDINARY)).toMatchObject({ ok: false, error: { kind: 'NO_ANSWER' } });
  });
});
