// Bills in bulk from a CSV (issue 51 point 5), through the simulator: a file checked row by row
// (each number verified with its biller, names shown, a failed verification named with its row,
// number and biller, nothing debited while any row is bad), then paid with each row's result
// (prepaid token masked, postpaid receipt, TV renew), the same file again paying nothing twice,
// the balance and the biller's limits, a client without the biller, another client's file, and
// the route's authentication and permission.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, billVerifications } from '../../../infra/db/schema';
import { addCorporateMember, createAdmin, createCorporate, type TestUser } from '../../../test/factories';
import { apiAs, buildTestApp, type TestApp } from '../../../test/harness';
import { balances, expectBooksBalanced, newRef, readyClients } from '../vending.testing';

let t: TestApp;
let admin: TestUser;
let corp: TestUser & { corporateId: string };
let other: TestUser & { corporateId: string };
const api = apiAs(() => t);

const HEADER = 'biller,customerNumber,meterType,amount,bouquet,phone,reference';
const csvOf = (...rows: string[]) => `${HEADER}\r\n${rows.join('\r\n')}\r\n`;
const PREPAID_ROW = 'IKEDC,1111111111111,PREPAID,5000,,08031234567,';
const POSTPAID_ROW = 'IKEDC,1010101010101,POSTPAID,2500,,08031234567,';
const RENEW_ROW = 'DSTV,1212121212,,,RENEW,08031234567,';
const CHANGE_ROW = 'GOTV,1212121212,,,gotv-max,08031234567,';

const verificationsOf = async (corporateId: string) => {
  const [{ n }] = await t.app.ctx.db
    .select({ n: count() })
    .from(billVerifications)
    .where(eq(billVerifications.corporateId, corporateId));
  return Number(n);
};

type CheckRow = {
  row: number;
  reference: string;
  customerName: string | null;
  address: string | null;
  chargeKobo: number | null;
  paidAs: string | null;
  error: string | null;
};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app);
  corp = await createCorporate(t.app);
  other = await createCorporate(t.app);
  await readyClients(t.app, [corp.corporateId, other.corporateId], 10_000_000);
}, 240_000);
afterAll(async () => {
  if (!t) return;
  await expectBooksBalanced(t.app);
  await t.close();
});

