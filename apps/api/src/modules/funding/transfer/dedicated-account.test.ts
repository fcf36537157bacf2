// Dedicated virtual accounts (issue 33 point 3) against the local Paystack stand-in (mocks/paystack)
// started in-process, with this app listening so the stand-in's signed webhooks really arrive:
// "Get my account number" (verified clients with wallet.fund, once per client, 20 concurrent
// requests → one account), a transfer into it → charge.success (dedicated_nuban) → a queued verify →
// credited once as BANK_TRANSFER_AUTO for the verified amount (20 concurrent deliveries → one credit),
// an unknown customer or unverifiable transaction → nothing credited and an audit entry, and its lines
// in the funding histories, the statement and the books.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_SECRET_KEY, startPaystackMock } from '../../../../../../mocks/paystack/server';
import { checkBooks } from '../../../books';
import { runDueJobs } from '../../../jobs';
import { createAdmin, createCorporate, type TestUser } from '../../../test/factories';
import { buildTestApp, type TestApp, testDbKind } from '../../../test/harness';
import { buildStatement } from '../../reconciliation/statement.service';
import { apiKeyFor, apiVend, assignDefaults } from '../../vending/vending.testing';
import { CARD_CHECK_QUEUE } from '../card/card.service';
import { call, walletBalance } from '../funding.fixtures';
import { readData } from '../gateway/paystack/client';
import { customerData, dedicatedAccountData, dedicatedTransferData } from '../gateway/paystack/dedicated';
import { paystackEventAction } from '../gateway/paystack/events';
import { paystackSignature } from '../gateway/paystack/signature';
import { PAYSTACK_WEBHOOK_PATH } from '../gateway/paystack-webhook.routes';
import { DVA_TRANSFER_QUEUE } from './dedicated-account.service';

let mock: Awaited<ReturnType<typeof startPaystackMock>>;
let t: TestApp;
let serverUrl: string;

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
  serverUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  mock.app.paystack.webhookUrl = `${serverUrl}${PAYSTACK_WEBHOOK_PATH}`;
});
afterAll(async () => {
  await mock?.app.close();
  await t?.close();
});

const q = <T>(text: string, params: unknown[] = []) => t.app.ctx.dbHandle.query<T>(text, params);

async function verifiedClient(opts: Parameters<typeof createCorporate>[1] = {}) {
  const c = await createCorporate(t.app, opts);
  await q(`update corporates set verification_status = 'VERIFIED' where id = $1`, [c.corporateId]);
  return c;
}

const getAccount = (c: TestUser) => call(t.app, c, { method: 'GET', url: '/api/v1/fund/dedicated-account' });
const createAccount = (c: TestUser) =>
  call(t.app, c, { method: 'POST', url: '/api/v1/fund/dedicated-account' });

async function accountOf(
  c: TestUser,
): Promise<{ accountNumber: string; accountName: string; bankName: string }> {
  const res = await createAccount(c);
  expect([200, 201], res.body).toContain(res.statusCode);
  return res.json().data.account;
}

/** A bank transfer into the account at the stand-in; its webhook delivered; the check job run. */
async function transferInto(accountNumber: string, amountKobo: number) {
  const txn = mock.app.paystack.transferIn(accountNumber, amountKobo)!;
  expect(txn).not.toBeNull();
  await mock.app.paystack.settled();
  await runDueJobs(t.app.ctx, { queues: [DVA_TRANSFER_QUEUE] });
  return txn;
}

const autoTransfers = (reference: string) =>
  q<{ amount_kobo: string; corporate_id: string; code: string }>(
    'select amount_kobo, corporate_id, code from auto_transfers where reference = $1',
    [reference],
  );
const ledgerCredits = (reference: string) =>
  q<{ n: number }>(`select count(*)::int as n from ledger_transfers where reference = $1`, [
    `bank-transfer-auto:${reference}`,
  ]);
const unmatchedAudits = (reference: string) =>
  q<{ n: number }>(
    `select count(*)::int as n from audit_logs where action = 'funding.transfer.unmatched' and target_id = $1`,
    [reference],
  );

