// Late truths through the Reloadly stand-in (issue 49 point 3): a top-up we refunded that Reloadly
// delivered after all raises one discrepancy however often the news comes; the admin charges the
// client again (refused, with nothing changed, while the wallet cannot pay) or writes it off to
// the platform's loss account, each once; and the review queue is the admins' alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS, startReloadlyMock } from '../../../../../../mocks/reloadly/server';
import { runDueJobs } from '../../../jobs';
import { createAdmin, TEST_PASSWORD, type TestUser } from '../../../test/factories';
import { apiAs, buildTestApp, type TestApp } from '../../../test/harness';
import { signReloadlyWebhook } from '../../providers';
import type { Provider } from '../../providers/providers.service';
import { installProviders, providersOf } from '../../providers/registry';
import { checkAtProvider } from '../lifecycle/provider-check.service';
import { requeryVend } from '../lifecycle/requery.service';
import {
  apiVend,
  balances,
  expectBooksBalanced,
  fund,
  reloadlyEnv,
  systemBalance,
  vendingClient,
} from '../vending.testing';
import { discrepanciesOf, discrepancyAlerts, pastRequeryCooldown } from './truths.testing';

const SECRET = 'reloadly-webhook-secret-for-tests';
let t: TestApp;
let mock: Awaited<ReturnType<typeof startReloadlyMock>>;
let admin: TestUser;
let corp: TestUser & { corporateId: string };
let key: string;
const api = apiAs(() => t);
const later = (ms: number) => new Date(Date.now() + ms);

beforeAll(async () => {
  mock = await startReloadlyMock({ port: 0 });
  t = await buildTestApp({
    env: reloadlyEnv(mock.url, SANDBOX_CREDENTIALS, { RELOADLY_WEBHOOK_SECRET: SECRET }),
  });
  admin = await createAdmin(t.app);
  ({ corp, key } = await vendingClient(t.app, 'Late Truth Traders Ltd'));
});
afterAll(async () => {
  await t?.close();
  await mock?.close();
});

function callback(customIdentifier: string) {
  const raw = JSON.stringify({ data: { customIdentifier, status: 'SUCCESSFUL' } });
  const timestamp = String(Date.now());
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/providers/reloadly/callback',
    headers: {
      'content-type': 'application/json',
      'x-reloadly-request-timestamp': timestamp,
      'x-reloadly-signature': signReloadlyWebhook({ rawBody: raw, timestamp, secret: SECRET }),
    },
    payload: raw,
  });
}

/** A vend Reloadly failed (processing, then failed: refunded here), then delivered after all. */
async function deliveredAfterRefund(apiKey: string) {
  const v = (await apiVend(t.app, apiKey, { phone: '08030000004', network: 'MTN', amount: 500 })).json().data;
  expect(v.status).toBe('PENDING');
  expect((await requeryVend(t.app.ctx, v.id)).vend.status).toBe('FAILED');
  const requestId = (await api('GET', `vend/${v.id}`, admin)).json().data.attempts[0].requestId as string;
  mock.settle(requestId, 'SUCCESSFUL');
  return { v, requestId };
}

const resolve = (id: string, body: Record<string, unknown>, who: TestUser = admin) =>
  api('POST', `admin/discrepancies/${id}/resolve`, who, { password: TEST_PASSWORD, ...body });

