// Vending through the Reloadly stand-in (mocks/reloadly, written from Reloadly's documentation):
// a top-up keyed by the attempt's request id, PHONE_RECENTLY_RECHARGED ending the vend without
// failover, PROCESSING settled by a signed callback's check, REFUNDED undoing a pending vend, a
// lost answer found again through the transactions report, and refused signatures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS, startReloadlyMock } from '../../../../../../mocks/reloadly/server';
import { runDueJobs } from '../../../jobs';
import { createAdmin, type TestUser } from '../../../test/factories';
import { apiAs, buildTestApp, type TestApp } from '../../../test/harness';
import { signReloadlyWebhook } from '../../providers';
import {
  apiVend,
  balances,
  expectBooksBalanced,
  newRef,
  reloadlyEnv,
  vendingClient,
} from '../vending.testing';
import { requeryVend } from './requery.service';

const SECRET = 'reloadly-webhook-secret-for-tests';
let t: TestApp;
let mock: Awaited<ReturnType<typeof startReloadlyMock>>;
let admin: TestUser;
let corp: TestUser & { corporateId: string };
let key: string;
const api = apiAs(() => t);
const later = (ms: number) => new Date(Date.now() + ms);

beforeAll(async () => {
  mock = await startReloadlyMock({ port: 0, timeoutDelayMs: 4_000 });
  t = await buildTestApp({
    env: reloadlyEnv(mock.url, SANDBOX_CREDENTIALS, { RELOADLY_WEBHOOK_SECRET: SECRET }),
  });
  admin = await createAdmin(t.app);
  ({ corp, key } = await vendingClient(t.app, 'Reload Partners Ltd'));
});
afterAll(async () => {
  await t?.close();
  await mock?.close();
});

const detail = async (id: string) => (await api('GET', `vend/${id}`, admin)).json().data;
const vendVia = (phone: string, amount = 500) => apiVend(t.app, key, { phone, network: 'MTN', amount });

function signed(body: unknown, o: { secret?: string; ageS?: number } = {}) {
  const raw = JSON.stringify(body);
  const timestamp = String(Date.now() - (o.ageS ?? 0) * 1000);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/providers/reloadly/callback',
    headers: {
      'content-type': 'application/json',
      'x-reloadly-request-timestamp': timestamp,
      'x-reloadly-signature': signReloadlyWebhook({ rawBody: raw, timestamp, secret: o.secret ?? SECRET }),
    },
    payload: raw,
  });
}

