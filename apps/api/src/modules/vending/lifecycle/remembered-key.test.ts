// The vend call answered from the key's remembered read (issue 17): nothing it holds may be used
// once it has changed. Every change below is made straight in the database, as any writer (an
// admin route, another instance, a script) would make it: the triggers of migration 0020 raise
// the access generation, and the debit refuses a vend decided at an older one.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../../infra/crypto';
import type { Db } from '../../../infra/db/client';
import {
  apiAccessGeneration,
  apiKeys,
  corporates,
  ipAllowlist,
  serviceAssignments,
  services,
  vends,
} from '../../../infra/db/schema';
import { createCorporate, type TestUser } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/harness';
import {
  apiKeyFor,
  apiVend,
  assignDefaults,
  balances,
  expectBooksBalanced,
  fund,
  newRef,
  withQueriesThrough,
} from '../vending.testing';
import { vend } from './place-vend.service';
import { StaleAccessError } from './vend-debits';

let t: TestApp;
let corp: TestUser & { corporateId: string };
let key: string;

const db = () => t.app.ctx.db as Db;
const generation = async () =>
  (await db().select({ n: apiAccessGeneration.n }).from(apiAccessGeneration))[0].n;
const vendCount = async () =>
  (await db().select({ id: vends.id }).from(vends).where(eq(vends.corporateId, corp.corporateId))).length;

/** Counts the statements containing `text` (by default: key lookups) sent while `fn` runs. */
async function lookupsDuring(fn: () => Promise<unknown>, text = 'from api_keys k'): Promise<number> {
  let n = 0;
  await withQueriesThrough(
    t.app,
    (q) => {
      if (q.text.includes(text)) n++;
      return q.send();
    },
    fn,
  );
  return n;
}

beforeAll(async () => {
  t = await buildTestApp();
  corp = await createCorporate(t.app);
  await assignDefaults(t.app, corp.corporateId);
  await fund(t.app, corp.corporateId, 1_000_000);
  key = await apiKeyFor(t.app, corp.corporateId);
});
afterAll(() => t.close());

