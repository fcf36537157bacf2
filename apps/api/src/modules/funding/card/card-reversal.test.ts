// Card payments reversed at the gateway after (or before) they were credited: the debit back,
// the receivable and the vending hold, recovery from later funding, idempotency, and who may see
// and do what. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBooks } from '../../../books';
import { createAdmin, createCorporate, TEST_PASSWORD, type TestUser } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/harness';
import { formatLedgerReport } from '../../ledger/ledger-check';
import { apiKeyFor, apiVend, assignDefaults } from '../../vending/vending.testing';
import {
  approve,
  call,
  createFundRequest,
  seedWallet,
  setCorporate,
  walletBalance,
} from '../funding.fixtures';
import { reverseCreditedCardPayment } from './card-reversal.service';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
});

const q = <T>(text: string, params: unknown[] = []) => t.app.ctx.dbHandle.query<T>(text, params);

const systemBalance = async (code: string) =>
  Number(
    (
      await q<{ b: string }>('select balance_kobo as b from ledger_accounts where code = $1', [
        `SYSTEM:${code}`,
      ])
    )[0]?.b ?? 0,
  );

async function expectBooks() {
  const report = await checkBooks(t.app.ctx.db);
  expect(report.ok, formatLedgerReport(report)).toBe(true);
}

/** Starts a card payment and pays it on the simulator's checkout (its callback credits). */
async function payByCard(c: TestUser, amount: string) {
  const init = await call(t.app, c, {
    method: 'POST',
    url: '/api/v1/fund/card/initialize',
    payload: { amount },
  });
  expect(init.statusCode, init.body).toBe(201);
  const p = init.json().data as { reference: string; amountKobo: number; feeKobo: number; totalKobo: number };
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/v1/gateway-sim/checkout/${p.reference}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(paid.statusCode).toBe(303);
  return p;
}

/** The simulator's refund/chargeback action (an admin who may fund wallets). */
const simReverse = (user: TestUser | null, reference: string) =>
  call(t.app, user, { method: 'POST', url: `/api/v1/gateway-sim/payments/${reference}/reverse` });

const paymentRow = async (reference: string) =>
  (
    await q<{ status: string; transfer_id: string | null; reversal_transfer_id: string | null }>(
      'select status, transfer_id, reversal_transfer_id from card_payments where reference = $1',
      [reference],
    )
  )[0];

const reversalTransfers = async (reference: string) =>
  Number(
    (
      await q<{ n: number }>('select count(*)::int as n from ledger_transfers where reference = $1', [
        `card-reversal:${reference}`,
      ])
    )[0].n,
  );

const receivables = (u: TestUser) => call(t.app, u, { method: 'GET', url: '/api/v1/card-receivables' });
const adminReceivables = (u: TestUser, corporateId: string) =>
  call(t.app, u, { method: 'GET', url: `/api/v1/corporate-clients/${corporateId}/card-receivables` });
const portalVend = (c: TestUser) =>
  call(t.app, c, {
    method: 'POST',
    url: '/api/v1/vend',
    payload: { phone: '08031234567', type: 'AIRTIME', amount: 100 },
  });

