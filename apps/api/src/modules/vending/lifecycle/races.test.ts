// Requeries racing the request that made the vend. The request calls the providers in route
// order; a requery asks the provider the vend was on when the requery read it. If the first
// platform fails and the vend moves on to a fallback, a requery answered by the platform it LEFT
// must not fail it (and refund it) while the fallback delivers.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vends } from '../../../infra/db/schema';
import { createAdmin, createCorporate, TEST_PASSWORD, type TestUser } from '../../../test/factories';
import { apiAs, buildTestApp, type TestApp } from '../../../test/harness';
import type { Provider } from '../../providers/providers.service';
import { installProviders, providersOf } from '../../providers/registry';
import {
  apiKeyFor,
  apiVend,
  assignDefaults,
  balances,
  expectBooksBalanced,
  fund,
  newRef,
  type SentQuery,
  withQueriesThrough,
} from '../vending.testing';
import { requeryVend } from './requery.service';

let t: TestApp;
let admin: TestUser;
let corp: TestUser & { corporateId: string };
let key: string;

const gate = () => {
  let open!: () => void;
  const p = new Promise<void>((r) => {
    open = r;
  });
  return { p, open };
};
const api = apiAs(() => t);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app);
  corp = await createCorporate(t.app);
  await assignDefaults(t.app, corp.corporateId);
  await fund(t.app, corp.corporateId, 10_000_000);
  key = await apiKeyFor(t.app, corp.corporateId);
  // Glo airtime goes through a VTU line first, then the aggregator.
  const glo = (await api('GET', 'services?network=GLO&serviceType=AIRTIME', admin)).json().data[0];
  const updated = await api('PUT', `services/update/${glo.id}`, admin, {
    network: 'GLO',
    service: 'AIRTIME',
    platform: 'VTU',
    commission: '4.5',
    fallbackPlatforms: ['AGGREGATOR'],
  });
  expect(updated.statusCode).toBe(200);
  const line = (
    await api('POST', 'vtu/add', admin, { name: 'Glo race line', network: 'GLO', msisdn: '08151234560' })
  ).json().data;
  const funded = await api('POST', 'vtu/fund', admin, {
    vtuLine: line.code,
    amount: '10,000',
    reference: newRef('LINE'),
    password: TEST_PASSWORD,
  });
  expect(funded.statusCode).toBe(200);
});
afterAll(() => t.close());

/** VTU fails (when released), the aggregator delivers (when released); both are watched. */
function racingProviders() {
  const real = providersOf(t.app.ctx);
  const g = {
    vtuVendCalled: gate(),
    releaseVtuVend: gate(),
    aggVendCalled: gate(),
    releaseAgg: gate(),
    vtuQueryCalled: gate(),
    releaseVtuQuery: gate(),
  };
  const calls = { vtuQuery: 0, delivered: 0 };
  const vtu: Provider = {
    name: 'VTU',
    vend: async () => {
      g.vtuVendCalled.open();
      await g.releaseVtuVend.p;
      return { outcome: 'FAILED', message: 'Line rejected the recharge' };
    },
    query: async () => {
      calls.vtuQuery++;
      g.vtuQueryCalled.open();
      await g.releaseVtuQuery.p;
      return { outcome: 'FAILED', message: 'Line rejected the recharge' };
    },
    balance: real.forPlatform('VTU').balance,
  };
  const agg: Provider = {
    name: 'AGGREGATOR',
    vend: async () => {
      g.aggVendCalled.open();
      await g.releaseAgg.p;
      calls.delivered++;
      return { outcome: 'SUCCESS', message: 'Delivered', providerReference: 'AGG-1' };
    },
    query: async () => ({ outcome: 'SUCCESS', message: 'Delivered', providerReference: 'AGG-1' }),
    balance: real.forPlatform('AGGREGATOR').balance,
  };
  installProviders(t.app.ctx, { forPlatform: (p) => (p === 'VTU' ? vtu : agg), sandbox: real.sandbox });
  return { g, calls, restore: () => installProviders(t.app.ctx, real) };
}

async function vendRow(reference: string) {
  const [row] = await t.app.ctx.db.select().from(vends).where(eq(vends.reference, reference));
  return row;
}

