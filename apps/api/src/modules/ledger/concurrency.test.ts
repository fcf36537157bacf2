// Double-spend and double-credit races. PostgreSQL only: PGlite has one connection, so it would
// serialise everything and prove nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../infra/errors';
import { createAdmin, createCorporate, TEST_PASSWORD, type TestUser } from '../../test/factories';
import { buildTestApp, type TestApp, testDbKind } from '../../test/harness';
import { changeCreditTerms } from '../clients/clients.service';
import {
  approve,
  call,
  createFundRequest,
  creditTransfersFor,
  seedWallet,
  walletBalance,
} from '../funding/funding.fixtures';
import { gatewaySecretOf, signBody } from '../funding/gateway/signature';
import { postTransfer, systemAccountId, walletAccountId } from './ledger.service';
import { checkLedger } from './ledger-check';

describe.runIf(testDbKind() === 'pg')('[CONCURRENCY] on PostgreSQL', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({ poolSize: 60 });
    admin = await createAdmin(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  let n = 0;
  async function debit(corporateId: string, amountKobo: number, opts: { tagCorporate?: boolean } = {}) {
    const db = t.app.ctx.db;
    return postTransfer(db, {
      kind: 'VEND',
      reference: `race-debit:${corporateId}:${++n}`,
      description: 'race debit',
      // Untagged, the transfer row takes no key-share lock on the corporate (its foreign key),
      // so only the wallet's floor, rewritten under the wallet's row lock by a limit change
      // (migration 0022), can order it after that change.
      corporateId: opts.tagCorporate === false ? null : corporateId,
      entries: [
        { accountId: await walletAccountId(db, corporateId), amountKobo: -amountKobo },
        { accountId: await systemAccountId(db, 'PROVIDER_FLOAT'), amountKobo },
      ],
    }).then(
      () => 'OK',
      (e) => (e instanceof AppError ? e.code : `ERROR ${(e as Error).message}`),
    );
  }
  const tally = (xs: string[]) => {
    const m: Record<string, number> = {};
    for (const x of xs) m[x] = (m[x] ?? 0) + 1;
    return m;
  };

  it('[CONCURRENCY] 50 concurrent approvals of one fund request credit the wallet exactly once', async () => {
    const c = await createCorporate(t.app);
    const fr = await createFundRequest(t.app, c, '25,000');
    const results = await Promise.all(Array.from({ length: 50 }, () => approve(t.app, admin, fr.id)));
    expect(tally(results.map((r) => String(r.statusCode)))).toEqual({ 200: 1, 409: 49 });
    expect(await walletBalance(t.app, c.corporateId)).toBe(2_500_000);
    expect(await creditTransfersFor(t.app, 'fund_request', fr.id)).toBe(1);
  });

  it('[CONCURRENCY] 200 concurrent debits against a PREPAID balance covering exactly 100: 100 succeed, the wallet ends at 0', async () => {
    const c = await createCorporate(t.app, { clientType: 'PREPAID' });
    await seedWallet(t.app, c.corporateId, 100 * 1_000);
    const results = await Promise.all(Array.from({ length: 200 }, () => debit(c.corporateId, 1_000)));
    expect(tally(results)).toEqual({ OK: 100, INSUFFICIENT_FUNDS: 100 });
    expect(await walletBalance(t.app, c.corporateId)).toBe(0);
  });

  it('[CONCURRENCY] 200 concurrent debits on a POSTPAID line covering exactly 100: the wallet ends at exactly -creditLimit', async () => {
    const c = await createCorporate(t.app, { clientType: 'POSTPAID' });
    await changeCreditTerms(t.app.ctx.db, c.corporateId, { creditLimitKobo: 100 * 750 });
    const results = await Promise.all(Array.from({ length: 200 }, () => debit(c.corporateId, 750)));
    expect(tally(results)).toEqual({ OK: 100, INSUFFICIENT_FUNDS: 100 });
    expect(await walletBalance(t.app, c.corporateId)).toBe(-75_000);
  });

  it('[CONCURRENCY] 200 concurrent debits on POSTPAID_PLUS spend the prepaid 40 then the line of 60, ending at the floor', async () => {
    const c = await createCorporate(t.app, { clientType: 'POSTPAID_PLUS' });
    await changeCreditTerms(t.app.ctx.db, c.corporateId, { creditLimitKobo: 60 * 500 });
    await seedWallet(t.app, c.corporateId, 40 * 500);
    const results = await Promise.all(Array.from({ length: 200 }, () => debit(c.corporateId, 500)));
    expect(tally(results)).toEqual({ OK: 100, INSUFFICIENT_FUNDS: 100 });
    expect(await walletBalance(t.app, c.corporateId)).toBe(-30_000);
  });

  it('[CONCURRENCY] limit cuts and type switches racing with debits never leave a wallet below its floor', async () => {
    const c = await createCorporate(t.app, { clientType: 'POSTPAID' });
    await changeCreditTerms(t.app.ctx.db, c.corporateId, { creditLimitKobo: 100_000 });
    const changes = [
      ...Array.from(
        { length: 10 },
        (_, i) => () =>
          changeCreditTerms(t.app.ctx.db, c.corporateId, { creditLimitKobo: 90_000 - i * 9_000 }),
      ),
      () => changeCreditTerms(t.app.ctx.db, c.corporateId, { clientType: 'PREPAID' }),
      () => changeCreditTerms(t.app.ctx.db, c.corporateId, { clientType: 'POSTPAID_PLUS' }),
    ];
    const work: Array<Promise<unknown>> = [];
    for (let i = 0; i < 100; i++) {
      work.push(debit(c.corporateId, 1_000));
      if (i % 8 === 0 && changes.length)
        work.push(
          changes.shift()!().then(
            () => 'OK',
            (e) => (e instanceof AppError ? e.code : `ERROR ${(e as Error).message}`),
          ),
        );
    }
    // Every answer is a decision, never a deadlock: a change locks its corporate then the wallet,
    // a debit the wallet then (key share, its foreign keys) the corporate, and those two locks on
    // the corporate do not conflict.
    const results = await Promise.all(work);
    expect(results.filter((r) => !['OK', 'INSUFFICIENT_FUNDS', 'BAD_REQUEST'].includes(r as string))).toEqual(
      [],
    );
    const report = await checkLedger(t.app.ctx.db);
    expect(report.checks.filter((x) => x.violations > 0)).toEqual([]);
    const [corp] = await t.app.ctx.dbHandle.query<{ client_type: string; credit_limit_kobo: string }>(
      'select client_type, credit_limit_kobo from corporates where id = $1',
      [c.corporateId],
    );
    const floor = corp.client_type === 'PREPAID' ? 0 : -Number(corp.credit_limit_kobo);
    expect(await walletBalance(t.app, c.corporateId)).toBeGreaterThanOrEqual(floor);
  });

  it('[CONCURRENCY] a debit waits for an in-flight limit cut and is checked against the new floor', async () => {
    const c = await createCorporate(t.app, { clientType: 'POSTPAID' });
    await changeCreditTerms(t.app.ctx.db, c.corporateId, { creditLimitKobo: 10_000 });
    await seedWallet(t.app, c.corporateId, -8_000);
    // A limit change holds the corporate row (as changeCreditTerms does) and lowers the limit to 9,000.
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let holding!: () => void;
    const held = new Promise<void>((r) => {
      holding = r;
    });
    const change = t.app.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select id from corporates where id = ${c.corporateId} for update`);
      await tx.execute(sql`update corporates set credit_limit_kobo = 9000 where id = ${c.corporateId}`);
      holding();
      await gate;
    });
    await held;
    let settled = false;
    const pending = debit(c.corporateId, 1_500, { tagCorporate: false }).finally(() => {
      settled = true;
    });
    // Wait until the debit is blocked on the wallet's row (or, if it did not wait, has finished).
    for (let i = 0; i < 500 && !settled; i++) {
      const [w] = await t.app.ctx.dbHandle.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
      );
      if (w.n > 0) break;
      await new Promise((r) => setImmediate(r));
    }
    release();
    await change;
    // With the old limit (10,000) the debit would fit; with the new one (9,000) it must not.
    expect(await pending).toBe('INSUFFICIENT_FUNDS');
    expect(await walletBalance(t.app, c.corporateId)).toBe(-8_000);
  });

  it('[CONCURRENCY] card callbacks and verify calls racing in parallel credit the wallet exactly once', async () => {
    const c = await createCorporate(t.app);
    const init = await call(t.app, c, {
      method: 'POST',
      url: '/api/v1/fund/card/initialize',
      payload: { amount: '50,000' },
    });
    const p = init.json().data as { reference: string; totalKobo: number };
    await t.app.ctx.dbHandle.query(
      `update gateway_sim_payments set status = 'SUCCESSFUL', paid_at = now() where reference = $1`,
      [p.reference],
    );
    const secret = gatewaySecretOf(t.app.ctx.config);
    const payload = JSON.stringify({
      event: 'charge.completed',
      data: { reference: p.reference, status: 'SUCCESSFUL', amountKobo: p.totalKobo },
    });
    const callbacks = Array.from({ length: 25 }, () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/fund/card/callback',
        headers: { 'content-type': 'application/json', 'x-gateway-signature': signBody(secret, payload) },
        payload,
      }),
    );
    const verifies = Array.from({ length: 25 }, () =>
      call(t.app, c, { method: 'GET', url: `/api/v1/fund/card/verify?reference=${p.reference}` }),
    );
    const all = await Promise.all([...callbacks, ...verifies]);
    expect(all.every((r) => r.statusCode === 200)).toBe(true);
    // Exactly one of the 50 calls did the credit; the others saw it done.
    const creditedHere = all.filter((r) => {
      const b = r.json();
      return b.message === 'Callback processed'
        ? b.data.credited === true
        : b.message.startsWith('Payment confirmed');
    });
    expect(creditedHere).toHaveLength(1);
    expect(await walletBalance(t.app, c.corporateId)).toBe(5_000_000);
    const [{ id }] = await t.app.ctx.dbHandle.query<{ id: string }>(
      'select id from card_payments where reference = $1',
      [p.reference],
    );
    expect(await creditTransfersFor(t.app, 'card_payment', id)).toBe(1);
  });

  it('[CONCURRENCY] concurrent admin fundings with one reference credit once', async () => {
    const c = await createCorporate(t.app);
    const payload = {
      corporateId: c.corporateId,
      amount: '1000',
      reason: 'Retry storm',
      password: TEST_PASSWORD,
      reference: `storm-${Date.now()}`,
    };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => call(t.app, admin, { method: 'POST', url: '/api/v1/fund', payload })),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(results.map((r) => r.json().data.id)).size).toBe(1);
    expect(await walletBalance(t.app, c.corporateId)).toBe(100_000);
  });

  it('[CONCURRENCY] checkLedger reports no violation after the races', async () => {
    const report = await checkLedger(t.app.ctx.db);
    expect(report.checks.filter((x) => x.violations > 0)).toEqual([]);
  });
});