describe('[CARD-REVERSAL] a credited card payment reversed at the gateway', () => {
  it('[CARD-REVERSAL] with enough balance: the wallet gives the amount back, the gateway gets amount + fee, the fee is returned; admins and the client are told, audited', async () => {
    const c = await createCorporate(t.app);
    const clearing0 = await systemBalance('GATEWAY_CLEARING');
    const fee0 = await systemBalance('FEE_INCOME');
    const p = await payByCard(c, '5000');
    expect(await walletBalance(t.app, c.corporateId)).toBe(500_000);
    await seedWallet(t.app, c.corporateId, 200_000);

    const res = await simReverse(admin, p.reference);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'REVERSED', delivered: true });
    expect(await walletBalance(t.app, c.corporateId)).toBe(200_000);
    expect(await systemBalance('GATEWAY_CLEARING')).toBe(clearing0);
    expect(await systemBalance('FEE_INCOME')).toBe(fee0);
    expect(await paymentRow(p.reference)).toMatchObject({ status: 'REVERSED' });
    expect(await reversalTransfers(p.reference)).toBe(1);

    // The client's verify now answers REVERSED, and moves nothing.
    const v = await call(t.app, c, {
      method: 'GET',
      url: `/api/v1/fund/card/verify?reference=${p.reference}`,
    });
    expect(v.json()).toMatchObject({
      message: 'This payment was reversed by the payment gateway',
      data: { status: 'REVERSED', credited: true },
    });
    // The funding history shows it REVERSED, with why.
    const hist = await call(t.app, c, { method: 'GET', url: '/api/v1/transactions/funding?channel=CARD' });
    expect(hist.json().data.find((r: { code: string }) => r.code === p.reference)).toMatchObject({
      status: 'REVERSED',
    });
    // No receivable, no hold.
    expect((await receivables(c)).json().data).toMatchObject({ outstandingKobo: 0, vendingSuspended: false });

    const audit = await q<{ action: string; summary: Record<string, string> }>(
      "select action, summary from audit_logs where target_id = $1 and action = 'funding.card.reverse'",
      [p.reference],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0].summary).toMatchObject({ credited: true, fromWallet: '5000.00', receivable: '0.00' });
    const adminNote = await q<{ body: string }>(
      "select body from notifications where user_id = $1 and subject = 'Card payment reversed' and body like $2",
      [admin.id, `%${p.reference}%`],
    );
    expect(adminNote).toHaveLength(1);
    const clientNote = await q<{ body: string }>(
      "select body from notifications where user_id = $1 and subject = 'Card payment reversed'",
      [c.id],
    );
    expect(clientNote[0].body).toContain('New balance: ₦2,000.00');
    await expectBooks();
  });

  it('[CARD-REVERSAL] a prepaid wallet that no longer holds it: debited to zero, the rest a receivable, vending suspended until later funding settles it', async () => {
    const c = await createCorporate(t.app);
    await assignDefaults(t.app, c.corporateId);
    const key = await apiKeyFor(t.app, c.corporateId);
    const p = await payByCard(c, '5000');
    // An API vend now: its key's read is remembered, and must not outlive the hold below.
    expect((await apiVend(t.app, key, {})).statusCode).toBeLessThan(300);
    await seedWallet(t.app, c.corporateId, -290_000); // the rest spent since

    expect((await simReverse(admin, p.reference)).statusCode).toBe(200);
    expect(await walletBalance(t.app, c.corporateId)).toBe(0);
    expect(await systemBalance('CARD_RECEIVABLE')).toBeLessThanOrEqual(-300_000);
    const mine = (await receivables(c)).json().data;
    expect(mine).toMatchObject({
      outstandingKobo: 300_000,
      vendingSuspended: true,
      receivables: [{ reference: p.reference, amountKobo: 300_000, recoveredKobo: 0, status: 'OUTSTANDING' }],
    });
    expect((await adminReceivables(admin, c.corporateId)).json().data.outstandingKobo).toBe(300_000);

    // Vending refused, on the portal and by API, with a clear message; nothing debited.
    const refused = await portalVend(c);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, code: 'VENDING_SUSPENDED' });
    expect(refused.json().message).toMatch(/^Vending is suspended on this account/);
    expect((await apiVend(t.app, key, {})).json().code).toBe('VENDING_SUSPENDED');
    await expectBooks();

    // An approved bank funding of NGN 1,000 is recovered first: still owing NGN 2,000.
    const fr = await createFundRequest(t.app, c, '1000');
    expect((await approve(t.app, admin, fr.id)).statusCode).toBe(200);
    expect(await walletBalance(t.app, c.corporateId)).toBe(0);
    expect((await receivables(c)).json().data).toMatchObject({
      outstandingKobo: 200_000,
      vendingSuspended: true,
    });
    expect((await portalVend(c)).json().code).toBe('VENDING_SUSPENDED');

    // An admin funding of NGN 5,000 settles the rest: NGN 3,000 left in the wallet, vending back.
    const funded = await call(t.app, admin, {
      method: 'POST',
      url: '/api/v1/fund',
      payload: { corporateId: c.corporateId, amount: '5000', reason: 'Top-up', password: TEST_PASSWORD },
    });
    expect(funded.statusCode, funded.body).toBe(200);
    expect(funded.json().data.balanceKobo).toBe(300_000);
    expect(await walletBalance(t.app, c.corporateId)).toBe(300_000);
    expect((await receivables(c)).json().data).toMatchObject({
      outstandingKobo: 0,
      vendingSuspended: false,
      receivables: [{ amountKobo: 300_000, recoveredKobo: 300_000, status: 'SETTLED' }],
    });
    const vend = await portalVend(c);
    expect(vend.statusCode, vend.body).toBeLessThan(300);
    expect((await apiVend(t.app, key, {})).statusCode).toBeLessThan(300);
    const settledNote = await q<{ body: string }>(
      "select body from notifications where user_id = $1 and subject = 'Card reversal settled'",
      [c.id],
    );
    expect(settledNote).toHaveLength(1);
    await expectBooks();
  });

  it('[CARD-REVERSAL] a later card payment settles a receivable too', async () => {
    const c = await createCorporate(t.app);
    const p = await payByCard(c, '2000');
    await seedWallet(t.app, c.corporateId, -200_000);
    await simReverse(admin, p.reference);
    expect((await receivables(c)).json().data.outstandingKobo).toBe(200_000);
    await payByCard(c, '3000');
    expect(await walletBalance(t.app, c.corporateId)).toBe(100_000);
    expect((await receivables(c)).json().data).toMatchObject({ outstandingKobo: 0, vendingSuspended: false });
    await expectBooks();
  });

  it('[CARD-REVERSAL] a postpaid wallet goes below zero within its floor; beyond it, the rest is a receivable', async () => {
    const within = await createCorporate(t.app, { clientType: 'POSTPAID' });
    await setCorporate(t.app, within.corporateId, { creditLimitKobo: 1_000_000 });
    const p1 = await payByCard(within, '5000');
    await seedWallet(t.app, within.corporateId, -400_000);
    await simReverse(admin, p1.reference);
    expect(await walletBalance(t.app, within.corporateId)).toBe(-400_000);
    expect((await receivables(within)).json().data).toMatchObject({
      outstandingKobo: 0,
      vendingSuspended: false,
    });

    const beyond = await createCorporate(t.app, { clientType: 'POSTPAID' });
    await setCorporate(t.app, beyond.corporateId, { creditLimitKobo: 200_000 });
    const p2 = await payByCard(beyond, '5000');
    await seedWallet(t.app, beyond.corporateId, -400_000);
    await simReverse(admin, p2.reference);
    expect(await walletBalance(t.app, beyond.corporateId)).toBe(-200_000);
    expect((await receivables(beyond)).json().data).toMatchObject({
      outstandingKobo: 200_000,
      vendingSuspended: true,
    });
    await expectBooks();
  });

  it('[CARD-REVERSAL] 20 concurrent reversals of one payment debit it once', async () => {
    const c = await createCorporate(t.app);
    const p = await payByCard(c, '5000');
    await seedWallet(t.app, c.corporateId, 100_000);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? reverseCreditedCardPayment(t.app.ctx, p.reference, { reason: 'Chargeback', source: 'webhook' })
          : simReverse(admin, p.reference).then((r) => {
              expect(r.statusCode, r.body).toBe(200);
              return null;
            }),
      ),
    );
    expect(results.filter((r) => r?.reversed).length).toBeLessThanOrEqual(1);
    expect(await reversalTransfers(p.reference)).toBe(1);
    expect(await walletBalance(t.app, c.corporateId)).toBe(100_000);
    const audits = await q<{ n: number }>(
      "select count(*)::int as n from audit_logs where target_id = $1 and action = 'funding.card.reverse'",
      [p.reference],
    );
    expect(Number(audits[0].n)).toBe(1);
    await expectBooks();
  });

  it('[CARD-REVERSAL] verify that finds a credited payment reversed at the gateway takes it back', async () => {
    const c = await createCorporate(t.app);
    const p = await payByCard(c, '2500');
    // The gateway reversed it; no callback reached us.
    await q("update gateway_sim_payments set status = 'REVERSED' where reference = $1", [p.reference]);
    const v = await call(t.app, c, {
      method: 'GET',
      url: `/api/v1/fund/card/verify?reference=${p.reference}`,
    });
    expect(v.json().data).toMatchObject({ status: 'REVERSED', credited: true });
    expect(await walletBalance(t.app, c.corporateId)).toBe(0);
    expect((await receivables(c)).json().data.outstandingKobo).toBe(0);
    await expectBooks();
  });
});

