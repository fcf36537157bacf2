import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBooks as checkLedger } from '../../books';
import {
  addCorporateMember,
  createAdmin,
  createCorporate,
  TEST_PASSWORD,
  type TestUser,
} from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/harness';
import { changeCreditTerms } from '../clients/clients.service';
import {
  approve,
  call,
  createFundRequest,
  creditTransfersFor,
  multipart,
  PDF,
  PNG,
  seedWallet,
  setCorporate,
  uniqueRef,
  walletBalance,
} from './funding.fixtures';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
});

const lagosToday = () => new Date(Date.now() + 3600_000).toISOString().slice(0, 10);
const lagosYesterday = () => new Date(Date.now() + 3600_000 - 86_400_000).toISOString().slice(0, 10);

async function notificationsOf(userId: string) {
  return t.app.ctx.dbHandle.query<{ subject: string; body: string }>(
    'select subject, body from notifications where user_id = $1 order by created_at desc',
    [userId],
  );
}
async function emailsTo(corporateId: string) {
  return t.app.ctx.dbHandle.query<{ subject: string; text: string }>(
    'select o.subject, o.text from outbox_emails o join corporates c on c.email = o."to" where c.id = $1 order by o.created_at desc',
    [corporateId],
  );
}
async function auditActions(targetId: string) {
  const rows = await t.app.ctx.dbHandle.query<{ action: string }>(
    'select action from audit_logs where target_id = $1',
    [targetId],
  );
  return rows.map((r) => r.action);
}

