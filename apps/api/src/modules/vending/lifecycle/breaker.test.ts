// The circuit breaker of a real upstream (issue 49), through the project's own stand-ins: VTpass first
// and Reloadly second on the aggregator's route. Each transition (closed -> open, open -> half-open ->
// open, half-open -> closed, an admin's forced open and close), what moves and what stays: a vend
// never sent to the failing provider goes to the next one, a vend already sent stays with it.
// The cool-down is passed by handing the breaker a later clock, never by waiting.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startReloadlyMock } from '../../../../../../mocks/reloadly/server';
import { SANDBOX_KEYS, startVtpassMock } from '../../../../../../mocks/vtpass/server';
import {
  auditLogs,
  billVerifications,
  notifications,
  providerBalances,
  providerCalls,
  providerHealth,
  vends,
} from '../../../infra/db/schema';
import { createAdmin, createCorporate, TEST_PASSWORD, type TestUser } from '../../../test/factories';
import { apiAs, buildTestApp, type TestApp } from '../../../test/harness';
import { breakerSkips, forgetPlatformRoutes, probesSettled } from '../../providers';
import { installProviders, providersOf } from '../../providers/registry';
import { VTPASS_REFUSAL_CODES } from '../../providers/vtpass.answers';
import { createVtpassClient } from '../../providers/vtpass.client';
import { VtpassProvider } from '../../providers/vtpass.provider';
import {
  apiKeyFor,
  apiVend,
  assignDefaults,
  balances,
  expectBooksBalanced,
  fund,
  prepaidBill,
} from '../vending.testing';
import { requeryVend } from './requery.service';

let t: TestApp;
let vtpass: Awaited<ReturnType<typeof startVtpassMock>>;
let reloadly: Awaited<ReturnType<typeof startReloadlyMock>>;
let admin: TestUser;
let corp: TestUser & { corporateId: string };
let key: string;
const api = apiAs(() => t);
const COOLDOWN_MS = 60_000;
const afterCooldown = () => new Date(Date.now() + COOLDOWN_MS + 1_000);

beforeAll(async () => {
  vtpass = await startVtpassMock({ port: 0, timeoutDelayMs: 5_000 });
  reloadly = await startReloadlyMock({ port: 0 });
  t = await buildTestApp({
    env: {
      ...vtpass.env,
      ...reloadly.env,
      RELOADLY_WEBHOOK_SECRET: 'reloadly-webhook-secret-for-tests',
      AGGREGATOR_PROVIDERS: 'VTPASS,RELOADLY',
      VTU_PROVIDERS: '',
      PROVIDER_TIMEOUT_MS: '600',
      BREAKER_MIN_CALLS: '3',
      BREAKER_FAILURE_PERCENT: '50',
      BREAKER_WINDOW_MS: '600000',
      BREAKER_COOLDOWN_MS: String(COOLDOWN_MS),
      BREAKER_CACHE_MS: '0',
    },
  });
  admin = await createAdmin(t.app);
  corp = await createCorporate(t.app, { name: 'Breaker Traders Ltd' });
  await assignDefaults(t.app, corp.corporateId);
  await fund(t.app, corp.corporateId, 10_000_000);
  key = await apiKeyFor(t.app, corp.corporateId);
});
afterAll(async () => {
  await t?.close();
  await vtpass?.app.close();
  await reloadly?.close();
});

/** Each test starts healthy: the stand-in answers and VTpass's breaker is closed with a clean window. */
beforeEach(async () => {
  vtpass.app.vtpass.fault = null;
  await force('CLOSED', 'test starts healthy');
});

const db = () => t.app.ctx.db;
const force = (state: 'OPEN' | 'CLOSED', reason: string, password = TEST_PASSWORD) =>
  api('POST', 'admin/providers/VTPASS/health', admin, { state, reason, password });
const health = async () =>
  (await db().select().from(providerHealth).where(eq(providerHealth.provider, 'VTPASS')))[0];
const vtpassPays = () => vtpass.app.vtpass.transactions.size;
const reloadlyTopups = () =>
  reloadly.state.requests.filter((q) => q.method === 'POST' && q.url === '/topups').length;
const vendAt = async (id: string) => (await db().select().from(vends).where(eq(vends.id, id)))[0];
const transitions = async (to: string) =>
  (
    await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'providers.health'), eq(auditLogs.targetId, 'VTPASS')))
  ).filter((a) => (a.summary as { to?: string }).to === to && !(a.summary as { forced?: boolean }).forced);

/** Three vends while VTpass answers 500: each stays PENDING at VTpass, and the third opens it. */
async function tripOn500() {
  vtpass.app.vtpass.fault = 'HTTP_500';
  const pending: string[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await apiVend(t.app, key, { phone: '08031234567', network: 'MTN', amount: '100' });
    expect(res.statusCode).toBe(200);
    const v = res.json().data;
    expect(v.status).toBe('PENDING');
    pending.push(v.id);
  }
  return pending;
}

