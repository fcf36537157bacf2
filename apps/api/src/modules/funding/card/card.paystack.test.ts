// Card funding through Paystack, against the local stand-in (mocks/paystack) started in-process on
// a free port, with this app listening too so the stand-in's signed webhooks really arrive:
// initialize → the stand-in's checkout → charge.success webhook → a queued verify → credited once;
// failed, abandoned, reversed, amount or currency mismatch (REVIEW, seen by admins, audited), the
// signature rules of the webhook, and 20 concurrent deliveries of one charge.success.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_SECRET_KEY, startPaystackMock } from '../../../../../../mocks/paystack/server';
import { checkBooks } from '../../../books';
import { loadConfig } from '../../../infra/config';
import { runDueJobs } from '../../../jobs';
import { createAdmin, createCorporate, type TestUser } from '../../../test/factories';
import { buildTestApp, type TestApp, testDbKind } from '../../../test/harness';
import { call, creditTransfersFor, walletBalance } from '../funding.fixtures';
import { paystackSignature } from '../gateway/paystack/signature';
import { CARD_CHECK_QUEUE, PAYSTACK_WEBHOOK_PATH } from '../gateway/paystack-webhook.routes';
import { expireAbandonedCardPayments } from './card.service';

let mock: Awaited<ReturnType<typeof startPaystackMock>>;
let t: TestApp;
let serverUrl: string;

beforeAll(async () => {
  mock = await startPaystackMock({ port: 0 });
  t = await buildTestApp({
    env: { CARD_GATEWAY: 'paystack', PAYSTACK_BASE_URL: mock.baseUrl, PAYSTACK_SECRET_KEY: MOCK_SECRET_KEY },
  });
  serverUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  mock.app.paystack.webhookUrl = `${serverUrl}${PAYSTACK_WEBHOOK_PATH}`;
});
afterAll(async () => {
  await mock?.app.close();
  await t?.close();
});

type Payment = {
  reference: string;
  amountKobo: number;
  feeKobo: number;
  totalKobo: number;
  checkoutUrl: string;
  status: string;
};