describe('[BILLS-BULK] check, then pay', () => {
  it('[BILLS-BULK] every row is verified: names for the good rows, the failed one named with its row, number and biller; nothing is debited', async () => {
    const before = await balances(t.app, corp.corporateId);
    const csv = csvOf(
      PREPAID_ROW,
      RENEW_ROW,
      'EKEDC,1234567890123,PREPAID,3000,,08031234567,',
      'IKEDC,1111111111111,,5000,,08031234567,',
    );
    const res = await api('POST', 'bills/bulk/check', corp, { csv });
    expect(res.statusCode).toBe(200);
    const c = res.json().data;
    expect(res.json().message).toBe('2 of 4 rows cannot be paid; nothing was charged');
    expect(c).toMatchObject({ total: 4, ready: 2, invalid: 2 });
    const rows = c.rows as CheckRow[];
    expect(rows[0]).toMatchObject({ row: 1, customerName: 'TESTMETER1 ONE', error: null });
    expect(rows[0].address).toContain('Sandbox');
    expect(rows[1]).toMatchObject({ row: 2, error: null, amountKobo: 256_500, bouquetName: 'DStv Yanga' });
    expect(rows[1].customerName).toBeTruthy();
    expect(rows[2].error).toContain('1234567890123');
    expect(rows[2].error).toContain('Eko Electric');
    expect(rows[2].customerName).toBeNull();
    expect(rows[3].error).toBe('Choose the meter type: PREPAID or POSTPAID');
    expect(c.totalChargeKobo).toBe(rows[0].chargeKobo! + rows[1].chargeKobo!);

    // Paying the same file is refused whole, each bad row named; nothing is charged.
    const pay = await api('POST', 'bills/bulk/pay', corp, { csv, batchReference: c.batchReference });
    expect(pay.statusCode).toBe(400);
    expect(pay.json().message).toBe('The file has 2 invalid rows; nothing was charged');
    expect(pay.json().errors[0]).toMatch(
      /^Row 3: We could not verify meter number 1234567890123 with Eko Electric/,
    );
    expect(pay.json().errors[1]).toBe('Row 4: Choose the meter type: PREPAID or POSTPAID');
    expect(await balances(t.app, corp.corporateId)).toEqual(before);
    const [{ n }] = await t.app.ctx.db
      .select({ n: count() })
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'bill.bulk'), eq(auditLogs.corporateId, corp.corporateId)));
    expect(Number(n)).toBe(0);
  });

  it('[BILLS-BULK] a file the reader cannot take is a 400 with its reason', async () => {
    const missing = await api('POST', 'bills/bulk/check', corp, { csv: 'biller,amount\r\nIKEDC,500\r\n' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('The CSV file needs the columns biller and customerNumber and phone');
    const empty = await api('POST', 'bills/bulk/check', corp, { csv: `${HEADER}\r\n` });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The CSV file needs a header row and at least one bill');
    const twice = await api('POST', 'bills/bulk/check', corp, {
      csv: csvOf(
        'IKEDC,1111111111111,PREPAID,5000,,08031234567,same-ref',
        'IKEDC,1010101010101,POSTPAID,5000,,08031234567,same-ref',
      ),
    });
    expect(twice.json().data.rows[1].error).toBe('The reference same-ref is also on row 1');
  });

  it('[BILLS-BULK] paid row by row: prepaid token (masked in the list), postpaid receipt, TV renew and change; verified once; audited with counts', async () => {
    const csv = csvOf(PREPAID_ROW, POSTPAID_ROW, RENEW_ROW, CHANGE_ROW);
    const before = await balances(t.app, corp.corporateId);
    const check = (
      await api('POST', 'bills/bulk/check', corp, { csv, batchReference: newRef('BULKB') })
    ).json().data;
    expect(check).toMatchObject({ total: 4, ready: 4, invalid: 0, enough: true });
    const verified = await verificationsOf(corp.corporateId);

    const res = await api('POST', 'bills/bulk/pay', corp, { csv, batchReference: check.batchReference });
    expect(res.statusCode).toBe(200);
    const r = res.json().data;
    expect(res.json().message).toBe('4 rows processed: 4 paid, 0 pending, 0 not paid');
    expect(r).toMatchObject({ total: 4, successful: 4, pending: 0, failed: 0 });
    const [prepaid, postpaid, tv, change] = r.rows;
    expect(prepaid).toMatchObject({ row: 1, ok: true, reference: `${check.batchReference}-1` });
    expect(prepaid.message).toBe('Bill paid: the token is ready');
    expect(prepaid.bill).toMatchObject({
      status: 'SUCCESSFUL',
      channel: 'BULK',
      customerName: 'TESTMETER1 ONE',
    });
    expect(prepaid.bill.token).toMatch(/^\*{4}\d{4}$/);
    const full = (await api('GET', `bills/${prepaid.bill.id}`, corp)).json().data.token;
    expect(full).toMatch(/^\d{4}(-\d{4}){4}$/);
    expect(prepaid.bill.token).toBe(`****${full.replace(/\D/g, '').slice(-4)}`);
    expect(postpaid.bill.token).toBeNull();
    expect(postpaid.bill.receiptReference).toMatch(/^SIM-RCPT-/);
    expect(tv.bill).toMatchObject({ subscriptionType: 'RENEW', amountKobo: 256_500, status: 'SUCCESSFUL' });
    expect(change.bill).toMatchObject({
      biller: 'GOTV',
      subscriptionType: 'CHANGE',
      bouquetName: 'GOtv Max',
      amountKobo: 320_000,
      status: 'SUCCESSFUL',
    });

    // The check's verifications were reused: the provider was not asked again.
    expect(await verificationsOf(corp.corporateId)).toBe(verified);
    const after = await balances(t.app, corp.corporateId);
    expect(before.wallet - after.wallet).toBe(check.totalChargeKobo);
    const [audit] = await t.app.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'bill.bulk'), eq(auditLogs.corporateId, corp.corporateId)));
    expect(audit.summary).toEqual({ rows: 4, successful: 4, pending: 0, failed: 0 });
    expect(JSON.stringify(audit)).not.toContain(full);

    // The same file again pays nothing twice: the check marks each row paid, the pay replays.
    const again = (
      await api('POST', 'bills/bulk/check', corp, { csv, batchReference: check.batchReference })
    ).json().data;
    expect(again.totalChargeKobo).toBe(0);
    expect((again.rows as CheckRow[]).map((x) => x.paidAs)).toEqual(
      r.rows.map((x: { bill: { code: string } }) => x.bill.code),
    );
    const replay = (
      await api('POST', 'bills/bulk/pay', corp, { csv, batchReference: check.batchReference })
    ).json().data;
    expect(replay.rows.map((x: { bill: { id: string } }) => x.bill.id)).toEqual(
      r.rows.map((x: { bill: { id: string } }) => x.bill.id),
    );
    expect(replay.rows[0].message).toMatch(/^Already paid earlier \(VND-/);
    expect(await balances(t.app, corp.corporateId)).toEqual(after);

    // Another body under a paid reference is refused, nothing charged.
    const changed = await api('POST', 'bills/bulk/pay', corp, {
      csv: csvOf('IKEDC,1111111111111,PREPAID,6000,,08031234567,'),
      batchReference: check.batchReference,
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().errors[0]).toBe(
      `Row 1: The reference ${check.batchReference}-1 was already used for a different request`,
    );
    expect(await balances(t.app, corp.corporateId)).toEqual(after);
  });

  it('[BILLS-BULK] a pending row and a failed row are reported with the rest', async () => {
    const csv = csvOf(
      'IKEDC,1111111111112,PREPAID,1000,,08031234567,',
      'IKEDC,1111111111114,PREPAID,1000,,08031234567,',
    );
    const before = await balances(t.app, corp.corporateId);
    const r = (await api('POST', 'bills/bulk/pay', corp, { csv, batchReference: newRef('BULKB') })).json()
      .data;
    expect(r).toMatchObject({ total: 2, successful: 0, pending: 1, failed: 1 });
    expect(r.rows[0]).toMatchObject({ ok: true, bill: { status: 'PENDING' } });
    expect(r.rows[1]).toMatchObject({ ok: false, bill: { status: 'FAILED' } });
    expect(r.rows[1].message).toBe('Bill payment failed. The debit has been reversed.');
    const after = await balances(t.app, corp.corporateId);
    expect(before.wallet - after.wallet).toBe(r.rows[0].bill.chargedKobo);
  });
});