describe('[BREAKER] a provider that misbehaves is taken out of the route', () => {
  it('[BREAKER] closed -> open: past the threshold new vends skip VTpass for Reloadly; the vends already sent stay at VTpass', async () => {
    const opensBefore = (await transitions('OPEN')).length;
    const pending = await tripOn500();
    const h = await health();
    expect(h).toMatchObject({ state: 'OPEN', forced: false });
    expect(h.reason).toMatch(/3 of the last 3 calls went wrong/);
    // Audited and announced once per transition, to the admins (in-app; by email per their choice).
    expect((await transitions('OPEN')).length).toBe(opensBefore + 1);
    const told = await db().select().from(notifications).where(eq(notifications.userId, admin.id));
    expect(told.some((n) => n.subject === 'VTpass: Open: skipped by new vends')).toBe(true);

    const topupsBefore = reloadlyTopups();
    const res = await apiVend(t.app, key, { phone: '08031234567', network: 'MTN', amount: '100' });
    const v = res.json().data;
    expect(v.status).toBe('SUCCESSFUL');
    expect((await vendAt(v.id)).provider).toBe('RELOADLY');
    expect(reloadlyTopups()).toBe(topupsBefore + 1);

    // Nothing already sent moves: requeried at VTpass (which never recorded them: not found yet).
    vtpass.app.vtpass.fault = null;
    for (const id of pending) {
      await requeryVend(t.app.ctx, id);
      const row = await vendAt(id);
      expect(row).toMatchObject({ provider: 'VTPASS', routeIndex: 0, status: 'PENDING' });
    }
    expect(reloadlyTopups()).toBe(topupsBefore + 1);
    await expectBooksBalanced(t.app);
  });

  it('[BREAKER] a bill while VTpass is open: neither verified nor paid there (no other provider sells bills: 503, nothing debited); closed again, VTpass serves it', async () => {
    await tripOn500();
    vtpass.app.vtpass.fault = null;
    expect((await health()).state).toBe('OPEN');
    const sentBefore = vtpassPays();
    const verifications = async () =>
      (await db().select().from(billVerifications).where(eq(billVerifications.corporateId, corp.corporateId)))
        .length;
    const verifiedBefore = await verifications();
    const before = await balances(t.app, corp.corporateId);
    const bill = prepaidBill('1000');
    const refused = await api('POST', 'bills/pay', corp, bill);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toContain('Ikeja Electric could not be reached to verify 1111111111111');
    // Not even asked to verify (a healthy VTpass would have verified it, and the payment then
    // found no channel): no verification recorded, nothing debited, nothing sent.
    expect(await verifications()).toBe(verifiedBefore);
    expect(await balances(t.app, corp.corporateId)).toEqual(before);
    expect(vtpassPays()).toBe(sentBefore);
    await force('CLOSED', 'VTpass is back');
    const paid = (await api('POST', 'bills/pay', corp, bill)).json().data;
    expect(paid.status).toBe('SUCCESSFUL');
    expect((await vendAt(paid.id)).provider).toBe('VTPASS');
    expect(vtpassPays()).toBe(sentBefore + 1);
    await expectBooksBalanced(t.app);
  });

  it('[BREAKER] closed -> open on a streak: BREAKER_MIN_CALLS calls in a row gone wrong open it even among a window of good calls', async () => {
    for (let i = 0; i < 4; i++) {
      const v = (await apiVend(t.app, key, { phone: '08011111111', network: 'MTN', amount: '100' })).json()
        .data;
      expect(v.status).toBe('SUCCESSFUL');
    }
    await tripOn500();
    const h = await health();
    expect(h.state).toBe('OPEN');
    expect(h.reason).toMatch(/^the last 3 calls all went wrong/);
  });

  it('[BREAKER] open -> half-open -> open: after the cool-down one probe (the balance) is sent; still failing, it opens again', async () => {
    await tripOn500();
    const paysBefore = vtpassPays();
    expect(await breakerSkips(t.app.ctx, 'VTPASS', afterCooldown())).toBe(true);
    await probesSettled(db());
    const h = await health();
    expect(h.state).toBe('OPEN');
    expect(h.reason).toMatch(/probe \(its balance\) failed: VTpass balance: HTTP 500/);
    expect(vtpassPays()).toBe(paysBefore);
    const halfOpen = (await transitions('OPEN')).at(-1)!;
    expect(halfOpen.summary).toMatchObject({ from: 'HALF_OPEN', to: 'OPEN' });
  });

  it('[BREAKER] half-open -> closed: a probe answered closes it, and the next vend goes to VTpass again', async () => {
    await tripOn500();
    vtpass.app.vtpass.fault = null;
    const closesBefore = (await transitions('CLOSED')).length;
    await breakerSkips(t.app.ctx, 'VTPASS', afterCooldown());
    await probesSettled(db());
    expect(await health()).toMatchObject({ state: 'CLOSED', reason: 'the probe (its balance) was answered' });
    expect((await transitions('CLOSED')).length).toBe(closesBefore + 1);
    const res = await apiVend(t.app, key, { phone: '08011111111', network: 'MTN', amount: '100' });
    const v = res.json().data;
    expect(v.status).toBe('SUCCESSFUL');
    expect((await vendAt(v.id)).provider).toBe('VTPASS');
  });

  it("[BREAKER] /metrics shows each provider's state, its calls by outcome and their latency", async () => {
    await tripOn500();
    const text = (await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body;
    expect(text).toContain('vendport_provider_breaker_state{provider="VTPASS",state="OPEN"} 1');
    expect(text).toContain('vendport_provider_breaker_state{provider="VTPASS",state="CLOSED"} 0');
    expect(text).toContain('vendport_provider_breaker_state{provider="RELOADLY",state="CLOSED"} 1');
    expect(text).toMatch(/vendport_provider_calls_total\{provider="VTPASS",outcome="HTTP_5XX"\} [1-9]/);
    expect(text).toMatch(/vendport_provider_calls_last_hour\{provider="VTPASS",outcome="HTTP_5XX"\} [1-9]/);
    expect(text).toMatch(/vendport_provider_call_duration_seconds_count\{provider="VTPASS"\} [1-9]/);
  });

  it('[BREAKER] no answer counts as a timeout, and opens it the same way', async () => {
    vtpass.app.vtpass.fault = 'NO_ANSWER';
    for (let i = 0; i < 3; i++) {
      const v = (await apiVend(t.app, key, { phone: '08031234567', network: 'MTN', amount: '100' })).json()
        .data;
      expect(v.status).toBe('PENDING');
    }
    expect((await health()).state).toBe('OPEN');
    const calls = await db().select().from(providerCalls).where(eq(providerCalls.provider, 'VTPASS'));
    expect(calls.filter((c) => c.outcome === 'TIMEOUT').length).toBeGreaterThanOrEqual(3);
  });

  it('[BREAKER] an admin forces it open (password-confirmed, audited): it stays open past the cool-down, no probe', async () => {
    const wrong = await force('OPEN', 'maintenance window', 'not-the-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().success).toBe(false);
    expect((await health()).state).toBe('CLOSED');
    const res = await force('OPEN', 'maintenance window');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'OPEN', forced: true, reason: 'maintenance window' });
    expect(await breakerSkips(t.app.ctx, 'VTPASS', afterCooldown())).toBe(true);
    await probesSettled(db());
    expect(await health()).toMatchObject({ state: 'OPEN', forced: true });
    const v = (await apiVend(t.app, key, { phone: '08031234567', network: 'MTN', amount: '100' })).json()
      .data;
    expect((await vendAt(v.id)).provider).toBe('RELOADLY');
    const audit = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'providers.health'), eq(auditLogs.actorId, admin.id)));
    expect(audit.some((a) => (a.summary as { to?: string }).to === 'OPEN')).toBe(true);
    const closed = await force('CLOSED', 'maintenance over');
    expect(closed.json().data).toMatchObject({ state: 'CLOSED', forced: false });
  });

  it('[BREAKER] forcing refuses the simulator, an unknown provider and a missing reason with a clear 400', async () => {
    for (const [id, body] of [
      ['SIMULATOR', { state: 'OPEN', reason: 'x-ray', password: TEST_PASSWORD }],
      ['NOPE', { state: 'OPEN', reason: 'x-ray', password: TEST_PASSWORD }],
      ['VTPASS', { state: 'OPEN', password: TEST_PASSWORD }],
    ] as const) {
      const res = await api('POST', `admin/providers/${id}/health`, admin, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
    const asClient = await api('POST', 'admin/providers/VTPASS/health', corp, {
      state: 'OPEN',
      reason: 'not mine',
      password: TEST_PASSWORD,
    });
    expect(asClient.statusCode).toBe(403);
  });
});

