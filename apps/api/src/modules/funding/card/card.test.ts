import { cardFundingFeeKobo } from '@vendport/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBooks as checkLedger } from '../../../books';
import { createCorporate, type TestUser } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/harness';
import { call, creditTransfersFor, setCorporate, walletBalance } from '../funding.fixtures';
import { gatewaySecretOf, signBody } from '../gateway/signature';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const systemBalance = async (code: string) =>
  Number(
    (
      await t.app.ctx.dbHandle.query<{ b: string }>(
        'select balance_kobo as b from ledger_accounts where code = $1',
        [`SYSTEM:${code}`],
      )
    )[0].b,
  );

async function initialize(c: TestUser, amount: string) {
  const res = await call(t.app, c, {
    method: 'POST',
    url: '/api/v1/fund/card/initialize',
    payload: { amount },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as {
    reference: string;
    amountKobo: number;
    feeKobo: number;
    totalKobo: number;
    checkoutUrl: string;
    status: string;
  };
}

function signedCallback(
  data: { reference: string; status: string; amountKobo: number },
  secret = gatewaySecretOf(t.app.ctx.config),
) {
  const payload = JSON.stringify({
    event: 'charge.completed',
    data: { ...data, paidAt: new Date().toISOString() },
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/fund/card/callback',
    headers: { 'content-type': 'application/json', 'x-gateway-signature': signBody(secret, payload) },
    payload,
  });
}

const verify = (c: TestUser, reference: string) =>
  call(t.app, c, { method: 'GET', url: `/api/v1/fund/card/verify?reference=${reference}` });

/** The payer completes payment on the simulator's side only (no callback delivered). */
const simPaid = (reference: string) =>
  t.app.ctx.dbHandle.query(
    `update gateway_sim_payments set status = 'SUCCESSFUL', paid_at = now() where reference = $1`,
    [reference],
  );

describe('[CARD] fee and initialization', () => {
  it('[CARD] the fee is shown before paying: amount, fee and total in kobo', async () => {
    const c = await createCorporate(t.app);
    const cases: Array<[string, number, number]> = [
      ['2,499.99', 249_999, 3_750],
      ['2500', 250_000, 13_750],
      ['200000', 20_000_000, 200_000],
    ];
    for (const [amount, kobo, fee] of cases) {
      const res = await call(t.app, c, {
        method: 'GET',
        url: `/api/v1/fund/card/fee?amount=${encodeURIComponent(amount)}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        amountKobo: kobo,
        feeKobo: fee,
        totalKobo: kobo + fee,
        capped: fee === 200_000,
        rule: '1.5% of the amount, plus ₦100.00 from ₦2,500.00, capped at ₦2,000.00.',
      });
    }
    expect(
      (await call(t.app, c, { method: 'GET', url: '/api/v1/fund/card/fee?amount=1.001' })).statusCode,
    ).toBe(400);
  });

  it('[CARD] initializing returns a CP- reference, the amounts and the simulator checkout page', async () => {
    const c = await createCorporate(t.app);
    const p = await initialize(c, '10,000');
    expect(p.reference).toMatch(/^CP-[0-9A-Z]{16}$/);
    expect(p).toMatchObject({
      amountKobo: 1_000_000,
      feeKobo: cardFundingFeeKobo(1_000_000),
      status: 'PENDING',
    });
    expect(p.totalKobo).toBe(p.amountKobo + p.feeKobo);
    expect(p.checkoutUrl).toBe(`/api/v1/gateway-sim/checkout/${p.reference}`);

    const page = await t.app.inject({ method: 'GET', url: p.checkoutUrl });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Pay ₦10,250.00');
    expect(page.body).toContain(`action="/api/v1/gateway-sim/checkout/${p.reference}/pay"`);
    expect(page.body).toContain(`action="/api/v1/gateway-sim/checkout/${p.reference}/cancel"`);
    expect(page.body).not.toMatch(/<script/i);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/gateway-sim/checkout/CP-NOSUCHPAYMENT00' }))
        .statusCode,
    ).toBe(404);
  });

  it('[CARD] an INACTIVE client cannot start a card payment', async () => {
    const c = await createCorporate(t.app);
    await setCorporate(t.app, c.corporateId, { status: 'INACTIVE' });
    const res = await call(t.app, c, {
      method: 'POST',
      url: '/api/v1/fund/card/initialize',
      payload: { amount: '5000' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('CLIENT_INACTIVE');
  });
});

describe('[CARD] paying', () => {
  it('[CARD] paying on the checkout page sends the signed callback, credits the amount, books the fee, and redirects to the wallet', async () => {
    const c = await createCorporate(t.app);
    const fees0 = await systemBalance('FEE_INCOME');
    const clearing0 = await systemBalance('GATEWAY_CLEARING');
    const p = await initialize(c, '2,500');
    const pay = await t.app.inject({
      method: 'POST',
      url: `${p.checkoutUrl}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe(`/dashboard/wallet?reference=${p.reference}`);
    expect(await walletBalance(t.app, c.corporateId)).toBe(250_000);
    expect((await systemBalance('FEE_INCOME')) - fees0).toBe(13_750);
    expect((await systemBalance('GATEWAY_CLEARING')) - clearing0).toBe(-263_750);

    const v = await verify(c, p.reference);
    expect(v.statusCode).toBe(200);
    expect(v.json().data).toMatchObject({ status: 'SUCCESSFUL', credited: true, reference: p.reference });
    expect(v.json().message).toMatch(/already been credited/);
    expect(await walletBalance(t.app, c.corporateId)).toBe(250_000);

    const notes = await t.app.ctx.dbHandle.query<{ subject: string }>(
      'select subject from notifications where user_id = $1',
      [c.id],
    );
    expect(notes.map((n) => n.subject)).toContain('Wallet funded by card');
    // Paying again on the page neither charges nor credits again.
    const again = await t.app.inject({ method: 'POST', url: `${p.checkoutUrl}/pay` });
    expect(again.statusCode).toBe(303);
    expect(await walletBalance(t.app, c.corporateId)).toBe(250_000);
    const page = await t.app.inject({ method: 'GET', url: p.checkoutUrl });
    expect(page.body).toContain('already paid');
  });

  it('[CARD] a callback with a bad or missing signature is refused (401) and credits nothing', async () => {
    const c = await createCorporate(t.app);
    const p = await initialize(c, '5000');
    await simPaid(p.reference);
    const forged = await signedCallback(
      { reference: p.reference, status: 'SUCCESSFUL', amountKobo: p.totalKobo },
      'x'.repeat(64),
    );
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/fund/card/callback',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        event: 'charge.completed',
        data: { reference: p.reference, status: 'SUCCESSFUL', amountKobo: p.totalKobo },
      }),
    });
    expect(unsigned.statusCode).toBe(401);
    // A valid signature over other bytes than those sent.
    const body = JSON.stringify({
      event: 'charge.completed',
      data: { reference: p.reference, status: 'SUCCESSFUL', amountKobo: p.totalKobo },
    });
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/fund/card/callback',
      headers: {
        'content-type': 'application/json',
        'x-gateway-signature': signBody(gatewaySecretOf(t.app.ctx.config), body),
      },
      payload: body.replace('"event"', ' "event"'),
    });
    expect(tampered.statusCode).toBe(401);
    expect(await walletBalance(t.app, c.corporateId)).toBe(0);
  });

  it('[CARD] callback + verify + repeated callbacks, in any order, credit the wallet exactly once', async () => {
    const c = await createCorporate(t.app);
    const p = await initialize(c, '10000');
    await simPaid(p.reference);
    const data = { reference: p.reference, status: 'SUCCESSFUL', amountKobo: p.totalKobo };

    const v1 = await verify(c, p.reference);
    expect(v1.json().data).toMatchObject({ status: 'SUCCESSFUL', credited: true });
    expect(v1.json().message).toMatch(/has been credited/);
    const cb1 = await signedCallback(data);
    expect(cb1.statusCode).toBe(200);
    expect(cb1.json().data).toEqual({ reference: p.reference, status: 'SUCCESSFUL', credited: false });
    await signedCallback(data);
    await verify(c, p.reference);
    expect(await walletBalance(t.app, c.corporateId)).toBe(1_000_000);

    // The other order: callback first.
    const q = await initialize(c, '10000');
    await simPaid(q.reference);
    const cb = await signedCallback({
      reference: q.reference,
      status: 'SUCCESSFUL',
      amountKobo: q.totalKobo,
    });
    expect(cb.json().data.credited).toBe(true);
    await Promise.all([
      signedCallback({ reference: q.reference, status: 'SUCCESSFUL', amountKobo: q.totalKobo }),
      verify(c, q.reference),
    ]);
    expect(await walletBalance(t.app, c.corporateId)).toBe(2_000_000);
    const [{ id }] = await t.app.ctx.dbHandle.query<{ id: string }>(
      'select id from card_payments where reference = $1',
      [q.reference],
    );
    expect(await creditTransfersFor(t.app, 'card_payment', id)).toBe(1);
  });

  it('[CARD] verify before paying leaves the payment PENDING; a cancelled payment is never credited', async () => {
    const c = await createCorporate(t.app);
    const p = await initialize(c, '3000');
    const v = await verify(c, p.reference);
    expect(v.json().data).toMatchObject({ status: 'PENDING', credited: false, checkoutUrl: p.checkoutUrl });
    const cancel = await t.app.inject({ method: 'POST', url: `${p.checkoutUrl}/cancel` });
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toBe(`/dashboard/wallet?reference=${p.reference}&status=cancelled`);
    const after = await verify(c, p.reference);
    expect(after.json().data).toMatchObject({ status: 'CANCELLED', credited: false, checkoutUrl: null });
    const pay = await t.app.inject({ method: 'POST', url: `${p.checkoutUrl}/pay` });
    expect(pay.statusCode).toBe(303);
    expect(await walletBalance(t.app, c.corporateId)).toBe(0);
  });

  it('[CARD] a success for a different amount than was charged is held for review, not credited', async () => {
    const c = await createCorporate(t.app);
    const p = await initialize(c, '3000');
    const res = await signedCallback({
      reference: p.reference,
      status: 'SUCCESSFUL',
      amountKobo: p.totalKobo - 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'REVIEW', credited: false });
    expect(await walletBalance(t.app, c.corporateId)).toBe(0);
  });

  it('[CARD] a corporate cannot verify another corporate’s payment (404), and unknown references are 404', async () => {
    const owner = await createCorporate(t.app);
    const stranger = await createCorporate(t.app);
    const p = await initialize(owner, '3000');
    await simPaid(p.reference);
    expect((await verify(stranger, p.reference)).statusCode).toBe(404);
    expect(await walletBalance(t.app, owner.corporateId)).toBe(0);
    expect(await walletBalance(t.app, stranger.corporateId)).toBe(0);
    const unknown = await signedCallback({
      reference: 'CP-0000000000000000',
      status: 'SUCCESSFUL',
      amountKobo: 100,
    });
    expect(unknown.statusCode).toBe(404);
    expect((await verify(owner, 'not-a-reference')).statusCode).toBe(400);
  });
});