function postWebhook(body: string, signature = paystackSignature(MOCK_SECRET_KEY, body)) {
  return fetch(`${serverUrl}${PAYSTACK_WEBHOOK_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
    body,
  });
}

describe('[DVA] getting an account number', () => {
  it('[DVA] a verified client gets its account (number, name, bank) from POST /customer then POST /dedicated_account; asking again answers the same', async () => {
    const c = await verifiedClient();
    const before = await getAccount(c);
    expect(before.statusCode).toBe(200);
    expect(before.json().data).toEqual({ enabled: true, available: true, account: null, reason: null });
    const res = await createAccount(c);
    expect(res.statusCode, res.body).toBe(201);
    const account = res.json().data.account;
    expect(account.accountNumber).toMatch(/^\d{10}$/);
    expect(account.bankName).toBe('Test Bank');
    // Named after the contact person, as Paystack names the account after its customer.
    expect(account.accountName).toBe('VENDPORT/CHIDI OKAFOR');
    const dva = mock.app.paystack.dedicatedAccounts.get(account.accountNumber)!;
    const [corp] = await q<{ email: string; msisdn: string }>(
      'select email, msisdn from corporates where id = $1',
      [c.corporateId],
    );
    // https://paystack.com/docs/payments/dedicated-virtual-accounts/: email, first_name, last_name and phone.
    expect(mock.app.paystack.customers.get(dva.customerCode)).toMatchObject({
      email: corp.email,
      firstName: 'Chidi',
      lastName: 'Okafor',
      phone: corp.msisdn,
    });
    const [row] = await q<{ customer_code: string; status: string }>(
      'select customer_code, status from dedicated_accounts where corporate_id = $1',
      [c.corporateId],
    );
    expect(row).toEqual({ customer_code: dva.customerCode, status: 'ACTIVE' });
    const again = await createAccount(c);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.account).toEqual(account);
    expect((await getAccount(c)).json().data.account).toEqual(account);
    const [audit] = await q<{ n: number }>(
      `select count(*)::int as n from audit_logs where action = 'funding.dedicated_account.create' and target_id = $1`,
      [account.accountNumber],
    );
    expect(audit.n).toBe(1);
  });

  it('[DVA] with Paystack requiring the phone, the customer is created with it; a client with no phone is told what to fill in, and Paystack is not asked', async () => {
    mock.app.paystack.requirePhone = true;
    try {
      const c = await verifiedClient();
      const res = await createAccount(c);
      expect(res.statusCode, res.body).toBe(201);
      const noPhone = await verifiedClient();
      await q('update corporates set msisdn = null where id = $1', [noPhone.corporateId]);
      await q('update users set msisdn = null where id = $1', [noPhone.id]);
      const customers = mock.app.paystack.customers.size;
      const refused = await createAccount(noPhone);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        success: false,
        code: 'VALIDATION_ERROR',
        message: 'Add a phone number to your profile to get an account number of your own.',
      });
      expect(mock.app.paystack.customers.size).toBe(customers);
    } finally {
      mock.app.paystack.requirePhone = false;
    }
  });

  it(`[DVA] 20 concurrent requests of one client create one account at Paystack (${testDbKind()})`, async () => {
    const c = await verifiedClient();
    const before = mock.app.paystack.dedicatedAccounts.size;
    const answers = await Promise.all(Array.from({ length: 20 }, () => createAccount(c)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(19);
    const numbers = new Set(answers.map((a) => a.json().data.account.accountNumber));
    expect(numbers.size).toBe(1);
    expect(mock.app.paystack.dedicatedAccounts.size).toBe(before + 1);
    const [n] = await q<{ n: number }>(
      'select count(*)::int as n from dedicated_accounts where corporate_id = $1',
      [c.corporateId],
    );
    expect(n.n).toBe(1);
  });

  it('[DVA] a client whose business is not verified cannot get one (403) and is told why', async () => {
    const c = await createCorporate(t.app);
    const state = await getAccount(c);
    expect(state.json().data).toEqual({
      enabled: true,
      available: false,
      account: null,
      reason: 'Verify your business to get an account number of your own.',
    });
    const res = await createAccount(c);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Verify your business to get an account number of your own.');
    const [n] = await q<{ n: number }>(
      'select count(*)::int as n from dedicated_accounts where corporate_id = $1',
      [c.corporateId],
    );
    expect(n.n).toBe(0);
  });

  it('[DVA] signed out → 401; without wallet.fund → 403; an admin is not a client → 403', async () => {
    expect(
      (await call(t.app, null, { method: 'GET', url: '/api/v1/fund/dedicated-account' })).statusCode,
    ).toBe(401);
    expect(
      (await call(t.app, null, { method: 'POST', url: '/api/v1/fund/dedicated-account' })).statusCode,
    ).toBe(401);
    const viewer = await verifiedClient({ permissions: ['wallet.read'] });
    expect((await getAccount(viewer)).statusCode).toBe(403);
    expect((await createAccount(viewer)).statusCode).toBe(403);
    const admin = await createAdmin(t.app);
    expect((await getAccount(admin)).statusCode).toBe(403);
    expect((await createAccount(admin)).statusCode).toBe(403);
  });

  it('[DVA] without Paystack (the simulator) there is no account to get: GET says so, POST is 404', async () => {
    const sim = await buildTestApp();
    try {
      const c = await createCorporate(sim.app);
      await sim.app.ctx.dbHandle.query(
        `update corporates set verification_status = 'VERIFIED' where id = $1`,
        [c.corporateId],
      );
      const state = await call(sim.app, c, { method: 'GET', url: '/api/v1/fund/dedicated-account' });
      expect(state.json().data).toMatchObject({ enabled: false, available: false, account: null });
      const post = await call(sim.app, c, { method: 'POST', url: '/api/v1/fund/dedicated-account' });
      expect(post.statusCode).toBe(404);
    } finally {
      await sim.close();
    }
  });

  it("[DVA] a client never sees another client's account", async () => {
    const a = await verifiedClient();
    const b = await verifiedClient();
    const accountA = await accountOf(a);
    const seenByB = (await getAccount(b)).json().data;
    expect(seenByB.account).toBeNull();
    const accountB = await accountOf(b);
    expect(accountB.accountNumber).not.toBe(accountA.accountNumber);
    expect((await getAccount(a)).json().data.account.accountNumber).toBe(accountA.accountNumber);
  });
});

describe('[DVA] a transfer into the account', () => {
  it('[DVA] charge.success (dedicated_nuban) → verify → the wallet is credited at once as BANK_TRANSFER_AUTO, notified, in both funding histories', async () => {
    const c = await verifiedClient();
    const { accountNumber } = await accountOf(c);
    const before = await walletBalance(t.app, c.corporateId);
    const txn = await transferInto(accountNumber, 750_000);
    const delivery = mock.app.paystack.webhooks.find((w) => w.reference === txn.reference)!;
    expect(JSON.parse(delivery.body)).toMatchObject({
      event: 'charge.success',
      data: { channel: 'dedicated_nuban', customer: { customer_code: expect.stringMatching(/^CUS_/) } },
    });
    expect(delivery.statuses).toEqual([200]);
    expect(await walletBalance(t.app, c.corporateId)).toBe(before + 750_000);
    const [row] = await autoTransfers(txn.reference);
    expect(Number(row.amount_kobo)).toBe(750_000);
    expect(row.corporate_id).toBe(c.corporateId);
    expect(row.code).toMatch(/^BT-[0-9A-Z]{12}$/);

    const mine = await call(t.app, c, { method: 'GET', url: '/api/v1/transactions/funding' });
    expect(mine.statusCode).toBe(200);
    const line = mine.json().data.find((r: { code: string }) => r.code === row.code);
    expect(line).toMatchObject({
      channel: 'BANK_TRANSFER',
      kind: 'BANK_TRANSFER_AUTO',
      amountKobo: 750_000,
      status: 'SUCCESSFUL',
      reference: txn.reference,
    });
    const admin = await createAdmin(t.app);
    const all = await call(t.app, admin, {
      method: 'GET',
      url: `/api/v1/corporates-transactions/funding?corporateId=${c.corporateId}`,
    });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.find((r: { code: string }) => r.code === row.code)).toMatchObject({
      kind: 'BANK_TRANSFER_AUTO',
      status: 'SUCCESSFUL',
    });
    // No approve step: no fund request was made for it.
    const [fr] = await q<{ n: number }>(
      'select count(*)::int as n from fund_requests where corporate_id = $1',
      [c.corporateId],
    );
    expect(fr.n).toBe(0);
    const [note] = await q<{ body: string }>(
      `select n.body from notifications n join users u on u.id = n.user_id
        where u.corporate_id = $1 and n.subject = 'Wallet funded by bank transfer'`,
      [c.corporateId],
    );
    expect(note.body).toContain(`₦7,500.00 by bank transfer to your account ${accountNumber}`);
  });

  it(`[DVA] 20 concurrent deliveries of one charge.success credit once (${testDbKind()})`, async () => {
    const c = await verifiedClient();
    const { accountNumber } = await accountOf(c);
    const before = await walletBalance(t.app, c.corporateId);
    const txn = await transferInto(accountNumber, 120_000);
    const body = mock.app.paystack.webhooks.find((w) => w.reference === txn.reference)!.body;
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 20 }, () => postWebhook(body)));
    const ms = Math.round(performance.now() - started);
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    // And several check runs at once, should any be queued again.
    await Promise.all(
      Array.from({ length: 5 }, () => runDueJobs(t.app.ctx, { queues: [DVA_TRANSFER_QUEUE] })),
    );
    expect(await walletBalance(t.app, c.corporateId)).toBe(before + 120_000);
    expect(await autoTransfers(txn.reference)).toHaveLength(1);
    expect((await ledgerCredits(txn.reference))[0].n).toBe(1);
    const [jobs] = await q<{ n: number }>(
      `select count(*)::int as n from jobs where queue = $1 and payload->>'reference' = $2`,
      [DVA_TRANSFER_QUEUE, txn.reference],
    );
    console.log(
      `[DVA] 20 concurrent deliveries (${testDbKind()}): 20×200 in ${ms} ms, ${jobs.n} check(s) queued in all, 1 credit, wallet +${(await walletBalance(t.app, c.corporateId)) - before} kobo`,
    );
  });

  it('[DVA] the amount credited is the verified one, not the webhook body’s', async () => {
    const c = await verifiedClient();
    const { accountNumber } = await accountOf(c);
    const before = await walletBalance(t.app, c.corporateId);
    mock.app.paystack.webhookUrl = undefined;
    const txn = mock.app.paystack.transferIn(accountNumber, 50_000)!;
    mock.app.paystack.webhookUrl = `${serverUrl}${PAYSTACK_WEBHOOK_PATH}`;
    const event = {
      event: 'charge.success',
      data: {
        reference: txn.reference,
        amount: 99_999_900,
        channel: 'dedicated_nuban',
        customer: { customer_code: txn.customerCode },
      },
    };
    const res = await postWebhook(JSON.stringify(event));
    expect(res.status).toBe(200);
    await runDueJobs(t.app.ctx, { queues: [DVA_TRANSFER_QUEUE] });
    expect(await walletBalance(t.app, c.corporateId)).toBe(before + 50_000);
    expect(Number((await autoTransfers(txn.reference))[0].amount_kobo)).toBe(50_000);
  });

  it('[DVA] an unknown customer credits nothing and is left for an admin in the audit log', async () => {
    const reference = `unknown${Date.now()}`;
    const body = JSON.stringify({
      event: 'charge.success',
      data: {
        reference,
        amount: 100_000,
        channel: 'dedicated_nuban',
        customer: { customer_code: 'CUS_nobodyhere1234' },
      },
    });
    expect((await postWebhook(body)).status).toBe(200);
    await runDueJobs(t.app.ctx, { queues: [DVA_TRANSFER_QUEUE] });
    expect(await autoTransfers(reference)).toHaveLength(0);
    expect((await ledgerCredits(reference))[0].n).toBe(0);
    expect((await unmatchedAudits(reference))[0].n).toBe(1);
  });

  it('[DVA] a transaction Paystack cannot verify (unknown reference, or a webhook naming another client) credits nothing', async () => {
    const c = await verifiedClient();
    const other = await verifiedClient();
    await accountOf(c);
    const { accountNumber: otherNumber } = await accountOf(other);
    const [cRow] = await q<{ customer_code: string }>(
      'select customer_code from dedicated_accounts where corporate_id = $1',
      [c.corporateId],
    );
    const before = await walletBalance(t.app, c.corporateId);
    // A reference Paystack never issued, for a real customer: verify says not found.
    const ghost = `ghost${Date.now()}`;
    await postWebhook(
      JSON.stringify({
        event: 'charge.success',
        data: {
          reference: ghost,
          amount: 500_000,
          channel: 'dedicated_nuban',
          customer: { customer_code: cRow.customer_code },
        },
      }),
    );
    await runDueJobs(t.app.ctx, { queues: [DVA_TRANSFER_QUEUE] });
    expect(await autoTransfers(ghost)).toHaveLength(0);
    expect((await unmatchedAudits(ghost))[0].n).toBe(1);
    // A real transfer into another client's account, the webhook rewritten to name this client:
    // the verify's customer decides, so the other client is credited and this one is not.
    mock.app.paystack.webhookUrl = undefined;
    const txn = mock.app.paystack.transferIn(otherNumber, 30_000)!;
    mock.app.paystack.webhookUrl = `${serverUrl}${PAYSTACK_WEBHOOK_PATH}`;
    await postWebhook(
      JSON.stringify({
        event: 'charge.success',
        data: {
          reference: txn.reference,
          channel: 'dedicated_nuban',
          customer: { customer_code: cRow.customer_code },
        },
      }),
    );
    await runDueJobs(t.app.ctx, { queues: [DVA_TRANSFER_QUEUE] });
    expect(await walletBalance(t.app, c.corporateId)).toBe(before);
    expect((await autoTransfers(txn.reference))[0].corporate_id).toBe(other.corporateId);
  });

  it('[DVA] a forged webhook (wrong signature) is 401 and credits nothing', async () => {
    const c = await verifiedClient();
    const { accountNumber } = await accountOf(c);
    mock.app.paystack.webhookUrl = undefined;
    const txn = mock.app.paystack.transferIn(accountNumber, 40_000)!;
    mock.app.paystack.webhookUrl = `${serverUrl}${PAYSTACK_WEBHOOK_PATH}`;
    const body = JSON.stringify({
      event: 'charge.success',
      data: {
        reference: txn.reference,
        channel: 'dedicated_nuban',
        customer: { customer_code: txn.customerCode },
      },
    });
    expect((await postWebhook(body, paystackSignature('sk_test_wrong', body))).status).toBe(401);
    await runDueJobs(t.app.ctx, { queues: [DVA_TRANSFER_QUEUE] });
    expect(await autoTransfers(txn.reference)).toHaveLength(0);
  });

  it('[DVA] the transfer is a line of its own on the statement (Bank transfer (automatic))', async () => {
    const c = await verifiedClient();
    const { accountNumber } = await accountOf(c);
    const txn = await transferInto(accountNumber, 260_000);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
    const statement = await buildStatement(t.app.ctx.db, c.corporateId, {
      kind: 'ON_DEMAND',
      fromDate: today,
      toDate: today,
    });
    const csv = JSON.stringify(statement);
    // The client reads the transfer's BT- code, never the ledger's internal key (issue 53 point 3).
    expect(csv).not.toContain(`bank-transfer-auto:${txn.reference}`);
    expect(csv).toMatch(/BT-[0-9A-Z]+,Bank transfer \(automatic\)/);
    expect(csv).toContain('2600.00');
  });
});

const fixture = (name: string) =>
  JSON.parse(
    readFileSync(path.join(import.meta.dirname, '../gateway/paystack/fixtures/dedicated', name), 'utf8'),
  );

describe('[DVA] contract fixtures (each names its Paystack page)', () => {
  it('[DVA] Create Customer and Create Dedicated Virtual Account answers read as documented', () => {
    const customer = fixture('customer-created.json');
    expect(customer.source).toBe('https://paystack.com/docs/api/customer/#create');
    expect(readData(customer.answer, customerData)).toMatchObject({
      ok: true,
      data: { customer_code: 'CUS_xnxdt6s1zg1f4nx' },
    });
    const dva = fixture('dedicated-account-created.json');
    expect(dva.source).toBe('https://paystack.com/docs/api/dedicated-virtual-account/#create');
    expect(readData(dva.answer, dedicatedAccountData)).toMatchObject({
      ok: true,
      data: { account_number: '9930000737', account_name: 'VENDPORT/ACME LTD', bank: { name: 'Wema Bank' } },
    });
  });

  it('[DVA] the documented dedicated_nuban charge.success maps to a transfer check of its customer', () => {
    const f = fixture('webhook-charge-success-dedicated-nuban.json');
    expect(f.source).toBe('https://paystack.com/docs/payments/dedicated-virtual-accounts/');
    expect(paystackEventAction(f.event)).toEqual({
      transfer: { reference: '1640812500pd5z5u8ikf1fn6r', customerCode: 'CUS_xnxdt6s1zg1f4nx' },
    });
    expect(dedicatedTransferData.parse(f.event.data)).toMatchObject({
      amount: 500000,
      channel: 'dedicated_nuban',
      authorization: { sender_name: 'ACME LTD', receiver_bank_account_number: '9930000737' },
    });
  });
});

describe('[DVA] the webhook event mapping', () => {
  it('[DVA] charge.success with channel dedicated_nuban is a transfer check for its customer; a card charge stays a card check', () => {
    expect(
      paystackEventAction({
        event: 'charge.success',
        data: {
          reference: 'abc123',
          channel: 'dedicated_nuban',
          customer: { customer_code: 'CUS_xnxdt6s1zg1f4nx' },
        },
      }),
    ).toEqual({ transfer: { reference: 'abc123', customerCode: 'CUS_xnxdt6s1zg1f4nx' } });
    expect(
      paystackEventAction({
        event: 'charge.success',
        data: { reference: 'abc123', channel: 'dedicated_nuban' },
      }),
    ).toEqual({ ignore: 'dedicated_nuban charge.success without a customer' });
    expect(
      paystackEventAction({ event: 'charge.success', data: { reference: 'CP-1', channel: 'card' } }),
    ).toEqual({
      check: { reference: 'CP-1', kind: 'charge' },
    });
  });
});

describe('[DVA] a transfer settles what a reversed card payment left owing', () => {
  it('[DVA] a card payment spent then reversed leaves a receivable and holds vending; transfers into the account recover it first, then vending resumes', async () => {
    const c = await verifiedClient();
    const { accountNumber } = await accountOf(c);
    await assignDefaults(t.app, c.corporateId);
    const key = await apiKeyFor(t.app, c.corporateId);
    // ₦2,000 by card through the stand-in's checkout, credited on verify.
    const init = await call(t.app, c, {
      method: 'POST',
      url: '/api/v1/fund/card/initialize',
      payload: { amount: '2000' },
    });
    expect(init.statusCode, init.body).toBe(201);
    const p = init.json().data as { reference: string; checkoutUrl: string };
    await fetch(`${p.checkoutUrl}/success`, { method: 'POST', body: '', redirect: 'manual' });
    await mock.app.paystack.settled();
    await call(t.app, c, { method: 'GET', url: `/api/v1/fund/card/verify?reference=${p.reference}` });
    expect(await walletBalance(t.app, c.corporateId)).toBe(200_000);
    // ₦1,500 of it vended, then the payer's bank reverses the payment.
    expect((await apiVend(t.app, key, { amount: 1500 })).json().data.status).toBe('SUCCESSFUL');
    expect(mock.app.paystack.reverse(p.reference)).not.toBeNull();
    await mock.app.paystack.settled();
    await runDueJobs(t.app.ctx, { queues: [CARD_CHECK_QUEUE] });
    const owed = async () =>
      (await call(t.app, c, { method: 'GET', url: '/api/v1/card-receivables' })).json().data as {
        outstandingKobo: number;
        vendingSuspended: boolean;
      };
    expect(await walletBalance(t.app, c.corporateId)).toBe(0);
    expect(await owed()).toMatchObject({ outstandingKobo: 150_000, vendingSuspended: true });
    expect((await apiVend(t.app, key, { amount: 100 })).json().code).toBe('VENDING_SUSPENDED');

    // ₦1,000 by transfer: all of it goes to what is owed.
    await transferInto(accountNumber, 100_000);
    expect(await walletBalance(t.app, c.corporateId)).toBe(0);
    expect(await owed()).toMatchObject({ outstandingKobo: 50_000, vendingSuspended: true });
    // ₦2,000 more: ₦500 settles the rest, ₦1,500 stays in the wallet, vending resumes.
    await transferInto(accountNumber, 200_000);
    expect(await walletBalance(t.app, c.corporateId)).toBe(150_000);
    expect(await owed()).toMatchObject({ outstandingKobo: 0, vendingSuspended: false });
    expect((await apiVend(t.app, key, { amount: 100 })).json().data.status).toBe('SUCCESSFUL');
    const report = await checkBooks(t.app.ctx.db);
    expect(report.ok, JSON.stringify(report)).toBe(true);
  });
});

describe('[DVA] end of suite', () => {
  it('[DVA] checkBooks reports no violation (every automatic transfer credited once, for its amount)', async () => {
    const report = await checkBooks(t.app.ctx.db);
    expect(
      report.checks.find((x) => x.name.startsWith('every successful automatic bank transfer')),
    ).toBeDefined();
    expect(report.checks.filter((x) => x.violations > 0)).toEqual([]);
  });

  it('[DVA] checkBooks catches an automatic transfer whose recorded amount differs from its credit', async () => {
    const [row] = await q<{ id: string }>('select id from auto_transfers limit 1');
    await q('update auto_transfers set amount_kobo = amount_kobo + 1 where id = $1', [row.id]);
    const report = await checkBooks(t.app.ctx.db);
    await q('update auto_transfers set amount_kobo = amount_kobo - 1 where id = $1', [row.id]);
    expect(
      report.checks.find((x) => x.name.startsWith('every successful automatic bank transfer'))?.violations,
    ).toBe(1);
  });
});
