// Refunds and disputes as Paystack books them (issue 50 points 2 and 3), against the stand-in
// (mocks/paystack) with this app listening for its signed webhooks: partial refunds move exactly
// their amounts, a chargeback lost then won nets to zero, a dispute won with nothing taken moves
// nothing, admins are told of a dispute with Paystack's deadline, and the books stay clean.

import { lagosDateOf } from '@vendport/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_SECRET_KEY, startPaystackMock } from '../../../../../../mocks/paystack/server';
import { checkBooks } from '../../../books';
import { runDueJobs } from '../../../jobs';
import { createAdmin, createCorporate, type TestUser } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/harness';
import { buildStatement } from '../../reconciliation/statement.service';
import { call, walletBalance } from '../funding.fixtures';
import { CARD_CHECK_QUEUE, PAYSTACK_WEBHOOK_PATH } from '../gateway/paystack-webhook.routes';

let mock: Awaited<ReturnType<typeof startPaystackMock>>;
let t: TestApp;

beforeAll(async () => {
  mock = await startPaystackMock({ port: 0 });
  t = await buildTestApp({
    env: { CARD_GATEWAY: 'paystack', PAYSTACK_BASE_URL: mock.baseUrl, PAYSTACK_SECRET_KEY: MOCK_SECRET_KEY },
  });
  const serverUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  mock.app.paystack.webhookUrl = `${serverUrl}${PAYSTACK_WEBHOOK_PATH}`;
});
afterAll(async () => {
  await mock?.app.close();
  await t?.close();
});

/** A card payment of `amount` naira, paid at the stand-in and credited (webhook, then its check). */
async function paidCard(c: TestUser, amount: string) {
  const res = await call(t.app, c, {
    method: 'POST',
    url: '/api/v1/fund/card/initialize',
    payload: { amount },
  });
  expect(res.statusCode, res.body).toBe(201);
  const p = res.json().data as { reference: string; amountKobo: number; feeKobo: number; totalKobo: number };
  mock.app.paystack.complete(p.reference, 'success');
  await settle();
  return p;
}

async function settle() {
  await mock.app.paystack.settled();
  await runDueJobs(t.app.ctx, { queues: [CARD_CHECK_QUEUE] });
}

const payment = async (c: TestUser, reference: string) =>
  (await call(t.app, c, { method: 'GET', url: `/api/v1/fund/card/verify?reference=${reference}` })).json()
    .data;

const movements = async (reference: string) =>
  t.app.ctx.dbHandle.query<{ kind: string; amount_kobo: number; wallet_kobo: number; fee_kobo: number }>(
    `select me.kind, me.amount_kobo::int, me.wallet_kobo::int, me.fee_kobo::int
       from card_money_events me join card_payments cp on cp.id = me.card_payment_id
      where cp.reference = $1 order by me.created_at, me.id`,
    [reference],
  );

describe('[PAYSTACK] refunds as Paystack books them', () => {
  it('[PAYSTACK] two partial refunds of one payment debit exactly their amounts, each once, however often checked', async () => {
    const c = await createCorporate(t.app);
    const p = await paidCard(c, '4,000');
    expect(await walletBalance(t.app, c.corporateId)).toBe(400_000);

    expect(mock.app.paystack.refund(p.reference, 100_000)).toMatchObject({ amount: 100_000 });
    await settle();
    expect(await walletBalance(t.app, c.corporateId)).toBe(300_000);
    expect(mock.app.paystack.refund(p.reference, 50_000)).toMatchObject({ amount: 50_000 });
    await settle();
    // The client's own verify asks again: nothing moves twice.
    const view = await payment(c, p.reference);
    expect(await walletBalance(t.app, c.corporateId)).toBe(250_000);
    expect(view).toMatchObject({ status: 'SUCCESSFUL', credited: true, refundedKobo: 150_000 });
    expect(view.moneyEvents.map((e: { kind: string; amountKobo: number }) => [e.kind, e.amountKobo])).toEqual(
      [
        ['REFUND', 100_000],
        ['REFUND', 50_000],
      ],
    );
    expect(await movements(p.reference)).toEqual([
      { kind: 'REFUND', amount_kobo: 100_000, wallet_kobo: 100_000, fee_kobo: 0 },
      { kind: 'REFUND', amount_kobo: 50_000, wallet_kobo: 50_000, fee_kobo: 0 },
    ]);
    // The statement shows each refund as its own line, under the payment's reference.
    const today = lagosDateOf(new Date());
    const statement = await buildStatement(t.app.ctx.db, c.corporateId, {
      kind: 'ON_DEMAND',
      fromDate: today,
      toDate: today,
    });
    const refunds = statement.csv.split('\r\n').filter((l) => l.includes('Card payment refunded'));
    expect(refunds).toHaveLength(2);
    expect(refunds[0]).toContain(`${p.reference},Card payment refunded`);
    expect(refunds[0]).toContain(',1000.00,');
    expect(refunds[1]).toContain(',500.00,');
  });

  it('[PAYSTACK] refunding the rest takes the amount from the wallet and the fee from fee income; nothing beyond the total', async () => {
    const c = await createCorporate(t.app);
    const p = await paidCard(c, '3,000');
    mock.app.paystack.refund(p.reference, 200_000);
    await settle();
    mock.app.paystack.refund(p.reference);
    await settle();
    expect(await walletBalance(t.app, c.corporateId)).toBe(0);
    expect(await movements(p.reference)).toEqual([
      { kind: 'REFUND', amount_kobo: 200_000, wallet_kobo: 200_000, fee_kobo: 0 },
      { kind: 'REFUND', amount_kobo: p.totalKobo - 200_000, wallet_kobo: 100_000, fee_kobo: p.feeKobo },
    ]);
    expect((await payment(c, p.reference)).refundedKobo).toBe(p.totalKobo);
  });
});

