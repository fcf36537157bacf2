// The vending lifecycle, idempotency and race checks, run once against each upstream: the built-in
// simulator, the VTpass stand-in (mocks/vtpass) and the Reloadly stand-in (mocks/reloadly). The
// same scenarios, the same expectations; only the numbers that make each upstream answer a given
// way differ (each stand-in's README lists them). Each upstream is alone on the route (VTU off), so
// a definite failure ends the vend and nothing can hide a wrong answer behind a fallback.
// On PostgreSQL the concurrent requests really race; on PGlite they are serialised, and the
// expectations are the same.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS, startReloadlyMock } from '../../../../../../mocks/reloadly/server';
import { SANDBOX_KEYS, startVtpassMock } from '../../../../../../mocks/vtpass/server';
import { vends } from '../../../infra/db/schema';
import { createAdmin, createCorporate, type TestUser } from '../../../test/factories';
import { apiAs, buildTestApp, type TestApp } from '../../../test/harness';
import {
  apiKeyFor,
  apiVend,
  assignDefaults,
  balances,
  expectBooksBalanced,
  fund,
  newRef,
} from '../vending.testing';
import { requeryVend } from './requery.service';

interface Upstream {
  id: 'SIMULATOR' | 'VTPASS' | 'RELOADLY';
  start(): Promise<{
    env: Record<string, string>;
    /** Vend requests the upstream received so far (null: the simulator keeps no such count). */
    sent: () => number | null;
    close: () => Promise<unknown>;
  }>;
  /** The numbers making this upstream answer each way. */
  phones: {
    delivered: string;
    definiteFailure: string;
    pendingThenDelivered: string;
    pendingThenFailed?: string;
    unknown: string;
    /** Taken at once but answered only after our deadline (a real upstream's slow answer). */
    slowButTaken?: string;
  };
}

const UPSTREAMS: Upstream[] = [
  {
    id: 'SIMULATOR',
    start: async () => ({
      env: { AGGREGATOR_PROVIDERS: 'SIMULATOR', VTU_PROVIDERS: '' },
      sent: () => null,
      close: async () => {},
    }),
    phones: {
      delivered: '+2348000000001',
      definiteFailure: '+2348000000002',
      pendingThenDelivered: '+2348000000003',
      pendingThenFailed: '+2348000000004',
      unknown: '+2348000000005',
    },
  },
  {
    id: 'VTPASS',
    start: async () => {
      const mock = await startVtpassMock({ port: 0, timeoutDelayMs: 5_000 });
      return {
        env: {
          VTPASS_BASE_URL: mock.baseUrl,
          VTPASS_API_KEY: SANDBOX_KEYS.apiKey,
          VTPASS_SECRET_KEY: SANDBOX_KEYS.secretKey,
          VTPASS_PUBLIC_KEY: SANDBOX_KEYS.publicKey,
          AGGREGATOR_PROVIDERS: 'VTPASS',
          VTU_PROVIDERS: '',
          PROVIDER_TIMEOUT_MS: '1500',
        },
        // Every /pay the stand-in accepted is kept under its request id (a reused id is refused 014).
        sent: () => mock.app.vtpass.transactions.size,
        close: () => mock.app.close(),
      };
    },
    phones: {
      delivered: '08011111111',
      definiteFailure: '08031234567', // 016 TRANSACTION FAILED
      pendingThenDelivered: '08011111112',
      unknown: '08011111113', // an answer that is not VTpass's JSON
      slowButTaken: '08011111115', // the pending answer, after the deadline
    },
  },
  {
    id: 'RELOADLY',
    start: async () => {
      const mock = await startReloadlyMock({ port: 0, timeoutDelayMs: 4_000 });
      return {
        env: {
          RELOADLY_AUTH_URL: mock.url,
          RELOADLY_BASE_URL: mock.url,
          RELOADLY_CLIENT_ID: SANDBOX_CREDENTIALS.clientId,
          RELOADLY_CLIENT_SECRET: SANDBOX_CREDENTIALS.clientSecret,
          RELOADLY_WEBHOOK_SECRET: 'reloadly-webhook-secret-for-tests',
          AGGREGATOR_PROVIDERS: 'RELOADLY',
          VTU_PROVIDERS: '',
          PROVIDER_TIMEOUT_MS: '1500',
        },
        sent: () => mock.state.requests.filter((q) => q.method === 'POST' && q.url === '/topups').length,
        close: () => mock.close(),
      };
    },
    phones: {
      delivered: '08031234567',
      definiteFailure: '08030000001', // PHONE_RECENTLY_RECHARGED
      pendingThenDelivered: '08030000003',
      pendingThenFailed: '08030000004',
      unknown: '08030000006', // HTTP 500
      slowButTaken: '08030000008', // SUCCESSFUL at once, answered after the deadline
    },
  },
];

