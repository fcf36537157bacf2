// Double-spend and idempotency under real concurrency: PostgreSQL only (PGlite has one
// connection and would serialise the requests, proving nothing).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vends } from '../../../infra/db/schema';
import { createCorporate, type TestUser } from '../../../test/factories';
import { buildTestApp, type TestApp, testDbKind } from '../../../test/harness';
import { changeCreditTerms } from '../../clients/clients.service';
import {
  apiKeyFor,
  apiVend,
  assignDefaults,
  balances,
  expectBooksBalanced,
  fund,
  newRef,
} from '../vending.testing';

describe.runIf(testDbKind() === 'pg')('[VEND-CONCURRENCY] on PostgreSQL', () => {
  let t: TestApp;
  let corp: TestUser & { corporateId: string };
  let key: string;

  beforeAll(async () => {
    t = await buildTestApp({ poolSize: 60 });
    corp = await createCorporate(t.app);
    await assignDefaults(t.app, corp.corporateId);
    await fund(t.app, corp.corporateId, 1_000_000);
    key = await apiKeyFor(t.app, corp.corporateId);
  });
  afterAll(() => t?.close());

  it('[VEND-CONCURRENCY] 100 concurrent requests with one reference debit once and answer identically', async () => {
    const reference = newRef('RACE');
    const before = await balances(t.app, corp.corporateId);
    const results = await Promise.all(
      Array.from({ length: 100 }, () => apiVend(t.app, key, { reference, amount: 1000 })),
    );
    const codes = new Set(results.map((r) => r.statusCode));
    expect([...codes]).toEqual([200]);
    const bodies = new Set(results.map((r) => r.body));
    expect(bodies.size).toBe(1);
    expect(JSON.parse(results[0].body).data.status).toBe('SUCCESSFUL');
    expect((await balances(t.app, corp.corporateId)).wallet).toBe(before.wallet - 100_000);
    expect(await t.app.ctx.db.select().from(vends).where(eq(vends.reference, reference))).toHaveLength(1);
  });

  it('[VEND-CONCURRENCY] 100 concurrent requests with one reference on a pending vend also agree', async () => {
    const reference = newRef('RACE-PENDING');
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        apiVend(t.app, key, { reference, phone: '+2348000000003', network: 'MTN', amount: 100 }),
      ),
    );
    expect(new Set(results.map((r) => r.body)).size).toBe(1);
    expect(JSON.parse(results[0].body).data.status).toBe('PENDING');
  });

  it('[VEND-CONCURRENCY] concurrent vends never take a wallet below its floor', async () => {
    const c = await createCorporate(t.app);
    await assignDefaults(t.app, c.corporateId);
    await fund(t.app, c.corporateId, 100_000);
    const k = await apiKeyFor(t.app, c.corporateId);
    // 60 vends of NGN 50 against NGN 1,000: exactly 20 can succeed.
    const results = await Promise.all(Array.from({ length: 60 }, () => apiVend(t.app, k, { amount: 50 })));
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 402);
    expect(ok).toHaveLength(20);
    expect(refused).toHaveLength(40);
    expect(refused.every((r) => r.json().code === 'INSUFFICIENT_FUNDS')).toBe(true);
    expect((await balances(t.app, c.corporateId)).wallet).toBe(0);
  });

  it('[VEND-CONCURRENCY] vends for many wallets interleaved: batches never deadlock, each wallet stops at its floor', async () => {
    const clients = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const c = await createCorporate(t.app);
        await assignDefaults(t.app, c.corporateId);
        await fund(t.app, c.corporateId, 5 * 5_000); // five vends of NGN 50 each
        return { id: c.corporateId, key: await apiKeyFor(t.app, c.corporateId) };
      }),
    );
    // Ten vends per wallet, sent round-robin so that batches mix wallets in every order.
    const sent = Array.from({ length: 80 }, (_, i) => clients[i % clients.length]);
    const results = await Promise.all(sent.map((c) => apiVend(t.app, c.key, { amount: 50 })));
    expect([...new Set(results.map((r) => r.statusCode))].sort()).toEqual([200, 402]);
    for (const c of clients) {
      const mine = results.filter((_, i) => sent[i] === c);
      expect(mine.filter((r) => r.statusCode === 200)).toHaveLength(5);
      expect((await balances(t.app, c.id)).wallet).toBe(0);
    }
  });

  it('[VEND-CONCURRENCY] batched vends on credit stop at -creditLimit (POSTPAID) and after the prepaid part (POSTPAID_PLUS)', async () => {
    // The batch statement checks every entry's running balance against the floor of the client's
    // type: here, below zero, the floor is minus the credit limit.
    const postpaid = await createCorporate(t.app, { clientType: 'POSTPAID' });
    await changeCreditTerms(t.app.ctx.db, postpaid.corporateId, { creditLimitKobo: 15 * 5_000 });
    const plus = await createCorporate(t.app, { clientType: 'POSTPAID_PLUS' });
    await changeCreditTerms(t.app.ctx.db, plus.corporateId, { creditLimitKobo: 6 * 5_000 });
    await fund(t.app, plus.corporateId, 4 * 5_000);
    for (const [c, covered] of [
      [postpaid, 15],
      [plus, 10],
    ] as const) {
      await assignDefaults(t.app, c.corporateId);
      const k = await apiKeyFor(t.app, c.corporateId);
      const results = await Promise.all(Array.from({ length: 40 }, () => apiVend(t.app, k, { amount: 50 })));
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(covered);
      const refused = results.filter((r) => r.statusCode !== 200);
      expect(refused.every((r) => r.json().code === 'INSUFFICIENT_FUNDS')).toBe(true);
    }
    expect((await balances(t.app, postpaid.corporateId)).wallet).toBe(-75_000);
    expect((await balances(t.app, plus.corporateId)).wallet).toBe(-30_000);
  });

  it('[VEND-CONCURRENCY] concurrent requeries and a manual one resolve a pending vend once', async () => {
    const before = await balances(t.app, corp.corporateId);
    const v = (await apiVend(t.app, key, { phone: '+2348000000004', network: 'MTN', amount: 100 })).json()
      .data;
    const { requeryVend } = await import('./requery.service');
    await Promise.all(Array.from({ length: 10 }, () => requeryVend(t.app.ctx, v.id)));
    const [row] = await t.app.ctx.db.select().from(vends).where(eq(vends.id, v.id));
    expect(row.status).toBe('FAILED');
    expect(await balances(t.app, corp.corporateId)).toEqual(before);
  });

  it('[VEND-CONCURRENCY] the books balance', async () => {
    await expectBooksBalanced(t.app);
  });
});
