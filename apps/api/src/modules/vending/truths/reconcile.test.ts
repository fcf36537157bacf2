// Provider reconciliation against the Reloadly stand-in (issue 49 point 4): yesterday's attempts
// against Reloadly's transactions report for the day. Each kind of mismatch is found and raises a
// discrepancy; a re-run finds the same ones again and raises none; the run's counts, amounts and
// mismatches are listed and exported; today cannot be reconciled; only admins see any of it.
import { lagosDateOf } from '@vendport/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS, startReloadlyMock } from '../../../../../../mocks/reloadly/server';
import { createAdmin, type TestUser } from '../../../test/factories';
import { apiAs, buildTestApp, type TestApp } from '../../../test/harness';
import { requeryVend } from '../lifecycle/requery.service';
import { apiVend, expectBooksBalanced, reloadlyEnv, vendingClient } from '../vending.testing';
import { previousLagosDay } from './reconcile.service';
import { ageVend, discrepanciesOf } from './truths.testing';

let t: TestApp;
let mock: Awaited<ReturnType<typeof startReloadlyMock>>;
let admin: TestUser;
let corp: TestUser & { corporateId: string };
let key: string;
const api = apiAs(() => t);
const DAY_MS = 86_400_000;

beforeAll(async () => {
  mock = await startReloadlyMock({ port: 0 });
  t = await buildTestApp({ env: reloadlyEnv(mock.url, SANDBOX_CREDENTIALS) });
  admin = await createAdmin(t.app);
  ({ corp, key } = await vendingClient(t.app, 'Reconciled Traders Ltd'));
});
afterAll(async () => {
  await t?.close();
  await mock?.close();
});

/** A vend through Reloadly, moved (with its top-up at the stand-in) into yesterday. */
async function vendYesterday(phone: string, amount = 500) {
  const v = (await apiVend(t.app, key, { phone, network: 'MTN', amount })).json().data;
  if (v.status === 'PENDING') await requeryVend(t.app.ctx, v.id);
  await ageVend(t.app, v.id);
  const requestId = (await api('GET', `vend/${v.id}`, admin)).json().data.attempts[0].requestId as string;
  const topup = mock.state.byCustomIdentifier.get(requestId);
  if (topup) topup.createdAt = new Date(topup.createdAt.getTime() - DAY_MS);
  const status = (await api('GET', `vend/${v.id}`, admin)).json().data.status as string;
  return { id: v.id as string, code: v.code as string, requestId, status };
}