describe('[API-KEY-MEMORY] the vend call answered from the key’s remembered read', () => {
  it('[API-KEY-MEMORY] a second vend does not read the key again; its last use is still written at most once a minute', async () => {
    // The key's first vend reads it (and shows that lookupsDuring counts them).
    const first = await lookupsDuring(async () =>
      expect((await apiVend(t.app, key, { reference: newRef('MEM'), amount: 100 })).statusCode).toBe(200),
    );
    expect(first).toBeGreaterThan(0);
    const lookups = await lookupsDuring(async () => {
      for (let i = 0; i < 3; i++)
        expect((await apiVend(t.app, key, { reference: newRef('MEM'), amount: 100 })).statusCode).toBe(200);
    });
    expect(lookups).toBe(0);
    // The stamp (an update of last_used_at) does not count as a change of access.
    const before = await generation();
    await db()
      .update(apiKeys)
      .set({ lastUsedAt: new Date() })
      .where(eq(apiKeys.keyHash, sha256(key)));
    expect(await generation()).toBe(before);
    expect(await lookupsDuring(() => apiVend(t.app, key, { reference: newRef('MEM'), amount: 100 }))).toBe(0);
  });

  it('[API-KEY-MEMORY] a key revoked after it was remembered is refused, and nothing is debited', async () => {
    const mine = await apiKeyFor(t.app, corp.corporateId, 'TEST');
    await fund(t.app, corp.corporateId, 100_000, 'SANDBOX');
    expect((await apiVend(t.app, mine, { reference: newRef('REV'), amount: 100 })).statusCode).toBe(200);
    const before = { balances: await balances(t.app, corp.corporateId), vends: await vendCount() };
    const g = await generation();
    await db()
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(eq(apiKeys.keyHash, sha256(mine)));
    expect(await generation()).toBeGreaterThan(g);
    const res = await apiVend(t.app, mine, { reference: newRef('REV'), amount: 100 });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
    expect(await balances(t.app, corp.corporateId)).toEqual(before.balances);
    expect(await vendCount()).toBe(before.vends);
    // Refused on a fresh read, the key is forgotten: the next call is refused before any debit.
    const again = () => apiVend(t.app, mine, { reference: newRef('REV'), amount: 100 });
    expect(
      await lookupsDuring(async () => expect((await again()).statusCode).toBe(401), 'vend_record_and_debit'),
    ).toBe(0);
  });

  it('[API-KEY-MEMORY] a client deactivated after its key was remembered cannot vend; reactivated, it can', async () => {
    expect((await apiVend(t.app, key, { reference: newRef('OFF'), amount: 100 })).statusCode).toBe(200);
    const before = await balances(t.app, corp.corporateId);
    await db().update(corporates).set({ status: 'INACTIVE' }).where(eq(corporates.id, corp.corporateId));
    const res = await apiVend(t.app, key, { reference: newRef('OFF'), amount: 100 });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CLIENT_INACTIVE');
    expect(await balances(t.app, corp.corporateId)).toEqual(before);
    await db().update(corporates).set({ status: 'ACTIVE' }).where(eq(corporates.id, corp.corporateId));
    expect((await apiVend(t.app, key, { reference: newRef('OFF'), amount: 100 })).statusCode).toBe(200);
  });

  it('[API-KEY-MEMORY] a commission changed after the key was remembered is the one the next vend earns', async () => {
    const reference = newRef('COM');
    expect((await apiVend(t.app, key, { reference, amount: 1_000 })).statusCode).toBe(200);
    const [mtn] = await db()
      .select()
      .from(services)
      .where(and(eq(services.network, 'MTN'), eq(services.serviceType, 'AIRTIME')));
    const rate = mtn.commissionBps === 400 ? 250 : 400;
    await db().update(services).set({ commissionBps: rate }).where(eq(services.id, mtn.id));
    const next = await apiVend(t.app, key, { reference: newRef('COM'), amount: 1_000 });
    expect(next.statusCode).toBe(200);
    const [row] = await db()
      .select({ bps: vends.commissionBps, kobo: vends.commissionKobo })
      .from(vends)
      .where(eq(vends.reference, next.json().data.reference));
    expect(row).toEqual({ bps: rate, kobo: (100_000 * rate) / 10_000 });
  });

  it('[API-KEY-MEMORY] a service unassigned, or an IP allow-list added, after the key was remembered is enforced at once', async () => {
    expect((await apiVend(t.app, key, { reference: newRef('SVC'), amount: 100 })).statusCode).toBe(200);
    const [glo] = await db()
      .select({ id: services.id })
      .from(services)
      .where(and(eq(services.network, 'GLO'), eq(services.serviceType, 'AIRTIME')));
    await db()
      .delete(serviceAssignments)
      .where(
        and(eq(serviceAssignments.corporateId, corp.corporateId), eq(serviceAssignments.serviceId, glo.id)),
      );
    const gone = await apiVend(t.app, key, { reference: newRef('SVC'), phone: '08051234567', amount: 100 });
    expect(gone.json().code).toBe('SERVICE_UNAVAILABLE');

    await db().insert(ipAllowlist).values({ corporateId: corp.corporateId, address: '203.0.113.7' });
    const blocked = await apiVend(t.app, key, { reference: newRef('IP'), amount: 100 });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('IP_NOT_ALLOWED');
    await db().delete(ipAllowlist).where(eq(ipAllowlist.corporateId, corp.corporateId));
    expect((await apiVend(t.app, key, { reference: newRef('IP'), amount: 100 })).statusCode).toBe(200);
  });

  it('[API-KEY-MEMORY] the debit refuses a vend decided at an older access generation, writing nothing; at the current one it posts', async () => {
    const caller = { corporateId: corp.corporateId, channel: 'API' as const };
    const input = {
      reference: newRef('GEN'),
      phone: '+2348031234567',
      type: 'AIRTIME' as const,
      amount: 10_000,
    };
    const before = { balances: await balances(t.app, corp.corporateId), vends: await vendCount() };
    const g = await generation();
    await expect(
      vend(t.app.ctx, caller, input, undefined, { accessGeneration: g - 1 }),
    ).rejects.toBeInstanceOf(StaleAccessError);
    expect(await balances(t.app, corp.corporateId)).toEqual(before.balances);
    expect(await vendCount()).toBe(before.vends);
    const ok = await vend(t.app.ctx, caller, input, undefined, { accessGeneration: g });
    expect(ok.vend.status).toBe('SUCCESSFUL');
    expect(await vendCount()).toBe(before.vends + 1);
    // In one batch, a stale vend is refused and a current one posted.
    const [stale, current] = await Promise.allSettled([
      vend(t.app.ctx, caller, { ...input, reference: newRef('GEN') }, undefined, { accessGeneration: g - 1 }),
      vend(t.app.ctx, caller, { ...input, reference: newRef('GEN') }, undefined, { accessGeneration: g }),
    ]);
    expect(stale.status === 'rejected' && stale.reason instanceof StaleAccessError).toBe(true);
    expect(current.status).toBe('fulfilled');
    expect(await vendCount()).toBe(before.vends + 2);
    await expectBooksBalanced(t.app);
  });

  it('[API-KEY-MEMORY] every kind of access change raises the generation, in its own transaction', async () => {
    const steps: Array<[string, () => Promise<unknown>]> = [
      ['a key minted', () => apiKeyFor(t.app, corp.corporateId)],
      [
        'test mode',
        () => db().update(corporates).set({ testMode: true }).where(eq(corporates.id, corp.corporateId)),
      ],
      [
        'upfront commission',
        () =>
          db().update(corporates).set({ upfrontCommission: true }).where(eq(corporates.id, corp.corporateId)),
      ],
      [
        'client type',
        () =>
          db().update(corporates).set({ clientType: 'POSTPAID' }).where(eq(corporates.id, corp.corporateId)),
      ],
      [
        'a service',
        () =>
          db()
            .update(services)
            .set({ minAmountKobo: sql`${services.minAmountKobo}` }),
      ],
      ['an assignment', () => assignDefaults(t.app, corp.corporateId)],
    ];
    for (const [what, change] of steps) {
      const g = await generation();
      await change();
      expect(await generation(), what).toBeGreaterThan(g);
    }
    // A client's name is not part of what a vend is decided on.
    const g = await generation();
    await db().update(corporates).set({ name: 'Renamed Ltd' }).where(eq(corporates.id, corp.corporateId));
    expect(await generation()).toBe(g);
  });
});

