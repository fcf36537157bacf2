// Gateway reconciliation (issue 50 point 1) against the Paystack stand-in, with this app listening
// for its webhooks: a transfer whose webhook never came is credited by the sweep, once, however
// often it runs and while the webhook's own check runs at the same moment; a check that gives up
// alerts admins and the sweep still credits; each kind of discrepancy is raised once and each
// resolution moves money once; the admin's screen and its CSV; the books stay clean.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_SECRET_KEY, startPaystackMock } from '../../../../../../mocks/paystack/server';
import { checkBooks } from '../../../books';
import { runDueJobs } from '../../../jobs';
import { createAdmin, createCorporate, TEST_PASSWORD, type TestUser } from '../../../test/factories';
import { buildTestApp, type TestApp, testDbKind } from '../../../test/harness';
import { CARD_CHECK_QUEUE } from '../card/card.service';
import { call, walletBalance } from '../funding.fixtures';
import { PAYSTACK_WEBHOOK_PATH } from '../gateway/paystack-webhook.routes';
import { DVA_TRANSFER_QUEUE } from '../transfer/dedicated-account.service';
import { reconcileGateway } from './gateway-recon.service';

let mock: Awaited<ReturnType<typeof startPaystackMock>>;
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  mock = await startPaystackMock({ port: 0 });
  t = await buildTestApp({
    env: {
      CARD_GATEWAY: 'paystack',
      PAYSTACK_BASE_URL: mock.baseUrl,
      PAYSTACK_SECRET_KEY: MOCK_SECRET_KEY,
      PAYSTACK_DVA_BANK: 'test-bank',
    },
  });
  const serverUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  mock.app.paystack.webhookUrl = `${serverUrl}${PAYSTACK_WEBHOOK_PATH}`;
  admin = await createAdmin(t.app);
});
afterAll(async () => {
  await mock?.app.close();
  await t?.close();
});

const q = <T>(text: string, params: unknown[] = []) => t.app.ctx.dbHandle.query<T>(text, params);
async function clientWithAccount() {
  const c = await createCorporate(t.app);
  await q(`update corporates set verification_status = 'VERIFIED' where id = $1`, [c.corporateId]);
  const res = await call(t.app, c, { method: 'POST', url: '/api/v1/fund/dedicated-account' });
  expect(res.statusCode, res.body).toBe(201);
  return { c, accountNumber: res.json().data.account.accountNumber as string };
}

/** What the stand-in does with its webhooks from now on (dropped: never sent). */
const dropping = (on: boolean) => {
  mock.app.paystack.dropWebhooks = on ? 1 : 0;
};

const credits = (reference: string) =>
  q<{ n: number }>(`select count(*)::int as n from ledger_transfers where reference = $1`, [
    `bank-transfer-auto:${reference}`,
  ]).then((r) => r[0].n);

const discrepancies = (reference: string) =>
  q<{ id: string; kind: string; code: string; status: string }>(
    'select id, kind, code, status from gateway_discrepancies where reference = $1 order by created_at',
    [reference],
  );

const resolve = (id: string, body: Record<string, unknown>, who: TestUser = admin) =>
  call(t.app, who, {
    method: 'POST',
    url: `/api/v1/gateway-reconciliation/discrepancies/${id}/resolve`,
    payload: { password: TEST_PASSWORD, note: 'Checked on the Paystack dashboard', ...body },
  });