describe('[BILLS-BULK] refusals', () => {
  it('[BILLS-BULK] a file above the balance is refused whole (402); the check says so first', async () => {
    const poor = await createCorporate(t.app);
    await readyClients(t.app, [poor.corporateId], 600_000);
    const csv = csvOf(PREPAID_ROW, POSTPAID_ROW);
    const check = (await api('POST', 'bills/bulk/check', poor, { csv })).json();
    expect(check.data.enough).toBe(false);
    expect(check.message).toMatch(
      /^All 2 rows verified, but the file needs ₦[\d,.]+ and ₦6,000\.00 is available$/,
    );
    const before = await balances(t.app, poor.corporateId);
    const pay = await api('POST', 'bills/bulk/pay', poor, { csv, batchReference: check.data.batchReference });
    expect(pay.statusCode).toBe(402);
    expect(pay.json().code).toBe('INSUFFICIENT_FUNDS');
    expect(pay.json().message).toMatch(/is available; nothing was charged$/);
    expect(await balances(t.app, poor.corporateId)).toEqual(before);
  });

  it('[BILLS-BULK] a row outside the biller’s limits names them; nothing is debited', async () => {
    const list = (await api('GET', 'admin/billers', admin)).json().data as Array<{
      id: string;
      code: string;
    }>;
    const id = list.find((b) => b.code === 'AEDC')!.id;
    await api('PATCH', `admin/billers/${id}`, admin, { minAmount: '1000', maxAmount: '20000' });
    const csv = csvOf(PREPAID_ROW, 'AEDC,1111111111111,PREPAID,999,,08031234567,');
    const check = (await api('POST', 'bills/bulk/check', corp, { csv })).json().data;
    expect(check.rows[1].error).toContain('₦1,000.00');
    const before = await balances(t.app, corp.corporateId);
    const pay = await api('POST', 'bills/bulk/pay', corp, { csv, batchReference: check.batchReference });
    expect(pay.statusCode).toBe(400);
    expect(pay.json().errors).toEqual([`Row 2: ${check.rows[1].error}`]);
    expect(await balances(t.app, corp.corporateId)).toEqual(before);
  });

  it('[BILLS-BULK] a client without the biller is refused on its row; another client never sees or pays the first one’s bills', async () => {
    const ids = (await api('GET', `admin/billers?corporateId=${other.corporateId}`, admin)).json()
      .data as Array<{ id: string; code: string }>;
    await api('POST', 'admin/billers/assign', admin, {
      corporateId: other.corporateId,
      billerIds: ids.filter((b) => b.code !== 'JED').map((b) => b.id),
    });
    const jos = await api('POST', 'bills/bulk/check', other, {
      csv: csvOf('JED,1111111111111,PREPAID,5000,,08031234567,'),
    });
    expect(jos.json().message).toBe('1 of 1 row cannot be paid; nothing was charged');
    expect(jos.json().data.rows[0].error).toBe(
      'Jos Electric is not enabled for your account. Contact support to have it assigned.',
    );

    // The first client's file, with its batch reference, is a new file for another client.
    const batch = newRef('BULKB');
    const csv = csvOf(PREPAID_ROW);
    const mine = (await api('POST', 'bills/bulk/pay', corp, { csv, batchReference: batch })).json().data;
    const check = (await api('POST', 'bills/bulk/check', other, { csv, batchReference: batch })).json().data;
    expect(check.rows[0].paidAs).toBeNull();
    expect(check.rows[0].chargeKobo).toBeGreaterThan(0);
    const theirs = (await api('POST', 'bills/bulk/pay', other, { csv, batchReference: batch })).json().data;
    expect(theirs.rows[0].bill.id).not.toBe(mine.rows[0].bill.id);
    expect((await api('GET', `bills/${mine.rows[0].bill.id}`, other)).statusCode).toBe(404);
    expect((await api('GET', `bills/${theirs.rows[0].bill.id}`, corp)).statusCode).toBe(404);
  });

  it('[BILLS-BULK] unauthenticated is 401; a member without the vend permission is 403', async () => {
    const csv = csvOf(PREPAID_ROW);
    const viewer = await addCorporateMember(t.app, corp.corporateId, ['transactions.read']);
    for (const url of ['bills/bulk/check', 'bills/bulk/pay']) {
      const anon = await t.app.inject({ method: 'POST', url: `/api/v1/${url}`, payload: { csv } });
      expect(anon.statusCode).toBe(401);
      expect((await api('POST', url, viewer, { csv })).statusCode).toBe(403);
    }
  });
});