describe('[TIME-ORDERED IDS] the rows a vend writes (migration 0021)', () => {
  it('[TIME-ORDERED IDS] vends, their debit transfers and entries get version 7 ids, in the order they were made', async () => {
    const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    // A client of its own: the tests above changed this file's client and its key.
    const fresh = await createCorporate(t.app);
    await assignDefaults(t.app, fresh.corporateId);
    await fund(t.app, fresh.corporateId, 100_000);
    const freshKey = await apiKeyFor(t.app, fresh.corporateId);
    const refs: string[] = [];
    for (let i = 0; i < 3; i++) {
      refs.push(newRef('V7'));
      expect((await apiVend(t.app, freshKey, { reference: refs[i], amount: 100 })).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 3));
    }
    const rows = (await t.app.ctx.dbHandle.query<{ id: string; transfer: string; entries: string[] }>(
      `select v.id::text, v.debit_transfer_id::text as transfer,
              array(select e.id::text from ledger_entries e where e.transfer_id = v.debit_transfer_id) as entries
         from vends v where v.reference = any($1::text[]) order by v.created_at`,
      [refs],
    )) as Array<{ id: string; transfer: string; entries: string[] }>;
    expect(rows).toHaveLength(3);
    for (const r of rows) for (const id of [r.id, r.transfer, ...r.entries]) expect(id).toMatch(V7);
    // Each made at least a millisecond after the one before: ordered as created.
    const ids = rows.map((r) => r.id);
    expect([...ids].sort()).toEqual(ids);
    const transfers = rows.map((r) => r.transfer);
    expect([...transfers].sort()).toEqual(transfers);
  });
});