async function paystackApi(method: string, path: string, body?: unknown) {
  const res = await fetch(`${mock.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${MOCK_SECRET_KEY}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json() as Promise<{ status: boolean; data: Record<string, unknown> }>;
}

async function cardPayment(c: TestUser, amount: string) {
  const res = await call(t.app, c, {
    method: 'POST',
    url: '/api/v1/fund/card/initialize',
    payload: { amount },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { reference: string; totalKobo: number; amountKobo: number };
}

describe('[RECON] transfers are never dropped', () => {
  it('[RECON] a transfer whose webhook never came is credited by the sweep, once, however often it runs', async () => {
    const { c, accountNumber } = await clientWithAccount();
    dropping(true);
    const txn = mock.app.paystack.transferIn(accountNumber, 730_000)!;
    dropping(false);
    expect(mock.app.paystack.dropped.at(-1)).toMatchObject({
      event: 'charge.success',
      reference: txn.reference,
    });
    expect(await walletBalance(t.app, c.corporateId)).toBe(0);
    const first = await reconcileGateway(t.app.ctx, 'SWEEP');
    expect(first).toMatchObject({ status: 'DONE' });
    expect(first!.creditedCount).toBeGreaterThanOrEqual(1);
    await reconcileGateway(t.app.ctx, 'SWEEP');
    await reconcileGateway(t.app.ctx, 'SWEEP');
    expect(await walletBalance(t.app, c.corporateId)).toBe(730_000);
    expect(await credits(txn.reference)).toBe(1);
    expect(await discrepancies(txn.reference)).toEqual([]);
  });

  it(`[RECON] the sweep and the webhook's check at the same moment credit once (${testDbKind()})`, async () => {
    const { c, accountNumber } = await clientWithAccount();
    const txn = mock.app.paystack.transferIn(accountNumber, 410_000)!;
    await mock.app.paystack.settled();
    await Promise.all([
      reconcileGateway(t.app.ctx, 'SWEEP'),
      runDueJobs(t.app.ctx, { queues: [DVA_TRANSFER_QUEUE] }),
      reconcileGateway(t.app.ctx, 'SWEEP'),
    ]);
    expect(await credits(txn.reference)).toBe(1);
    expect(await walletBalance(t.app, c.corporateId)).toBe(410_000);
  });

  it('[RECON] a check that gives up tells admins and the sweep still credits the transfer', async () => {
    const { c, accountNumber } = await clientWithAccount();
    const txn = mock.app.paystack.transferIn(accountNumber, 250_000)!;
    txn.status = 'pending'; // Paystack has not settled it: every check asks again.
    await mock.app.paystack.settled();
    // The check's last attempt (8 with backoff in real time: the count is set, not waited for).
    await q(`update jobs set attempts = max_attempts - 1 where queue = $1 and payload->>'reference' = $2`, [
      DVA_TRANSFER_QUEUE,
      txn.reference,
    ]);
    await runDueJobs(t.app.ctx, { queues: [DVA_TRANSFER_QUEUE] });
    const [job] = await q<{ status: string }>(
      `select status from jobs where queue = $1 and payload->>'reference' = $2`,
      [DVA_TRANSFER_QUEUE, txn.reference],
    );
    expect(job.status).toBe('FAILED');
    const alerts = await q<{ body: string }>(
      `select body from notifications where user_id = $1 and subject = 'Payment check gave up' and body like $2`,
      [admin.id, `%${txn.reference}%`],
    );
    expect(alerts).toHaveLength(1);
    expect(await credits(txn.reference)).toBe(0);
    txn.status = 'success';
    await reconcileGateway(t.app.ctx, 'SWEEP');
    expect(await credits(txn.reference)).toBe(1);
    expect(await walletBalance(t.app, c.corporateId)).toBe(250_000);
  });
});

