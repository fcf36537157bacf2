// Vending through the VTpass stand-in (mocks/vtpass, written from VTpass's documentation): the
// attempt written before the call with a Lagos-time request id, success, failover on a provider
// failure, no failover on an unknown outcome, the callback as a hint, and a reversal after success
// sent to review (issue 49).

import { formatLagos } from '@vendport/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_KEYS, startVtpassMock } from '../../../../../../mocks/vtpass/server';
import { runDueJobs } from '../../../jobs';
import { createAdmin, createCorporate, TEST_PASSWORD, type TestUser } from '../../../test/factories';
import { apiAs, buildTestApp, type TestApp } from '../../../test/harness';
import { forgetPlatformRoutes, recordProviderBalance } from '../../providers';
import { previousLagosDay } from '../truths/reconcile.service';
import { ageVend, discrepanciesOf, discrepancyAlerts, pastRequeryCooldown } from '../truths/truths.testing';
import {
  apiKeyFor,
  apiVend,
  assignDefaults,
  balances,
  expectBooksBalanced,
  fund,
  newRef,
  prepaidBill,
} from '../vending.testing';
import { checkAtProvider } from './provider-check.service';
import { requeryVend } from './requery.service';

let t: TestApp;
let mock: Awaited<ReturnType<typeof startVtpassMock>>;
let admin: TestUser;
let corp: TestUser & { corporateId: string };
let key: string;
const api = apiAs(() => t);
const later = (ms: number) => new Date(Date.now() + ms);

beforeAll(async () => {
  mock = await startVtpassMock({ port: 0, timeoutDelayMs: 5_000, commissionRate: 0.03 });
  t = await buildTestApp({
    env: {
      VTPASS_BASE_URL: mock.baseUrl,
      VTPASS_API_KEY: SANDBOX_KEYS.apiKey,
      VTPASS_SECRET_KEY: SANDBOX_KEYS.secretKey,
      VTPASS_PUBLIC_KEY: SANDBOX_KEYS.publicKey,
      // VTpass first; the simulator behind it takes what VTpass definitely could not.
      AGGREGATOR_PROVIDERS: 'VTPASS,SIMULATOR',
      PROVIDER_TIMEOUT_MS: '1500',
    },
  });
  admin = await createAdmin(t.app);
  corp = await createCorporate(t.app, { name: 'Upstream Traders Ltd' });
  await assignDefaults(t.app, corp.corporateId);
  await fund(t.app, corp.corporateId, 10_000_000);
  key = await apiKeyFor(t.app, corp.corporateId);
});
afterAll(async () => {
  await t?.close();
  await mock?.app.close();
});

const detail = async (id: string, who: TestUser = admin) => (await api('GET', `vend/${id}`, who)).json().data;
const vendVia = (phone: string, amount = 500) => apiVend(t.app, key, { phone, network: 'MTN', amount });
/** VTpass's transaction-update callback for one of our request ids (a hint, never the truth). */
const vtpassCallback = (requestId: string, status: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/providers/vtpass/callback',
    payload: {
      type: 'transaction-update',
      data: { code: '000', requestId, content: { transactions: { status } } },
    },
  });

