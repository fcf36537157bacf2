// Bills (issue 51) on the one vend lifecycle, through the simulator: verification (ok, failed,
// expired, reused), electricity prepaid with its token and postpaid with its receipt, TV renew and
// change, a pending bill settled by requery with its token, a failed one refunded once, idempotent
// replays, commission per biller, limits, permissions, webhooks carrying the token, and no full token
// in any log line.
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billVerifications, webhookDeliveries } from '../../../infra/db/schema';
import { createAdmin, createCorporate, type TestUser } from '../../../test/factories';
import { apiAs, buildTestApp, type TestApp } from '../../../test/harness';
import { requeryVend } from '../lifecycle/requery.service';
import { apiKeyFor, assignDefaults, balances, expectBooksBalanced, fund, newRef } from '../vending.testing';

let t: TestApp;
let admin: TestUser;
let corp: TestUser & { corporateId: string };
let other: TestUser & { corporateId: string };
let key: string;
const logLines: string[] = [];

const api = apiAs(() => t);
const withKey = (k: string, method: 'GET' | 'POST', url: string, payload?: unknown, headers = {}) =>
  t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: { 'x-api-key': k, ...headers },
    payload: payload as object,
  });

const PREPAID = '1111111111111';
const POSTPAID = '1010101010101';
const SMARTCARD = '1212121212';

const electricity = (over: Record<string, unknown> = {}) => ({
  biller: 'IKEDC',
  customerNumber: PREPAID,
  meterType: 'PREPAID',
  amount: '5000',
  phone: '08031234567',
  ...over,
});

const billerId = async (code: string) => {
  const list = (await api('GET', 'admin/billers', admin)).json().data as Array<{ id: string; code: string }>;
  return list.find((b) => b.code === code)!.id;
};

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await buildTestApp({ logger: { level: 'trace', stream: sink } });
  admin = await createAdmin(t.app);
  corp = await createCorporate(t.app);
  other = await createCorporate(t.app);
  for (const c of [corp, other]) {
    await assignDefaults(t.app, c.corporateId);
    await fund(t.app, c.corporateId, 10_000_000);
  }
  key = await apiKeyFor(t.app, corp.corporateId);
}, 240_000);
afterAll(async () => {
  if (!t) return;
  await expectBooksBalanced(t.app);
  await t.close();
});

describe('[BILLS] catalogue', () => {
  it('[BILLS] the 12 DisCos and 4 TV services are billers, outside the airtime and data services', async () => {
    const billers = (await api('GET', 'bills/billers', corp)).json().data as Array<{
      code: string;
      kind: string;
      assigned: boolean;
    }>;
    expect(
      billers
        .filter((b) => b.kind === 'ELECTRICITY')
        .map((b) => b.code)
        .sort(),
    ).toEqual(
      [
        'ABA',
        'AEDC',
        'BEDC',
        'EEDC',
        'EKEDC',
        'IBEDC',
        'IKEDC',
        'JED',
        'KAEDCO',
        'KEDCO',
        'PHED',
        'YEDC',
      ].sort(),
    );
    expect(
      billers
        .filter((b) => b.kind === 'TV')
        .map((b) => b.code)
        .sort(),
    ).toEqual(['DSTV', 'GOTV', 'SHOWMAX', 'STARTIMES']);
    expect(billers.every((b) => b.assigned)).toBe(true);
    const services = (await api('GET', 'services', corp)).json().data as Array<{ service: string }>;
    expect(services.every((s) => s.service === 'AIRTIME' || s.service === 'DATA')).toBe(true);
    const apiServices = (await withKey(key, 'GET', 'api/services')).json().data;
    expect(apiServices).toHaveLength(8);
    const bouquets = (await withKey(key, 'GET', 'api/bills/billers/DSTV/bouquets')).json().data;
    expect(bouquets.map((b: { code: string }) => b.code)).toContain('dstv-padi');
  });
});

