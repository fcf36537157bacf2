// Bills in auto top-up (issue 51 point 5): a meter or a smartcard as a subscriber, verified when it
// is added (the customer's name kept), paid at each run through the bill payment (one lifecycle,
// under the run's reference: a retry of the run never pays twice), verified again once the
// verification is older than its reuse window, a run failed with the reason when the provider
// rejects the number (nothing debited), the biller's limits and assignment, another client's
// rows, permissions, the audit trail and the runs list with the token masked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCorporateMember, createAdmin, createCorporate, type TestUser } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/harness';
import { balances, expectBooksBalanced, fund } from '../vending/vending.testing';
import { autoTopupClient, autoVendsOf, type Client, call, makeDue, runsOf } from './auto-topup.testing';
import { runSchedule } from './scheduler.service';

let t: TestApp;
let admin: TestUser;
let c: Client;
let other: Client;
const api = (method: string, url: string, u: Client | TestUser, payload?: unknown) =>
  call(t.app, method, url, u, payload);

const PREPAID = '1111111111111';
const SMARTCARD = '1212121212';

const meter = (over: Record<string, unknown> = {}) => ({
  name: 'Shop meter',
  phone: '08031234567',
  type: 'ELECTRICITY',
  biller: 'IKEDC',
  customerNumber: PREPAID,
  meterType: 'PREPAID',
  amount: '5000',
  frequency: 'MONTHLY',
  monthDay: 1,
  ...over,
});

const smartcard = (over: Record<string, unknown> = {}) => ({
  name: 'Office DStv',
  phone: '08031234567',
  type: 'TV',
  biller: 'DSTV',
  customerNumber: SMARTCARD,
  subscriptionType: 'RENEW',
  frequency: 'MONTHLY',
  monthDay: 28,
  ...over,
});

type Sub = {
  id: string;
  network: string;
  type: string;
  amountKobo: number | null;
  bill: { biller: string; customerNumber: string; customerName: string | null; bouquetCode: string | null };
};

const add = async (u: Client, body: Record<string, unknown>) => {
  const res = await api('POST', 'auto-topup/subscribers', u, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Sub;
};

const verificationsOf = async (corporateId: string) =>
  t.app.ctx.dbHandle.query<{ id: string; customer_number: string }>(
    'select id, customer_number from bill_verifications where corporate_id = $1 order by verified_at',
    [corporateId],
  );

const subscriberRow = async (id: string) =>
  (
    await t.app.ctx.dbHandle.query<{ verification_id: string; customer_name: string | null }>(
      'select verification_id, customer_name from auto_topup_subscribers where id = $1',
      [id],
    )
  )[0];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app);
  c = await autoTopupClient(t.app, 10_000_000);
  other = await autoTopupClient(t.app, 10_000_000);
}, 240_000);
afterAll(async () => {
  if (t) await expectBooksBalanced(t.app);
  await t?.close();
});