describe('[CARD-REVERSAL] a payment reversed before it was credited', () => {
  it('[CARD-REVERSAL] is marked REVERSED and credits nothing, even if the gateway later says paid', async () => {
    const c = await createCorporate(t.app);
    const init = await call(t.app, c, {
      method: 'POST',
      url: '/api/v1/fund/card/initialize',
      payload: { amount: '4000' },
    });
    const ref = init.json().data.reference as string;
    const r = await reverseCreditedCardPayment(t.app.ctx, ref, { reason: 'Refunded', source: 'webhook' });
    expect(r).toMatchObject({ reversed: true, fromWalletKobo: 0, receivableKobo: 0 });
    expect(await paymentRow(ref)).toMatchObject({
      status: 'REVERSED',
      transfer_id: null,
      reversal_transfer_id: null,
    });
    // A late "paid" from the gateway changes nothing.
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/gateway-sim/checkout/${ref}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    const v = await call(t.app, c, { method: 'GET', url: `/api/v1/fund/card/verify?reference=${ref}` });
    expect(v.json().data).toMatchObject({ status: 'REVERSED', credited: false });
    expect(await walletBalance(t.app, c.corporateId)).toBe(0);
    expect(
      Number(
        (
          await q<{ n: number }>('select count(*)::int as n from ledger_transfers where corporate_id = $1', [
            c.corporateId,
          ])
        )[0].n,
      ),
    ).toBe(0);
    await expectBooks();
  });

  it('[CARD-REVERSAL] verify that finds a pending payment reversed marks it REVERSED, nothing credited', async () => {
    const c = await createCorporate(t.app);
    const init = await call(t.app, c, {
      method: 'POST',
      url: '/api/v1/fund/card/initialize',
      payload: { amount: '4000' },
    });
    const ref = init.json().data.reference as string;
    await q("update gateway_sim_payments set status = 'REVERSED' where reference = $1", [ref]);
    const v = await call(t.app, c, { method: 'GET', url: `/api/v1/fund/card/verify?reference=${ref}` });
    expect(v.json().data).toMatchObject({ status: 'REVERSED', credited: false });
    expect(await walletBalance(t.app, c.corporateId)).toBe(0);
    await expectBooks();
  });
});