describe('[CARD] without a gateway', () => {
  it('[CARD] with CARD_GATEWAY=none card funding is refused clearly and the simulator is not served', async () => {
    const off = await buildTestApp({ env: { CARD_GATEWAY: 'none' } });
    try {
      const c = await createCorporate(off.app);
      const res = await call(off.app, c, {
        method: 'POST',
        url: '/api/v1/fund/card/initialize',
        payload: { amount: '5000' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(
        (await off.app.inject({ method: 'GET', url: '/api/v1/gateway-sim/checkout/CP-AAAAAAAAAAAAAAAA' }))
          .statusCode,
      ).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe('[CARD] end of suite', () => {
  it('[CARD] checkLedger reports no violation', async () => {
    const report = await checkLedger(t.app.ctx.db);
    expect(report.checks.filter((x) => x.violations > 0)).toEqual([]);
  });
});

describe('[CARD] abandoned payments', () => {
  it('[CARD] a payment never completed is checked with the gateway after the timeout, then expires uncredited', async () => {
    const { expireAbandonedCardPayments } = await import('./card.service');
    const c = await createCorporate(t.app);
    const abandoned = await initialize(c, '5000');
    const paidQuietly = await initialize(c, '3000');
    await simPaid(paidQuietly.reference); // paid at the gateway; its callback never arrived
    const before = await walletBalance(t.app, c.corporateId);

    // Before the timeout nothing is touched.
    await expireAbandonedCardPayments(t.app.ctx, new Date(Date.now() + 29 * 60_000));
    expect((await verify(c, abandoned.reference)).json().data.status).toBe('PENDING');

    // (Other tests of this file left payments behind too: the counts include theirs.)
    const done = await expireAbandonedCardPayments(t.app.ctx, new Date(Date.now() + 31 * 60_000));
    expect(done.expired).toBeGreaterThanOrEqual(1);
    expect(done.credited).toBeGreaterThanOrEqual(1);
    const gone = (await verify(c, abandoned.reference)).json().data;
    expect(gone).toMatchObject({ status: 'EXPIRED', credited: false, checkoutUrl: null });
    expect((await verify(c, paidQuietly.reference)).json().data).toMatchObject({
      status: 'SUCCESSFUL',
      credited: true,
    });
    // Only the paid one reached the wallet; the history shows the expired one with its status.
    expect(await walletBalance(t.app, c.corporateId)).toBe(before + paidQuietly.amountKobo);
    const history = await call(t.app, c, { method: 'GET', url: '/api/v1/transactions/funding' });
    const row = history.json().data.find((r: { reference: string }) => r.reference === abandoned.reference);
    expect(row.status).toBe('EXPIRED');
    // Running again changes nothing; the expiry is audited without a person behind it.
    expect(await expireAbandonedCardPayments(t.app.ctx, new Date(Date.now() + 60 * 60_000))).toMatchObject({
      expired: 0,
      credited: 0,
    });
    const [audit] = await t.app.ctx.dbHandle.query<{ action: string; actor_id: string | null }>(
      `select action, actor_id from audit_logs where target_id = $1 and summary->>'status' = 'EXPIRED'`,
      [abandoned.reference],
    );
    expect(audit).toEqual({ action: 'funding.card.status', actor_id: null });
    expect((await checkLedger(t.app.ctx.db)).ok).toBe(true);
  });
});
