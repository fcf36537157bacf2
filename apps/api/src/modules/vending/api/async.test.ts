// `Prefer: respond-async` on the vending API: the answer comes once the wallet is debited, before
// the network; the network is called after it exactly as it would have been; retries and a
// closing server behave. The simulator answers after 400 ms here, so a synchronous answer could
// not be PENDING for a number that succeeds at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCorporate, type TestUser } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/harness';
import { vendsSettled } from '../lifecycle/place-vend.service';
import {
  type ApiVendArgs,
  apiKeyFor,
  apiVend,
  assignDefaults,
  balances,
  expectBooksBalanced,
  fund,
  newRef,
} from '../vending.testing';
import { prefersAsync } from './api-shared';

let t: TestApp;
let corp: TestUser & { corporateId: string };
let key: string;

const vendCall = (body: ApiVendArgs, prefer?: string) =>
  apiVend(t.app, key, body, { headers: prefer ? { prefer } : {} });
const read = async (reference: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/api/vend/${reference}`,
      headers: { 'x-api-key': key },
    })
  ).json().data;
async function finalOf(reference: string) {
  const until = Date.now() + 10_000;
  for (;;) {
    const v = await read(reference);
    if (v.status !== 'PENDING' || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  t = await buildTestApp({ env: { SIMULATOR_LATENCY_MS: '400' } });
  corp = await createCorporate(t.app);
  await assignDefaults(t.app, corp.corporateId);
  await fund(t.app, corp.corporateId, 1_000_000);
  key = await apiKeyFor(t.app, corp.corporateId);
});
afterAll(() => t.close());

describe('[API] Prefer: respond-async', () => {
  it('[API] reads the preference as RFC 7240 writes it', () => {
    expect(prefersAsync('respond-async')).toBe(true);
    expect(prefersAsync('wait=10, Respond-Async')).toBe(true);
    expect(prefersAsync(['return=minimal', 'respond-async; foo=1'])).toBe(true);
    expect(prefersAsync('wait=10')).toBe(false);
    expect(prefersAsync('respond-asynchronously')).toBe(false);
    expect(prefersAsync(undefined)).toBe(false);
  });

  it('[API] answers 202 PENDING once debited; the vend then succeeds as it would have', async () => {
    const before = (await balances(t.app, corp.corporateId)).wallet;
    const reference = newRef('ASYNC');
    const res = await vendCall({ reference }, 'respond-async');
    expect(res.statusCode, res.body).toBe(202);
    expect(res.headers['preference-applied']).toBe('respond-async');
    const data = res.json().data;
    expect(data.status).toBe('PENDING');
    expect(res.json().message).toMatch(/^Vend pending/);
    // The debit is posted before the answer.
    expect((await balances(t.app, corp.corporateId)).wallet).toBe(before - data.chargedKobo);
    const done = await finalOf(reference);
    expect(done.status).toBe('SUCCESSFUL');
    expect(done.completedAt).toBeTruthy();
    expect((await balances(t.app, corp.corporateId)).wallet).toBe(before - data.chargedKobo);
  });

  it('[API] a retry answers the vend as it stands without waiting, and never vends twice', async () => {
    const before = (await balances(t.app, corp.corporateId)).wallet;
    const reference = newRef('ASYNC');
    const first = await vendCall({ reference }, 'respond-async');
    expect(first.statusCode).toBe(202);
    const again = await vendCall({ reference }, 'respond-async');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['preference-applied']).toBe('respond-async');
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(again.json().data.status).toBe('PENDING');
    // A retry that waits gets the outcome.
    const waited = await vendCall({ reference });
    expect(waited.statusCode).toBe(200);
    expect(waited.json().data.status).toBe('SUCCESSFUL');
    expect(waited.headers['preference-applied']).toBeUndefined();
    // A different body under the reference is still refused.
    expect((await vendCall({ reference, amount: '200' }, 'respond-async')).statusCode).toBe(409);
    expect((await balances(t.app, corp.corporateId)).wallet).toBe(before - first.json().data.chargedKobo);
  });

  it('[API] a definite failure after the answer reverses the debit', async () => {
    const before = (await balances(t.app, corp.corporateId)).wallet;
    const reference = newRef('ASYNC');
    const res = await vendCall({ reference, phone: '+2348000000002', network: 'MTN' }, 'respond-async');
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data.status).toBe('PENDING');
    expect((await balances(t.app, corp.corporateId)).wallet).toBe(before - res.json().data.chargedKobo);
    const done = await finalOf(reference);
    expect(done.status).toBe('FAILED');
    expect((await balances(t.app, corp.corporateId)).wallet).toBe(before);
  });

  it('[API] without the preference the answer waits for the network, as before', async () => {
    const res = await vendCall({ reference: newRef('SYNC') }, 'wait=5');
    expect(res.statusCode).toBe(200);
    expect(res.headers['preference-applied']).toBeUndefined();
    expect(res.json().data.status).toBe('SUCCESSFUL');
  });

  it('[API] a closing server waits for the deliveries it answered early', async () => {
    const references = Array.from({ length: 5 }, () => newRef('ASYNC'));
    const answers = await Promise.all(
      references.map((reference) => vendCall({ reference }, 'respond-async')),
    );
    for (const a of answers) expect(a.json().data.status).toBe('PENDING');
    // What app.close() awaits: every vend started on this database has its outcome.
    await vendsSettled(t.app.ctx.db, 5_000);
    for (const reference of references) expect((await read(reference)).status).toBe('SUCCESSFUL');
    await expectBooksBalanced(t.app);
  });
});

describe('[API] Prefer: respond-async, past ASYNC_VEND_LIMIT', () => {
  it('[API] a vend past the limit is answered with its outcome, as without the header', async () => {
    const small = await buildTestApp({ env: { SIMULATOR_LATENCY_MS: '400', ASYNC_VEND_LIMIT: '1' } });
    try {
      const c = await createCorporate(small.app);
      await assignDefaults(small.app, c.corporateId);
      await fund(small.app, c.corporateId, 1_000_000);
      const k = await apiKeyFor(small.app, c.corporateId);
      const call = () =>
        apiVend(small.app, k, { reference: newRef('LIMIT') }, { headers: { prefer: 'respond-async' } });
      const first = await call();
      expect(first.statusCode).toBe(202);
      // The first delivery is still running (400 ms): the second waits for its own.
      const second = await call();
      expect(second.statusCode).toBe(200);
      expect(second.json().data.status).toBe('SUCCESSFUL');
      expect(second.headers['preference-applied']).toBeUndefined();
      await vendsSettled(small.app.ctx.db, 5_000);
      // Once it is done, the next one is answered early again.
      expect((await call()).statusCode).toBe(202);
      await vendsSettled(small.app.ctx.db, 5_000);
      await expectBooksBalanced(small.app);
    } finally {
      await small.close();
    }
  });
});