describe('[VEND-RACE] requeries during the first request', () => {
  it('[VEND-RACE] a requery by hand while the first request is calling providers asks nobody', async () => {
    const race = racingProviders();
    try {
      const before = await balances(t.app, corp.corporateId);
      const reference = newRef('RACE');
      const vendP = apiVend(t.app, key, { reference, phone: '08051234567', network: 'GLO', amount: 500 });
      await race.g.vtuVendCalled.p;
      const row = await vendRow(reference);
      const rq = await api('PUT', 'transactions/query', corp, { vendId: row.id });
      expect(rq.statusCode).toBe(200);
      expect(rq.json()).toMatchObject({
        message: 'The purchase is still with the provider; check again in a few seconds',
        data: { status: 'PENDING' },
      });
      expect(race.calls.vtuQuery).toBe(0);
      race.g.releaseVtuVend.open();
      await race.g.aggVendCalled.p;
      race.g.releaseAgg.open();
      expect((await vendP).json().data.status).toBe('SUCCESSFUL');
      expect(race.calls.delivered).toBe(1);
      expect((await balances(t.app, corp.corporateId)).wallet).toBe(before.wallet - 50_000);
    } finally {
      race.restore();
    }
  });

  it('[VEND-RACE] a requery answered by the platform the vend left does not fail what the fallback delivers', async () => {
    const race = racingProviders();
    try {
      const before = await balances(t.app, corp.corporateId);
      const reference = newRef('RACE');
      const vendP = apiVend(t.app, key, { reference, phone: '08051234567', network: 'GLO', amount: 500 });
      await race.g.vtuVendCalled.p;
      const row = await vendRow(reference);
      expect(row).toMatchObject({ provider: 'SIMULATOR', routeIndex: 0, status: 'PENDING' });
      // The requery job, past the crash guard (the request is presumed dead), reads the vend on
      // VTU and asks VTU...
      const requeryP = requeryVend(t.app.ctx, row.id, { now: new Date(row.requeryAt!.getTime() + 1_000) });
      await race.g.vtuQueryCalled.p;
      // ...meanwhile the request gets VTU's failure and moves the vend on to the aggregator...
      race.g.releaseVtuVend.open();
      await race.g.aggVendCalled.p;
      expect(await vendRow(reference)).toMatchObject({ provider: 'SIMULATOR', routeIndex: 1 });
      // ...then VTU answers the requery: FAILED. The vend is no longer VTU's: nothing changes.
      race.g.releaseVtuQuery.open();
      expect((await requeryP).vend.status).toBe('PENDING');
      expect((await vendRow(reference)).reversalTransferId).toBeNull();
      race.g.releaseAgg.open();
      expect((await vendP).json().data.status).toBe('SUCCESSFUL');
      const final = await vendRow(reference);
      expect(final).toMatchObject({
        status: 'SUCCESSFUL',
        provider: 'SIMULATOR',
        routeIndex: 1,
        reversalTransferId: null,
      });
      expect((await balances(t.app, corp.corporateId)).wallet).toBe(before.wallet - 50_000);
      await expectBooksBalanced(t.app);
    } finally {
      race.restore();
    }
  });
});