describe('[AUTOTOPUP-BILLS] adding a meter or a smartcard', () => {
  it('[AUTOTOPUP-BILLS] a meter is verified when added, its customer name kept and shown; audited without a token', async () => {
    const before = await balances(t.app, c.corporateId);
    const s = await add(c, meter());
    expect(s).toMatchObject({
      type: 'ELECTRICITY',
      network: 'IKEDC',
      amountKobo: 500_000,
      phone: '+2348031234567',
      bill: {
        biller: 'IKEDC',
        billerName: 'Ikeja Electric',
        customerNumber: PREPAID,
        meterType: 'PREPAID',
        subscriptionType: null,
      },
    });
    expect(s.bill.customerName).toBeTruthy();
    const row = await subscriberRow(s.id);
    const verifications = await verificationsOf(c.corporateId);
    expect(verifications.at(-1)).toMatchObject({ id: row.verification_id, customer_number: PREPAID });
    expect(row.customer_name).toBe(s.bill.customerName);
    // Adding verifies; it pays nothing.
    expect(await balances(t.app, c.corporateId)).toEqual(before);
    const audit = await t.app.ctx.dbHandle.query<{ summary: Record<string, unknown> }>(
      `select summary from audit_logs where action = 'auto-topup.subscriber.create' and target_id = $1`,
      [s.id],
    );
    expect(audit[0].summary).toMatchObject({ customer: `IKEDC ${PREPAID}` });
    // The list shows it, and finds it by its meter number.
    const list = (await api('GET', `auto-topup/subscribers?search=${PREPAID.slice(0, 8)}`, c)).json();
    expect(list.data.map((x: Sub) => x.id)).toContain(s.id);
  });

  it('[AUTOTOPUP-BILLS] a smartcard renews its bouquet or changes to a given one; an unknown bouquet is refused', async () => {
    const renew = await add(c, smartcard());
    expect(renew).toMatchObject({
      type: 'TV',
      amountKobo: null,
      bill: { biller: 'DSTV', customerNumber: SMARTCARD, subscriptionType: 'RENEW', bouquetCode: null },
    });
    expect(renew.bill.customerName).toBeTruthy();
    const change = await add(c, smartcard({ subscriptionType: 'CHANGE', bouquetCode: 'DSTV79' }));
    expect(change.bill).toMatchObject({ subscriptionType: 'CHANGE', bouquetCode: 'dstv79' });
    const unknown = await api(
      'POST',
      'auto-topup/subscribers',
      c,
      smartcard({ subscriptionType: 'CHANGE', bouquetCode: 'no-such-bouquet' }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('DStv has no bouquet no-such-bouquet');
  });

  it('[AUTOTOPUP-BILLS] refusals are clear 4xx and add nothing: bad number, failed verification, limits, biller kind, unassigned or disabled biller', async () => {
    const count = async () => (await api('GET', 'auto-topup/subscribers', c)).json().total as number;
    const before = await count();
    const cases: Array<[Record<string, unknown>, number, RegExp]> = [
      [meter({ customerNumber: '12ab' }), 400, /customer number is 6 to 20 digits/],
      [meter({ meterType: undefined }), 400, /meter type/],
      [meter({ amount: undefined }), 400, /Amount is required for electricity/],
      [meter({ biller: 'DSTV' }), 400, /DStv is not an electricity biller/],
      [meter({ biller: undefined }), 400, /Choose a biller/],
      [
        meter({ customerNumber: '1234567890123' }),
        422,
        /could not verify meter number 1234567890123 with Ikeja Electric/,
      ],
      [meter({ amount: '10' }), 400, /₦/],
      [meter({ amount: '600000' }), 400, /₦/],
      [smartcard({ bouquetCode: 'dstv79' }), 400, /leave bouquetCode out/],
      [smartcard({ subscriptionType: 'CHANGE' }), 400, /Choose the bouquet to change to/],
      [{ ...meter(), type: 'AIRTIME' }, 400, /Only a bill subscriber takes this/],
      [meter({ network: 'MTN' }), 400, /A bill takes a biller, not a network/],
    ];
    for (const [body, status, message] of cases) {
      const res = await api('POST', 'auto-topup/subscribers', c, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message, JSON.stringify(body)).toMatch(message);
    }
    // The biller's own limits (set by the admin) are quoted.
    const billers = (await api('GET', 'admin/billers', admin)).json().data as Array<{
      id: string;
      code: string;
    }>;
    const aedc = billers.find((b) => b.code === 'AEDC')!.id;
    await api('PATCH', `admin/billers/${aedc}`, admin, { minAmount: '1000', maxAmount: '20000' });
    const high = await api('POST', 'auto-topup/subscribers', c, meter({ biller: 'AEDC', amount: '20001' }));
    expect(high.statusCode).toBe(400);
    expect(high.json().message).toContain('₦20,000.00');
    // Unassigned, then disabled: 403 naming the biller.
    const keep = (await api('GET', `admin/billers?corporateId=${other.corporateId}`, admin))
      .json()
      .data.filter((b: { code: string }) => b.code !== 'JED')
      .map((b: { id: string }) => b.id);
    await api('POST', 'admin/billers/assign', admin, { corporateId: other.corporateId, billerIds: keep });
    const unassigned = await api('POST', 'auto-topup/subscribers', other, meter({ biller: 'JED' }));
    expect(unassigned.statusCode).toBe(403);
    expect(unassigned.json().message).toContain('Jos Electric');
    const kaduna = billers.find((b) => b.code === 'KAEDCO')!.id;
    await api('POST', 'admin/billers/status', admin, { id: kaduna, status: 'INACTIVE' });
    const disabled = await api('POST', 'auto-topup/subscribers', c, meter({ biller: 'KAEDCO' }));
    expect(disabled.statusCode).toBe(403);
    await api('POST', 'admin/billers/status', admin, { id: kaduna, status: 'ACTIVE' });
    expect(await count()).toBe(before);
  });
});

describe('[AUTOTOPUP-BILLS] runs', () => {
  it('[AUTOTOPUP-BILLS] a scheduled run pays the meter once with its token; a retry of the run pays nothing more', async () => {
    const u = await autoTopupClient(t.app, 10_000_000);
    const s = await add(u, meter());
    const before = await balances(t.app, u.corporateId);
    await makeDue(t.app, [s.id]);
    const pass = await runSchedule(t.app.ctx);
    expect(pass).toMatchObject({ created: 1, processed: 1 });
    const vends = await autoVendsOf(t.app, u.corporateId);
    expect(vends).toHaveLength(1);
    expect(vends[0]).toMatchObject({ status: 'SUCCESSFUL', amount_kobo: '500000' });
    const after = await balances(t.app, u.corporateId);
    expect(after.wallet).toBeLessThan(before.wallet);
    // The runs list: biller, meter, and the token masked.
    const runs = (await api('GET', 'auto-topup/runs', u)).json().data;
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      status: 'SUCCESSFUL',
      type: 'ELECTRICITY',
      network: 'IKEDC',
      bill: { biller: 'IKEDC', billerName: 'Ikeja Electric', customerNumber: PREPAID },
    });
    expect(runs[0].bill.token).toMatch(/^\*\*\*\*\d{4}$/);
    const full = (
      await t.app.ctx.dbHandle.query<{ token: string }>('select token from vend_bills where vend_id = $1', [
        vends[0].id,
      ])
    )[0].token;
    expect(full.replace(/\D/g, '').endsWith(runs[0].bill.token.slice(4))).toBe(true);
    const csv = (await api('GET', 'auto-topup/runs?format=csv', u)).body;
    expect(csv).toContain('Customer number');
    expect(csv).toContain(runs[0].bill.token);
    expect(csv).not.toContain(full);
    // The scheduler takes the run over again (a worker died after paying): same reference, the
    // payment already made is met, nothing more is debited.
    const [run] = await runsOf(t.app, u.corporateId);
    await t.app.ctx.dbHandle.query(
      "update auto_topup_runs set status = 'QUEUED', vend_id = null, lease_until = null where id = $1",
      [run.id],
    );
    await runSchedule(t.app.ctx);
    expect(await autoVendsOf(t.app, u.corporateId)).toHaveLength(1);
    expect(await balances(t.app, u.corporateId)).toEqual(after);
    expect((await runsOf(t.app, u.corporateId))[0]).toMatchObject({ status: 'VENDED', vend_id: vends[0].id });
  });

  it('[AUTOTOPUP-BILLS] a smartcard run renews the bouquet; Run now pays once however often pressed', async () => {
    const u = await autoTopupClient(t.app, 10_000_000);
    const s = await add(u, smartcard());
    const [a, b] = await Promise.all([
      api('POST', `auto-topup/subscribers/${s.id}/run`, u),
      api('POST', `auto-topup/subscribers/${s.id}/run`, u),
    ]);
    expect(a.statusCode).toBe(200);
    expect(b.json().data.id).toBe(a.json().data.id);
    expect(a.json().message).toMatch(new RegExp(`^Top-up of ₦[\\d,.]+ to DStv ${SMARTCARD} placed$`));
    expect(a.json().data).toMatchObject({
      status: 'SUCCESSFUL',
      type: 'TV',
      bill: { biller: 'DSTV', token: null },
    });
    expect(await autoVendsOf(t.app, u.corporateId)).toHaveLength(1);
  });

  it('[AUTOTOPUP-BILLS] a run verifies again once the verification is older than its reuse window, and keeps it', async () => {
    const u = await autoTopupClient(t.app, 10_000_000);
    const s = await add(u, meter());
    const first = await subscriberRow(s.id);
    // Within the window the run pays on the verification made when it was added.
    await api('POST', `auto-topup/subscribers/${s.id}/run`, u);
    expect((await verificationsOf(u.corporateId)).length).toBe(1);
    await t.app.ctx.dbHandle.query(
      "update bill_verifications set expires_at = now() - interval '1 second' where id = $1",
      [first.verification_id],
    );
    await makeDue(t.app, [s.id]);
    await runSchedule(t.app.ctx);
    const verifications = await verificationsOf(u.corporateId);
    expect(verifications).toHaveLength(2);
    expect((await subscriberRow(s.id)).verification_id).toBe(verifications[1].id);
    expect((await autoVendsOf(t.app, u.corporateId)).every((v) => v.status === 'SUCCESSFUL')).toBe(true);
  });

  it('[AUTOTOPUP-BILLS] a client switched to test mode since the meter was verified pays it in test mode, verified there', async () => {
    const u = await autoTopupClient(t.app, 10_000_000);
    const s = await add(u, meter());
    await fund(t.app, u.corporateId, 1_000_000, 'SANDBOX');
    await t.app.ctx.dbHandle.query('update corporates set test_mode = true where id = $1', [u.corporateId]);
    const res = await api('POST', `auto-topup/subscribers/${s.id}/run`, u);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('SUCCESSFUL');
    const modes = await t.app.ctx.dbHandle.query<{ mode: string }>(
      'select mode from bill_verifications where corporate_id = $1 order by verified_at',
      [u.corporateId],
    );
    expect(modes.map((m) => m.mode)).toEqual(['LIVE', 'TEST']);
    const vends = await t.app.ctx.dbHandle.query<{ mode: string }>(
      "select mode from vends where corporate_id = $1 and channel = 'AUTO_TOPUP'",
      [u.corporateId],
    );
    expect(vends).toEqual([{ mode: 'TEST' }]);
  });

  it('[AUTOTOPUP-BILLS] a number the provider rejects at the run fails it with the reason; nothing is debited, the client is told', async () => {
    const u = await autoTopupClient(t.app, 10_000_000);
    const s = await add(u, meter());
    const row = await subscriberRow(s.id);
    // The meter verified when added is refused now (stands in for a meter the DisCo withdrew).
    const gone = '1234567890123';
    await t.app.ctx.dbHandle.query(
      "update bill_verifications set customer_number = $2, expires_at = now() - interval '1 second' where id = $1",
      [row.verification_id, gone],
    );
    await t.app.ctx.dbHandle.query('update auto_topup_subscribers set customer_number = $2 where id = $1', [
      s.id,
      gone,
    ]);
    const before = await balances(t.app, u.corporateId);
    await makeDue(t.app, [s.id]);
    await runSchedule(t.app.ctx);
    const [run] = await runsOf(t.app, u.corporateId);
    expect(run.status).toBe('FAILED');
    expect(run.reason).toMatch(/could not verify meter number 1234567890123 with Ikeja Electric/);
    expect(run.vend_id).toBeNull();
    expect(await autoVendsOf(t.app, u.corporateId)).toHaveLength(0);
    expect(await balances(t.app, u.corporateId)).toEqual(before);
    const listed = (await api('GET', 'auto-topup/runs', u)).json().data[0];
    expect(listed).toMatchObject({ status: 'FAILED', bill: { customerNumber: gone, token: null } });
    const notes = await t.app.ctx.dbHandle.query<{ body: string }>(
      `select n.body from notifications n join users us on us.id = n.user_id
        where us.corporate_id = $1 and n.subject = 'Auto top-up not placed'`,
      [u.corporateId],
    );
    expect(notes[0].body).toContain(`Shop meter (IKEDC ${gone}): We could not verify`);
  });
});