describe('[TRUTHS] late truths through Reloadly', () => {
  it('[TRUTHS] a delivery after refund raises exactly one discrepancy, however often the news arrives', async () => {
    const alerts = await discrepancyAlerts(t.app, admin.id);
    const before = await balances(t.app, corp.corporateId);
    const { v, requestId } = await deliveredAfterRefund(key);
    for (let i = 0; i < 3; i++) expect((await callback(requestId)).statusCode).toBe(200);
    await runDueJobs(t.app.ctx, { now: later(1_000) });
    await checkAtProvider(t.app.ctx, v.id);
    await checkAtProvider(t.app.ctx, v.id);
    const found = await discrepanciesOf(t.app, v.id);
    expect(found).toEqual([
      expect.objectContaining({ kind: 'DELIVERED_AFTER_REFUND', source: 'CALLBACK', status: 'OPEN' }),
    ]);
    expect(await discrepancyAlerts(t.app, admin.id)).toBe(alerts + 1);
    // The vend and the wallet are as they were: nothing moves on the provider's word alone.
    expect((await api('GET', `vend/${v.id}`, admin)).json().data.status).toBe('FAILED');
    expect(await balances(t.app, corp.corporateId)).toEqual(before);
    const listed = (
      await api('GET', 'admin/discrepancies?status=OPEN&kind=DELIVERED_AFTER_REFUND', admin)
    ).json();
    expect(listed.data.find((d: { id: string }) => d.id === found[0].id)).toMatchObject({
      vendCode: v.code,
      corporateName: 'Late Truth Traders Ltd',
      ourStatus: 'FAILED',
      providerStatus: 'SUCCESSFUL',
      actions: ['CHARGE_AGAIN', 'WRITE_OFF', 'DISMISS'],
    });
    expect(listed).toMatchObject({ currentPage: 1, limit: 40 });
    await expectBooksBalanced(t.app);
  });

  it('[TRUTHS] charge-again: refused while the wallet cannot pay (nothing changes), then charged once, the client told why', async () => {
    const { corp: thin, key: thinKey } = await vendingClient(t.app, 'Thin Wallet Ltd', 60_000);
    const { v } = await deliveredAfterRefund(thinKey);
    // The client spends what the refund gave back.
    const spent = (
      await apiVend(t.app, thinKey, { phone: '08031234567', network: 'MTN', amount: 500 })
    ).json();
    expect(spent.data.status).toBe('SUCCESSFUL');
    await pastRequeryCooldown(t.app, v.id);
    const asked = await api('PUT', 'transactions/query', admin, { vendId: v.id });
    expect(asked.json().message).toContain('passed to review');
    const [d] = await discrepanciesOf(t.app, v.id);
    expect(d).toMatchObject({ kind: 'DELIVERED_AFTER_REFUND', source: 'MANUAL_REQUERY' });
    const poor = await balances(t.app, thin.corporateId);
    const refused = await resolve(d.id, { action: 'CHARGE_AGAIN' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toContain('cannot pay ₦485.00');
    expect(await balances(t.app, thin.corporateId)).toEqual(poor);
    expect((await discrepanciesOf(t.app, v.id))[0].status).toBe('OPEN');
    // Funded: the charge goes through, once.
    await fund(t.app, thin.corporateId, 100_000);
    const funded = await balances(t.app, thin.corporateId);
    const wrongPassword = await resolve(d.id, { action: 'CHARGE_AGAIN', password: 'not-the-password' });
    expect(wrongPassword.json().code).toBe('INVALID_PASSWORD');
    const charged = await resolve(d.id, { action: 'CHARGE_AGAIN', note: 'Reloadly confirmed delivery' });
    expect(charged.statusCode).toBe(200);
    expect(charged.json().data).toMatchObject({ status: 'RESOLVED', resolution: 'CHARGED_AGAIN' });
    const again = await resolve(d.id, { action: 'WRITE_OFF' });
    expect(again.statusCode).toBe(409);
    const after = await balances(t.app, thin.corporateId);
    expect(after.wallet).toBe(funded.wallet - 48_500);
    expect(after.commission).toBe(funded.commission);
    // The client's vend detail says why; a notification told them.
    const mine = (await api('GET', `vend/${v.id}`, thin)).json().data;
    expect(mine.events.find((e: { type: string }) => e.type === 'LATE_TRUTH')?.message).toBe(
      'Charged ₦485.00 again: the provider delivered this vend after it was refunded',
    );
    expect(mine.events.map((e: { type: string }) => e.type)).not.toContain('PROVIDER_CHECK');
    const notes = await t.app.ctx.dbHandle.query<{ n: number }>(
      'select count(*)::int as n from notifications where user_id = $1 and subject = $2',
      [thin.id, `Vend ${v.code} charged again`],
    );
    expect(notes[0].n).toBe(1);
    const audit = (await api('GET', 'audit-trails?action=vend.discrepancy.resolve', admin)).json().data;
    expect(audit[0]).toMatchObject({ targetId: d.id, actorEmail: admin.email });
    await expectBooksBalanced(t.app);
  });

  it('[TRUTHS] write-off: the platform loss account pays the float, the client keeps the refund, once', async () => {
    const { v } = await deliveredAfterRefund(key);
    await checkAtProvider(t.app.ctx, v.id);
    const [d] = await discrepanciesOf(t.app, v.id);
    const before = await balances(t.app, corp.corporateId);
    const lossBefore = await systemBalance(t.app, 'PLATFORM_LOSS');
    const wrongAction = await resolve(d.id, { action: 'REVERSE' });
    expect(wrongAction.statusCode).toBe(400);
    const noNote = await resolve(d.id, { action: 'DISMISS' });
    expect(noNote.json().message).toBe('Say why the discrepancy is dismissed');
    const res = await resolve(d.id, { action: 'WRITE_OFF' });
    expect(res.json().data).toMatchObject({ resolution: 'WRITTEN_OFF' });
    expect((await resolve(d.id, { action: 'WRITE_OFF' })).statusCode).toBe(409);
    expect(await balances(t.app, corp.corporateId)).toEqual(before);
    expect(await systemBalance(t.app, 'PLATFORM_LOSS')).toBe(lossBefore - 50_000);
    // Nothing touched the client's wallet: its vend shows no late truth.
    const mine = (await api('GET', `vend/${v.id}`, corp)).json().data;
    expect(mine.events.map((e: { type: string }) => e.type)).not.toContain('LATE_TRUTH');
    await expectBooksBalanced(t.app);
  });

  it('[TRUTHS] a requery answered after the vend was failed meanwhile keeps its word for review (source REQUERY)', async () => {
    const v = (await apiVend(t.app, key, { phone: '08030000003', network: 'MTN', amount: 500 })).json().data;
    expect(v.status).toBe('PENDING');
    const real = providersOf(t.app.ctx);
    const reloadly = real.upstreams!.RELOADLY!;
    let asked = 0;
    let slowAsked!: () => void;
    const slowWasAsked = new Promise<void>((r) => {
      slowAsked = r;
    });
    let releaseSlow!: () => void;
    const slowMayAnswer = new Promise<void>((r) => {
      releaseSlow = r;
    });
    const racing: Provider = {
      name: 'RELOADLY',
      vend: (r) => reloadly.vend(r),
      balance: (r) => reloadly.balance(r),
      // The first requery's answer (delivered) is held back while a second one (failed) settles it.
      query: async () => {
        if (++asked === 1) {
          slowAsked();
          await slowMayAnswer;
          return { outcome: 'SUCCESS', message: 'Delivered', providerReference: '900001' };
        }
        return { outcome: 'FAILED', message: 'Refused by the operator' };
      },
    };
    installProviders(t.app.ctx, { ...real, upstreams: { ...real.upstreams, RELOADLY: racing } });
    try {
      const slow = requeryVend(t.app.ctx, v.id);
      await slowWasAsked;
      expect((await requeryVend(t.app.ctx, v.id)).vend.status).toBe('FAILED');
      releaseSlow();
      expect((await slow).vend.status).toBe('FAILED');
    } finally {
      installProviders(t.app.ctx, real);
    }
    expect(await discrepanciesOf(t.app, v.id)).toEqual([
      expect.objectContaining({ kind: 'DELIVERED_AFTER_REFUND', source: 'REQUERY', status: 'OPEN' }),
    ]);
    await expectBooksBalanced(t.app);
  });

  it('[TRUTHS] the review queue and its resolution are the admins’ alone; a client sees none of it', async () => {
    const { v } = await deliveredAfterRefund(key);
    await checkAtProvider(t.app.ctx, v.id);
    const [d] = await discrepanciesOf(t.app, v.id);
    for (const [method, url] of [
      ['GET', 'admin/discrepancies'],
      ['GET', 'admin/discrepancies/open'],
      ['GET', `admin/discrepancies/${d.id}`],
      ['GET', 'admin/reconciliations'],
    ] as const) {
      expect((await api(method, url, corp)).statusCode).toBe(403);
    }
    expect((await resolve(d.id, { action: 'WRITE_OFF' }, corp)).statusCode).toBe(403);
    const reader = await createAdmin(t.app, { permissions: ['vending.read'] });
    expect((await api('GET', `admin/discrepancies/${d.id}`, reader)).statusCode).toBe(200);
    expect((await resolve(d.id, { action: 'WRITE_OFF' }, reader)).statusCode).toBe(403);
    const open = (await api('GET', 'admin/discrepancies/open', admin)).json().data;
    expect(open.byProvider).toEqual(
      expect.arrayContaining([expect.objectContaining({ provider: 'RELOADLY' })]),
    );
    expect((await api('GET', 'admin/discrepancies?kind=NOPE', admin)).statusCode).toBe(400);
    expect((await api('GET', 'admin/discrepancies/not-a-uuid', admin)).statusCode).toBe(400);
    const csv = await api('GET', 'admin/discrepancies?format=csv&provider=RELOADLY', admin);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(v.code);
    expect((await discrepanciesOf(t.app, v.id))[0].status).toBe('OPEN');
  });
});