describe('[PAYSTACK] disputes both ways', () => {
  it('[PAYSTACK] a chargeback logged takes the money once; lost changes nothing more; won afterwards gives it back once: net zero', async () => {
    const admin = await createAdmin(t.app);
    const c = await createCorporate(t.app);
    const p = await paidCard(c, '2,500');
    const d = mock.app.paystack.openDispute(p.reference)!;
    await settle();
    expect(await walletBalance(t.app, c.corporateId)).toBe(0);
    const [alert] = await t.app.ctx.dbHandle.query<{ body: string }>(
      `select body from notifications where user_id = $1 and subject = 'Card payment disputed'
        and body like $2`,
      [admin.id, `%${p.reference}%`],
    );
    expect(alert.body).toContain('Evidence is due at Paystack by');

    mock.app.paystack.resolveDispute(d.id, 'merchant-accepted');
    await settle();
    expect(await walletBalance(t.app, c.corporateId)).toBe(0);
    mock.app.paystack.resolveDispute(d.id, 'declined');
    await settle();
    await settle();
    expect(await walletBalance(t.app, c.corporateId)).toBe(250_000);
    expect((await movements(p.reference)).map((m) => [m.kind, m.amount_kobo])).toEqual([
      ['DISPUTE_TAKEN', p.totalKobo],
      ['DISPUTE_RETURNED', p.totalKobo],
    ]);
    const view = await payment(c, p.reference);
    expect(view.refundedKobo).toBe(0);
    expect(view.disputes[0].states.map((s: { status: string }) => s.status)).toEqual([
      'awaiting-merchant-feedback',
      'resolved',
      'resolved',
    ]);
    expect(view.disputes[0].dueAt).toBe(d.dueAt.toISOString());
  });

  it('[PAYSTACK] a chargeback logged before the payment was credited (REVERSED, nothing credited), then won: credited once', async () => {
    const c = await createCorporate(t.app);
    const res = await call(t.app, c, {
      method: 'POST',
      url: '/api/v1/fund/card/initialize',
      payload: { amount: '1,200' },
    });
    const p = res.json().data as { reference: string; totalKobo: number };
    mock.app.paystack.dropWebhooks = 1;
    mock.app.paystack.complete(p.reference, 'success');
    mock.app.paystack.dropWebhooks = 0;
    const d = mock.app.paystack.openDispute(p.reference)!;
    await settle();
    expect((await payment(c, p.reference)).status).toBe('REVERSED');
    expect(await walletBalance(t.app, c.corporateId)).toBe(0);
    mock.app.paystack.resolveDispute(d.id, 'declined');
    await settle();
    await settle();
    expect(await walletBalance(t.app, c.corporateId)).toBe(120_000);
    const [n] = await t.app.ctx.dbHandle.query<{ n: number }>(
      'select count(*)::int as n from ledger_transfers where reference = $1',
      [`card-payment:${p.reference}`],
    );
    expect(n.n).toBe(1);
  });

  it('[PAYSTACK] a dispute won with no money taken moves nothing', async () => {
    const c = await createCorporate(t.app);
    const p = await paidCard(c, '2,500');
    // The dispute is opened but no chargeback is logged (the transaction still verifies success).
    mock.app.paystack.dropWebhooks = 1;
    const d = mock.app.paystack.openDispute(p.reference)!;
    mock.app.paystack.transactions.get(p.reference)!.status = 'success';
    mock.app.paystack.dropWebhooks = 0;
    mock.app.paystack.resolveDispute(d.id, 'declined');
    await settle();
    expect(await walletBalance(t.app, c.corporateId)).toBe(250_000);
    expect(await movements(p.reference)).toEqual([]);
    expect((await payment(c, p.reference)).disputes[0]).toMatchObject({
      status: 'resolved',
      resolution: 'declined',
    });
  });
});

describe('[PAYSTACK] end of suite', () => {
  it('[PAYSTACK] checkBooks reports no violation after refunds and disputes', async () => {
    const report = await checkBooks(t.app.ctx.db);
    expect(report.checks.filter((x) => x.violations > 0)).toEqual([]);
  });
});