describe('[RELOADLY] vending through Reloadly', () => {
  it('[RELOADLY] a successful top-up: one attempt whose request id is the top-up customIdentifier', async () => {
    const v = (await vendVia('08031234567')).json().data;
    expect(v.status).toBe('SUCCESSFUL');
    const d = await detail(v.id);
    expect(d.admin).toMatchObject({ provider: 'RELOADLY', route: 'AGGREGATOR:RELOADLY' });
    expect(d.attempts).toHaveLength(1);
    const a = d.attempts[0];
    expect(a).toMatchObject({ provider: 'RELOADLY', status: 'SUCCESSFUL', requestId: v.code });
    expect(mock.state.byCustomIdentifier.get(v.code)?.transactionId).toBe(Number(a.providerReference));
    await expectBooksBalanced(t.app);
  });

  it('[RELOADLY] PHONE_RECENTLY_RECHARGED is the recipient: FAILED, no failover, the wallet refunded', async () => {
    const before = await balances(t.app, corp.corporateId);
    const v = (await vendVia('08030000001')).json().data;
    expect(v.status).toBe('FAILED');
    const d = await detail(v.id);
    expect(d.admin.route).toBe('AGGREGATOR:RELOADLY');
    expect(d.attempts).toEqual([expect.objectContaining({ status: 'FAILED', failureKind: 'RECIPIENT' })]);
    expect((await balances(t.app, corp.corporateId)).wallet).toBe(before.wallet);
  });

  it('[RELOADLY] INSUFFICIENT_BALANCE is the provider: the simulator behind it delivers', async () => {
    const v = (await vendVia('08030000002')).json().data;
    expect(v.status).toBe('SUCCESSFUL');
    const d = await detail(v.id);
    expect(d.admin.route).toBe('AGGREGATOR:SIMULATOR');
    expect(d.attempts).toEqual([expect.objectContaining({ status: 'FAILED', failureKind: 'PROVIDER' })]);
  });

  it('[RELOADLY] PROCESSING stays PENDING; a signed callback schedules the status check that settles it', async () => {
    const v = (await vendVia('08030000003')).json().data;
    expect(v.status).toBe('PENDING');
    const a = (await detail(v.id)).attempts[0];
    expect(a.status).toBe('UNKNOWN');
    const res = await signed({
      data: {
        transactionId: Number(a.providerReference),
        customIdentifier: a.requestId,
        status: 'SUCCESSFUL',
      },
    });
    expect(res.statusCode).toBe(200);
    expect((await detail(v.id)).status).toBe('PENDING');
    await runDueJobs(t.app.ctx, { now: later(1_000) });
    expect((await detail(v.id)).status).toBe('SUCCESSFUL');
    await expectBooksBalanced(t.app);
  });

  it('[RELOADLY] a REFUNDED top-up undoes the pending vend', async () => {
    const before = await balances(t.app, corp.corporateId);
    const v = (await vendVia('08030000005')).json().data;
    expect(v.status).toBe('PENDING');
    const r = await requeryVend(t.app.ctx, v.id);
    expect(r.vend.status).toBe('FAILED');
    expect((await balances(t.app, corp.corporateId)).wallet).toBe(before.wallet);
    await expectBooksBalanced(t.app);
  });

  it('[RELOADLY] an answer lost to a timeout is found through the transactions report, never resent', async () => {
    const v = (await vendVia('08030000008')).json().data;
    expect(v.status).toBe('PENDING');
    let d = await detail(v.id);
    expect(d.admin.route).toBe('AGGREGATOR:RELOADLY');
    expect(d.attempts[0].providerReference).toBeNull();
    const topups = () => mock.state.requests.filter((q) => q.method === 'POST' && q.url === '/topups').length;
    const sentBefore = topups();
    const r = await requeryVend(t.app.ctx, v.id);
    expect(r.vend.status).toBe('SUCCESSFUL');
    d = await detail(v.id);
    expect(d.attempts).toHaveLength(1);
    expect(d.attempts[0].providerReference).toBeTruthy();
    // The requery asked; it did not top up again.
    expect(topups()).toBe(sentBefore);
    expect(mock.state.requests.some((q) => q.url.startsWith('/topups/reports/transactions'))).toBe(true);
    expect(String(mock.state.byCustomIdentifier.get(v.code)?.transactionId)).toBe(
      d.attempts[0].providerReference,
    );
  });

  it('[RELOADLY] callbacks with a wrong signature, an old timestamp or no signature are refused (401)', async () => {
    const body = { data: { customIdentifier: 'VND-NOPE' } };
    expect((await signed(body, { secret: 'wrong-secret-wrong-secret' })).statusCode).toBe(401);
    expect((await signed(body, { ageS: 3600 })).statusCode).toBe(401);
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/v1/providers/reloadly/callback',
      payload: body,
    });
    expect(bare.statusCode).toBe(401);
    // Signed but about nothing of ours: acknowledged, nothing scheduled.
    expect((await signed(body)).statusCode).toBe(200);
  });

  it('[RELOADLY] 20 concurrent requests with one reference: one vend, one debit, one top-up', async () => {
    const before = await balances(t.app, corp.corporateId);
    const topupsBefore = mock.state.byCustomIdentifier.size;
    const reference = newRef('RLD-RACE');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        apiVend(t.app, key, { reference, phone: '08031234568', network: 'MTN', amount: 300 }),
      ),
    );
    const ids = new Set(answers.map((r) => r.json().data?.id));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(ids.size).toBe(1);
    expect(mock.state.byCustomIdentifier.size).toBe(topupsBefore + 1);
    expect((await balances(t.app, corp.corporateId)).wallet).toBe(before.wallet - 30_000);
    await expectBooksBalanced(t.app);
  });
});