describe('[FUNDING] bank transfer: client side', () => {
  it('[FUNDING] the funding account is the configured collection account with the client’s own narration', async () => {
    const c = await createCorporate(t.app);
    const res = await call(t.app, c, { method: 'GET', url: '/api/v1/get-funding-account' });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({
      bankName: t.app.ctx.config.FUNDING_BANK_NAME,
      accountNumber: t.app.ctx.config.FUNDING_ACCOUNT_NUMBER,
      accountName: t.app.ctx.config.FUNDING_ACCOUNT_NAME,
    });
    expect(d.narration).toMatch(/^VP-[0-9A-Z]{8}$/);
    const other = await createCorporate(t.app);
    const d2 = (await call(t.app, other, { method: 'GET', url: '/api/v1/get-funding-account' })).json().data;
    expect(d2.narration).not.toBe(d.narration);
  });

  it('[FUNDING] a fund request in naira is recorded in kobo, PENDING, with a readable FR- id, and audited', async () => {
    const c = await createCorporate(t.app);
    const res = await call(t.app, c, {
      method: 'POST',
      url: '/api/v1/fund-request',
      payload: { amount: '2,500.50', transferReference: 'GTB-00012345' },
    });
    expect(res.statusCode).toBe(201);
    const d = res.json().data;
    expect(d).toMatchObject({
      amountKobo: 250_050,
      status: 'PENDING',
      kind: 'FUNDING',
      hasProof: false,
      corporateId: c.corporateId,
    });
    expect(d).not.toHaveProperty('amount'); // money leaves the server in kobo only
    expect(d.code).toMatch(/^FR-[0-9A-Z]{12}$/);
    expect(await auditActions(d.code)).toEqual(['funding.request.create']);
    expect(await walletBalance(t.app, c.corporateId)).toBe(0);
  });

  it('[FUNDING] invalid amounts and a missing transfer reference are refused', async () => {
    const c = await createCorporate(t.app);
    for (const amount of ['1.005', '-500', 'abc', '50', '0', '']) {
      const res = await call(t.app, c, {
        method: 'POST',
        url: '/api/v1/fund-request',
        payload: { amount, transferReference: uniqueRef() },
      });
      expect(res.statusCode, amount).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    const res = await call(t.app, c, {
      method: 'POST',
      url: '/api/v1/fund-request',
      payload: { amount: '1000' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.join(' ')).toMatch(/Transfer reference is required/);
  });

  it('[FUNDING] the same bank transfer reference cannot be claimed twice while a request for it is live', async () => {
    const c = await createCorporate(t.app);
    const ref = uniqueRef();
    const first = await call(t.app, c, {
      method: 'POST',
      url: '/api/v1/fund-request',
      payload: { amount: '1000', transferReference: ref },
    });
    expect(first.statusCode).toBe(201);
    const again = await call(t.app, c, {
      method: 'POST',
      url: '/api/v1/fund-request',
      payload: { amount: '1000', transferReference: ref.toLowerCase() },
    });
    expect(again.statusCode).toBe(409);
    // Once declined, the reference may be used again (e.g. with the corrected amount).
    const decline = await call(t.app, admin, {
      method: 'POST',
      url: '/api/v1/corporates-transactions/decline',
      payload: {
        fundRequestId: first.json().data.id,
        password: TEST_PASSWORD,
        reason: 'Amount does not match the transfer',
      },
    });
    expect(decline.statusCode).toBe(200);
    const retry = await call(t.app, c, {
      method: 'POST',
      url: '/api/v1/fund-request',
      payload: { amount: '1200', transferReference: ref },
    });
    expect(retry.statusCode).toBe(201);
  });

  it('[FUNDING] a proof of payment is accepted as PDF or PNG (checked from its bytes) and readable by the client and admins only', async () => {
    const c = await createCorporate(t.app);
    const png = multipart(
      { amount: '5000', transferReference: uniqueRef() },
      { name: 'receipt.png', type: 'image/png', data: PNG },
    );
    const res = await call(t.app, c, { method: 'POST', url: '/api/v1/fund-request', ...png });
    expect(res.statusCode).toBe(201);
    const d = res.json().data;
    expect(d).toMatchObject({ hasProof: true, proofName: 'receipt.png', amountKobo: 500_000 });
    expect(d.proofUrl).toBe(`/api/v1/fund-requests/${d.id}/proof`);

    const byAdmin = await call(t.app, admin, { method: 'GET', url: d.proofUrl });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.headers['content-type']).toBe('image/png');
    expect(byAdmin.rawPayload.equals(PNG)).toBe(true);
    expect((await call(t.app, c, { method: 'GET', url: d.proofUrl })).statusCode).toBe(200);
    const stranger = await createCorporate(t.app);
    expect((await call(t.app, stranger, { method: 'GET', url: d.proofUrl })).statusCode).toBe(404);

    // A PDF sent with a wrong declared type is still a PDF.
    const pdf = multipart(
      { amount: '5000', transferReference: uniqueRef() },
      { name: 'receipt.pdf', type: 'application/octet-stream', data: PDF },
    );
    const res2 = await call(t.app, c, { method: 'POST', url: '/api/v1/fund-request', ...pdf });
    expect(res2.statusCode).toBe(201);
    const proof2 = await call(t.app, admin, { method: 'GET', url: res2.json().data.proofUrl });
    expect(proof2.headers['content-type']).toBe('application/pdf');
  });

  it('[FUNDING] a proof that is not really a PDF, PNG or JPEG, or is over 5 MB, is refused', async () => {
    const c = await createCorporate(t.app);
    const fake = multipart(
      { amount: '5000', transferReference: uniqueRef() },
      { name: 'receipt.png', type: 'image/png', data: Buffer.from('<html><script>alert(1)</script></html>') },
    );
    const res = await call(t.app, c, { method: 'POST', url: '/api/v1/fund-request', ...fake });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/PDF, PNG or JPEG/);

    const big = multipart(
      { amount: '5000', transferReference: uniqueRef() },
      { name: 'big.pdf', type: 'application/pdf', data: Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]) },
    );
    const res2 = await call(t.app, c, { method: 'POST', url: '/api/v1/fund-request', ...big });
    expect(res2.statusCode).toBe(413);
    expect(res2.json().code).toBe('PAYLOAD_TOO_LARGE');
    const open = await call(t.app, c, { method: 'GET', url: '/api/v1/pending-transaction' });
    expect(open.json().total).toBe(0);
  });

  it('[FUNDING] an INACTIVE client cannot create fund requests or repayments (CLIENT_INACTIVE)', async () => {
    const c = await createCorporate(t.app, { clientType: 'POSTPAID' });
    await setCorporate(t.app, c.corporateId, { status: 'INACTIVE' });
    for (const url of ['/api/v1/fund-request', '/api/v1/postpaid-repayment']) {
      const res = await call(t.app, c, {
        method: 'POST',
        url,
        payload: { amount: '1000', transferReference: uniqueRef() },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ code: 'CLIENT_INACTIVE', success: false });
      expect(res.json().message).toMatch(/inactive/);
    }
    // Reading stays possible.
    expect((await call(t.app, c, { method: 'GET', url: '/api/v1/get-wallet-balance' })).statusCode).toBe(200);
  });

  it('[FUNDING] pending-transaction lists only my open requests, newest first; confirming payment marks one PAID', async () => {
    const c = await createCorporate(t.app);
    const other = await createCorporate(t.app);
    const a = await createFundRequest(t.app, c, '1000');
    const b = await createFundRequest(t.app, c, '2000');
    const decided = await createFundRequest(t.app, c, '3000');
    await createFundRequest(t.app, other, '4000');
    expect((await approve(t.app, admin, decided.id)).statusCode).toBe(200);

    const paid = await call(t.app, c, {
      method: 'POST',
      url: '/api/v1/fund-request-confirmation',
      payload: { fundRequestId: a.code },
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'PAID', id: a.id });
    expect(paid.json().data.paidAt).toBeTruthy();
    const again = await call(t.app, c, {
      method: 'POST',
      url: '/api/v1/fund-request-confirmation',
      payload: { fundRequestId: a.id },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.status).toBe('PAID');

    const res = await call(t.app, c, { method: 'GET', url: '/api/v1/pending-transaction' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      total: 2,
      currentPage: 1,
      lastPage: 1,
      hasMorePages: false,
      limit: 40,
    });
    expect(res.json().data.map((x: { id: string }) => x.id)).toEqual([b.id, a.id]);

    const closed = await call(t.app, c, {
      method: 'POST',
      url: '/api/v1/fund-request-confirmation',
      payload: { fundRequestId: decided.id },
    });
    expect(closed.statusCode).toBe(409);
  });

  it('[FUNDING] a corporate can never read or confirm another corporate’s fund request (404)', async () => {
    const owner = await createCorporate(t.app);
    const stranger = await createCorporate(t.app);
    const fr = await createFundRequest(t.app, owner, '1000');
    for (const ref of [fr.id, fr.code]) {
      expect(
        (await call(t.app, stranger, { method: 'GET', url: `/api/v1/fund-requests/${ref}` })).statusCode,
      ).toBe(404);
      const confirm = await call(t.app, stranger, {
        method: 'POST',
        url: '/api/v1/fund-request-confirmation',
        payload: { fundRequestId: ref },
      });
      expect(confirm.statusCode).toBe(404);
    }
    const own = await call(t.app, owner, { method: 'GET', url: `/api/v1/fund-requests/${fr.code}` });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.id).toBe(fr.id);
    const mine = await call(t.app, stranger, { method: 'GET', url: '/api/v1/pending-transaction' });
    expect(mine.json().data).toEqual([]);
    const status = await t.app.ctx.dbHandle.query<{ status: string }>(
      'select status from fund_requests where id = $1',
      [fr.id],
    );
    expect(status[0].status).toBe('PENDING');
  });
});