describe('[AUTOTOPUP-BILLS] who may see and do what', () => {
  it('[AUTOTOPUP-BILLS] another client cannot see, run, edit or remove a bill subscriber', async () => {
    const s = await add(c, meter({ name: 'Private meter' }));
    expect((await api('POST', `auto-topup/subscribers/${s.id}/run`, other)).statusCode).toBe(404);
    expect((await api('PUT', `auto-topup/subscribers/${s.id}`, other, meter())).statusCode).toBe(404);
    expect((await api('DELETE', `auto-topup/subscribers/${s.id}`, other)).statusCode).toBe(404);
    const theirs = (await api('GET', 'auto-topup/subscribers?search=Private', other)).json();
    expect(theirs.total).toBe(0);
    const runs = (await api('GET', `auto-topup/runs?search=${PREPAID}`, other)).json();
    expect(runs.data.every((r: { subscriberName: string }) => r.subscriberName !== 'Private meter')).toBe(
      true,
    );
  });

  it('[AUTOTOPUP-BILLS] no session is 401; a reader, a member without the permission and an admin are 403', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auto-topup/subscribers',
      payload: meter(),
    });
    expect(anonymous.statusCode).toBe(401);
    const reader = await addCorporateMember(t.app, c.corporateId, ['autotopup.read']);
    const member = await createCorporate(t.app, { permissions: ['dashboard.view'] });
    for (const u of [reader, member, admin]) {
      const res = await api('POST', 'auto-topup/subscribers', u, meter());
      expect(res.statusCode).toBe(403);
    }
  });
});