describe('[RECONCILE] Reloadly’s day against ours', () => {
  it('[RECONCILE] finds each kind of mismatch, raises one discrepancy each, and a re-run raises none', async () => {
    const day = previousLagosDay(new Date());
    const matched = await vendYesterday('08031234567');
    const refunded = await vendYesterday('08031234568');
    const lost = await vendYesterday('08031234569');
    const resized = await vendYesterday('08031234570');
    const delivered = await vendYesterday('08030000004'); // processing, then failed: refunded here
    expect([matched, refunded, lost, resized].map((v) => v.status)).toEqual(Array(4).fill('SUCCESSFUL'));
    expect(delivered.status).toBe('FAILED');
    // What Reloadly's record says since.
    mock.settle(refunded.requestId, 'REFUNDED');
    const gone = mock.state.byCustomIdentifier.get(lost.requestId)!;
    mock.state.byCustomIdentifier.delete(lost.requestId);
    mock.state.topups.delete(gone.transactionId);
    mock.state.byCustomIdentifier.get(resized.requestId)!.amount = 600;
    mock.settle(delivered.requestId, 'SUCCESSFUL');
    const stranger = mock.addForeign('OUTSIDE-TOPUP-1', 250, new Date(Date.now() - DAY_MS));

    const res = await api('POST', 'admin/reconciliations', admin, { provider: 'RELOADLY', day });
    expect(res.statusCode).toBe(200);
    const run = res.json().data;
    expect(run).toMatchObject({ provider: 'RELOADLY', day, status: 'DONE', mismatches: 5, matched: 1 });
    const kinds = Object.fromEntries(
      run.findings.map((f: { kind: string; code: string | null; providerReference: string }) => [
        f.kind,
        f.code ?? f.providerReference,
      ]),
    );
    expect(kinds).toEqual({
      REFUNDED_AFTER_SUCCESS: refunded.code,
      MISSING_AT_PROVIDER: lost.code,
      AMOUNT_MISMATCH: resized.code,
      DELIVERED_AFTER_REFUND: delivered.code,
      MISSING_AT_US: String(stranger.transactionId),
    });
    expect(run.findings.every((f: { raised: boolean }) => f.raised)).toBe(true);
    // Both sides' counts and amounts: ours 5 attempts (4 delivered at ₦500 less no upfront
    // commission); theirs 5 listed (the lost one is not), 3 delivered of ours (₦500, ₦600, ₦500)
    // and the stranger's ₦250.
    expect(run).toMatchObject({
      ourCount: 5,
      ourDeliveredCount: 4,
      ourDebitedKobo: 200_000,
      providerCount: 5,
      providerDeliveredCount: 4,
      providerChargedKobo: 50_000 + 60_000 + 50_000 + 25_000,
      providerDiscountKobo: 0,
    });
    for (const [v, kind] of [
      [refunded, 'REFUNDED_AFTER_SUCCESS'],
      [lost, 'MISSING_AT_PROVIDER'],
      [resized, 'AMOUNT_MISMATCH'],
      [delivered, 'DELIVERED_AFTER_REFUND'],
    ] as const) {
      expect(await discrepanciesOf(t.app, v.id)).toEqual([
        expect.objectContaining({ kind, source: 'RECONCILIATION', status: 'OPEN' }),
      ]);
    }
    expect(await discrepanciesOf(t.app, matched.id)).toEqual([]);

    // Again: the same five mismatches, each finding its discrepancy, none raised.
    const again = (await api('POST', 'admin/reconciliations', admin, { provider: 'RELOADLY', day })).json()
      .data;
    expect(again.mismatches).toBe(5);
    expect(again.findings.some((f: { raised: boolean }) => f.raised)).toBe(false);
    const total = await t.app.ctx.dbHandle.query<{ n: number }>(
      "select count(*)::int as n from vend_discrepancies where source = 'RECONCILIATION'",
    );
    expect(total[0].n).toBe(5);

    // The runs, one run's mismatches as CSV, the queue filtered by run.
    const runs = (
      await api('GET', `admin/reconciliations?provider=RELOADLY&startDate=${day}&endDate=${day}`, admin)
    ).json();
    expect(runs.data.map((r: { id: string }) => r.id)).toEqual([again.id, run.id]);
    const csv = await api('GET', `admin/reconciliations/${run.id}?format=csv`, admin);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe(
      'Kind,Vend,Request id,Our status,Our amount,Provider status,Provider amount,Provider reference,Raised by this run',
    );
    expect(csv.body).toContain(`${resized.code},${resized.requestId},Successful,₦500.00,SUCCESSFUL,₦600.00`);
    const queue = (await api('GET', `admin/discrepancies?reconciliationId=${run.id}`, admin)).json();
    expect(queue.total).toBe(5);
    await expectBooksBalanced(t.app);
  });

  it('[RECONCILE] today cannot be reconciled, a bad day or provider is a 400, and clients are refused', async () => {
    const today = lagosDateOf(new Date());
    const res = await api('POST', 'admin/reconciliations', admin, { provider: 'RELOADLY', day: today });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Only a day that has ended can be reconciled');
    expect(
      (await api('POST', 'admin/reconciliations', admin, { provider: 'RELOADLY', day: '2024-02-31' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await api('POST', 'admin/reconciliations', admin, { provider: 'NOPE', day: '2024-02-01' })).statusCode,
    ).toBe(400);
    expect(
      (await api('POST', 'admin/reconciliations', corp, { provider: 'RELOADLY', day: '2024-02-01' }))
        .statusCode,
    ).toBe(403);
    const reader = await createAdmin(t.app, { permissions: ['vending.read'] });
    expect(
      (await api('POST', 'admin/reconciliations', reader, { provider: 'RELOADLY', day: '2024-02-01' }))
        .statusCode,
    ).toBe(403);
  });

  it('[RECONCILE] the simulator’s own answers agree with the vends it holds', async () => {
    const day = previousLagosDay(new Date());
    const v = (await apiVend(t.app, key, { phone: '08030000002', network: 'MTN', amount: 300 })).json().data;
    // Reloadly refused it (insufficient balance at the provider): the simulator behind it delivered.
    expect(v.status).toBe('SUCCESSFUL');
    await ageVend(t.app, v.id);
    const run = (await api('POST', 'admin/reconciliations', admin, { provider: 'SIMULATOR', day })).json()
      .data;
    expect(run).toMatchObject({
      status: 'DONE',
      mismatches: 0,
      ourDeliveredCount: 1,
      providerDeliveredCount: 1,
    });
    expect(run.matched).toBe(run.ourCount);
  });
});