describe('[REFUSAL] answers that prove nothing was delivered fail over at once', () => {
  /** VTpass over a fetch that answers every /pay with `code` (its balance as usual). */
  function vtpassAnswering(code: string) {
    const real = providersOf(t.app.ctx);
    const client = createVtpassClient({
      baseUrl: vtpass.baseUrl,
      ...SANDBOX_KEYS,
      timeoutMs: 500,
      fetch: async (url, init) =>
        String(url).endsWith('/pay')
          ? new Response(JSON.stringify({ code, response_description: `refusal ${code}` }), { status: 200 })
          : fetch(url, init),
    });
    installProviders(t.app.ctx, {
      ...real,
      upstreams: { ...real.upstreams, VTPASS: new VtpassProvider(client) },
    });
    return () => installProviders(t.app.ctx, real);
  }

  it.each(VTPASS_REFUSAL_CODES)(
    '[REFUSAL] VTpass %s (response-codes page) ends the attempt FAILED on the provider side and the vend goes to Reloadly',
    async (code) => {
      const restore = vtpassAnswering(code);
      try {
        const res = await apiVend(t.app, key, { phone: '08031234567', network: 'MTN', amount: '100' });
        const v = res.json().data;
        expect(v.status).toBe('SUCCESSFUL');
        const d = (await api('GET', `vend/${v.id}`, admin)).json().data;
        expect(
          d.attempts.map((a: { provider: string; status: string; failureKind: string | null }) => [
            a.provider,
            a.status,
            a.failureKind,
          ]),
        ).toEqual([
          ['VTPASS', 'FAILED', 'PROVIDER'],
          ['RELOADLY', 'SUCCESSFUL', null],
        ]);
        const [last] = await db()
          .select()
          .from(providerCalls)
          .where(eq(providerCalls.provider, 'VTPASS'))
          .orderBy(desc(providerCalls.id))
          .limit(1);
        expect(last.outcome).toBe('REFUSED');
      } finally {
        restore();
      }
    },
  );

  it('[REFUSAL] Reloadly 401 again after one re-authentication: FAILED on the provider side, nothing sent to /topups, the vend goes to VTpass', async () => {
    const order = await api('PUT', 'admin/providers/routes', admin, {
      platform: 'AGGREGATOR',
      providers: ['RELOADLY', 'VTPASS'],
    });
    expect(order.statusCode).toBe(200);
    try {
      const topupsBefore = reloadlyTopups();
      reloadly.rejectNextToken(2);
      const res = await apiVend(t.app, key, { phone: '08011111111', network: 'MTN', amount: '100' });
      const v = res.json().data;
      expect(v.status).toBe('SUCCESSFUL');
      const d = (await api('GET', `vend/${v.id}`, admin)).json().data;
      expect(d.attempts.map((a: { provider: string; status: string }) => [a.provider, a.status])).toEqual([
        ['RELOADLY', 'FAILED'],
        ['VTPASS', 'SUCCESSFUL'],
      ]);
      expect(reloadlyTopups()).toBe(topupsBefore);
      const [last] = await db()
        .select()
        .from(providerCalls)
        .where(eq(providerCalls.provider, 'RELOADLY'))
        .orderBy(desc(providerCalls.id))
        .limit(1);
      expect(last.outcome).toBe('REFUSED');
    } finally {
      await api('PUT', 'admin/providers/routes', admin, {
        platform: 'AGGREGATOR',
        providers: ['VTPASS', 'RELOADLY'],
      });
    }
  });

  it("[REFUSAL] VTpass 018 (low wallet balance) fails over and reads VTpass's balance at once, so the route stops sending it first", async () => {
    await db().delete(providerBalances).where(eq(providerBalances.provider, 'VTPASS'));
    const before = vtpass.app.vtpass.balance;
    vtpass.app.vtpass.balance = 0.5;
    try {
      const v = (await apiVend(t.app, key, { phone: '08031234567', network: 'MTN', amount: '100' })).json()
        .data;
      expect(v.status).toBe('SUCCESSFUL');
      expect((await vendAt(v.id)).provider).toBe('RELOADLY');
      await expect
        .poll(
          async () =>
            (await db().select().from(providerBalances).where(eq(providerBalances.provider, 'VTPASS')))[0]
              ?.balanceKobo,
        )
        .toBe(50);
      // The next vend (₦100 > ₦0.50 known) goes straight to Reloadly: nothing more sent to VTpass.
      const next = (await apiVend(t.app, key, { phone: '08031234567', network: 'MTN', amount: '100' })).json()
        .data;
      const d = (await api('GET', `vend/${next.id}`, admin)).json().data;
      expect(d.attempts.map((a: { provider: string }) => a.provider)).toEqual(['RELOADLY']);
    } finally {
      vtpass.app.vtpass.balance = before;
      await db().delete(providerBalances).where(eq(providerBalances.provider, 'VTPASS'));
      forgetPlatformRoutes(db());
    }
  });

  it('[REFUSAL] VTpass 087 is not in the stored documentation: UNKNOWN, the vend stays PENDING at VTpass (never failed over)', async () => {
    vtpass.app.vtpass.fault = 'BAD_KEYS';
    const v = (await apiVend(t.app, key, { phone: '08031234567', network: 'MTN', amount: '100' })).json()
      .data;
    expect(v.status).toBe('PENDING');
    expect((await vendAt(v.id)).provider).toBe('VTPASS');
  });
});