describe('[VEND-RACE] a debit batch whose answer is lost', () => {
  it('[VEND-RACE] vends committed in a batch whose answer never arrived are answered and delivered, debited once', async () => {
    let dropped = false;
    // The database commits a batch of vends; the connection dies before the answer arrives.
    const dropFirstBatchAnswer = async (q: SentQuery) => {
      const isBatch =
        q.text.includes('vend_record_and_debit') && JSON.parse(String(q.values?.[0] ?? '[]')).length >= 2;
      if (!dropped && q.text.includes('vend_record_and_debit')) await new Promise((r) => setTimeout(r, 100));
      const result = await q.send();
      if (!dropped && isBatch) {
        dropped = true;
        throw new Error('Connection terminated unexpectedly');
      }
      return result;
    };
    await withQueriesThrough(t.app, dropFirstBatchAnswer, async () => {
      const before = await balances(t.app, corp.corporateId);
      const refs = Array.from({ length: 6 }, () => newRef('DROP'));
      const res = await Promise.all(refs.map((reference) => apiVend(t.app, key, { reference, amount: 100 })));
      expect(dropped).toBe(true);
      expect(res.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(res.map((r) => r.json().data.status)).toEqual(Array(6).fill('SUCCESSFUL'));
      const rows = await t.app.ctx.db.select().from(vends).where(inArray(vends.reference, refs));
      expect(rows).toHaveLength(6);
      expect(rows.every((r) => r.status === 'SUCCESSFUL' && r.settledAt)).toBe(true);
      expect((await balances(t.app, corp.corporateId)).wallet).toBe(before.wallet - 6 * 10_000);
      await expectBooksBalanced(t.app);
    });
  });
});

/**
 * Providers whose vend call never returns until `dead` opens (the request's process is as good as
 * dead), while a query answers SUCCESS with `queryRef`: what the requery after a crash learns.
 */
function deadRequestProviders(queryRef: string) {
  const real = providersOf(t.app.ctx);
  const dead = gate();
  const called = gate();
  const hang: Provider = {
    name: 'VTU',
    vend: async () => {
      called.open();
      await dead.p;
      return { outcome: 'SUCCESS', message: 'Delivered late', providerReference: `LATE-${queryRef}` };
    },
    query: async () => ({ outcome: 'SUCCESS', message: 'Delivered', providerReference: queryRef }),
    balance: real.forPlatform('VTU').balance,
  };
  installProviders(t.app.ctx, { forPlatform: () => hang, sandbox: real.sandbox });
  return { called, dead, real };
}

describe('[VEND-RACE] a retry after a crash', () => {
  it('[VEND-RACE] a vend settled by the requery after its request died answers a retry at once', async () => {
    // The request that made the vend never returns (its process is as good as dead); the
    // requery job, past the crash guard, learns the outcome from the provider.
    const { called, dead, real } = deadRequestProviders('Q-1');
    const reference = newRef('CRASH');
    const body = { reference, phone: '08051234568', network: 'GLO' as const, amount: 300 };
    const first = apiVend(t.app, key, body);
    try {
      await called.p;
      const row = await vendRow(reference);
      expect(row).toMatchObject({ status: 'PENDING', settledAt: null });

      // Past the guard, before any requery: the retry answers PENDING at once, not after 65 s.
      await t.app.ctx.db
        .update(vends)
        .set({ requeryAt: new Date(Date.now() - 1_000) })
        .where(eq(vends.id, row.id));
      let started = Date.now();
      const early = await apiVend(t.app, key, body);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(early.json().data.status).toBe('PENDING');

      // The requery settles it: the row is final AND settled, and a retry answers the result at once.
      const settled = await requeryVend(t.app.ctx, row.id, { now: new Date() });
      expect(settled.vend.status).toBe('SUCCESSFUL');
      const after = await vendRow(reference);
      expect(after.settledAt).not.toBeNull();
      expect(after.completedAt).not.toBeNull();
      started = Date.now();
      const retry = await apiVend(t.app, key, body);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(retry.statusCode).toBe(200);
      expect(retry.json().data).toMatchObject({ reference, status: 'SUCCESSFUL' });
    } finally {
      dead.open();
      await first;
      installProviders(t.app.ctx, real);
    }
    // The late answer of the dead request changes nothing: debited once, never reversed.
    expect(await vendRow(reference)).toMatchObject({ status: 'SUCCESSFUL', reversalTransferId: null });
    await expectBooksBalanced(t.app);
  });
});

describe('[VEND-RACE] recovery on start', () => {
  it('[VEND-RACE] a restart with no other process alive requeries the vends a crash interrupted at once', async () => {
    const { recoverOrphanedVends } = await import('../vending.jobs');
    const { runDueJobs } = await import('../../../jobs');
    const { called, dead, real } = deadRequestProviders('Q-2');
    const reference = newRef('ORPHAN');
    const first = apiVend(t.app, key, { reference, phone: '08051234569', network: 'GLO', amount: 200 });
    try {
      await called.p;
      const row = await vendRow(reference);
      expect(row).toMatchObject({ status: 'PENDING', settledAt: null });
      expect(row.requeryAt!.getTime()).toBeGreaterThan(Date.now() + 60_000); // the crash guard
      const startedAt = new Date(Date.now() + 1_000); // "this process" started after the vend

      // This test's database has no other app process connected (PGlite never; PostgreSQL: no
      // other vendport:* connection to this database).
      expect(await t.app.ctx.dbHandle.othersAlive()).toBe(false);
      // Another process is alive: the vend may be its own, in flight. Nothing is touched.
      expect(await recoverOrphanedVends(t.app.ctx, { startedAt, othersAlive: true })).toBe(0);
      expect((await vendRow(reference)).requeryAt).toEqual(row.requeryAt);

      // Alone after a restart: the vend is requeried now, not minutes later.
      const restarted = Date.now();
      expect(await recoverOrphanedVends(t.app.ctx, { startedAt, othersAlive: false })).toBeGreaterThanOrEqual(
        1,
      );
      await runDueJobs(t.app.ctx, { now: new Date() });
      expect(await vendRow(reference)).toMatchObject({ status: 'SUCCESSFUL', providerReference: 'Q-2' });
      expect(Date.now() - restarted).toBeLessThan(30_000);
      // Done once: a second start finds nothing left.
      expect(await recoverOrphanedVends(t.app.ctx, { startedAt, othersAlive: false })).toBe(0);
    } finally {
      dead.open();
      await first;
      installProviders(t.app.ctx, real);
    }
    await expectBooksBalanced(t.app);
  });
});