describe('[CARD-REVERSAL] access', () => {
  it('[CARD-REVERSAL] a client sees only its own receivables; the admin view needs funding.read; the simulator action needs funding.manage', async () => {
    const owing = await createCorporate(t.app);
    const p = await payByCard(owing, '2000');
    await seedWallet(t.app, owing.corporateId, -200_000);
    await simReverse(admin, p.reference);
    const other = await createCorporate(t.app);

    // The other client's own view shows nothing of the first one's.
    expect((await receivables(other)).json().data).toMatchObject({ outstandingKobo: 0, receivables: [] });
    // A client cannot use the admin view, for another client or for itself.
    for (const id of [owing.corporateId, other.corporateId]) {
      expect((await adminReceivables(other, id)).statusCode).toBe(403);
    }
    // Permissions: wallet.read for the client's view, funding.read for the admin's.
    const noWallet = await createCorporate(t.app, { permissions: ['vend'] });
    expect((await receivables(noWallet)).statusCode).toBe(403);
    const noFunding = await createAdmin(t.app, { permissions: ['clients.read'] });
    expect((await adminReceivables(noFunding, owing.corporateId)).statusCode).toBe(403);
    const reader = await createAdmin(t.app, { permissions: ['funding.read'] });
    expect((await adminReceivables(reader, owing.corporateId)).json().data.outstandingKobo).toBe(200_000);
    expect((await adminReceivables(reader, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await adminReceivables(reader, 'not-a-uuid')).statusCode).toBe(400);
    // Signed out: 401.
    expect((await receivables({ headers: {} } as TestUser)).statusCode).toBe(401);

    // The simulator's reverse: not for clients, nor admins without funding.manage.
    const q2 = await payByCard(other, '2000');
    expect((await simReverse(other, q2.reference)).statusCode).toBe(403);
    expect((await simReverse(reader, q2.reference)).statusCode).toBe(403);
    expect((await simReverse(null, q2.reference)).statusCode).toBe(401);
    expect(await walletBalance(t.app, other.corporateId)).toBe(200_000);
    // Unknown, or not paid: refused.
    expect((await simReverse(admin, 'CP-UNKNOWN00000')).statusCode).toBe(404);
    const pending = await call(t.app, other, {
      method: 'POST',
      url: '/api/v1/fund/card/initialize',
      payload: { amount: '1000' },
    });
    expect((await simReverse(admin, pending.json().data.reference)).statusCode).toBe(409);
    await expectBooks();
  });
});