describe.each(UPSTREAMS)('[UPSTREAMS] vending through $id', (up) => {
  let t: TestApp;
  let upstream: Awaited<ReturnType<Upstream['start']>>;
  let admin: TestUser;
  let corp: TestUser & { corporateId: string };
  let key: string;
  const api = apiAs(() => t);
  const detail = async (id: string) => (await api('GET', `vend/${id}`, admin)).json().data;
  const vend = (phone: string, amount = 500, reference = newRef(up.id)) =>
    apiVend(t.app, key, { reference, phone, network: 'MTN', amount });
  const wallet = async () => (await balances(t.app, corp.corporateId)).wallet;
  /** How many more vend requests the upstream received since `before` (null for the simulator). */
  const sentSince = (before: number | null) => {
    const now = upstream.sent();
    return now === null || before === null ? null : now - before;
  };
  const expectSent = (before: number | null, n: number) => {
    const d = sentSince(before);
    if (d !== null) expect(d).toBe(n);
  };
  /** The step the vend is at: its route entry names the upstream that holds it. */
  const expectAt = async (id: string) => {
    const d = await detail(id);
    expect(d.admin).toMatchObject({ provider: up.id, route: `AGGREGATOR:${up.id}` });
    // A real upstream has one attempt per request sent; the simulator's calls are on the timeline.
    expect(d.attempts).toHaveLength(up.id === 'SIMULATOR' ? 0 : 1);
    return d;
  };

  beforeAll(async () => {
    upstream = await up.start();
    t = await buildTestApp({ env: upstream.env, poolSize: 30 });
    admin = await createAdmin(t.app);
    corp = await createCorporate(t.app, { name: `${up.id} Matrix Ltd` });
    await assignDefaults(t.app, corp.corporateId);
    await fund(t.app, corp.corporateId, 10_000_000);
    key = await apiKeyFor(t.app, corp.corporateId);
  });
  afterAll(async () => {
    await t?.close();
    await upstream?.close();
  });

  it(`[UPSTREAMS] ${up.id}: delivered → SUCCESSFUL, debited once, one request sent`, async () => {
    const before = await wallet();
    const sent = upstream.sent();
    const res = await vend(up.phones.delivered);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('SUCCESSFUL');
    expect(await wallet()).toBe(before - 50_000);
    expectSent(sent, 1);
    await expectAt(res.json().data.id);
  });

  it(`[UPSTREAMS] ${up.id}: a definite failure → FAILED, the debit reversed, no second provider`, async () => {
    const before = await wallet();
    const res = await vend(up.phones.definiteFailure);
    expect(res.statusCode).toBe(200);
    const v = res.json().data;
    expect(v.status).toBe('FAILED');
    expect(await wallet()).toBe(before);
    const d = await detail(v.id);
    expect(d.admin.route).toBe(`AGGREGATOR:${up.id}`);
    if (up.id !== 'SIMULATOR') expect(d.attempts).toEqual([expect.objectContaining({ status: 'FAILED' })]);
  });

  it(`[UPSTREAMS] ${up.id}: pending → PENDING and debited; the requery by the same request finds it delivered`, async () => {
    const before = await wallet();
    const sent = upstream.sent();
    const v = (await vend(up.phones.pendingThenDelivered)).json().data;
    expect(v.status).toBe('PENDING');
    expect(await wallet()).toBe(before - 50_000);
    const requestId = (await expectAt(v.id)).attempts[0]?.requestId;
    const { vend: after } = await requeryVend(t.app.ctx, v.id);
    expect(after.status).toBe('SUCCESSFUL');
    expect(await wallet()).toBe(before - 50_000);
    const d = await expectAt(v.id);
    if (requestId) expect(d.attempts[0]).toMatchObject({ requestId, status: 'SUCCESSFUL' });
    expectSent(sent, 1);
  });

  it.runIf(up.phones.pendingThenFailed)(
    `[UPSTREAMS] ${up.id}: pending, then the requery finds it failed → FAILED and refunded only then`,
    async () => {
      const before = await wallet();
      const v = (await vend(up.phones.pendingThenFailed as string, 700)).json().data;
      expect(v.status).toBe('PENDING');
      expect(await wallet()).toBe(before - 70_000);
      const { vend: after } = await requeryVend(t.app.ctx, v.id);
      expect(after.status).toBe('FAILED');
      expect(await wallet()).toBe(before);
      // A definite failure found by the requery ends the vend where it is.
      expect((await detail(v.id)).admin.route).toBe(`AGGREGATOR:${up.id}`);
    },
  );

  it(`[UPSTREAMS] ${up.id}: an unknown outcome stays PENDING at this upstream; a retry of the reference sends nothing new`, async () => {
    const before = await wallet();
    const sent = upstream.sent();
    const reference = newRef(`${up.id}-UNKNOWN`);
    const first = await vend(up.phones.unknown, 400, reference);
    expect(first.statusCode).toBe(200);
    const v = first.json().data;
    expect(v.status).toBe('PENDING');
    expect(await wallet()).toBe(before - 40_000);
    await expectAt(v.id);
    const retry = await vend(up.phones.unknown, 400, reference);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data).toMatchObject({ id: v.id, status: 'PENDING' });
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await wallet()).toBe(before - 40_000);
    // Only the first request reached the upstream (the stand-in that never answered recorded none).
    const d = sentSince(sent);
    if (d !== null) expect(d).toBeLessThanOrEqual(1);
    await expectAt(v.id);
  });

  it(`[UPSTREAMS] ${up.id}: the same reference and body answer the original vend; another body is a conflict`, async () => {
    const before = await wallet();
    const sent = upstream.sent();
    const reference = newRef(`${up.id}-IDEM`);
    const first = await vend(up.phones.delivered, 250, reference);
    const again = await vend(up.phones.delivered, 250, reference);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const conflict = await vend(up.phones.delivered, 300, reference);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().code).toBe('IDEMPOTENCY_CONFLICT');
    expect(await wallet()).toBe(before - 25_000);
    expectSent(sent, 1);
  });

  it(`[UPSTREAMS] ${up.id}: 20 concurrent requests with one reference: one vend, one debit, one request sent`, async () => {
    const before = await wallet();
    const sent = upstream.sent();
    const reference = newRef(`${up.id}-RACE`);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => vend(up.phones.delivered, 300, reference)),
    );
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const ids = new Set(answers.map((r) => r.json().data.id));
    expect(ids.size).toBe(1);
    expect(new Set(answers.map((r) => r.json().data.status))).toEqual(new Set(['SUCCESSFUL']));
    expect(await wallet()).toBe(before - 30_000);
    expectSent(sent, 1);
    await expectAt([...ids][0]);
  });

  it(`[UPSTREAMS] ${up.id}: 10 concurrent requeries of a pending vend settle it once`, async () => {
    const before = await wallet();
    const v = (await vend(up.phones.pendingThenDelivered, 600)).json().data;
    expect(v.status).toBe('PENDING');
    const results = await Promise.all(Array.from({ length: 10 }, () => requeryVend(t.app.ctx, v.id)));
    expect(results.some((r) => r.vend.status === 'SUCCESSFUL')).toBe(true);
    const d = await expectAt(v.id);
    expect(d.status).toBe('SUCCESSFUL');
    expect(d.events.filter((e: { type: string }) => e.type === 'REVERSAL')).toHaveLength(0);
    expect(await wallet()).toBe(before - 60_000);
  });

  it(`[UPSTREAMS] ${up.id}: vends of many references at once each debit once`, async () => {
    const before = await wallet();
    const sent = upstream.sent();
    const answers = await Promise.all(Array.from({ length: 12 }, () => vend(up.phones.delivered, 100)));
    expect(answers.map((r) => r.json().data.status)).toEqual(Array(12).fill('SUCCESSFUL'));
    expect(await wallet()).toBe(before - 12 * 10_000);
    expectSent(sent, 12);
  });

  it.runIf(up.phones.slowButTaken)(
    `[UPSTREAMS] ${up.id}: a requery while the first request still waits (its process presumed dead) settles it by the same request; the late answer changes nothing`,
    async () => {
      const before = await wallet();
      const sent = upstream.sent();
      const reference = newRef(`${up.id}-SLOW`);
      const first = vend(up.phones.slowButTaken as string, 350, reference);
      // Wait for the attempt row (written before the request goes out)...
      let row: typeof vends.$inferSelect | undefined;
      for (let i = 0; i < 100 && !row; i++) {
        await new Promise((r) => setTimeout(r, 20));
        const [v] = await t.app.ctx.db.select().from(vends).where(eq(vends.reference, reference));
        if (v && (await detail(v.id)).attempts.length === 1) row = v;
      }
      expect(row).toMatchObject({ status: 'PENDING', settledAt: null });
      const vendId = (row as typeof vends.$inferSelect).id;
      const requestId = (await detail(vendId)).attempts[0].requestId;
      // Past the crash guard: the requery goes ahead and asks by the attempt's request id.
      await t.app.ctx.db
        .update(vends)
        .set({ requeryAt: new Date(Date.now() - 1_000) })
        .where(eq(vends.id, vendId));
      // ... and once the upstream has the request (before that, it would rightly say "not found").
      for (let i = 0; i < 100 && (upstream.sent() ?? 0) === (sent ?? 0); i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
      const { vend: settled } = await requeryVend(t.app.ctx, vendId);
      expect(settled.status).toBe('SUCCESSFUL');
      const late = await first;
      expect(late.statusCode).toBe(200);
      const d = await expectAt(vendId);
      expect(d.status).toBe('SUCCESSFUL');
      expect(d.attempts[0]).toMatchObject({ requestId, status: 'SUCCESSFUL' });
      expect(d.events.filter((e: { type: string }) => e.type === 'REVERSAL')).toHaveLength(0);
      expect(await wallet()).toBe(before - 35_000);
      expectSent(sent, 1);
    },
  );

  it(`[UPSTREAMS] ${up.id}: the books balance`, async () => {
    await expectBooksBalanced(t.app);
  });
});