describe('[VTPASS] vending through VTpass', () => {
  it('[VTPASS] a delivered answer: SUCCESSFUL, one attempt with a Lagos-time request id, the client sees neither the upstream nor its answer (issue 53 point 4)', async () => {
    const before = await balances(t.app, corp.corporateId);
    const res = await vendVia('08011111111');
    expect(res.statusCode).toBe(200);
    const v = res.json().data;
    expect(v.status).toBe('SUCCESSFUL');
    const d = await detail(v.id);
    expect(d.admin).toMatchObject({ provider: 'VTPASS', route: 'AGGREGATOR:VTPASS' });
    expect(d.attempts).toHaveLength(1);
    const a = d.attempts[0];
    expect(a).toMatchObject({
      position: 0,
      provider: 'VTPASS',
      platform: 'AGGREGATOR',
      status: 'SUCCESSFUL',
    });
    // VTpass's rule: the request id begins with the Africa/Lagos time as YYYYMMDDHHmm.
    expect(a.requestId.slice(0, 8)).toBe(formatLagos(new Date(), 'YYYYMMDD'));
    expect(a.requestId).toContain(v.code.replace('-', ''));
    expect(a.providerReference).toBeTruthy();
    expect(mock.app.vtpass.transactions.get(a.requestId)?.status).toBe('delivered');
    const asClient = await detail(v.id, corp);
    expect(asClient.attempts).toEqual([]);
    expect(JSON.stringify(asClient.events)).not.toMatch(/vtpass/i);
    expect((await balances(t.app, corp.corporateId)).wallet).toBe(before.wallet - 50_000);
    await expectBooksBalanced(t.app);
  });

  it('[VTPASS] a provider-side failure (016) fails over to the next provider with a new attempt', async () => {
    const v = (await vendVia('08031234567')).json().data;
    expect(v.status).toBe('SUCCESSFUL');
    const d = await detail(v.id);
    expect(d.admin).toMatchObject({ provider: 'SIMULATOR', route: 'AGGREGATOR:SIMULATOR' });
    expect(d.attempts).toEqual([
      expect.objectContaining({ provider: 'VTPASS', status: 'FAILED', failureKind: 'PROVIDER' }),
    ]);
    const types = d.events.map((e: { type: string }) => e.type);
    expect(types).toContain('REROUTED');
  });

  it('[VTPASS] an unknown outcome never fails over: PENDING, requeried with the same request id, callback only a hint', async () => {
    const before = await balances(t.app, corp.corporateId);
    const v = (await vendVia('08011111112')).json().data;
    expect(v.status).toBe('PENDING');
    let d = await detail(v.id);
    expect(d.admin.route).toBe('AGGREGATOR:VTPASS');
    expect(d.attempts).toHaveLength(1);
    const requestId = d.attempts[0].requestId;
    expect(d.attempts[0].status).toBe('UNKNOWN');
    expect(mock.app.vtpass.transactions.size).toBeGreaterThan(0);
    const sent = [...mock.app.vtpass.transactions.keys()].filter((k) => k === requestId);
    expect(sent).toHaveLength(1);

    // The callback is acknowledged as VTpass documents, and settles nothing by itself.
    const cb = await vtpassCallback(requestId, 'delivered');
    expect(cb.statusCode).toBe(200);
    expect(cb.json()).toEqual({ response: 'success' });
    expect((await detail(v.id)).status).toBe('PENDING');

    // The check it scheduled asks VTpass (requery by the same id): delivered now.
    await runDueJobs(t.app.ctx, { now: later(1_000) });
    d = await detail(v.id);
    expect(d.status).toBe('SUCCESSFUL');
    expect(d.attempts).toHaveLength(1);
    expect(d.attempts[0]).toMatchObject({ requestId, status: 'SUCCESSFUL', requeryCount: 1 });
    expect((await balances(t.app, corp.corporateId)).wallet).toBe(before.wallet - 50_000);
    await expectBooksBalanced(t.app);
  });

  it('[VTPASS] an answer that does not parse is unknown too: no failover to the simulator', async () => {
    const v = (await vendVia('08011111113')).json().data;
    expect(v.status).toBe('PENDING');
    const d = await detail(v.id);
    expect(d.admin.route).toBe('AGGREGATOR:VTPASS');
    expect(d.attempts[0].status).toBe('UNKNOWN');
  });

  it('[VTPASS] a timeout is unknown: PENDING at VTpass, never resent with a new id', async () => {
    const v = (await vendVia('08011111115')).json().data;
    expect(v.status).toBe('PENDING');
    const d = await detail(v.id);
    expect(d.admin.route).toBe('AGGREGATOR:VTPASS');
    expect(d.attempts).toHaveLength(1);
    expect(d.attempts[0].status).toBe('UNKNOWN');
  });

  it('[VTPASS] a callback naming no attempt of ours is acknowledged and changes nothing', async () => {
    for (const payload of [
      { type: 'transaction-update', data: { requestId: '202611270000NOPE' } },
      { type: 'variations-update', data: {} },
      {},
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/providers/vtpass/callback', payload });
      expect(res.statusCode).toBe(200);
    }
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/providers/vtpass/callback',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('[VTPASS] a reversal after success goes to review: one discrepancy however often the news comes, then one reversal by an admin', async () => {
    const before = await balances(t.app, corp.corporateId);
    const v = (await vendVia('08011111111', 1_000)).json().data;
    expect(v.status).toBe('SUCCESSFUL');
    const afterVend = await balances(t.app, corp.corporateId);
    const requestId = (await detail(v.id)).attempts[0].requestId;
    // VTpass reverses the delivered transaction and sends its notice.
    const txn = mock.app.vtpass.transactions.get(requestId)!;
    (txn as { status: string }).status = 'reversed';
    for (let i = 0; i < 3; i++) expect((await vtpassCallback(requestId, 'reversed')).statusCode).toBe(200);
    // Three hints, one check waiting.
    const waiting = await t.app.ctx.dbHandle.query<{ n: number }>(
      "select count(*)::int as n from jobs where queue = 'provider-check' and status = 'PENDING' and payload->>'vendId' = $1",
      [v.id],
    );
    expect(waiting[0].n).toBe(1);
    const alertsBefore = await discrepancyAlerts(t.app, admin.id);
    await runDueJobs(t.app.ctx, { now: later(1_000) });
    // The news again (a second check, an admin's requery): still the one discrepancy, one alert.
    expect((await checkAtProvider(t.app.ctx, v.id))?.status).toBe('SUCCESSFUL');
    // Asked about a moment ago: the requery by hand is rate-limited as for a pending vend.
    expect((await api('PUT', 'transactions/query', admin, { vendId: v.id })).statusCode).toBe(429);
    await pastRequeryCooldown(t.app, v.id);
    const asked = await api('PUT', 'transactions/query', admin, { vendId: v.id });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toContain('passed to review');
    const found = await discrepanciesOf(t.app, v.id);
    expect(found).toEqual([
      expect.objectContaining({ kind: 'REFUNDED_AFTER_SUCCESS', source: 'CALLBACK', status: 'OPEN' }),
    ]);
    expect(await discrepancyAlerts(t.app, admin.id)).toBe(alertsBefore + 1);
    // Nothing moved on the provider's word alone; the client sees no check of a final vend.
    expect(await balances(t.app, corp.corporateId)).toEqual(afterVend);
    const mine = await detail(v.id, corp);
    expect(mine.status).toBe('SUCCESSFUL');
    expect(mine.events.map((e: { type: string }) => e.type)).not.toContain('PROVIDER_CHECK');
    // The admin resolves it: the one reversal after success, once.
    const res = await api('POST', `admin/discrepancies/${found[0].id}/resolve`, admin, {
      action: 'REVERSE',
      password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'RESOLVED',
      resolution: 'REVERSED',
      vendStatus: 'REVERSED',
    });
    const again = await api('POST', `admin/discrepancies/${found[0].id}/resolve`, admin, {
      action: 'REVERSE',
      password: TEST_PASSWORD,
    });
    expect(again.statusCode).toBe(409);
    const d = await detail(v.id);
    expect(d.status).toBe('REVERSED');
    expect(d.events.filter((e: { type: string }) => e.type === 'REVERSAL')).toHaveLength(1);
    const after = await balances(t.app, corp.corporateId);
    expect(after.wallet).toBe(before.wallet);
    expect(after.commission).toBe(before.commission);
    const audit = await t.app.ctx.dbHandle.query<{ action: string }>(
      "select action from audit_logs where target_id in ($1, $2) and action in ('vend.reverse', 'vend.discrepancy.resolve') order by action",
      [v.id, found[0].id],
    );
    expect(audit.map((a) => a.action)).toEqual(['vend.discrepancy.resolve', 'vend.reverse']);
    const notes = await t.app.ctx.dbHandle.query<{ n: number }>(
      "select count(*)::int as n from notifications where subject = 'Vend reversed by the provider'",
    );
    expect(notes[0].n).toBeGreaterThan(0);
    await expectBooksBalanced(t.app);
  });

  it('[VTPASS] reconciliation requeries each attempt whose outcome was assumed: a grace-period NOT_FOUND VTpass delivered after all is found', async () => {
    const day = previousLagosDay(new Date());
    const ordinary = (await vendVia('08011111111', 400)).json().data;
    expect(ordinary.status).toBe('SUCCESSFUL');
    // No answer in time; VTpass then has no record of it (the request never reached it), and once
    // the grace period has passed the vend is failed and refunded on that assumption.
    const assumed = (await vendVia('08011111115', 500)).json().data;
    expect(assumed.status).toBe('PENDING');
    const requestId = (await detail(assumed.id)).attempts[0].requestId;
    const txn = mock.app.vtpass.transactions.get(requestId)!;
    mock.app.vtpass.transactions.delete(requestId);
    const graceMs = (t.app.ctx.config.PROVIDER_NOT_FOUND_GRACE_MINUTES + 1) * 60_000;
    expect((await requeryVend(t.app.ctx, assumed.id, { now: later(graceMs) })).vend.status).toBe('FAILED');
    expect((await detail(assumed.id)).attempts[0].status).toBe('NOT_FOUND');
    // VTpass's record turns up: it delivered.
    (txn as { status: string }).status = 'delivered';
    mock.app.vtpass.transactions.set(requestId, txn);
    await ageVend(t.app, ordinary.id);
    await ageVend(t.app, assumed.id);
    // The ordinary vend's outcome was VTpass's definite answer, kept on the attempt: the run reads
    // that and does not ask again (were it asked, this later word would be a mismatch).
    const ordinaryTxn = mock.app.vtpass.transactions.get((await detail(ordinary.id)).attempts[0].requestId)!;
    (ordinaryTxn as { status: string }).status = 'failed';
    const run = (await api('POST', 'admin/reconciliations', admin, { provider: 'VTPASS', day })).json().data;
    expect(run).toMatchObject({
      status: 'DONE',
      mismatches: 1,
      matched: 1,
      ourCount: 2,
      ourDeliveredCount: 1,
    });
    expect(run.findings).toEqual([
      expect.objectContaining({
        kind: 'DELIVERED_AFTER_REFUND',
        code: assumed.code,
        ourStatus: 'FAILED',
        providerStatus: 'SUCCESSFUL',
        providerAmountKobo: 50_000,
      }),
    ]);
    // Both delivered per VTpass; its commission (3%) is the discount earned: ₦12 + ₦15.
    expect(run).toMatchObject({ providerDeliveredCount: 2, providerDiscountKobo: 1_200 + 1_500 });
    expect(run.providerChargedKobo).toBe(40_000 - 1_200 + 50_000 - 1_500);
    expect(await discrepanciesOf(t.app, assumed.id)).toEqual([
      expect.objectContaining({ kind: 'DELIVERED_AFTER_REFUND', source: 'RECONCILIATION' }),
    ]);
    await expectBooksBalanced(t.app);
  });

  it('[VTPASS] a bill: the callback saying delivered is only a hint; the requery by the same id settles it, with its token', async () => {
    const before = await balances(t.app, corp.corporateId);
    // 1111111111112: VTpass answers pending, and delivers on the first requery (BILL_SANDBOX_NUMBERS).
    const bill = (await api('POST', 'bills/pay', corp, prepaidBill('1000', '1111111111112'))).json().data;
    expect(bill).toMatchObject({ status: 'PENDING', token: null });
    const requestId = (await detail(bill.id)).attempts[0].requestId;
    expect(mock.app.vtpass.transactions.get(requestId)?.status).toBe('pending');
    const cb = await vtpassCallback(requestId, 'delivered');
    expect(cb.json()).toEqual({ response: 'success' });
    // The callback's word alone settles nothing and brings no token.
    expect((await api('GET', `bills/${bill.id}`, corp)).json().data).toMatchObject({
      status: 'PENDING',
      token: null,
    });
    await runDueJobs(t.app.ctx, { now: later(1_000) });
    const settled = (await api('GET', `bills/${bill.id}`, corp)).json().data;
    expect(settled.status).toBe('SUCCESSFUL');
    expect(settled.token).toMatch(/^\d{4}(-\d{4}){4}$/);
    expect((await detail(bill.id)).attempts).toEqual([
      expect.objectContaining({ requestId, status: 'SUCCESSFUL', requeryCount: 1 }),
    ]);
    expect((await balances(t.app, corp.corporateId)).wallet).toBe(before.wallet - 100_000);
    await expectBooksBalanced(t.app);
  });

  it('[VTPASS] a bill reconciled: refunded when VTpass had no record of it, found DELIVERED_AFTER_REFUND when VTpass delivered after all', async () => {
    const day = previousLagosDay(new Date());
    const bill = (await api('POST', 'bills/pay', corp, prepaidBill('1500', '1111111111112'))).json().data;
    expect(bill.status).toBe('PENDING');
    const requestId = (await detail(bill.id)).attempts[0].requestId;
    const txn = mock.app.vtpass.transactions.get(requestId)!;
    mock.app.vtpass.transactions.delete(requestId);
    const graceMs = (t.app.ctx.config.PROVIDER_NOT_FOUND_GRACE_MINUTES + 1) * 60_000;
    const before = await balances(t.app, corp.corporateId);
    expect((await requeryVend(t.app.ctx, bill.id, { now: later(graceMs) })).vend.status).toBe('FAILED');
    expect((await balances(t.app, corp.corporateId)).wallet).toBe(before.wallet + 150_000);
    (txn as { status: string }).status = 'delivered';
    mock.app.vtpass.transactions.set(requestId, txn);
    await ageVend(t.app, bill.id);
    const run = (await api('POST', 'admin/reconciliations', admin, { provider: 'VTPASS', day })).json().data;
    expect(run.status).toBe('DONE');
    expect(run.findings).toContainEqual(
      expect.objectContaining({
        kind: 'DELIVERED_AFTER_REFUND',
        code: bill.code,
        ourStatus: 'FAILED',
        providerStatus: 'SUCCESSFUL',
        providerAmountKobo: 150_000,
      }),
    );
    expect(await discrepanciesOf(t.app, bill.id)).toEqual([
      expect.objectContaining({ kind: 'DELIVERED_AFTER_REFUND', source: 'RECONCILIATION', status: 'OPEN' }),
    ]);
    // Found, not acted on: the refund stands until an admin resolves it.
    expect((await balances(t.app, corp.corporateId)).wallet).toBe(before.wallet + 150_000);
    await expectBooksBalanced(t.app);
  });

  it('[VTPASS] 20 concurrent requests with one reference: one vend, one debit, one request to VTpass', async () => {
    const before = await balances(t.app, corp.corporateId);
    const sentBefore = mock.app.vtpass.transactions.size;
    const reference = newRef('VTP-RACE');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        apiVend(t.app, key, { reference, phone: '08011111111', network: 'MTN', amount: 300 }),
      ),
    );
    const ids = new Set(answers.map((r) => r.json().data?.id));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(ids.size).toBe(1);
    expect(mock.app.vtpass.transactions.size).toBe(sentBefore + 1);
    expect((await detail([...ids][0])).attempts).toHaveLength(1);
    expect((await balances(t.app, corp.corporateId)).wallet).toBe(before.wallet - 30_000);
    await expectBooksBalanced(t.app);
  });

  it('[VTPASS] a provider whose known balance is below the amount is skipped for that vend, not sent a request', async () => {
    const sentBefore = mock.app.vtpass.transactions.size;
    const at = new Date();
    await recordProviderBalance(t.app.ctx.db, {
      provider: 'VTPASS',
      balanceKobo: 40_000,
      error: null,
      durationMs: 5,
      at,
    });
    forgetPlatformRoutes(t.app.ctx.db);
    try {
      const big = (await vendVia('08011111111', 500)).json().data;
      expect((await detail(big.id)).admin.route).toBe('AGGREGATOR:SIMULATOR');
      expect((await detail(big.id)).attempts).toEqual([]);
      const small = (await vendVia('08011111111', 300)).json().data;
      expect((await detail(small.id)).admin.route).toBe('AGGREGATOR:VTPASS');
      expect(mock.app.vtpass.transactions.size).toBe(sentBefore + 1);
    } finally {
      await recordProviderBalance(t.app.ctx.db, {
        provider: 'VTPASS',
        balanceKobo: 10_000_000_000,
        error: null,
        durationMs: 5,
        at,
      });
      forgetPlatformRoutes(t.app.ctx.db);
    }
  });
});