describe('[FUNDING] bank transfer: admin decisions', () => {
  it('[FUNDING] approving a fund request credits the wallet once, notifies and emails the client, and is audited', async () => {
    const c = await createCorporate(t.app);
    const fr = await createFundRequest(t.app, c, '2,500.50');
    const res = await approve(t.app, admin, fr.code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { status: 'APPROVED', id: fr.id } });
    expect(await walletBalance(t.app, c.corporateId)).toBe(250_050);

    const again = await approve(t.app, admin, fr.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already been approved/);
    expect(await walletBalance(t.app, c.corporateId)).toBe(250_050);
    expect(await creditTransfersFor(t.app, 'fund_request', fr.id)).toBe(1);

    const n = await notificationsOf(c.id);
    expect(n[0].subject).toBe('Fund request approved');
    expect(n[0].body).toContain(fr.code);
    expect(n[0].body).toMatch(/₦2,500\.50/);
    const mails = await emailsTo(c.corporateId);
    expect(mails[0]).toMatchObject({ subject: 'Fund request approved' });
    expect(await auditActions(fr.code)).toContain('funding.request.approve');
  });

  it('[FUNDING] approval with a wrong password is refused and credits nothing', async () => {
    const c = await createCorporate(t.app);
    const fr = await createFundRequest(t.app, c, '1000');
    const res = await approve(t.app, admin, fr.id, 'not-the-password');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_PASSWORD');
    const missing = await call(t.app, admin, {
      method: 'POST',
      url: '/api/v1/corporates-transactions/approve',
      payload: { fundRequestId: fr.id },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toContain('Please enter your password');
    expect(await walletBalance(t.app, c.corporateId)).toBe(0);
  });

  it('[FUNDING] declining needs a reason; the client is told why, by notification and email; nothing is credited', async () => {
    const c = await createCorporate(t.app);
    const fr = await createFundRequest(t.app, c, '7000');
    const noReason = await call(t.app, admin, {
      method: 'POST',
      url: '/api/v1/corporates-transactions/decline',
      payload: { fundRequestId: fr.id, password: TEST_PASSWORD },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toContain('Please enter your reason');
    const blank = await call(t.app, admin, {
      method: 'POST',
      url: '/api/v1/corporates-transactions/decline',
      payload: { fundRequestId: fr.id, password: TEST_PASSWORD, reason: '   ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toContain('Please enter your reason');

    const res = await call(t.app, admin, {
      method: 'POST',
      url: '/api/v1/corporates-transactions/decline',
      payload: { fundRequestId: fr.id, password: TEST_PASSWORD, reason: 'No transfer received' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'DECLINED', declineReason: 'No transfer received' });
    expect((await notificationsOf(c.id))[0]).toMatchObject({ subject: 'Fund request declined' });
    expect((await notificationsOf(c.id))[0].body).toContain('No transfer received');
    expect((await emailsTo(c.corporateId))[0].text).toContain('No transfer received');
    expect(await auditActions(fr.code)).toContain('funding.request.decline');

    expect((await approve(t.app, admin, fr.id)).statusCode).toBe(409);
    expect(await walletBalance(t.app, c.corporateId)).toBe(0);
  });

  it('[FUNDING] status=OPEN lists what awaits the admin (PENDING and PAID), the set the admin home counts', async () => {
    const c = await createCorporate(t.app, { name: `Open Filter ${uniqueRef()}` });
    const pending = await createFundRequest(t.app, c, '1000');
    const paidOne = await createFundRequest(t.app, c, '2000');
    const declined = await createFundRequest(t.app, c, '3000');
    await call(t.app, c, {
      method: 'POST',
      url: '/api/v1/fund-request-confirmation',
      payload: { fundRequestId: paidOne.id },
    });
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/v1/corporates-transactions/decline',
      payload: { fundRequestId: declined.id, password: TEST_PASSWORD, reason: 'No transfer received' },
    });
    const open = await call(t.app, admin, {
      method: 'GET',
      url: `/api/v1/corporates-transactions/funding-requests?corporateId=${c.corporateId}&status=OPEN`,
    });
    expect(open.statusCode).toBe(200);
    expect(open.json().data.map((x: { id: string }) => x.id)).toEqual([paidOne.id, pending.id]);
    const onlyPending = await call(t.app, admin, {
      method: 'GET',
      url: `/api/v1/corporates-transactions/funding-requests?corporateId=${c.corporateId}&status=PENDING`,
    });
    expect(onlyPending.json().data.map((x: { id: string }) => x.id)).toEqual([pending.id]);
    const everyOpen = await call(t.app, admin, {
      method: 'GET',
      url: '/api/v1/corporates-transactions/funding-requests?status=OPEN',
    });
    const home = await call(t.app, admin, { method: 'GET', url: '/api/v1/admin-dashboard-data-v2' });
    expect(home.json().data.pendingFundRequests.total).toBe(everyOpen.json().total);
    const bad = await call(t.app, admin, {
      method: 'GET',
      url: '/api/v1/corporates-transactions/funding-requests?status=SOMETHING',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('[FUNDING] admins list fund requests with filters, and paid-fund-requests lists only PAID ones', async () => {
    const c = await createCorporate(t.app, { clientType: 'POSTPAID', name: `Zenith Filter ${uniqueRef()}` });
    const a = await createFundRequest(t.app, c, '1000');
    const b = await createFundRequest(t.app, c, '2000');
    await call(t.app, c, {
      method: 'POST',
      url: '/api/v1/fund-request-confirmation',
      payload: { fundRequestId: b.id },
    });

    const all = await call(t.app, admin, {
      method: 'GET',
      url: `/api/v1/corporates-transactions/funding-requests?corporateId=${c.corporateId}`,
    });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((x: { id: string }) => x.id)).toEqual([b.id, a.id]);
    expect(all.json().data[0]).toMatchObject({ clientType: 'POSTPAID' });

    const bySearch = await call(t.app, admin, {
      method: 'GET',
      url: `/api/v1/corporates-transactions/funding-requests?search=${a.code}`,
    });
    expect(bySearch.json().data.map((x: { id: string }) => x.id)).toEqual([a.id]);
    const byStatus = await call(t.app, admin, {
      method: 'GET',
      url: `/api/v1/corporates-transactions/funding-requests?corporateId=${c.corporateId}&status=PAID`,
    });
    expect(byStatus.json().data.map((x: { id: string }) => x.id)).toEqual([b.id]);
    const byType = await call(t.app, admin, {
      method: 'GET',
      url: '/api/v1/corporates-transactions/funding-requests?clientType=POSTPAID&limit=100',
    });
    expect(byType.json().data.every((x: { clientType: string }) => x.clientType === 'POSTPAID')).toBe(true);
    expect(byType.json().data.map((x: { id: string }) => x.id)).toContain(a.id);
    const yesterday = await call(t.app, admin, {
      method: 'GET',
      url: `/api/v1/corporates-transactions/funding-requests?corporateId=${c.corporateId}&endDate=${lagosYesterday()}`,
    });
    expect(yesterday.json().total).toBe(0);
    const badLimit = await call(t.app, admin, {
      method: 'GET',
      url: '/api/v1/corporates-transactions/funding-requests?limit=50',
    });
    expect(badLimit.statusCode).toBe(400);

    const paid = await call(t.app, admin, {
      method: 'GET',
      url: `/api/v1/paid-fund-requests?corporateId=${c.corporateId}`,
    });
    expect(paid.json().data.map((x: { id: string }) => x.id)).toEqual([b.id]);
    const one = await call(t.app, admin, { method: 'GET', url: `/api/v1/fund-requests/${b.code}` });
    expect(one.json().data).toMatchObject({
      id: b.id,
      status: 'PAID',
      corporateName: expect.stringContaining('Zenith Filter'),
    });
    expect(
      (await call(t.app, admin, { method: 'GET', url: '/api/v1/fund-requests/FR-NOSUCHTHING0' })).statusCode,
    ).toBe(404);
  });

  it('[FUNDING] a postpaid repayment, once approved, restores the credit headroom', async () => {
    const prepaid = await createCorporate(t.app);
    const refused = await call(t.app, prepaid, {
      method: 'POST',
      url: '/api/v1/postpaid-repayment',
      payload: { amount: '1000', transferReference: uniqueRef() },
    });
    expect(refused.statusCode).toBe(400);

    const c = await createCorporate(t.app, { clientType: 'POSTPAID' });
    await changeCreditTerms(t.app.ctx.db, c.corporateId, { creditLimitKobo: 1_000_000 });
    await seedWallet(t.app, c.corporateId, -600_000);
    const before = (await call(t.app, c, { method: 'GET', url: '/api/v1/get-wallet-balance' })).json().data;
    expect(before).toMatchObject({ balanceKobo: -600_000, usedKobo: 600_000, availableKobo: 400_000 });

    const rep = await createFundRequest(t.app, c, '4000', '/api/v1/postpaid-repayment');
    const approved = await approve(t.app, admin, rep.id);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.kind).toBe('REPAYMENT');
    const after = (await call(t.app, c, { method: 'GET', url: '/api/v1/get-wallet-balance' })).json().data;
    expect(after).toMatchObject({
      balanceKobo: -200_000,
      usedKobo: 200_000,
      availableKobo: 800_000,
      creditLimitKobo: 1_000_000,
    });
    expect((await notificationsOf(c.id))[0].subject).toBe('Repayment approved');
  });
});

describe('[FUNDING] admin funding', () => {
  it('[FUNDING] fund, fund-postpaid and fund-postpaidplus credit only their own client type, notified and audited', async () => {
    const pre = await createCorporate(t.app, { clientType: 'PREPAID' });
    const post = await createCorporate(t.app, { clientType: 'POSTPAID' });
    const plus = await createCorporate(t.app, { clientType: 'POSTPAID_PLUS' });
    const body = (corporateId: string) => ({
      corporateId,
      amount: '10,000',
      reason: 'Goodwill credit',
      password: TEST_PASSWORD,
    });

    const wrong = await call(t.app, admin, {
      method: 'POST',
      url: '/api/v1/fund-postpaid',
      payload: body(pre.corporateId),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/use fund/);
    expect(
      (await call(t.app, admin, { method: 'POST', url: '/api/v1/fund', payload: body(post.corporateId) }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call(t.app, admin, {
          method: 'POST',
          url: '/api/v1/fund-postpaid',
          payload: body(plus.corporateId),
        })
      ).statusCode,
    ).toBe(400);

    for (const [url, c] of [
      ['/api/v1/fund', pre],
      ['/api/v1/fund-postpaid', post],
      ['/api/v1/fund-postpaidplus', plus],
    ] as const) {
      const res = await call(t.app, admin, { method: 'POST', url, payload: body(c.corporateId) });
      expect(res.statusCode, url).toBe(200);
      expect(res.json().data).toMatchObject({
        amountKobo: 1_000_000,
        reason: 'Goodwill credit',
        balanceKobo: 1_000_000,
      });
      expect(res.json().data.code).toMatch(/^AF-/);
      expect(await walletBalance(t.app, c.corporateId)).toBe(1_000_000);
      expect((await notificationsOf(c.id))[0].subject).toBe('Wallet funded');
      expect((await emailsTo(c.corporateId))[0].text).toContain('Goodwill credit');
      expect(await auditActions(c.corporateId)).toContain(`funding.admin.${url.slice(8)}`);
    }
  });

  it('[FUNDING] a retried admin funding with the same reference credits once; reusing it for another amount is refused', async () => {
    const c = await createCorporate(t.app);
    const reference = `form-${uniqueRef()}`;
    const payload = {
      corporateId: c.corporateId,
      amount: '500',
      reason: 'Refund',
      password: TEST_PASSWORD,
      reference,
    };
    const first = await call(t.app, admin, { method: 'POST', url: '/api/v1/fund', payload });
    const second = await call(t.app, admin, { method: 'POST', url: '/api/v1/fund', payload });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json().message).toMatch(/already applied/);
    expect(second.json().data.id).toBe(first.json().data.id);
    expect(await walletBalance(t.app, c.corporateId)).toBe(50_000);
    const other = await call(t.app, admin, {
      method: 'POST',
      url: '/api/v1/fund',
      payload: { ...payload, amount: '600' },
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('DUPLICATE_REFERENCE');
    expect(await walletBalance(t.app, c.corporateId)).toBe(50_000);
  });

  it('[FUNDING] admin funding with a wrong password or no reason is refused and credits nothing', async () => {
    const c = await createCorporate(t.app);
    const bad = await call(t.app, admin, {
      method: 'POST',
      url: '/api/v1/fund',
      payload: { corporateId: c.corporateId, amount: '500', reason: 'x', password: 'wrong-password' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVALID_PASSWORD');
    const noReason = await call(t.app, admin, {
      method: 'POST',
      url: '/api/v1/fund',
      payload: { corporateId: c.corporateId, amount: '500', password: TEST_PASSWORD },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toContain('Please enter your reason');
    const unknown = await call(t.app, admin, {
      method: 'POST',
      url: '/api/v1/fund',
      payload: {
        corporateId: '00000000-0000-4000-8000-000000000000',
        amount: '500',
        reason: 'x',
        password: TEST_PASSWORD,
      },
    });
    expect(unknown.statusCode).toBe(404);
    expect(await walletBalance(t.app, c.corporateId)).toBe(0);
  });
});

describe('[FUNDING] funding history', () => {
  it('[FUNDING] transactions/funding shows my bank, card and admin fundings newest first, with filters, never another client’s', async () => {
    const c = await createCorporate(t.app);
    const other = await createCorporate(t.app);
    const a = await createFundRequest(t.app, c, '1000');
    await approve(t.app, admin, a.id);
    const b = await createFundRequest(t.app, c, '2000');
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/v1/fund',
      payload: { corporateId: c.corporateId, amount: '300', reason: 'Bonus', password: TEST_PASSWORD },
    });
    await createFundRequest(t.app, other, '9000');

    const res = await call(t.app, c, { method: 'GET', url: '/api/v1/transactions/funding' });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as Array<{
      channel: string;
      status: string;
      amountKobo: number;
      code: string;
      corporateId: string;
    }>;
    expect(rows.map((r) => [r.channel, r.status, r.amountKobo])).toEqual([
      ['ADMIN', 'SUCCESSFUL', 30_000],
      ['BANK_TRANSFER', 'PENDING', 200_000],
      ['BANK_TRANSFER', 'APPROVED', 100_000],
    ]);
    expect(rows.every((r) => r.corporateId === c.corporateId)).toBe(true);

    const approved = await call(t.app, c, {
      method: 'GET',
      url: '/api/v1/transactions/funding?status=APPROVED',
    });
    expect(approved.json().data.map((r: { code: string }) => r.code)).toEqual([a.code]);
    const search = await call(t.app, c, {
      method: 'GET',
      url: `/api/v1/transactions/funding?search=${b.code.slice(3, 9)}`,
    });
    expect(search.json().data.map((r: { code: string }) => r.code)).toEqual([b.code]);
    const today = await call(t.app, c, {
      method: 'GET',
      url: `/api/v1/transactions/funding?startDate=${lagosToday()}&endDate=${lagosToday()}`,
    });
    expect(today.json().total).toBe(3);
    const before = await call(t.app, c, {
      method: 'GET',
      url: `/api/v1/transactions/funding?endDate=${lagosYesterday()}`,
    });
    expect(before.json().total).toBe(0);
    const channel = await call(t.app, c, {
      method: 'GET',
      url: '/api/v1/transactions/funding?channel=ADMIN',
    });
    expect(channel.json().total).toBe(1);
  });

  it('[FUNDING] the funding history exports as CSV: every filtered row, amounts in naira with two decimals', async () => {
    const c = await createCorporate(t.app, { name: 'Comma, "Quote" & Co' });
    for (let i = 0; i < 3; i++) await createFundRequest(t.app, c, `1,234.5${i}`);
    const res = await call(t.app, c, {
      method: 'GET',
      url: '/api/v1/transactions/funding?format=csv&limit=40',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="funding-history-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('Date,ID,Channel,Type,Amount (NGN),Fee (NGN),Status,Reference,Note');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(
      // The screens' words (issue 53 point 3): "Bank Transfer", "Bank transfer", "Pending".
      /^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M,FR-[0-9A-Z]{12},Bank Transfer,Bank transfer,1234\.52,0\.00,Pending,/,
    );

    const adminCsv = await call(t.app, admin, {
      method: 'GET',
      url: `/api/v1/corporates-transactions/funding?format=csv&corporateId=${c.corporateId}`,
    });
    const adminLines = adminCsv.body.trim().split('\r\n');
    expect(adminLines[0]).toBe(
      'Date,ID,Corporate,Client Type,Channel,Type,Amount (NGN),Fee (NGN),Status,Reference,Note',
    );
    expect(adminLines).toHaveLength(4);
    expect(adminLines[1]).toContain('"Comma, ""Quote"" & Co",Prepaid');
  });

  it('[FUNDING] corporates-transactions/funding lists every client with its name, filtered by client type', async () => {
    const post = await createCorporate(t.app, {
      clientType: 'POSTPAID_PLUS',
      name: `Plus ${uniqueRef()} Ltd`,
    });
    const fr = await createFundRequest(t.app, post, '800');
    const res = await call(t.app, admin, {
      method: 'GET',
      url: '/api/v1/corporates-transactions/funding?clientType=POSTPAID_PLUS&limit=100',
    });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as Array<{ code: string; clientType: string; corporateName: string }>;
    expect(rows.every((r) => r.clientType === 'POSTPAID_PLUS')).toBe(true);
    expect(rows.find((r) => r.code === fr.code)?.corporateName).toMatch(/^Plus /);
    const prepaid = await call(t.app, admin, {
      method: 'GET',
      url: '/api/v1/corporates-transactions/funding?clientType=PREPAID&limit=100',
    });
    expect(prepaid.json().data.find((r: { code: string }) => r.code === fr.code)).toBeUndefined();
    const byName = await call(t.app, admin, {
      method: 'GET',
      url: `/api/v1/corporates-transactions/funding?search=${encodeURIComponent(rows[0].corporateName)}`,
    });
    expect(byName.json().total).toBeGreaterThanOrEqual(1);
  });
});

// ---------------------------------------------------------------- access control

const CLIENT_ROUTES: Array<{
  method: 'GET' | 'POST';
  url: string;
  payload?: object;
  perm: 'wallet.read' | 'wallet.fund';
}> = [
  { method: 'GET', url: '/api/v1/get-funding-account', perm: 'wallet.read' },
  {
    method: 'POST',
    url: '/api/v1/fund-request',
    payload: { amount: '1000', transferReference: 'X1' },
    perm: 'wallet.fund',
  },
  {
    method: 'POST',
    url: '/api/v1/postpaid-repayment',
    payload: { amount: '1000', transferReference: 'X1' },
    perm: 'wallet.fund',
  },
  { method: 'GET', url: '/api/v1/pending-transaction', perm: 'wallet.read' },
  {
    method: 'POST',
    url: '/api/v1/fund-request-confirmation',
    payload: { fundRequestId: 'FR-X' },
    perm: 'wallet.fund',
  },
  { method: 'GET', url: '/api/v1/transactions/funding', perm: 'wallet.read' },
  { method: 'GET', url: '/api/v1/get-wallet-balance', perm: 'wallet.read' },
  { method: 'GET', url: '/api/v1/fund/card/fee?amount=5000', perm: 'wallet.fund' },
  { method: 'POST', url: '/api/v1/fund/card/initialize', payload: { amount: '5000' }, perm: 'wallet.fund' },
  { method: 'GET', url: '/api/v1/fund/card/verify?reference=CP-AAAAAAAAAAAAAAAA', perm: 'wallet.fund' },
];
const ADMIN_ROUTES: Array<{ method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object; perm: string }> = [
  { method: 'GET', url: '/api/v1/corporates-transactions/funding-requests', perm: 'funding.read' },
  { method: 'GET', url: '/api/v1/paid-fund-requests', perm: 'funding.read' },
  { method: 'GET', url: '/api/v1/corporates-transactions/funding', perm: 'funding.read' },
  {
    method: 'POST',
    url: '/api/v1/corporates-transactions/approve',
    payload: { fundRequestId: 'FR-X', password: 'x' },
    perm: 'funding.approve',
  },
  {
    method: 'POST',
    url: '/api/v1/corporates-transactions/decline',
    payload: { fundRequestId: 'FR-X', password: 'x', reason: 'r' },
    perm: 'funding.approve',
  },
  ...['/api/v1/fund', '/api/v1/fund-postpaid', '/api/v1/fund-postpaidplus'].map((url) => ({
    method: 'POST' as const,
    url,
    payload: {
      corporateId: '00000000-0000-4000-8000-000000000000',
      amount: '100',
      reason: 'r',
      password: 'x',
    },
    perm: 'funding.manage',
  })),
  {
    method: 'PUT',
    url: '/api/v1/set-limit',
    payload: { corporateId: '00000000-0000-4000-8000-000000000000', limit: '1', password: 'x' },
    perm: 'funding.manage',
  },
  {
    method: 'PUT',
    url: '/api/v1/corporate-clients/limit',
    payload: { corporateId: '00000000-0000-4000-8000-000000000000', limit: '1', password: 'x' },
    perm: 'funding.manage',
  },
  {
    method: 'POST',
    url: '/api/v1/corporate-clients/switch',
    payload: { corporateId: '00000000-0000-4000-8000-000000000000', clientType: 'POSTPAID', password: 'x' },
    perm: 'clients.manage',
  },
];

describe('[FUNDING] access control', () => {
  it('[FUNDING] every wallet and funding route answers 401 without a session', async () => {
    for (const r of [
      ...CLIENT_ROUTES,
      ...ADMIN_ROUTES,
      { method: 'GET' as const, url: '/api/v1/fund-requests/FR-X' },
    ]) {
      const res = await call(t.app, null, {
        method: r.method,
        url: r.url,
        payload: 'payload' in r ? r.payload : undefined,
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('[FUNDING] client routes refuse admins (wrong area) and team members without the permission (403)', async () => {
    const c = await createCorporate(t.app);
    const readOnly = await addCorporateMember(t.app, c.corporateId, ['dashboard.view']);
    const reader = await addCorporateMember(t.app, c.corporateId, ['wallet.read']);
    for (const r of CLIENT_ROUTES) {
      const asAdmin = await call(t.app, admin, { method: r.method, url: r.url, payload: r.payload });
      expect(asAdmin.statusCode, `admin ${r.url}`).toBe(403);
      expect(asAdmin.json().code).toBe('WRONG_AREA');
      const lacking = r.perm === 'wallet.read' ? readOnly : reader;
      const res = await call(t.app, lacking, { method: r.method, url: r.url, payload: r.payload });
      expect(res.statusCode, `member ${r.url}`).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
  });

  it('[FUNDING] admin routes refuse corporates (wrong area) and admins without the permission (403)', async () => {
    const c = await createCorporate(t.app);
    const viewer = await createAdmin(t.app, { permissions: ['funding.read', 'clients.read'] });
    const nothing = await createAdmin(t.app, { permissions: ['audit.read'] });
    for (const r of ADMIN_ROUTES) {
      const asCorp = await call(t.app, c, { method: r.method, url: r.url, payload: r.payload });
      expect(asCorp.statusCode, `corporate ${r.url}`).toBe(403);
      expect(asCorp.json().code).toBe('WRONG_AREA');
      const lacking = r.perm === 'funding.read' ? nothing : viewer;
      const res = await call(t.app, lacking, { method: r.method, url: r.url, payload: r.payload });
      expect(res.statusCode, `admin ${r.url}`).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    const one = await call(t.app, nothing, { method: 'GET', url: '/api/v1/fund-requests/FR-X' });
    expect(one.statusCode).toBe(403);
  });

  it('[FUNDING] a team member with wallet.fund can fund; with only wallet.read can read but not fund', async () => {
    const c = await createCorporate(t.app);
    const funder = await addCorporateMember(t.app, c.corporateId, ['wallet.fund', 'wallet.read']);
    const fr = await createFundRequest(t.app, funder, '1500');
    const reader = await addCorporateMember(t.app, c.corporateId, ['wallet.read']);
    const list = await call(t.app, reader, { method: 'GET', url: '/api/v1/pending-transaction' });
    expect(list.json().data.map((x: { id: string }) => x.id)).toEqual([fr.id]);
  });
});

describe('[FUNDING] end of suite', () => {
  it('[FUNDING] checkLedger reports no violation', async () => {
    const report = await checkLedger(t.app.ctx.db);
    expect(report.checks.filter((x) => x.violations > 0)).toEqual([]);
  });
});