async function initialize(c: TestUser, amount: string): Promise<Payment> {
  const res = await call(t.app, c, {
    method: 'POST',
    url: '/api/v1/fund/card/initialize',
    payload: { amount },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const verify = (c: TestUser, reference: string) =>
  call(t.app, c, { method: 'GET', url: `/api/v1/fund/card/verify?reference=${reference}` });

/** The payer's choice on the stand-in's checkout page, as the browser posts it. */
async function choose(p: Payment, outcome: 'success' | 'failed' | 'abandoned') {
  const res = await fetch(`${p.checkoutUrl}/${outcome}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  await mock.app.paystack.settled();
  return res;
}

const statusOf = async (reference: string) =>
  (
    await t.app.ctx.dbHandle.query<{ status: string }>(
      'select status from card_payments where reference = $1',
      [reference],
    )
  )[0].status;

const checkJobs = async (reference: string) =>
  (
    await t.app.ctx.dbHandle.query<{ n: number }>(
      `select count(*)::int as n from jobs where queue = $1 and payload->>'reference' = $2`,
      [CARD_CHECK_QUEUE, reference],
    )
  )[0].n;

const paymentId = async (reference: string) =>
  (
    await t.app.ctx.dbHandle.query<{ id: string }>('select id from card_payments where reference = $1', [
      reference,
    ])
  )[0].id;

function postWebhook(body: string, signature: string | undefined) {
  return fetch(`${serverUrl}${PAYSTACK_WEBHOOK_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(signature ? { 'x-paystack-signature': signature } : {}),
    },
    body,
  });
}

describe('[PAYSTACK] initialize and pay', () => {
  it('[PAYSTACK] initialize sends email, amount + fee in kobo, our CP- reference and the wallet screen as callback; the client is sent to authorization_url', async () => {
    const c = await createCorporate(t.app);
    const p = await initialize(c, '10,000');
    expect(p.reference).toMatch(/^CP-[0-9A-Z]{16}$/);
    expect(p.checkoutUrl).toMatch(new RegExp(`^${mock.baseUrl}/checkout/[0-9a-f]{16}$`));
    const txn = mock.app.paystack.transactions.get(p.reference)!;
    expect(txn).toMatchObject({
      amount: p.totalKobo,
      currency: 'NGN',
      email: (
        await t.app.ctx.dbHandle.query<{ email: string }>('select email from corporates where id = $1', [
          c.corporateId,
        ])
      )[0].email,
      callbackUrl: 'http://localhost:3000/dashboard/wallet',
      status: 'abandoned',
    });
    expect(p.totalKobo).toBe(1_000_000 + p.feeKobo);
    const page = await fetch(p.checkoutUrl);
    expect(await page.text()).toContain('Pay ₦10,250.00');
  });

  it('[PAYSTACK] paying on the checkout redirects to callback_url?reference=, the signed webhook queues a verify, and the verify credits once', async () => {
    const c = await createCorporate(t.app);
    const p = await initialize(c, '2,500');
    const res = await choose(p, 'success');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(
      `http://localhost:3000/dashboard/wallet?trxref=${p.reference}&reference=${p.reference}`,
    );
    const [delivery] = mock.app.paystack.webhooks.filter((w) => w.reference === p.reference);
    expect(delivery).toMatchObject({ event: 'charge.success', statuses: [200] });
    // The webhook credited nothing by itself: it queued one check.
    expect(await walletBalance(t.app, c.corporateId)).toBe(0);
    expect(await checkJobs(p.reference)).toBe(1);
    await runDueJobs(t.app.ctx, { queues: [CARD_CHECK_QUEUE] });
    expect(await walletBalance(t.app, c.corporateId)).toBe(250_000);
    expect(await statusOf(p.reference)).toBe('SUCCESSFUL');
    const v = await verify(c, p.reference);
    expect(v.json()).toMatchObject({
      message: 'This payment has already been credited',
      data: { status: 'SUCCESSFUL', credited: true },
    });
    expect(await creditTransfersFor(t.app, 'card_payment', await paymentId(p.reference))).toBe(1);
  });

  it('[PAYSTACK] the payer back on the wallet screen verifies before the webhook job runs: credited once, the job then changes nothing', async () => {
    const c = await createCorporate(t.app);
    const p = await initialize(c, '5000');
    await choose(p, 'success');
    const v = await verify(c, p.reference);
    expect(v.json()).toMatchObject({
      message: 'Payment confirmed. Your wallet has been credited.',
      data: { status: 'SUCCESSFUL' },
    });
    await runDueJobs(t.app.ctx, { queues: [CARD_CHECK_QUEUE] });
    expect(await walletBalance(t.app, c.corporateId)).toBe(500_000);
    expect(await creditTransfersFor(t.app, 'card_payment', await paymentId(p.reference))).toBe(1);
  });

  it('[PAYSTACK] failed → FAILED; abandoned stays PENDING until the expiry job asks again and expires it; nothing credited', async () => {
    const c = await createCorporate(t.app);
    const failed = await initialize(c, '3000');
    expect((await choose(failed, 'failed')).status).toBe(302);
    expect((await verify(c, failed.reference)).json().data).toMatchObject({
      status: 'FAILED',
      credited: false,
    });
    const abandoned = await initialize(c, '3000');
    await choose(abandoned, 'abandoned');
    expect((await verify(c, abandoned.reference)).json().data).toMatchObject({
      status: 'PENDING',
      credited: false,
    });
    for (const s of ['ongoing', 'pending', 'processing', 'queued'] as const) {
      mock.app.paystack.transactions.get(abandoned.reference)!.status = s;
      expect((await verify(c, abandoned.reference)).json().data.status).toBe('PENDING');
    }
    mock.app.paystack.transactions.get(abandoned.reference)!.status = 'abandoned';
    await expireAbandonedCardPayments(t.app.ctx, new Date(Date.now() + 31 * 60_000));
    expect(await statusOf(abandoned.reference)).toBe('EXPIRED');
    expect(await walletBalance(t.app, c.corporateId)).toBe(0);
  });

  it('[PAYSTACK] a status Paystack does not document leaves the payment PENDING, and the expiry job does not expire it', async () => {
    const c = await createCorporate(t.app);
    const p = await initialize(c, '3000');
    mock.app.paystack.transactions.get(p.reference)!.status = 'blocked' as never;
    expect((await verify(c, p.reference)).json().data.status).toBe('PENDING');
    await expireAbandonedCardPayments(t.app.ctx, new Date(Date.now() + 31 * 60_000));
    expect(await statusOf(p.reference)).toBe('PENDING');
    mock.app.paystack.transactions.get(p.reference)!.status = 'abandoned';
    await expireAbandonedCardPayments(t.app.ctx, new Date(Date.now() + 31 * 60_000));
  });
});

describe('[PAYSTACK] review and reversal', () => {
  it('[PAYSTACK] a success for another amount or another currency goes to REVIEW: nothing credited, audited, and admins see it in the funding list', async () => {
    const c = await createCorporate(t.app);
    const admin = await createAdmin(t.app);
    const short = await initialize(c, '4000');
    const dollars = await initialize(c, '4000');
    mock.app.paystack.transactions.get(short.reference)!.amount = short.totalKobo - 100;
    mock.app.paystack.transactions.get(dollars.reference)!.currency = 'USD';
    await choose(short, 'success');
    await choose(dollars, 'success');
    await runDueJobs(t.app.ctx, { queues: [CARD_CHECK_QUEUE] });
    expect(await statusOf(short.reference)).toBe('REVIEW');
    expect(await statusOf(dollars.reference)).toBe('REVIEW');
    // Asked again (the payer's verify), it stays in review and is not audited twice.
    expect((await verify(c, short.reference)).json().data).toMatchObject({
      status: 'REVIEW',
      credited: false,
    });
    expect(await walletBalance(t.app, c.corporateId)).toBe(0);
    const audits = await t.app.ctx.dbHandle.query<{ target_id: string; summary: Record<string, unknown> }>(
      `select target_id, summary from audit_logs where action = 'funding.card.review' and target_id in ($1, $2)`,
      [short.reference, dollars.reference],
    );
    expect(audits).toHaveLength(2);
    expect(audits.find((a) => a.target_id === dollars.reference)!.summary).toMatchObject({
      reportedCurrency: 'USD',
    });
    const list = await call(t.app, admin, {
      method: 'GET',
      url: '/api/v1/corporates-transactions/funding?status=REVIEW',
    });
    expect(list.statusCode).toBe(200);
    const refs = list.json().data.map((r: { reference: string }) => r.reference);
    expect(refs).toEqual(expect.arrayContaining([short.reference, dollars.reference]));
    // The client sees its own only; another client sees neither.
    const other = await createCorporate(t.app);
    const theirs = await call(t.app, other, {
      method: 'GET',
      url: '/api/v1/transactions/funding?status=REVIEW',
    });
    expect(theirs.json().data).toEqual([]);
  });

  it('[PAYSTACK] a payment reversed before it was credited becomes REVERSED on the refund.processed webhook, nothing credited', async () => {
    const c = await createCorporate(t.app);
    const p = await initialize(c, '3000');
    // Paid at Paystack, its charge.success not yet acted on, then refunded there.
    const txn = mock.app.paystack.transactions.get(p.reference)!;
    Object.assign(txn, { status: 'success', paidAt: new Date() });
    expect(mock.app.paystack.reverse(p.reference)).not.toBeNull();
    await mock.app.paystack.settled();
    expect(mock.app.paystack.webhooks.at(-1)).toMatchObject({
      event: 'refund.processed',
      reference: p.reference,
      statuses: [200],
    });
    await runDueJobs(t.app.ctx, { queues: [CARD_CHECK_QUEUE] });
    expect((await verify(c, p.reference)).json().data).toMatchObject({ status: 'REVERSED', credited: false });
    expect(await walletBalance(t.app, c.corporateId)).toBe(0);
  });

  it('[PAYSTACK] a refund of a credited payment queues its own check (it is not swallowed by the charge check), which debits what was refunded', async () => {
    const c = await createCorporate(t.app);
    const p = await initialize(c, '3000');
    await choose(p, 'success');
    await runDueJobs(t.app.ctx, { queues: [CARD_CHECK_QUEUE] });
    expect(await walletBalance(t.app, c.corporateId)).toBe(300_000);
    const refund = await fetch(`${mock.baseUrl}/refund`, {
      method: 'POST',
      headers: { authorization: `Bearer ${MOCK_SECRET_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ transaction: p.reference }),
    });
    expect(refund.status).toBe(200);
    await mock.app.paystack.settled();
    expect(await checkJobs(p.reference)).toBe(2);
    // The check books the refund Paystack lists, for its amount (card-money.service.ts): the whole
    // ₦3,000 from the wallet, the fee from fee income; the payment shows what was refunded.
    await runDueJobs(t.app.ctx, { queues: [CARD_CHECK_QUEUE] });
    expect(await walletBalance(t.app, c.corporateId)).toBe(0);
    expect((await verify(c, p.reference)).json().data).toMatchObject({
      status: 'SUCCESSFUL',
      refundedKobo: p.totalKobo,
      moneyEvents: [
        expect.objectContaining({ kind: 'REFUND', amountKobo: p.totalKobo, walletKobo: 300_000 }),
      ],
    });
  });
});

describe('[PAYSTACK] webhook signature', () => {
  it('[PAYSTACK] a wrong, missing or short signature, or a body changed after signing, is 401 and queues nothing', async () => {
    const c = await createCorporate(t.app);
    const p = await initialize(c, '5000');
    Object.assign(mock.app.paystack.transactions.get(p.reference)!, {
      status: 'success',
      paidAt: new Date(),
    });
    const body = JSON.stringify({
      event: 'charge.success',
      data: { reference: p.reference, status: 'success' },
    });
    const good = paystackSignature(MOCK_SECRET_KEY, body);
    const cases: Array<[string, string | undefined]> = [
      [body, paystackSignature('sk_test_somebodyelse', body)],
      [body, undefined],
      [body, good.slice(0, 64)],
      [body, 'z'.repeat(128)],
      [body.replace('"status":"success"', '"status":"success" '), good],
      [`${body}\n`, good],
    ];
    for (const [sent, signature] of cases) {
      const res = await postWebhook(sent, signature);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
    expect(await checkJobs(p.reference)).toBe(0);
    await runDueJobs(t.app.ctx, { queues: [CARD_CHECK_QUEUE] });
    expect(await walletBalance(t.app, c.corporateId)).toBe(0);
  });

  it('[PAYSTACK] the HMAC is over the bytes received: an oddly spaced body signed as sent is accepted', async () => {
    const c = await createCorporate(t.app);
    const p = await initialize(c, '5000');
    const body = `{ "event" : "charge.success",\n  "data": { "reference": "${p.reference}", "note": "naïra ₦" } }`;
    const res = await postWebhook(body, paystackSignature(MOCK_SECRET_KEY, Buffer.from(body, 'utf8')));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    expect(await checkJobs(p.reference)).toBe(1);
  });

  it('[PAYSTACK] events that name no payment of ours are acknowledged and ignored', async () => {
    for (const payload of [
      { event: 'charge.success', data: { reference: 'CP-NOTOURS0000000' } },
      { event: 'transfer.success', data: { reference: 'x' } },
      { event: 'charge.dispute.create', data: {} },
    ]) {
      const body = JSON.stringify(payload);
      const res = await postWebhook(body, paystackSignature(MOCK_SECRET_KEY, body));
      expect(res.status).toBe(200);
    }
  });
});

describe('[PAYSTACK] duplicate deliveries', () => {
  it('[PAYSTACK] 20 concurrent deliveries of the same charge.success credit exactly once', async () => {
    const c = await createCorporate(t.app);
    const p = await initialize(c, '7,500');
    mock.app.paystack.webhookUrl = undefined; // the deliveries below are the only ones
    try {
      await choose(p, 'success');
    } finally {
      mock.app.paystack.webhookUrl = `${serverUrl}${PAYSTACK_WEBHOOK_PATH}`;
    }
    const body = JSON.stringify({
      event: 'charge.success',
      data: mock.app.paystack.transactions.get(p.reference) && {
        reference: p.reference,
        status: 'success',
        amount: p.totalKobo,
        currency: 'NGN',
      },
    });
    const signature = paystackSignature(MOCK_SECRET_KEY, body);
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 20 }, () => postWebhook(body, signature)));
    const elapsedMs = Date.now() - started;
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const queued = await checkJobs(p.reference);
    expect(queued).toBe(1);
    // The queued check, racing the payer's own verify and more deliveries, still credits once.
    await Promise.all([
      runDueJobs(t.app.ctx, { queues: [CARD_CHECK_QUEUE] }),
      verify(c, p.reference),
      ...Array.from({ length: 5 }, () => postWebhook(body, signature)),
    ]);
    await runDueJobs(t.app.ctx, { queues: [CARD_CHECK_QUEUE] });
    const credits = await creditTransfersFor(t.app, 'card_payment', await paymentId(p.reference));
    const balance = await walletBalance(t.app, c.corporateId);
    console.log(
      `[PAYSTACK] 20 concurrent deliveries (${testDbKind() === 'pg' ? 'PostgreSQL' : 'PGlite'}): ` +
        `20×200 in ${elapsedMs} ms, ${queued} check queued, ${credits} credit transfer, wallet ${balance} kobo`,
    );
    expect(credits).toBe(1);
    expect(balance).toBe(750_000);
    expect(await statusOf(p.reference)).toBe('SUCCESSFUL');
  });
});

describe('[PAYSTACK] gateway unreachable and configuration', () => {
  it('[PAYSTACK] with Paystack unreachable, starting a payment is a clear 400 and the payment is FAILED as never started', async () => {
    const down = await buildTestApp({
      env: {
        CARD_GATEWAY: 'paystack',
        PAYSTACK_BASE_URL: 'http://127.0.0.1:9',
        PAYSTACK_SECRET_KEY: MOCK_SECRET_KEY,
        PAYSTACK_TIMEOUT_MS: '500',
      },
    });
    try {
      const c = await createCorporate(down.app);
      const res = await call(down.app, c, {
        method: 'POST',
        url: '/api/v1/fund/card/initialize',
        payload: { amount: '5000' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      const [row] = await down.app.ctx.dbHandle.query<{ status: string; status_reason: string }>(
        'select status, status_reason from card_payments where corporate_id = $1',
        [c.corporateId],
      );
      expect(row).toEqual({ status: 'FAILED', status_reason: 'The payment could not be started' });
    } finally {
      await down.close();
    }
  });

  it('[PAYSTACK] the webhook route exists only with CARD_GATEWAY=paystack', async () => {
    const sim = await buildTestApp();
    try {
      const body = '{"event":"charge.success","data":{"reference":"CP-X"}}';
      const res = await sim.app.inject({
        method: 'POST',
        url: PAYSTACK_WEBHOOK_PATH,
        headers: {
          'content-type': 'application/json',
          'x-paystack-signature': paystackSignature(MOCK_SECRET_KEY, body),
        },
        payload: body,
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await sim.close();
    }
  });

  it('[PAYSTACK] keys by mode: sk_test_ refused in production, sk_live_ warned outside it, a key required with CARD_GATEWAY=paystack', () => {
    const vtpass = {
      VTPASS_API_KEY: 'a',
      VTPASS_SECRET_KEY: 'b',
      VTPASS_PUBLIC_KEY: 'c',
      AGGREGATOR_PROVIDERS: 'VTPASS',
    };
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        ...vtpass,
        CARD_GATEWAY: 'paystack',
        PAYSTACK_SECRET_KEY: 'sk_test_abc123',
      }),
    ).toThrow(/PAYSTACK_SECRET_KEY: a test key \(sk_test_…\) cannot run in production/);
    const live = loadConfig({
      NODE_ENV: 'production',
      ...vtpass,
      CARD_GATEWAY: 'paystack',
      PAYSTACK_SECRET_KEY: 'sk_live_abc123',
    });
    expect(live.cardGateway).toBe('paystack');
    expect(live.warnings).toEqual([]);
    const dev = loadConfig({
      NODE_ENV: 'development',
      CARD_GATEWAY: 'paystack',
      PAYSTACK_SECRET_KEY: 'sk_live_abc123',
    });
    expect(dev.warnings).toEqual([expect.stringMatching(/^PAYSTACK_SECRET_KEY is a live key/)]);
    expect(() => loadConfig({ CARD_GATEWAY: 'paystack' })).toThrow(
      /PAYSTACK_SECRET_KEY: required with CARD_GATEWAY=paystack/,
    );
    expect(() => loadConfig({ CARD_GATEWAY: 'paystack', PAYSTACK_SECRET_KEY: 'pk_test_abc' })).toThrow(
      /PAYSTACK_SECRET_KEY must look like/,
    );
    expect(loadConfig({}).cardGateway).toBe('simulator');
    expect(loadConfig({}).PAYSTACK_BASE_URL).toBe('https://api.paystack.co');
  });
});

describe('[PAYSTACK] end of suite', () => {
  it('[PAYSTACK] checkBooks reports no violation', async () => {
    const report = await checkBooks(t.app.ctx.db);
    expect(report.checks.filter((x) => x.violations > 0)).toEqual([]);
  });
});
