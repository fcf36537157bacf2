// Bills through the VTpass stand-in (mocks/vtpass, written from VTpass's DisCo and TV pages):
// merchant-verify, electricity prepaid (token) and postpaid (receipt), TV renew and change, a pending
// payment and a token that comes only on requery, an unreadable answer kept PENDING (unknown, never
// failed), a failure refunded, the bouquet sync, and the token masked on the attempt admins read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_KEYS, startVtpassMock } from '../../../../../../mocks/vtpass/server';
import { createAdmin, createCorporate, type TestUser } from '../../../test/factories';
import { apiAs, buildTestApp, type TestApp } from '../../../test/harness';
import { requeryVend } from '../lifecycle/requery.service';
import { assignDefaults, balances, expectBooksBalanced, fund } from '../vending.testing';

let t: TestApp;
let mock: Awaited<ReturnType<typeof startVtpassMock>>;
let admin: TestUser;
let corp: TestUser & { corporateId: string };
const api = apiAs(() => t);

const pay = (body: Record<string, unknown>) =>
  api('POST', 'bills/pay', corp, { phone: '08031234567', ...body });
const prepaid = (customerNumber: string, amount = '5000') =>
  pay({ biller: 'IKEDC', customerNumber, meterType: 'PREPAID', amount });

beforeAll(async () => {
  mock = await startVtpassMock({ port: 0 });
  t = await buildTestApp({
    env: {
      VTPASS_BASE_URL: mock.baseUrl,
      VTPASS_API_KEY: SANDBOX_KEYS.apiKey,
      VTPASS_SECRET_KEY: SANDBOX_KEYS.secretKey,
      VTPASS_PUBLIC_KEY: SANDBOX_KEYS.publicKey,
      AGGREGATOR_PROVIDERS: 'VTPASS',
      PROVIDER_TIMEOUT_MS: '1500',
    },
  });
  admin = await createAdmin(t.app);
  corp = await createCorporate(t.app, { name: 'Bill Payers Ltd' });
  await assignDefaults(t.app, corp.corporateId);
  await fund(t.app, corp.corporateId, 10_000_000);
}, 240_000);
afterAll(async () => {
  if (t) await expectBooksBalanced(t.app);
  await t?.close();
  await mock?.app.close();
});

describe('[VTPASS] bills through VTpass', () => {
  it('[VTPASS] merchant-verify: the customer of a sandbox meter; any other number is a 422', async () => {
    const ok = await api('POST', 'bills/verify', corp, {
      biller: 'IKEDC',
      customerNumber: '1111111111111',
      meterType: 'PREPAID',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ customerName: 'TESTMETER1 ONE', minimumAmountKobo: 50_000 });
    const bad = await api('POST', 'bills/verify', corp, {
      biller: 'IKEDC',
      customerNumber: '2222222222222',
      meterType: 'PREPAID',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toContain('2222222222222');
    expect(bad.json().message).toContain('Ikeja Electric');
    const tv = (
      await api('POST', 'bills/verify', corp, { biller: 'DSTV', customerNumber: '1212121212' })
    ).json().data;
    expect(tv).toMatchObject({
      currentBouquet: 'DStv Yanga N2,565',
      currentBouquetCode: 'dstv-yanga',
      renewalAmountKobo: 256_500,
    });
  });

  it('[VTPASS] prepaid: the token VTpass sent; the attempt keeps it masked', async () => {
    const bill = (await prepaid('1111111111111')).json().data;
    expect(bill.status).toBe('SUCCESSFUL');
    expect(bill.token).toMatch(/^\d{4}(-\d{4}){4}$/);
    expect(bill.units).toMatch(/kWh$/);
    expect(bill.receiptReference).toMatch(/^EXR/);
    const d = (await api('GET', `vend/${bill.id}`, admin)).json().data;
    expect(d.attempts).toHaveLength(1);
    expect(JSON.stringify(d.attempts[0].raw)).not.toContain(bill.token.replace(/\D/g, ''));
    expect(JSON.stringify(d.attempts[0].raw)).toContain(`****${bill.token.replace(/\D/g, '').slice(-4)}`);
  });

  it('[VTPASS] postpaid: the receipt reference, no token', async () => {
    const bill = (
      await pay({ biller: 'EKEDC', customerNumber: '1010101010101', meterType: 'POSTPAID', amount: '3000' })
    ).json().data;
    expect(bill.status).toBe('SUCCESSFUL');
    expect(bill.token).toBeNull();
    expect(bill.receiptReference).toMatch(/^EXR/);
  });

  it('[VTPASS] TV renew (renew, the renewal amount) and change (change, the bouquet)', async () => {
    const renew = (
      await pay({ biller: 'DSTV', customerNumber: '1212121212', subscriptionType: 'RENEW' })
    ).json().data;
    expect(renew.status).toBe('SUCCESSFUL');
    expect(renew.amountKobo).toBe(256_500);
    const change = (
      await pay({
        biller: 'DSTV',
        customerNumber: '1212121212',
        subscriptionType: 'CHANGE',
        bouquetCode: 'dstv79',
      })
    ).json().data;
    expect(change.status).toBe('SUCCESSFUL');
    expect(change.amountKobo).toBe(790_000);
    const sent = [...mock.app.vtpass.transactions.values()].filter((x) => x.product.serviceID === 'dstv');
    expect(sent.map((x) => x.subscriptionType)).toEqual(['renew', 'change']);
    expect(sent[1].variationCode).toBe('dstv79');
  });

  it('[VTPASS] pending, token only on requery, and an unreadable answer: PENDING until a requery settles them with their token', async () => {
    for (const number of ['1111111111112', '1111111111113', '1111111111115']) {
      const bill = (await prepaid(number)).json().data;
      expect(bill.status).toBe('PENDING');
      const { vend } = await requeryVend(t.app.ctx, bill.id);
      expect(vend.status).toBe('SUCCESSFUL');
      const got = (await api('GET', `bills/${bill.id}`, corp)).json().data;
      expect(got.token).toMatch(/^\d{4}(-\d{4}){4}$/);
    }
  });

  it('[VTPASS] a failed payment is refunded', async () => {
    const before = await balances(t.app, corp.corporateId);
    const bill = (await prepaid('1111111111114')).json().data;
    expect(bill.status).toBe('FAILED');
    expect(await balances(t.app, corp.corporateId)).toEqual(before);
  });

  it("[VTPASS] the bouquet sync takes VTpass's list: new codes, prices, and the codes it no longer lists disabled", async () => {
    const list = (await api('GET', 'admin/billers?kind=TV', admin)).json().data as Array<{
      id: string;
      code: string;
    }>;
    const gotv = list.find((b) => b.code === 'GOTV')!.id;
    const res = (await api('POST', `admin/billers/${gotv}/bouquets/sync`, admin)).json().data;
    expect(res.withdrawn).toBe(1);
    const byCode = Object.fromEntries(
      res.bouquets.map((b: { code: string; status: string; priceKobo: number }) => [b.code, b]),
    );
    expect(byCode['gotv-max'].status).toBe('INACTIVE');
    expect(byCode['gotv-value'].priceKobo).toBe(125_000);
  });
});