describe('[BILLS] verification', () => {
  it('[BILLS] a prepaid meter is verified: name, address, an id that expires in 10 minutes', async () => {
    const res = await api('POST', 'bills/verify', corp, {
      biller: 'IKEDC',
      customerNumber: PREPAID,
      meterType: 'PREPAID',
    });
    expect(res.statusCode).toBe(200);
    const v = res.json().data;
    expect(v.customerName).toBe('TESTMETER1 ONE');
    expect(v.address).toContain('Sandbox');
    expect(Date.parse(v.expiresAt) - Date.parse(v.verifiedAt)).toBe(10 * 60 * 1000);
  });

  it('[BILLS] a failed verification is a 422 naming the number and the biller; nothing is debited', async () => {
    const before = await balances(t.app, corp.corporateId);
    const res = await api('POST', 'bills/verify', corp, {
      biller: 'EKEDC',
      customerNumber: '1234567890123',
      meterType: 'PREPAID',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('VERIFICATION_FAILED');
    expect(res.json().message).toContain('1234567890123');
    expect(res.json().message).toContain('Eko Electric');
    // The prepaid sandbox meter is not a postpaid one.
    const wrongType = await api('POST', 'bills/verify', corp, {
      biller: 'IKEDC',
      customerNumber: PREPAID,
      meterType: 'POSTPAID',
    });
    expect(wrongType.statusCode).toBe(422);
    const pay = await api('POST', 'bills/pay', corp, electricity({ customerNumber: '1234567890123' }));
    expect(pay.statusCode).toBe(422);
    expect(await balances(t.app, corp.corporateId)).toEqual(before);
  });

  it('[BILLS] a payment reuses a fresh verification, verifies again after it expired, refuses another number’s', async () => {
    const v = (
      await api('POST', 'bills/verify', corp, {
        biller: 'IKEDC',
        customerNumber: PREPAID,
        meterType: 'PREPAID',
      })
    ).json().data;
    const reused = (await api('POST', 'bills/pay', corp, electricity({ verificationId: v.id }))).json().data;
    expect(reused.verificationId).toBe(v.id);
    await t.app.ctx.db
      .update(billVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(billVerifications.id, v.id));
    const again = (await api('POST', 'bills/pay', corp, electricity({ verificationId: v.id }))).json().data;
    expect(again.status).toBe('SUCCESSFUL');
    expect(again.verificationId).not.toBe(v.id);
    const wrong = await api(
      'POST',
      'bills/pay',
      corp,
      electricity({ verificationId: v.id, customerNumber: POSTPAID, meterType: 'POSTPAID' }),
    );
    expect(wrong.statusCode).toBe(400);
    const foreign = await api(
      'POST',
      'bills/pay',
      other,
      electricity({ verificationId: again.verificationId }),
    );
    expect(foreign.statusCode).toBe(404);
  });
});

describe('[BILLS] electricity and TV payments', () => {
  it('[BILLS] prepaid: the token and units, in full to the client only; lists and admins read it masked', async () => {
    const before = await balances(t.app, corp.corporateId);
    const res = await withKey(key, 'POST', 'api/bills/pay', { reference: newRef('BILL'), ...electricity() });
    expect(res.statusCode).toBe(200);
    const bill = res.json().data;
    expect(bill.status).toBe('SUCCESSFUL');
    expect(bill.kind).toBe('ELECTRICITY');
    expect(bill.token).toMatch(/^\d{4}(-\d{4}){4}$/);
    expect(bill.units).toMatch(/kWh$/);
    expect(bill.customerName).toBe('TESTMETER1 ONE');
    expect(bill.amountKobo).toBe(500_000);
    const after = await balances(t.app, corp.corporateId);
    expect(before.wallet - after.wallet).toBe(bill.chargedKobo);
    const byRef = (await withKey(key, 'GET', `api/bills/${bill.reference}`)).json().data;
    expect(byRef.token).toBe(bill.token);
    expect((await api('GET', `bills/${bill.id}`, corp)).json().data.token).toBe(bill.token);
    const list = (await api('GET', 'bills?kind=ELECTRICITY', corp)).json().data.items as Array<{
      id: string;
      token: string | null;
    }>;
    expect(list.find((x) => x.id === bill.id)!.token).toBe(`****${bill.token.replace(/\D/g, '').slice(-4)}`);
    const asAdmin = (await api('GET', `admin/bills/${bill.id}`, admin)).json().data;
    expect(asAdmin.token).not.toBe(bill.token);
    expect(asAdmin.corporateId).toBe(corp.corporateId);
    // Another client reads nothing of it.
    expect((await api('GET', `bills/${bill.id}`, other)).statusCode).toBe(404);
    const otherKey = await apiKeyFor(t.app, other.corporateId);
    expect((await withKey(otherKey, 'GET', `api/bills/${bill.reference}`)).statusCode).toBe(404);
    // The vend history lists it with its kind; the airtime API's GET does not answer it.
    const hist = (await api('GET', 'transactions/vending?vendType=ELECTRICITY', corp)).json().data as Array<{
      id: string;
      network: string;
    }>;
    expect(hist.find((x) => x.id === bill.id)?.network).toBe('IKEDC');
    expect((await withKey(key, 'GET', `api/vend/${bill.reference}`)).statusCode).toBe(404);
  });

  it('[BILLS] postpaid: a receipt reference, no token', async () => {
    const bill = (
      await api('POST', 'bills/pay', corp, electricity({ customerNumber: POSTPAID, meterType: 'POSTPAID' }))
    ).json().data;
    expect(bill.status).toBe('SUCCESSFUL');
    expect(bill.token).toBeNull();
    expect(bill.receiptReference).toMatch(/^SIM-RCPT-/);
  });

  it('[BILLS] TV renew pays the renewal amount verification stated; change pays the bouquet', async () => {
    const v = (await api('POST', 'bills/verify', corp, { biller: 'DSTV', customerNumber: SMARTCARD })).json()
      .data;
    expect(v.currentBouquet).toBe('DStv Yanga');
    expect(v.renewalAmountKobo).toBe(256_500);
    const renew = (
      await api('POST', 'bills/pay', corp, {
        biller: 'DSTV',
        customerNumber: SMARTCARD,
        subscriptionType: 'RENEW',
        verificationId: v.id,
        phone: '08031234567',
      })
    ).json().data;
    expect(renew.status).toBe('SUCCESSFUL');
    expect(renew.amountKobo).toBe(256_500);
    expect(renew.bouquetName).toBe('DStv Yanga');
    const change = (
      await api('POST', 'bills/pay', corp, {
        biller: 'DSTV',
        customerNumber: SMARTCARD,
        subscriptionType: 'CHANGE',
        bouquetCode: 'dstv79',
        phone: '08031234567',
      })
    ).json().data;
    expect(change.status).toBe('SUCCESSFUL');
    expect(change.amountKobo).toBe(790_000);
    expect(change.subscriptionType).toBe('CHANGE');
    const unknown = await api('POST', 'bills/pay', corp, {
      biller: 'DSTV',
      customerNumber: SMARTCARD,
      subscriptionType: 'CHANGE',
      bouquetCode: 'no-such-bouquet',
      phone: '08031234567',
    });
    expect(unknown.statusCode).toBe(400);
    const amount = await api('POST', 'bills/pay', corp, {
      biller: 'GOTV',
      customerNumber: SMARTCARD,
      subscriptionType: 'RENEW',
      amount: '100',
      phone: '08031234567',
    });
    expect(amount.statusCode).toBe(400);
  });

  it('[BILLS] a pending bill is settled by requery with its token; a token that comes only on requery too', async () => {
    for (const number of ['1111111111112', '1111111111113', '1111111111115']) {
      const bill = (await api('POST', 'bills/pay', corp, electricity({ customerNumber: number }))).json()
        .data;
      expect(bill.status).toBe('PENDING');
      expect(bill.token).toBeNull();
      const { vend } = await requeryVend(t.app.ctx, bill.id);
      expect(vend.status).toBe('SUCCESSFUL');
      const got = (await api('GET', `bills/${bill.id}`, corp)).json().data;
      expect(got.token).toMatch(/^\d{4}(-\d{4}){4}$/);
    }
  });

  it('[BILLS] a failed bill is refunded once', async () => {
    const before = await balances(t.app, corp.corporateId);
    const bill = (
      await api('POST', 'bills/pay', corp, electricity({ customerNumber: '1111111111114' }))
    ).json().data;
    expect(bill.status).toBe('FAILED');
    expect(await balances(t.app, corp.corporateId)).toEqual(before);
    await requeryVend(t.app.ctx, bill.id);
    const reversals = await t.app.ctx.dbHandle.query<{ n: string }>(
      'select count(*)::text as n from ledger_transfers where reference like $1',
      [`%${bill.id}%`],
    );
    // Its debit and one reversal.
    expect(Number(reversals[0].n)).toBe(2);
    expect(await balances(t.app, corp.corporateId)).toEqual(before);
  });

  it('[BILLS] a reference replays the first result; another body under it is refused', async () => {
    const body = { reference: newRef('BILL'), ...electricity({ amount: '2500' }) };
    const first = await withKey(key, 'POST', 'api/bills/pay', body);
    const before = await balances(t.app, corp.corporateId);
    const again = await withKey(key, 'POST', 'api/bills/pay', body);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(again.json().data.token).toBe(first.json().data.token);
    expect(await balances(t.app, corp.corporateId)).toEqual(before);
    const changed = await withKey(key, 'POST', 'api/bills/pay', { ...body, amount: '2600' });
    expect(changed.statusCode).toBe(409);
    // An airtime vend cannot take a bill's reference either.
    const airtime = await withKey(key, 'POST', 'api/vend', {
      reference: body.reference,
      phone: '08031234567',
      type: 'AIRTIME',
      amount: '100',
    });
    expect(airtime.statusCode).toBe(409);
  });

  it("[BILLS] the bill row is written by the vend's own statement: a failure after the vend insert leaves neither row; a replay leaves exactly one of each", async () => {
    const db = t.app.ctx.dbHandle;
    await fund(t.app, corp.corporateId, 310_000);
    const body = { reference: newRef('BILL'), ...electricity({ amount: '3100', phone: '08039990001' }) };
    const rows = async () => {
      const [r] = await db.query<{ vends: number; bills: number }>(
        `select (select count(*)::int from vends where reference = $1) as vends,
                (select count(*)::int from vend_bills b join vends v on v.id = b.vend_id
                  where v.reference = $1) as bills,
                (select count(*)::int from vend_bills b where b.phone = '+2348039990001'
                  and not exists (select 1 from vends v where v.id = b.vend_id)) as orphans`,
        [body.reference],
      );
      return r;
    };
    // A failure once the vend is written (it is there, with its debit, when its bill row comes):
    // a crash between the two, as the database sees it. The vend, its debit and the bill row go
    // back together. (Were the bill written apart from the vend, the vend would not be there yet,
    // or the bill would stay behind.)
    await db.query(`create function test_fail_bill() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from vends v where v.id = new.vend_id and v.debit_transfer_id is not null) then
          raise exception 'injected failure after the vend insert';
        end if;
        return new;
      end $$`);
    await db.query(`create trigger test_fail_bill before insert on vend_bills for each row
      when (new.phone = '+2348039990001') execute function test_fail_bill()`);
    const before = await balances(t.app, corp.corporateId);
    try {
      const failed = await withKey(key, 'POST', 'api/bills/pay', body);
      expect(failed.statusCode).toBeGreaterThanOrEqual(500);
      expect(await rows()).toEqual({ vends: 0, bills: 0, orphans: 0 });
      expect(await balances(t.app, corp.corporateId)).toEqual(before);
    } finally {
      await db.query('drop trigger test_fail_bill on vend_bills');
      await db.query('drop function test_fail_bill()');
    }
    const first = await withKey(key, 'POST', 'api/bills/pay', body);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.status).toBe('SUCCESSFUL');
    const again = await withKey(key, 'POST', 'api/bills/pay', body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await rows()).toEqual({ vends: 1, bills: 1, orphans: 0 });
  });

  it('[BILLS] respond-async answers 202 PENDING, then the bill settles', async () => {
    const res = await withKey(
      key,
      'POST',
      'api/bills/pay',
      { reference: newRef('BILL'), ...electricity() },
      { prefer: 'respond-async' },
    );
    expect(res.statusCode).toBe(202);
    expect(res.json().data.status).toBe('PENDING');
    let got = res.json().data;
    for (let i = 0; i < 50 && got.status === 'PENDING'; i++) {
      await new Promise((r) => setTimeout(r, 20));
      got = (await withKey(key, 'GET', `api/bills/${got.reference}`)).json().data;
    }
    expect(got.status).toBe('SUCCESSFUL');
    expect(got.token).toBeTruthy();
  });
});

describe('[BILLS] commission, limits and permissions per biller', () => {
  it('[BILLS] commission is the biller’s rate; the admin change is audited', async () => {
    const id = await billerId('EKEDC');
    const res = await api('PATCH', `admin/billers/${id}`, admin, { commission: '2.5' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.commissionBps).toBe(250);
    const bill = (
      await api('POST', 'bills/pay', corp, electricity({ biller: 'EKEDC', amount: '10000' }))
    ).json().data;
    expect(bill.commissionKobo).toBe(25_000);
    const ikedc = (await api('POST', 'bills/pay', corp, electricity({ amount: '10000' }))).json().data;
    expect(ikedc.commissionKobo).toBe(10_000);
    const audit = await t.app.ctx.dbHandle.query<{ action: string }>(
      "select action from audit_logs where action = 'biller.update' and target_id = $1",
      [id],
    );
    expect(audit).toHaveLength(1);
  });

  it('[BILLS] amounts outside the biller’s limits are refused with them; nothing is debited', async () => {
    const id = await billerId('AEDC');
    await api('PATCH', `admin/billers/${id}`, admin, { minAmount: '1000', maxAmount: '20000' });
    const before = await balances(t.app, corp.corporateId);
    const low = await api('POST', 'bills/pay', corp, electricity({ biller: 'AEDC', amount: '999' }));
    expect(low.statusCode).toBe(400);
    expect(low.json().message).toContain('₦1,000.00');
    const high = await api('POST', 'bills/pay', corp, electricity({ biller: 'AEDC', amount: '20001' }));
    expect(high.statusCode).toBe(400);
    expect(await balances(t.app, corp.corporateId)).toEqual(before);
    const inRange = await api('POST', 'bills/pay', corp, electricity({ biller: 'AEDC', amount: '20000' }));
    expect(inRange.json().data.status).toBe('SUCCESSFUL');
  });

  it('[BILLS] a client without the biller assigned is refused 403; a disabled biller too', async () => {
    const ids = (await api('GET', `admin/billers?corporateId=${other.corporateId}`, admin)).json()
      .data as Array<{ id: string; code: string }>;
    const keep = ids.filter((b) => b.code !== 'JED').map((b) => b.id);
    const res = await api('POST', 'admin/billers/assign', admin, {
      corporateId: other.corporateId,
      billerIds: keep,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.find((b: { code: string }) => b.code === 'JED').assigned).toBe(false);
    // The airtime and data services are untouched.
    const services = (await api('GET', 'services', other)).json().data;
    expect(services).toHaveLength(8);
    for (const url of ['bills/verify', 'bills/pay']) {
      const refused = await api('POST', url, other, electricity({ biller: 'JED' }));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('BILLER_NOT_ASSIGNED');
      expect(refused.json().message).toContain('Jos Electric');
    }
    const kaduna = await billerId('KAEDCO');
    await api('POST', 'admin/billers/status', admin, { id: kaduna, status: 'INACTIVE' });
    expect((await api('POST', 'bills/verify', other, electricity({ biller: 'KAEDCO' }))).statusCode).toBe(
      403,
    );
    await api('POST', 'admin/billers/status', admin, { id: kaduna, status: 'ACTIVE' });
    // A client cannot reach the admin's biller routes.
    expect((await api('PATCH', `admin/billers/${kaduna}`, corp, { commission: '5' })).statusCode).toBe(403);
  });

  it('[BILLS] the bouquet sync applies the provider’s list and is audited', async () => {
    const id = await billerId('GOTV');
    const res = await api('POST', `admin/billers/${id}/bouquets/sync`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.bouquets.map((b: { code: string }) => b.code)).toContain('gotv-max');
    const list = (await api('GET', `admin/billers/${id}/bouquets`, admin)).json().data;
    const b = list[0];
    const off = await api('POST', 'admin/bouquets/status', admin, { id: b.id, status: 'INACTIVE' });
    expect(off.json().data.status).toBe('INACTIVE');
    const active = (await api('GET', 'bills/billers/GOTV/bouquets', corp)).json().data;
    expect(active.map((x: { id: string }) => x.id)).not.toContain(b.id);
    await api('POST', 'admin/bouquets/status', admin, { id: b.id, status: 'ACTIVE' });
  });
});

describe('[BILLS] webhooks, test mode and logs', () => {
  it('[BILLS] the bill.successful webhook carries the token', async () => {
    const set = await api('POST', 'web-hook-url', corp, { url: 'http://127.0.0.1:9/hook' });
    expect(set.statusCode).toBe(200);
    const bill = (await api('POST', 'bills/pay', corp, electricity())).json().data;
    const [d] = await t.app.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.vendId, bill.id));
    const body = JSON.parse(d.body);
    expect(body.type).toBe('bill.successful');
    expect(body.data.token).toBe(bill.token);
    expect(body.data.customerNumber).toBe(PREPAID);
  });

  it('[BILLS] a test key pays from the sandbox wallet through the simulator', async () => {
    const testKey = await apiKeyFor(t.app, corp.corporateId, 'TEST');
    await fund(t.app, corp.corporateId, 1_000_000, 'SANDBOX');
    const before = await balances(t.app, corp.corporateId);
    const v = (
      await withKey(testKey, 'POST', 'api/bills/verify', { biller: 'GOTV', customerNumber: SMARTCARD })
    ).json().data;
    expect(v.mode).toBe('TEST');
    const res = await withKey(testKey, 'POST', 'api/bills/pay', {
      reference: newRef('TBILL'),
      biller: 'GOTV',
      customerNumber: SMARTCARD,
      subscriptionType: 'RENEW',
      verificationId: v.id,
      phone: '08031234567',
    });
    expect(res.json().data.status).toBe('SUCCESSFUL');
    expect(res.json().data.mode).toBe('TEST');
    const after = await balances(t.app, corp.corporateId);
    expect(after.wallet).toBe(before.wallet);
    expect(before.sandbox - after.sandbox).toBe(res.json().data.amountKobo);
  });

  it('[BILLS] no log line and no audit entry holds a full token', async () => {
    const tokens = await t.app.ctx.dbHandle.query<{ token: string }>(
      'select token from vend_bills where token is not null',
    );
    expect(tokens.length).toBeGreaterThan(3);
    expect(logLines.length).toBeGreaterThan(10);
    const logs = logLines.join('\n');
    const audit = JSON.stringify(await t.app.ctx.db.execute(sql`select summary from audit_logs`));
    const attempts = JSON.stringify(await t.app.ctx.dbHandle.query('select raw, message from vend_attempts'));
    for (const { token } of tokens) {
      const digits = token.replace(/\D/g, '');
      for (const text of [logs, audit, attempts]) {
        expect(text).not.toContain(token);
        expect(text).not.toContain(digits);
      }
    }
  });
});