describe('[RECON] discrepancies: raised once, resolved once', () => {
  it('[RECON] a transfer to a customer we do not know: UNKNOWN_CUSTOMER, credited to the client an admin names, once', async () => {
    const stranger = await paystackApi('POST', '/customer', {
      email: `stranger-${randomBytes(4).toString('hex')}@example.com`,
      first_name: 'Ada',
      last_name: 'Eze',
      phone: '+2348030000000',
    });
    const dva = await paystackApi('POST', '/dedicated_account', {
      customer: stranger.data.customer_code,
      preferred_bank: 'test-bank',
    });
    const txn = mock.app.paystack.transferIn(String(dva.data.account_number), 120_000)!;
    await mock.app.paystack.settled();
    await reconcileGateway(t.app.ctx, 'SWEEP');
    await reconcileGateway(t.app.ctx, 'SWEEP');
    const [d, ...more] = await discrepancies(txn.reference);
    expect(more).toEqual([]);
    expect(d).toMatchObject({ kind: 'UNKNOWN_CUSTOMER', status: 'OPEN' });

    const c = await createCorporate(t.app);
    expect((await resolve(d.id, { action: 'CREDIT' })).json()).toMatchObject({
      success: false,
      message: 'Choose the client to credit',
    });
    expect((await discrepancies(txn.reference))[0].status).toBe('OPEN');
    const wrongPassword = await resolve(d.id, {
      action: 'CREDIT',
      corporate_id: c.corporateId,
      password: 'Wrong1!x',
    });
    expect(wrongPassword.statusCode).toBeGreaterThanOrEqual(400);
    const done = await resolve(d.id, { action: 'CREDIT', corporate_id: c.corporateId });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({
      status: 'RESOLVED',
      resolution: 'CREDIT',
      resolvedAmountKobo: 120_000,
    });
    expect((await resolve(d.id, { action: 'CREDIT', corporate_id: c.corporateId })).statusCode).toBe(409);
    expect(await walletBalance(t.app, c.corporateId)).toBe(120_000);
    const [audit] = await q<{ n: number }>(
      `select count(*)::int as n from audit_logs where action = 'funding.gateway_discrepancy.resolve' and target_id = $1`,
      [d.code],
    );
    expect(audit.n).toBe(1);
  });

  it('[RECON] a payment with a reference we never issued: UNKNOWN_REFERENCE, refunded at Paystack, nothing moved here', async () => {
    const reference = `XT-${randomBytes(6).toString('hex')}`;
    await paystackApi('POST', '/transaction/initialize', {
      email: 'x@example.com',
      amount: 90_000,
      reference,
    });
    mock.app.paystack.complete(reference, 'success');
    await mock.app.paystack.settled();
    await reconcileGateway(t.app.ctx, 'SWEEP');
    const [d] = await discrepancies(reference);
    expect(d).toMatchObject({ kind: 'UNKNOWN_REFERENCE' });
    const before = await q<{ n: number }>('select count(*)::int as n from ledger_transfers');
    const res = await resolve(d.id, { action: 'REFUND' });
    expect(res.statusCode, res.body).toBe(200);
    expect(mock.app.paystack.transactions.get(reference)).toMatchObject({ status: 'reversed' });
    expect(await q<{ n: number }>('select count(*)::int as n from ledger_transfers')).toEqual(before);
  });

  it('[RECON] a credit with no payment at Paystack: NO_PAYMENT, written off once (clearing made whole from the write-off account)', async () => {
    const c = await createCorporate(t.app);
    const p = await cardPayment(c, '1,500');
    mock.app.paystack.complete(p.reference, 'success');
    await mock.app.paystack.settled();
    await runDueJobs(t.app.ctx, { queues: [CARD_CHECK_QUEUE] });
    expect(await walletBalance(t.app, c.corporateId)).toBe(150_000);
    mock.app.paystack.transactions.get(p.reference)!.status = 'failed';
    await reconcileGateway(t.app.ctx, 'SWEEP');
    await reconcileGateway(t.app.ctx, 'SWEEP');
    const [d, ...more] = await discrepancies(p.reference);
    expect(more).toEqual([]);
    expect(d.kind).toBe('NO_PAYMENT');
    const res = await resolve(d.id, { action: 'WRITE_OFF' });
    expect(res.json().data).toMatchObject({ resolution: 'WRITE_OFF', resolvedAmountKobo: -p.totalKobo });
    expect((await resolve(d.id, { action: 'CREDIT' })).statusCode).toBe(409);
    const [entry] = await q<{ amount_kobo: string }>(
      `select e.amount_kobo from ledger_entries e join ledger_transfers tr on tr.id = e.transfer_id
        join ledger_accounts a on a.id = e.account_id
        where tr.reference = $1 and a.code = 'SYSTEM:GATEWAY_WRITE_OFF'`,
      [`gateway-discrepancy:${d.id}`],
    );
    expect(Number(entry.amount_kobo)).toBe(-p.totalKobo);
    mock.app.paystack.transactions.get(p.reference)!.status = 'success';
  });

  it('[RECON] paid for another amount (REVIEW): AMOUNT_MISMATCH credited once for what Paystack received; another currency: CURRENCY_MISMATCH, not creditable', async () => {
    const c = await createCorporate(t.app);
    const p = await cardPayment(c, '2,000');
    mock.app.paystack.transactions.get(p.reference)!.amount = p.totalKobo - 10_000;
    mock.app.paystack.complete(p.reference, 'success');
    const usd = await cardPayment(c, '2,000');
    mock.app.paystack.transactions.get(usd.reference)!.currency = 'USD';
    mock.app.paystack.complete(usd.reference, 'success');
    await mock.app.paystack.settled();
    await runDueJobs(t.app.ctx, { queues: [CARD_CHECK_QUEUE] });
    await reconcileGateway(t.app.ctx, 'SWEEP');
    await reconcileGateway(t.app.ctx, 'SWEEP');
    const [d] = await discrepancies(p.reference);
    expect(d.kind).toBe('AMOUNT_MISMATCH');
    const res = await resolve(d.id, { action: 'CREDIT' });
    expect(res.json().data).toMatchObject({
      resolvedAmountKobo: p.totalKobo - 10_000,
      corporateId: c.corporateId,
    });
    expect(await walletBalance(t.app, c.corporateId)).toBe(p.totalKobo - 10_000);
    const [u, ...more] = await discrepancies(usd.reference);
    expect(more).toEqual([]);
    expect(u.kind).toBe('CURRENCY_MISMATCH');
    expect((await resolve(u.id, { action: 'CREDIT' })).statusCode).toBe(400);
    const off = await resolve(u.id, { action: 'WRITE_OFF' });
    expect(off.json().data).toMatchObject({ resolution: 'WRITE_OFF', resolvedAmountKobo: 0 });
    expect(await walletBalance(t.app, c.corporateId)).toBe(p.totalKobo - 10_000);
  });

  it('[RECON] reversed here before it was credited (a chargeback), then won at Paystack: the sweep credits it once, no discrepancy', async () => {
    const c = await createCorporate(t.app);
    const p = await cardPayment(c, '1,000');
    dropping(true);
    mock.app.paystack.complete(p.reference, 'success');
    const d0 = mock.app.paystack.openDispute(p.reference)!;
    const verified = await call(t.app, c, {
      method: 'GET',
      url: `/api/v1/fund/card/verify?reference=${p.reference}`,
    });
    expect(verified.json().data).toMatchObject({ status: 'REVERSED', credited: false });
    mock.app.paystack.resolveDispute(d0.id, 'declined');
    dropping(false);
    await reconcileGateway(t.app.ctx, 'SWEEP');
    await reconcileGateway(t.app.ctx, 'SWEEP');
    expect(await discrepancies(p.reference)).toEqual([]);
    expect(await walletBalance(t.app, c.corporateId)).toBe(100_000);
  });

  it('[RECON] paid at Paystack, its verify unclear for over 30 minutes: UNCREDITED once; crediting it waits for Paystack, then credits once by the payment’s own path', async () => {
    const c = await createCorporate(t.app);
    const p = await cardPayment(c, '1,100');
    dropping(true);
    mock.app.paystack.complete(p.reference, 'success');
    dropping(false);
    const txn = mock.app.paystack.transactions.get(p.reference)!;
    txn.paidAt = new Date(Date.now() - 3_600_000);
    mock.app.paystack.failVerify.add(p.reference);
    await reconcileGateway(t.app.ctx, 'SWEEP');
    await reconcileGateway(t.app.ctx, 'SWEEP');
    const [d, ...more] = await discrepancies(p.reference);
    expect(more).toEqual([]);
    expect(d.kind).toBe('UNCREDITED');
    const early = await resolve(d.id, { action: 'CREDIT' });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toMatch(/^Paystack has not confirmed/);
    mock.app.paystack.failVerify.delete(p.reference);
    const done = await resolve(d.id, { action: 'CREDIT' });
    expect(done.statusCode, done.body).toBe(200);
    await reconcileGateway(t.app.ctx, 'SWEEP');
    expect(await walletBalance(t.app, c.corporateId)).toBe(110_000);
    const [n] = await q<{ n: number }>(
      'select count(*)::int as n from ledger_transfers where reference = $1',
      [`card-payment:${p.reference}`],
    );
    expect(n.n).toBe(1);
  });
});

