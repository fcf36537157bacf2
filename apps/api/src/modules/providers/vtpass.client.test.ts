// The VTpass client against the local stand-in (mocks/vtpass) on a free port: each sandbox number's
// documented event, the coded refusals, the deadline, a closed port, and the request id's Lagos stamp.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_KEYS, startVtpassMock } from '../../../../../mocks/vtpass/server';
import { createVtpassClient, type VtpassClientOptions, vtpassRequestId } from './vtpass.client';

const CLIENT_TIMEOUT_MS = 300;

let mock: Awaited<ReturnType<typeof startVtpassMock>>;

beforeAll(async () => {
  // The timeout number answers well after the client's deadline.
  mock = await startVtpassMock({ port: 0, timeoutDelayMs: CLIENT_TIMEOUT_MS * 10 });
});

afterAll(async () => {
  await mock?.app.close();
});

function client(overrides: Partial<VtpassClientOptions> = {}) {
  return createVtpassClient({
    baseUrl: mock.baseUrl,
    ...SANDBOX_KEYS,
    timeoutMs: CLIENT_TIMEOUT_MS,
    ...overrides,
  });
}

const newId = () => vtpassRequestId(new Date(), `VND${randomUUID().replaceAll('-', '').slice(0, 12)}`);
const airtime = (phone: string, requestId = newId()) => ({
  requestId,
  serviceID: 'mtn',
  amountNaira: 100,
  phone,
});

describe('VTpass client: pay and requery', () => {
  it('a delivered vend (08011111111) is SUCCESSFUL and debits the wallet', async () => {
    const before = mock.app.vtpass.balance;
    const { answer, outcome } = await client().pay(airtime('08011111111'));
    expect(outcome.outcome).toBe('SUCCESSFUL');
    expect(answer).toMatchObject({ httpStatus: 200, body: { code: '000' } });
    expect(mock.app.vtpass.balance).toBe(before - 100);
  });

  it('a data vend sends billersCode and variation_code and is SUCCESSFUL', async () => {
    const plans = await client().serviceVariations('mtn-data');
    expect(plans.ok).toBe(true);
    if (!plans.ok) return;
    const plan = plans.data.variations[0];
    const { outcome } = await client().pay({
      requestId: newId(),
      serviceID: 'mtn-data',
      phone: '08011111111',
      billersCode: '08011111111',
      variationCode: plan.variation_code,
    });
    expect(outcome.outcome).toBe('SUCCESSFUL');
  });

  it('a pending vend (201000000000) is UNKNOWN, and its requery is SUCCESSFUL', async () => {
    const c = client();
    const requestId = newId();
    const paid = await c.pay(airtime('201000000000', requestId));
    expect(paid.outcome).toMatchObject({ outcome: 'UNKNOWN' });
    expect(paid.outcome.detail).toContain('pending');
    const requeried = await c.requery(requestId);
    expect(requeried.outcome.outcome).toBe('SUCCESSFUL');
  });

  it('an unexpected answer (500000000000, an HTML body) is UNKNOWN, with the raw text kept', async () => {
    const { answer, outcome } = await client().pay(airtime('500000000000'));
    expect(outcome).toEqual({ outcome: 'UNKNOWN', detail: 'VTpass answer does not parse' });
    expect(answer).toMatchObject({ httpStatus: 200 });
    expect((answer as { body: unknown }).body).toEqual(expect.stringContaining('<html>'));
  });

  it('an answer later than the deadline (300000000000) is UNKNOWN, not an exception', async () => {
    const started = Date.now();
    const { answer, outcome } = await client().pay(airtime('300000000000'));
    expect(Date.now() - started).toBeLessThan(CLIENT_TIMEOUT_MS * 5);
    expect(answer).toEqual({ noAnswer: true, reason: `timed out after ${CLIENT_TIMEOUT_MS} ms` });
    expect(outcome.outcome).toBe('UNKNOWN');
  });

  it('no answer at all (400000000000) is UNKNOWN once the deadline passes', async () => {
    const { answer, outcome } = await client().pay(airtime('400000000000'));
    expect(answer).toMatchObject({ noAnswer: true });
    expect(outcome.outcome).toBe('UNKNOWN');
  });

  it('any other number is FAILED (016), the provider side', async () => {
    const { outcome } = await client().pay(airtime('08022222222'));
    expect(outcome).toMatchObject({ outcome: 'FAILED', kind: 'PROVIDER' });
    expect(outcome.detail).toContain('016');
  });

  it('a reused request id is REQUEST_ID_REUSED (014)', async () => {
    const c = client();
    const requestId = newId();
    expect((await c.pay(airtime('08011111111', requestId))).outcome.outcome).toBe('SUCCESSFUL');
    const again = await c.pay(airtime('08011111111', requestId));
    expect(again.outcome).toMatchObject({ outcome: 'REQUEST_ID_REUSED' });
  });

  it('a requery of an id VTpass never saw is NOT_FOUND (015)', async () => {
    const { outcome } = await client().requery(newId());
    expect(outcome).toMatchObject({ outcome: 'NOT_FOUND' });
  });

  it('a 5xx is UNKNOWN', async () => {
    const fake = (async () =>
      new Response('{"code":"016"}', {
        status: 502,
        headers: { 'content-type': 'application/json' },
      })) as typeof fetch;
    const { outcome } = await client({ fetch: fake }).pay(airtime('08011111111'));
    expect(outcome).toEqual({ outcome: 'UNKNOWN', detail: 'HTTP 502' });
  });

  it('a refused connection (a closed port) is UNKNOWN, not an exception', async () => {
    const closed = await startVtpassMock({ port: 0 });
    await closed.app.close();
    const c = client({ baseUrl: closed.baseUrl });
    const paid = await c.pay(airtime('08011111111'));
    expect(paid.answer).toMatchObject({ noAnswer: true });
    expect(paid.outcome.outcome).toBe('UNKNOWN');
    expect((await c.requery(newId())).outcome.outcome).toBe('UNKNOWN');
    expect(await c.balance()).toMatchObject({ ok: false, error: { kind: 'NO_ANSWER' } });
  });
});