describe('[RECON] the admin screen', () => {
  it('[RECON] runs with Paystack’s total, ours and the difference, and the discrepancies; CSV; clients and readers cannot resolve', async () => {
    const res = await call(t.app, admin, { method: 'GET', url: '/api/v1/gateway-reconciliation' });
    expect(res.statusCode, res.body).toBe(200);
    const { runs, discrepancies: rows } = res.json().data;
    expect(runs[0]).toMatchObject({ kind: 'SWEEP', status: 'DONE' });
    expect(runs[0].differenceKobo).toBe(runs[0].paystackTotalKobo - runs[0].oursTotalKobo);
    expect(rows.length).toBeGreaterThan(0);
    const open = await call(t.app, admin, {
      method: 'GET',
      url: '/api/v1/gateway-reconciliation?status=OPEN',
    });
    expect(open.json().data.discrepancies.every((d: { status: string }) => d.status === 'OPEN')).toBe(true);
    const csv = await call(t.app, admin, { method: 'GET', url: '/api/v1/gateway-reconciliation?format=csv' });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toContain('Code,Raised (Lagos),Kind,Reference');
    const client = await createCorporate(t.app);
    expect(
      (await call(t.app, client, { method: 'GET', url: '/api/v1/gateway-reconciliation' })).statusCode,
    ).toBe(403);
    const reader = await createAdmin(t.app, { permissions: ['funding.read'] });
    expect((await resolve(rows[0].id, { action: 'WRITE_OFF' }, reader)).statusCode).toBe(403);
    const run = await call(t.app, admin, { method: 'POST', url: '/api/v1/gateway-reconciliation/runs' });
    expect(run.json().data).toMatchObject({ kind: 'SWEEP', status: 'DONE' });
    const audited = await t.app.ctx.dbHandle.query<{ n: number }>(
      `select count(*)::int as n from audit_logs where action = 'funding.gateway_reconciliation.run' and target_id = $1`,
      [run.json().data.id],
    );
    expect(audited[0].n).toBe(1);
  });

  it('[RECON] the daily pass covers the previous Lagos day, once', async () => {
    const now = new Date('2026-11-29T10:00:00Z');
    const first = await reconcileGateway(t.app.ctx, 'DAILY', now);
    expect(first).toMatchObject({
      kind: 'DAILY',
      day: '2026-11-28',
      windowFrom: new Date('2026-11-27T23:00:00Z'),
      windowTo: new Date('2026-11-28T23:00:00Z'),
    });
    expect(await reconcileGateway(t.app.ctx, 'DAILY', now)).toBeNull();
  });

  it('[RECON] checkBooks reports no violation', async () => {
    const report = await checkBooks(t.app.ctx.db);
    expect(report.checks.filter((x) => x.violations > 0)).toEqual([]);
  });
});