describe('VTpass client: keys', () => {
  it('sends secret-key on POST: a wrong secret key is refused (087) and pays nothing', async () => {
    const before = mock.app.vtpass.balance;
    const { answer, outcome } = await client({ secretKey: 'SK_wrong' }).pay(airtime('08011111111'));
    expect(answer).toMatchObject({ body: { code: '087' } });
    // 087 is not a documented answer to pay in vtpass.answers.ts, so it is UNKNOWN, never FAILED.
    expect(outcome.outcome).toBe('UNKNOWN');
    expect(mock.app.vtpass.balance).toBe(before);
  });

  it('sends public-key on GET: a wrong public key is refused (087), a wrong secret key does not matter', async () => {
    expect(await client({ publicKey: 'PK_wrong' }).balance()).toEqual({
      ok: false,
      error: { kind: 'REFUSED', code: '087', detail: 'VTpass 087 INVALID CREDENTIALS' },
    });
    expect((await client({ secretKey: 'SK_wrong' }).balance()).ok).toBe(true);
  });

  it('a wrong api key is refused on both', async () => {
    const c = client({ apiKey: 'wrong' });
    expect(await c.serviceVariations('mtn-data')).toMatchObject({
      ok: false,
      error: { kind: 'REFUSED', code: '087' },
    });
    expect((await c.requery(newId())).answer).toMatchObject({ body: { code: '087' } });
  });
});

describe('VTpass client: balance and service variations', () => {
  it('reads the balance in naira', async () => {
    expect(await client().balance()).toEqual({ ok: true, data: { balanceNaira: mock.app.vtpass.balance } });
  });

  it('reads a data service’s plans', async () => {
    const result = await client().serviceVariations('mtn-data');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.serviceID).toBe('mtn-data');
    expect(result.data.variations.length).toBeGreaterThan(0);
  });

  it('an unknown service is a typed refusal (012)', async () => {
    expect(await client().serviceVariations('no-such-service')).toMatchObject({
      ok: false,
      error: { kind: 'REFUSED', code: '012' },
    });
  });

  it('a body that is not JSON is UNPARSEABLE', async () => {
    const fake = (async () => new Response('<html></html>', { status: 200 })) as typeof fetch;
    expect(await client({ fetch: fake }).balance()).toMatchObject({
      ok: false,
      error: { kind: 'UNPARSEABLE' },
    });
  });
});

describe('vtpassRequestId', () => {
  it('starts with the Lagos date and time as YYYYMMDDHHmm, then the vend code', () => {
    expect(vtpassRequestId(new Date('2026-03-14T09:05:59Z'), 'VND-ABC123')).toBe('202603141005VND-ABC123');
  });

  it('23:30 UTC is already the next day in Lagos (and the next month, and year)', () => {
    expect(vtpassRequestId(new Date('2026-12-31T23:30:00Z'), 'X1')).toBe('202701010030X1');
  });
});
