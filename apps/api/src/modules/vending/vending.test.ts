import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corporates, jobs, vends } from '../../infra/db/schema';
import { runDueJobs } from '../../jobs';
import { createAdmin, createCorporate, TEST_PASSWORD, type TestUser } from '../../test/factories';
import { apiAs, buildTestApp, type TestApp, testDbKind } from '../../test/harness';
import { installProviders, providersOf } from '../providers/registry';
import { pastRequeryCooldown } from './truths/truths.testing';
import { requerySweepJob } from './vending.jobs';
import {
  apiKeyFor,
  apiVend,
  assignDefaults,
  balances,
  expectBooksBalanced,
  fund,
  newRef,
  prepaidBill,
  systemBalance,
  tvRenewal,
} from './vending.testing';

let t: TestApp;
let admin: TestUser;
let corp: TestUser & { corporateId: string };
let other: TestUser & { corporateId: string };
let key: string;

const api = apiAs(() => t);
const later = (ms: number) => new Date(Date.now() + ms);
const timeline = async (id: string) =>
  (await api('GET', `vend/${id}`, admin))
    .json()
    .data.events.map(
      (e: { type: string; outcome: string | null; status: string | null; provider: string | null }) =>
        [e.type, e.provider, e.outcome ?? e.status].filter(Boolean).join(':'),
    );

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app);
  corp = await createCorporate(t.app, { name: 'Alpha Fintech Ltd' });
  other = await createCorporate(t.app, { name: 'Beta Payroll Ltd' });
  for (const c of [corp, other]) {
    await assignDefaults(t.app, c.corporateId);
    await fund(t.app, c.corporateId, 10_000_000);
  }
  key = await apiKeyFor(t.app, corp.corporateId);
});
afterAll(async () => {
  await t.close();
});

describe('[VEND] the vend lifecycle', () => {
  it('[VEND] a successful airtime vend debits the amount once and accrues the commission', async () => {
    const before = await balances(t.app, corp.corporateId);
    const res = await apiVend(t.app, key, { phone: '0803 123 4567', amount: '1,000' });
    expect(res.statusCode).toBe(200);
    const v = res.json().data;
    expect(res.json().message).toBe('Vend successful');
    expect(v).toMatchObject({
      status: 'SUCCESSFUL',
      phone: '+2348031234567',
      network: 'MTN',
      type: 'AIRTIME',
      amountKobo: 100_000,
      chargedKobo: 100_000,
      commissionKobo: 3_000,
      commissionMode: 'ACCRUED',
      mode: 'LIVE',
      channel: 'API',
    });
    expect(v.code).toMatch(/^VND-[0-9A-Z]{12}$/);
    const after = await balances(t.app, corp.corporateId);
    expect(after.wallet).toBe(before.wallet - 100_000);
    expect(after.commission).toBe(before.commission + 3_000);
    expect(await timeline(v.id)).toEqual([
      'CREATED:SIMULATOR:PENDING',
      'PROVIDER_CALL:AGGREGATOR:SIMULATOR:SUCCESS',
      'STATUS:AGGREGATOR:SIMULATOR:SUCCESSFUL',
    ]);
  });

  it('[VEND] with upfront commission the wallet pays amount - commission and nothing accrues', async () => {
    const res = await api('PATCH', 'corporate-clients/upfront-commission', admin, {
      corporateId: other.corporateId,
      upfrontCommission: true,
      password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    const before = await balances(t.app, other.corporateId);
    const v = (
      await api('POST', 'vend', other, { phone: '08051234567', type: 'AIRTIME', amount: 2000 })
    ).json().data;
    expect(v).toMatchObject({
      status: 'SUCCESSFUL',
      network: 'GLO',
      amountKobo: 200_000,
      commissionKobo: 9_000,
      chargedKobo: 191_000,
      commissionMode: 'UPFRONT',
      channel: 'PORTAL',
    });
    const after = await balances(t.app, other.corporateId);
    expect(after.wallet).toBe(before.wallet - 191_000);
    expect(after.commission).toBe(before.commission);
    await api('PATCH', 'corporate-clients/upfront-commission', admin, {
      corporateId: other.corporateId,
      upfrontCommission: false,
      password: TEST_PASSWORD,
    });
  });

  it('[VEND] a definite failure marks the vend FAILED and reverses the debit in the same transaction', async () => {
    const before = await balances(t.app, corp.corporateId);
    const res = await apiVend(t.app, key, { phone: '+2348000000002', network: 'MTN', amount: 500 });
    expect(res.statusCode).toBe(200);
    const v = res.json().data;
    // The client's words; the simulator's own ("Invalid subscriber") are for admins (issue 53 point 4).
    expect(v).toMatchObject({ status: 'FAILED', failureReason: 'The number cannot receive this' });
    expect(res.json().message).toMatch(/reversed/);
    expect(await balances(t.app, corp.corporateId)).toEqual(before);
    const [row] = await t.app.ctx.db.select().from(vends).where(eq(vends.id, v.id));
    expect(row.reversalTransferId).not.toBeNull();
    expect(await timeline(v.id)).toEqual([
      'CREATED:SIMULATOR:PENDING',
      'PROVIDER_CALL:AGGREGATOR:SIMULATOR:FAILED',
      'STATUS:AGGREGATOR:SIMULATOR:FAILED',
      'REVERSAL:FAILED',
    ]);
  });

  it('[VEND] pending, then the requery job finds it successful', async () => {
    const before = await balances(t.app, corp.corporateId);
    const v = (await apiVend(t.app, key, { phone: '+2348000000003', network: 'MTN', amount: 500 })).json()
      .data;
    expect(v.status).toBe('PENDING');
    expect((await balances(t.app, corp.corporateId)).wallet).toBe(before.wallet - 50_000);
    // Not due yet: nothing happens.
    await runDueJobs(t.app.ctx, { now: later(5_000) });
    expect((await api('GET', `vend/${v.id}`, corp)).json().data.status).toBe('PENDING');
    await runDueJobs(t.app.ctx, { now: later(31_000) });
    const after = (await api('GET', `vend/${v.id}`, corp)).json().data;
    expect(after.status).toBe('SUCCESSFUL');
    expect(after.completedAt).not.toBeNull();
    expect((await balances(t.app, corp.corporateId)).wallet).toBe(before.wallet - 50_000);
    const [job] = await t.app.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `requery:${v.id}`));
    expect(job.status).toBe('DONE');
  });

  it('[VEND] pending, then the requery finds it failed: reversed only then', async () => {
    const before = await balances(t.app, corp.corporateId);
    const v = (await apiVend(t.app, key, { phone: '+2348000000004', network: 'MTN', amount: 700 })).json()
      .data;
    expect(v.status).toBe('PENDING');
    expect((await balances(t.app, corp.corporateId)).wallet).toBe(before.wallet - 70_000);
    await runDueJobs(t.app.ctx, { now: later(31_000) });
    const after = (await api('GET', `vend/${v.id}`, corp)).json().data;
    expect(after.status).toBe('FAILED');
    // The reason is the final answer's, not the words it was queued with (issue 36 point 18).
    expect(v.failureReason).toBeNull();
    expect(after.failureReason).toBe('The network is not responding');
    const asAdmin = (await api('GET', `vend/${v.id}`, admin)).json().data;
    expect(asAdmin.admin.providerReason).toBe('Network rejected the recharge');
    expect(await balances(t.app, corp.corporateId)).toEqual(before);
  });

  it('[VEND] a timeout stays PENDING (no fallback, no reversal) until the provider answers', async () => {
    const before = await balances(t.app, corp.corporateId);
    const ok = (await apiVend(t.app, key, { phone: '+2348000000005', network: 'MTN', amount: 100 })).json()
      .data;
    const bad = (await apiVend(t.app, key, { phone: '+2348000000006', network: 'MTN', amount: 100 })).json()
      .data;
    expect([ok.status, bad.status]).toEqual(['PENDING', 'PENDING']);
    expect(await timeline(ok.id)).toEqual([
      'CREATED:SIMULATOR:PENDING',
      'PROVIDER_CALL:AGGREGATOR:SIMULATOR:TIMEOUT',
    ]);
    await runDueJobs(t.app.ctx, { now: later(31_000) });
    expect((await api('GET', `vend/${ok.id}`, corp)).json().data.status).toBe('SUCCESSFUL');
    expect((await api('GET', `vend/${bad.id}`, corp)).json().data.status).toBe('FAILED');
    expect((await balances(t.app, corp.corporateId)).wallet).toBe(before.wallet - 10_000);
  });

  it('[VEND] a vend the provider keeps pending stays debited, requeried with growing delays', async () => {
    const v = (await apiVend(t.app, key, { phone: '+2348000000007', network: 'MTN', amount: 100 })).json()
      .data;
    for (const ms of [31_000, 92_000, 213_000]) await runDueJobs(t.app.ctx, { now: later(ms) });
    const [row] = await t.app.ctx.db.select().from(vends).where(eq(vends.id, v.id));
    expect(row.status).toBe('PENDING');
    expect(row.requeryCount).toBe(3);
    const [job] = await t.app.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `requery:${v.id}`));
    expect(job.status).toBe('PENDING');
    expect(job.runAt.getTime()).toBeGreaterThan(Date.now() + 213_000 + 290_000);
    // After the requery window a person must look: the vend stays PENDING, never reversed on a guess.
    await runDueJobs(t.app.ctx, { now: later(49 * 3600_000) });
    const [late] = await t.app.ctx.db.select().from(vends).where(eq(vends.id, v.id));
    expect(late.status).toBe('PENDING');
    expect(late.requeryAt).toBeNull();
    expect(await timeline(v.id)).toContain('REQUERY_EXHAUSTED:PENDING');
  });

  it('[VEND] "not found" at the provider fails the vend only after the grace period', async () => {
    const before = await balances(t.app, corp.corporateId);
    const v = (await apiVend(t.app, key, { phone: '+2348000000009', network: 'MTN', amount: 100 })).json()
      .data;
    await runDueJobs(t.app.ctx, { now: later(31_000) });
    expect((await api('GET', `vend/${v.id}`, corp)).json().data.status).toBe('PENDING');
    await runDueJobs(t.app.ctx, { now: later(11 * 60_000) });
    expect((await api('GET', `vend/${v.id}`, corp)).json().data.status).toBe('FAILED');
    expect(await balances(t.app, corp.corporateId)).toEqual(before);
  });

  it('[VEND] a requery by hand resolves a pending vend; a final one is asked about (rate-limited) and left as it is', async () => {
    const v = (await apiVend(t.app, key, { phone: '+2348000000003', network: 'MTN', amount: 100 })).json()
      .data;
    const res = await api('PUT', 'transactions/query', corp, { vendId: v.code });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('SUCCESSFUL');
    expect((await api('PUT', 'transactions/query', admin, { vendId: v.id })).statusCode).toBe(429);
    await pastRequeryCooldown(t.app, v.id);
    const again = await api('PUT', 'transactions/query', admin, { vendId: v.id });
    expect(again.json().message).toBe('The provider agrees: the vend is final (SUCCESSFUL)');
    expect(again.json().data.status).toBe('SUCCESSFUL');
    expect((await api('PUT', 'transactions/query', other, { vendId: v.id })).statusCode).toBe(404);
  });
});

describe('[VEND] unknown outcomes and recovery', () => {
  it('[VEND] a provider call that breaks is an unknown outcome: PENDING, no fallback, no reversal', async () => {
    const real = providersOf(t.app.ctx);
    const broken = {
      name: 'AGGREGATOR',
      vend: async () => {
        throw new Error('socket hang up');
      },
      query: async () => {
        throw new Error('socket hang up');
      },
      balance: real.forPlatform('AGGREGATOR').balance,
    };
    installProviders(t.app.ctx, {
      forPlatform: (p) => (p === 'AGGREGATOR' ? broken : real.forPlatform(p)),
      sandbox: real.sandbox,
    });
    try {
      const before = await balances(t.app, corp.corporateId);
      const v = (await apiVend(t.app, key, { amount: 100 })).json().data;
      expect(v.status).toBe('PENDING');
      expect(await timeline(v.id)).toEqual([
        'CREATED:SIMULATOR:PENDING',
        'PROVIDER_CALL:AGGREGATOR:SIMULATOR:ERROR',
      ]);
      await runDueJobs(t.app.ctx, { now: later(31_000) });
      expect((await api('GET', `vend/${v.id}`, corp)).json().data.status).toBe('PENDING');
      expect((await balances(t.app, corp.corporateId)).wallet).toBe(before.wallet - 10_000);
      installProviders(t.app.ctx, real);
      await runDueJobs(t.app.ctx, { now: later(92_000) });
      expect((await api('GET', `vend/${v.id}`, corp)).json().data.status).toBe('SUCCESSFUL');
    } finally {
      installProviders(t.app.ctx, real);
    }
  });

  it('[VEND] a vend left PENDING by a crash (no requery scheduled) is found by the sweep', async () => {
    const v = (await apiVend(t.app, key, { phone: '+2348000000003', network: 'MTN', amount: 100 })).json()
      .data;
    // As if the process died after the debit: no job, requery time in the past.
    await t.app.ctx.db.delete(jobs).where(eq(jobs.dedupeKey, `requery:${v.id}`));
    await t.app.ctx.db
      .update(vends)
      .set({ requeryAt: new Date(Date.now() - 1000) })
      .where(eq(vends.id, v.id));
    expect(await runDueJobs(t.app.ctx, { now: later(1000), queues: ['requery'] })).toBe(0);
    await requerySweepJob(t.app.ctx, {} as never, new Date());
    await runDueJobs(t.app.ctx, { now: later(1000), queues: ['requery'] });
    expect((await api('GET', `vend/${v.id}`, corp)).json().data.status).toBe('SUCCESSFUL');
  });
});

describe.runIf(testDbKind() === 'pg')('[VEND] the vends of a process that is gone (PostgreSQL)', () => {
  it('[VEND] the sweep requeries at once a vend whose placing process has no connection left; not a live one', async () => {
    const place = async () => {
      const v = (await apiVend(t.app, key, { phone: '+2348000000003', network: 'MTN', amount: 100 })).json()
        .data;
      // As if the request were still calling the provider: its phase not over, guard minutes away.
      await t.app.ctx.db
        .update(vends)
        .set({ settledAt: null, requeryAt: new Date(Date.now() + 600_000) })
        .where(eq(vends.id, v.id));
      await t.app.ctx.db.delete(jobs).where(eq(jobs.dedupeKey, `requery:${v.id}`));
      return v.id as string;
    };
    const gone = await place();
    await t.app.ctx.db.update(vends).set({ placedBy: 'vendport:gone' }).where(eq(vends.id, gone));
    const live = await place();
    const [row] = await t.app.ctx.db.select().from(vends).where(eq(vends.id, live));
    expect(row.placedBy).toMatch(/^vendport:/);
    await requerySweepJob(t.app.ctx, {} as never, new Date());
    await runDueJobs(t.app.ctx, { now: later(1000), queues: ['requery'] });
    expect((await api('GET', `vend/${gone}`, corp)).json().data.status).toBe('SUCCESSFUL');
    expect((await api('GET', `vend/${live}`, corp)).json().data.status).toBe('PENDING');
  });
});

describe('[VEND] routing and fallback', () => {
  let glo: { id: string };
  let line: { id: string; code: string };

  beforeAll(async () => {
    const services = (await api('GET', 'services?network=GLO&serviceType=AIRTIME', admin)).json().data;
    glo = services[0];
    const upd = await api('PUT', `services/update/${glo.id}`, admin, {
      network: 'GLO',
      service: 'AIRTIME',
      platform: 'VTU',
      commission: '4.5',
      fallbackPlatforms: ['AGGREGATOR'],
    });
    expect(upd.statusCode).toBe(200);
    line = (
      await api('POST', 'vtu/add', admin, { name: 'Glo line 1', network: 'GLO', msisdn: '08151234567' })
    ).json().data;
    const funded = await api('POST', 'vtu/fund', admin, {
      vtuLine: line.code,
      amount: '10,000',
      reference: 'GLO-TOPUP-1',
      password: TEST_PASSWORD,
    });
    expect(funded.statusCode).toBe(200);
    expect(funded.json().data.floatKobo).toBe(1_000_000);
  });

  const lineFloat = async () =>
    (await api('GET', 'vtu/list?network=GLO', admin))
      .json()
      .data.find((l: { id: string }) => l.id === line.id).floatKobo;

  it('[VEND] a vend through a VTU line consumes its float through the ledger', async () => {
    const vtuBefore = await systemBalance(t.app, 'VTU_FLOAT');
    const v = (await apiVend(t.app, key, { phone: '08051234567', amount: 1000 })).json().data;
    expect(v).toMatchObject({ status: 'SUCCESSFUL', network: 'GLO', platform: 'VTU' });
    expect(await lineFloat()).toBe(900_000);
    expect(await systemBalance(t.app, 'VTU_FLOAT')).toBe(vtuBefore + 100_000);
    const hist = (await api('GET', `vtu/consumption-history?vtuLine=${line.code}`, admin)).json();
    expect(hist.data.map((h: { vendId: string }) => h.vendId)).toContain(v.id);
  });

  it('[VEND] a definite failure on one platform falls back to the next one', async () => {
    const before = await lineFloat();
    const provBefore = await systemBalance(t.app, 'PROVIDER_FLOAT');
    const v = (await apiVend(t.app, key, { phone: '+2348000000008', network: 'GLO', amount: 500 })).json()
      .data;
    expect(v.status).toBe('SUCCESSFUL');
    expect(await timeline(v.id)).toEqual([
      'CREATED:SIMULATOR:PENDING',
      'PROVIDER_CALL:VTU:SIMULATOR:FAILED',
      'REROUTED:AGGREGATOR:SIMULATOR',
      'PROVIDER_CALL:AGGREGATOR:SIMULATOR:SUCCESS',
      'REROUTED:AGGREGATOR:SIMULATOR',
      'STATUS:AGGREGATOR:SIMULATOR:SUCCESSFUL',
    ]);
    // The line's float came back; the aggregator's float carries the vend.
    expect(await lineFloat()).toBe(before);
    expect(await systemBalance(t.app, 'PROVIDER_FLOAT')).toBe(provBefore + 50_000);
  });

  it('[VEND] an unknown outcome never falls back: it waits on the same platform', async () => {
    const before = await lineFloat();
    const v = (await apiVend(t.app, key, { phone: '+2348000000005', network: 'GLO', amount: 500 })).json()
      .data;
    expect(v.status).toBe('PENDING');
    expect(await timeline(v.id)).toEqual([
      'CREATED:SIMULATOR:PENDING',
      'PROVIDER_CALL:VTU:SIMULATOR:TIMEOUT',
    ]);
    expect(await lineFloat()).toBe(before - 50_000);
    await runDueJobs(t.app.ctx, { now: later(31_000) });
    expect((await api('GET', `vend/${v.id}`, corp)).json().data.status).toBe('SUCCESSFUL');
    expect(await lineFloat()).toBe(before - 50_000);
  });

  it('[VEND] a line without enough float is skipped: the next platform serves', async () => {
    const v = (await apiVend(t.app, key, { phone: '08051234567', amount: 20_000 })).json().data;
    expect(v).toMatchObject({ status: 'SUCCESSFUL', platform: 'VTU' });
    expect(await timeline(v.id)).toEqual([
      'CREATED:SIMULATOR:PENDING',
      'PROVIDER_CALL:AGGREGATOR:SIMULATOR:SUCCESS',
      'STATUS:AGGREGATOR:SIMULATOR:SUCCESSFUL',
    ]);
  });

  it('[VEND] a recipient failure ends the vend without trying the next platform; the line float comes back', async () => {
    // Invalid subscriber is the recipient's fault (issue 32): another provider would fail too, or
    // vend twice; only a provider-side failure (the line's, above) fails over.
    const before = await lineFloat();
    const v = (await apiVend(t.app, key, { phone: '+2348000000002', network: 'GLO', amount: 500 })).json()
      .data;
    expect(v.status).toBe('FAILED');
    expect(await timeline(v.id)).toEqual([
      'CREATED:SIMULATOR:PENDING',
      'PROVIDER_CALL:VTU:SIMULATOR:FAILED',
      'STATUS:VTU:SIMULATOR:FAILED',
      'REVERSAL:FAILED',
    ]);
    expect(await lineFloat()).toBe(before);
  });
});

describe('[VEND] rules and idempotency', () => {
  it('[VEND] the same reference and body returns the original answer without a second debit', async () => {
    const reference = newRef('IDEM');
    const before = await balances(t.app, corp.corporateId);
    const first = await apiVend(t.app, key, { reference, phone: '08031234567', amount: 250 });
    const second = await apiVend(t.app, key, { reference, phone: '+234 803 123 4567', amount: '250.00' });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect((await balances(t.app, corp.corporateId)).wallet).toBe(before.wallet - 25_000);
    const conflict = await apiVend(t.app, key, { reference, phone: '08031234567', amount: 300 });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().code).toBe('IDEMPOTENCY_CONFLICT');
    expect((await balances(t.app, corp.corporateId)).wallet).toBe(before.wallet - 25_000);
  });

  it('[VEND] the network is suggested by the prefix, and the caller’s network is honoured', async () => {
    expect((await apiVend(t.app, key, { phone: '07011234567' })).json().data.network).toBe('AIRTEL');
    expect((await apiVend(t.app, key, { phone: '07011234567', network: 'MTN' })).json().data.network).toBe(
      'MTN',
    );
    const unknown = await apiVend(t.app, key, { phone: '+2348000000001' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/network/);
    const bad = await apiVend(t.app, key, { phone: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Enter a valid Nigerian phone number');
  });

  it('[VEND] amounts outside the service bounds are refused before anything is charged', async () => {
    const before = await balances(t.app, corp.corporateId);
    const low = await apiVend(t.app, key, { amount: 10 });
    expect(low.statusCode).toBe(400);
    expect(low.json().message).toBe('Amount must be between ₦50.00 and ₦50,000.00 for MTN airtime');
    expect((await apiVend(t.app, key, { amount: 60_000 })).statusCode).toBe(400);
    expect((await apiVend(t.app, key, { amount: '100.555' })).statusCode).toBe(400);
    expect(await balances(t.app, corp.corporateId)).toEqual(before);
  });

  it('[VEND] data is vended by plan at the plan price', async () => {
    const v = (
      await apiVend(t.app, key, { type: 'DATA', amount: undefined, planCode: 'MTN-1.5GB-30D' })
    ).json().data;
    expect(v).toMatchObject({
      status: 'SUCCESSFUL',
      type: 'DATA',
      planCode: 'MTN-1.5GB-30D',
      amountKobo: 150_000,
      commissionKobo: 3_000,
    });
    const wrong = await apiVend(t.app, key, { type: 'DATA', amount: undefined, planCode: 'GLO-1GB-14D' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/is for GLO, not MTN/);
    expect(
      (await apiVend(t.app, key, { type: 'DATA', amount: undefined, planCode: 'NOPE' })).statusCode,
    ).toBe(400);
    expect(
      (await apiVend(t.app, key, { type: 'DATA', amount: 100, planCode: 'MTN-1.5GB-30D' })).statusCode,
    ).toBe(400);
  });

  it('[VEND] services not assigned or disabled are unavailable', async () => {
    const fresh = await createCorporate(t.app);
    await fund(t.app, fresh.corporateId, 100_000);
    const res = await api('POST', 'vend', fresh, { phone: '08031234567', type: 'AIRTIME', amount: 100 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'MTN airtime is not available on your account',
    });
    const airtel = (await api('GET', 'services?network=AIRTEL&serviceType=AIRTIME', admin)).json().data[0];
    await api('PUT', 'services/status', admin, { id: airtel.id, status: 'INACTIVE' });
    expect((await apiVend(t.app, key, { phone: '07011234567' })).json().code).toBe('SERVICE_UNAVAILABLE');
    await api('PUT', 'services/status', admin, { id: airtel.id, status: 'ACTIVE' });
    expect((await apiVend(t.app, key, { phone: '07011234567' })).json().data.status).toBe('SUCCESSFUL');
  });

  it('[VEND] an inactive client cannot vend (portal and API)', async () => {
    const c = await createCorporate(t.app);
    await assignDefaults(t.app, c.corporateId);
    await fund(t.app, c.corporateId, 100_000);
    const k = await apiKeyFor(t.app, c.corporateId);
    await t.app.ctx.db.update(corporates).set({ status: 'INACTIVE' }).where(eq(corporates.id, c.corporateId));
    const portal = await api('POST', 'vend', c, { phone: '08031234567', type: 'AIRTIME', amount: 100 });
    expect(portal.statusCode).toBe(403);
    expect(portal.json().code).toBe('CLIENT_INACTIVE');
    expect((await apiVend(t.app, k, {})).json().code).toBe('CLIENT_INACTIVE');
    expect((await balances(t.app, c.corporateId)).wallet).toBe(100_000);
  });

  it('[VEND] the wallet floor is respected: prepaid stops at zero, postpaid at minus its credit limit', async () => {
    const pre = await createCorporate(t.app);
    await assignDefaults(t.app, pre.corporateId);
    await fund(t.app, pre.corporateId, 15_000);
    const k = await apiKeyFor(t.app, pre.corporateId);
    const short = await apiVend(t.app, k, { amount: 200 });
    expect(short.statusCode).toBe(402);
    expect(short.json().code).toBe('INSUFFICIENT_FUNDS');
    expect(await t.app.ctx.db.select().from(vends).where(eq(vends.corporateId, pre.corporateId))).toEqual([]);
    expect((await apiVend(t.app, k, { amount: 150 })).json().data.status).toBe('SUCCESSFUL');
    expect((await balances(t.app, pre.corporateId)).wallet).toBe(0);

    const post = await createCorporate(t.app, { clientType: 'POSTPAID' });
    await t.app.ctx.db
      .update(corporates)
      .set({ creditLimitKobo: 50_000 })
      .where(eq(corporates.id, post.corporateId));
    await assignDefaults(t.app, post.corporateId);
    const pk = await apiKeyFor(t.app, post.corporateId);
    expect((await apiVend(t.app, pk, { amount: 400 })).json().data.status).toBe('SUCCESSFUL');
    expect((await balances(t.app, post.corporateId)).wallet).toBe(-40_000);
    expect((await apiVend(t.app, pk, { amount: 200 })).json().code).toBe('INSUFFICIENT_FUNDS');
  });
});

describe('[VEND] test mode', () => {
  it('[VEND] a test key vends from the sandbox wallet through the simulator; the live wallet is untouched', async () => {
    await fund(t.app, corp.corporateId, 500_000, 'SANDBOX');
    const testKey = await apiKeyFor(t.app, corp.corporateId, 'TEST');
    const before = await balances(t.app, corp.corporateId);
    const provBefore = await systemBalance(t.app, 'PROVIDER_FLOAT');
    const ok = (await apiVend(t.app, testKey, { amount: 1000 })).json().data;
    expect(ok).toMatchObject({
      status: 'SUCCESSFUL',
      mode: 'TEST',
      commissionMode: 'NONE',
      commissionKobo: 0,
      chargedKobo: 100_000,
    });
    const failed = (
      await apiVend(t.app, testKey, { phone: '+2348000000002', network: 'MTN', amount: 1000 })
    ).json().data;
    expect(failed.status).toBe('FAILED');
    const after = await balances(t.app, corp.corporateId);
    expect(after.wallet).toBe(before.wallet);
    expect(after.commission).toBe(before.commission);
    expect(after.sandbox).toBe(before.sandbox - 100_000);
    expect(await systemBalance(t.app, 'PROVIDER_FLOAT')).toBe(provBefore);
    expect(await timeline(ok.id)).toEqual([
      'CREATED:SIMULATOR:PENDING',
      'PROVIDER_CALL:SANDBOX:SIMULATOR:SUCCESS',
      'STATUS:SANDBOX:SIMULATOR:SUCCESSFUL',
    ]);
    // Test vends stay out of live histories and reports.
    const live = (await api('GET', 'transactions/vending?limit=100', corp))
      .json()
      .data.map((v: { id: string }) => v.id);
    expect(live).not.toContain(ok.id);
    const test = (await api('GET', 'transactions/vending?mode=TEST', corp))
      .json()
      .data.map((v: { id: string }) => v.id);
    expect(test).toEqual([failed.id, ok.id]);
    const adminLive = (await api('GET', 'corporates-transactions/vending?limit=100', admin))
      .json()
      .data.map((v: { id: string }) => v.id);
    expect(adminLive).not.toContain(ok.id);
    // A reference is per mode: the live key does not see the test vend.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/api/vend/${ok.reference}`,
          headers: { 'x-api-key': key },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/api/vend/${ok.reference}`,
          headers: { 'x-api-key': testKey },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('[VEND] a client in test mode vends in TEST even with its live key and on the portal', async () => {
    const c = await createCorporate(t.app);
    await assignDefaults(t.app, c.corporateId);
    await fund(t.app, c.corporateId, 100_000);
    await fund(t.app, c.corporateId, 100_000, 'SANDBOX');
    await t.app.ctx.db.update(corporates).set({ testMode: true }).where(eq(corporates.id, c.corporateId));
    const k = await apiKeyFor(t.app, c.corporateId, 'LIVE');
    expect((await apiVend(t.app, k, { amount: 100 })).json().data.mode).toBe('TEST');
    expect(
      (await api('POST', 'vend', c, { phone: '08031234567', type: 'AIRTIME', amount: 100 })).json().data.mode,
    ).toBe('TEST');
    expect(await balances(t.app, c.corporateId)).toMatchObject({ wallet: 100_000, sandbox: 80_000 });
  });
});

describe('[VEND] admin reversal', () => {
  it('[VEND] an admin reverses a successful vend with their password: refunded, REVERSED, once', async () => {
    const v = (await apiVend(t.app, key, { amount: 1000 })).json().data;
    const before = await balances(t.app, corp.corporateId);
    const noPw = await api('POST', `vend/${v.id}/reverse`, admin, {
      password: '',
      reason: 'Customer did not get it',
    });
    expect(noPw.json().message).toBe('Please enter your password');
    const wrong = await api('POST', `vend/${v.id}/reverse`, admin, {
      password: 'not-the-password',
      reason: 'x',
    });
    expect(wrong.json().code).toBe('INVALID_PASSWORD');
    const res = await api('POST', `vend/${v.code}/reverse`, admin, {
      password: TEST_PASSWORD,
      reason: 'Customer did not get it',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'REVERSED', reversalReason: 'Customer did not get it' });
    const after = await balances(t.app, corp.corporateId);
    expect(after.wallet).toBe(before.wallet + 100_000);
    expect(after.commission).toBe(before.commission - 3_000);
    const again = await api('POST', `vend/${v.id}/reverse`, admin, {
      password: TEST_PASSWORD,
      reason: 'again',
    });
    expect(again.statusCode).toBe(409);
    expect(await balances(t.app, corp.corporateId)).toEqual(after);
    const audit = (await api('GET', 'audit-trails?action=vend.reverse', admin)).json().data;
    expect(audit[0]).toMatchObject({ targetId: v.id, actorEmail: admin.email });
    expect(JSON.stringify(audit)).not.toContain(TEST_PASSWORD);
  });

  it('[VEND] a bill too: reversed by an admin after success, refunded once (commission back), bill.reversed sent', async () => {
    const set = await api('POST', 'web-hook-url', corp, { url: 'http://127.0.0.1:9/hook' });
    expect(set.statusCode).toBe(200);
    const bill = (await api('POST', 'bills/pay', corp, prepaidBill('2000'))).json().data;
    expect(bill.status).toBe('SUCCESSFUL');
    const before = await balances(t.app, corp.corporateId);
    const res = await api('POST', `vend/${bill.id}/reverse`, admin, {
      password: TEST_PASSWORD,
      reason: 'Token rejected by the meter',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'REVERSED', type: 'ELECTRICITY', network: 'IKEDC' });
    const after = await balances(t.app, corp.corporateId);
    expect(after.wallet).toBe(before.wallet + 200_000);
    expect(after.commission).toBe(before.commission - bill.commissionKobo);
    const again = await api('POST', `vend/${bill.id}/reverse`, admin, {
      password: TEST_PASSWORD,
      reason: 'x',
    });
    expect(again.statusCode).toBe(409);
    expect(await balances(t.app, corp.corporateId)).toEqual(after);
    const sent = await t.app.ctx.dbHandle.query<{ body: string }>(
      'select body from webhook_deliveries where vend_id = $1 order by created_at',
      [bill.id],
    );
    const types = sent.map((d) => JSON.parse(d.body).type);
    expect(types).toEqual(['bill.successful', 'bill.reversed']);
    const reversed = JSON.parse(sent[1].body).data;
    expect(reversed).toMatchObject({ status: 'REVERSED', biller: 'IKEDC', customerNumber: '1111111111111' });
    expect((await api('GET', `bills/${bill.id}`, corp)).json().data.status).toBe('REVERSED');
  });

  it('[VEND] only successful vends can be reversed, and only by admins', async () => {
    const failed = (await apiVend(t.app, key, { phone: '+2348000000002', network: 'MTN' })).json().data;
    expect(
      (await api('POST', `vend/${failed.id}/reverse`, admin, { password: TEST_PASSWORD, reason: 'x' }))
        .statusCode,
    ).toBe(409);
    const ok = (await apiVend(t.app, key, {})).json().data;
    expect(
      (await api('POST', `vend/${ok.id}/reverse`, corp, { password: TEST_PASSWORD, reason: 'x' })).json()
        .code,
    ).toBe('WRONG_AREA');
  });
});

describe('[VEND] histories', () => {
  it('[VEND] a client sees its own vends with the filters; another client’s vend is not found', async () => {
    const mine = (await apiVend(t.app, key, { phone: '08039876543', amount: 321 })).json().data;
    const theirs = (
      await api('POST', 'vend', other, { phone: '08039876543', type: 'AIRTIME', amount: 100 })
    ).json().data;
    const list = (await api('GET', 'transactions/vending?search=0803 987 6543', corp)).json();
    expect(list.data.map((v: { id: string }) => v.id)).toEqual([mine.id]);
    expect(list).toMatchObject({ currentPage: 1, limit: 40 });
    expect(
      (await api('GET', `transactions/vending?search=${mine.reference}`, corp)).json().data,
    ).toHaveLength(1);
    const failed = (await api('GET', 'transactions/vending?status=FAILED&limit=100', corp)).json().data;
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((v: { status: string }) => v.status === 'FAILED')).toBe(true);
    const glo = (await api('GET', 'transactions/vending?network=GLO&limit=100', corp)).json().data;
    expect(glo.every((v: { network: string }) => v.network === 'GLO')).toBe(true);
    const data = (await api('GET', 'transactions/vending?vendType=DATA&limit=100', corp)).json().data;
    expect(data.every((v: { type: string }) => v.type === 'DATA')).toBe(true);
    expect((await api('GET', 'transactions/vending?startDate=2999-01-01', corp)).json().data).toEqual([]);
    expect((await api('GET', 'transactions/vending?limit=50', corp)).statusCode).toBe(400);

    expect((await api('GET', `vend/${theirs.id}`, corp)).statusCode).toBe(404);
    expect((await api('GET', `vend/${theirs.code}`, corp)).statusCode).toBe(404);
    const detail = (await api('GET', `vend/${mine.id}`, corp)).json().data;
    expect(detail).toMatchObject({ id: mine.id, admin: null });
    expect(detail.events.every((e: { provider: string | null }) => e.provider === null)).toBe(true);
    const asAdmin = (await api('GET', `vend/${theirs.id}`, admin)).json().data;
    expect(asAdmin.admin).toMatchObject({ provider: 'SIMULATOR', route: 'AGGREGATOR:SIMULATOR' });
  });

  it('[VEND] admins see every client, filtered by client and client type', async () => {
    const all = (
      await api('GET', `corporates-transactions/vending?corporateId=${other.corporateId}&limit=100`, admin)
    ).json().data;
    expect(all.length).toBeGreaterThan(0);
    expect(
      all.every(
        (v: { corporateId: string; corporateName: string }) =>
          v.corporateId === other.corporateId && v.corporateName === 'Beta Payroll Ltd',
      ),
    ).toBe(true);
    expect(
      (await api('GET', 'corporates-transactions/vending?clientType=POSTPAID', admin))
        .json()
        .data.every((v: { clientType: string }) => v.clientType === 'POSTPAID'),
    ).toBe(true);
    expect((await api('GET', 'corporates-transactions/vending', corp)).json().code).toBe('WRONG_AREA');
  });

  it('[VEND] the history exports as CSV with the same filters', async () => {
    const res = await api('GET', 'transactions/vending?format=csv&network=GLO', corp);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^Date,Vend,Reference,Channel,Phone,Network/);
    expect(lines.length).toBeGreaterThan(1);
    // The network as the screens say it (issue 53 point 3).
    expect(lines.slice(1).every((l) => l.includes(',Glo,'))).toBe(true);
    const adminCsv = await api('GET', 'corporates-transactions/vending?format=csv', admin);
    expect(adminCsv.body.split('\r\n')[0]).toContain('Client,Client type');
    // Dates as people read them (Lagos, DD/MM/YYYY h:mm A); a failed vend earned nothing.
    const failed = await api('GET', 'transactions/vending?format=csv&status=FAILED', corp);
    const rows = failed.body.trim().split('\r\n');
    const header = rows[0].split(',');
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows.slice(1)) {
      const cells = row.split(',');
      expect(cells[0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M$/);
      expect(cells[header.indexOf('Commission (NGN)')]).toBe('0.00');
      expect(cells[header.indexOf('Commission mode')]).toBe('');
    }
  });
});

describe('[VEND] histories with bills', () => {
  it('[VEND] a bill on the history list: its biller, customer and token masked; airtime rows carry none', async () => {
    const bill = (await api('POST', 'bills/pay', corp, prepaidBill('1200'))).json().data;
    const full = (await api('GET', `bills/${bill.id}`, corp)).json().data.token as string;
    expect(full).toMatch(/^\d{4}(-\d{4}){4}$/);
    const expected = {
      billerName: 'Ikeja Electric',
      customerNumber: '1111111111111',
      customerName: 'TESTMETER1 ONE',
      meterType: 'PREPAID',
      token: `****${full.slice(-4)}`,
    };
    const mine = (await api('GET', `transactions/vending?search=${bill.reference}`, corp)).json().data;
    expect(mine).toEqual([
      expect.objectContaining({ id: bill.id, type: 'ELECTRICITY', bill: expect.objectContaining(expected) }),
    ]);
    const theirs = (
      await api('GET', `corporates-transactions/vending?search=${bill.reference}`, admin)
    ).json().data;
    expect(theirs[0].bill).toMatchObject(expected);
    const airtime = (await api('GET', 'transactions/vending?vendType=AIRTIME&limit=100', corp)).json().data;
    expect(airtime.every((v: { bill: unknown }) => v.bill === null)).toBe(true);
    expect(JSON.stringify(mine) + JSON.stringify(theirs)).not.toContain(full.replace(/-/g, ''));
    expect(JSON.stringify(mine) + JSON.stringify(theirs)).not.toContain(full);
  });

  it('[VEND] the CSV exports bills: Electricity and TV types, the biller, customer number and name, the token masked, never whole', async () => {
    const bill = (await api('POST', 'bills/pay', corp, prepaidBill('1300'))).json().data;
    const full = (await api('GET', `bills/${bill.id}`, corp)).json().data.token as string;
    const tv = (await api('POST', 'bills/pay', corp, tvRenewal())).json().data;
    expect(tv.status).toBe('SUCCESSFUL');
    for (const [who, url] of [
      [corp, 'transactions/vending?format=csv'],
      [admin, `corporates-transactions/vending?format=csv&corporateId=${corp.corporateId}`],
    ] as const) {
      const res = await api('GET', url, who);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(full);
      expect(res.body).not.toContain(full.replace(/-/g, ''));
      const rows = res.body.trim().split('\r\n');
      const header = rows[0].split(',');
      expect(header.slice(-4)).toEqual(['Biller', 'Customer number', 'Customer name', 'Token']);
      const cell = (code: string, column: string) =>
        rows.find((r) => r.includes(code))!.split(',')[header.indexOf(column)];
      expect(cell(bill.code, 'Type')).toBe('Electricity');
      expect(cell(bill.code, 'Network')).toBe('Ikeja Electric');
      expect(cell(bill.code, 'Biller')).toBe('Ikeja Electric');
      expect(cell(bill.code, 'Customer number')).toBe('1111111111111');
      expect(cell(bill.code, 'Customer name')).toBe('TESTMETER1 ONE');
      expect(cell(bill.code, 'Token')).toBe(`****${full.slice(-4)}`);
      expect(cell(tv.code, 'Type')).toBe('TV');
      expect(cell(tv.code, 'Biller')).toBe('DStv');
      expect(cell(tv.code, 'Customer number')).toBe('1212121212');
      expect(cell(tv.code, 'Token')).toBe('');
      const airtime = rows.find((r) => r.includes(',Airtime,'))!.split(',');
      expect(airtime.slice(-4)).toEqual(['', '', '', '']);
    }
    // The vend-type filter takes the bill kinds.
    const onlyTv = await api('GET', 'transactions/vending?format=csv&vendType=TV', corp);
    const tvRows = onlyTv.body.trim().split('\r\n').slice(1);
    expect(tvRows.length).toBeGreaterThan(0);
    expect(tvRows.every((r) => r.includes(',TV,'))).toBe(true);
  });
});

describe('[VEND] bulk', () => {
  it('[VEND] a valid file is vended row by row with per-row results', async () => {
    const before = await balances(t.app, corp.corporateId);
    const csv = [
      'phone,network,type,amount,planCode,reference',
      '08031234567,,AIRTIME,100,,',
      '+2348000000002,MTN,AIRTIME,200,,',
      '0805 123 4567,,DATA,,GLO-1GB-14D,MY-ROW-3',
    ].join('\n');
    const res = await api('POST', 'vend/bulk', corp, { csv, batchReference: newRef('BATCH') });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ total: 3, successful: 2, failed: 1 });
    expect(d.rows.map((r: { ok: boolean }) => r.ok)).toEqual([true, false, true]);
    expect(d.rows[2].reference).toBe('MY-ROW-3');
    expect(d.rows[0].vend.channel).toBe('BULK');
    expect((await balances(t.app, corp.corporateId)).wallet).toBe(before.wallet - 10_000 - 50_000);
    // The same file again is a replay: nothing more is charged.
    const again = await api('POST', 'vend/bulk', corp, {
      csv,
      batchReference: res.json().data.rows[0].reference.replace(/-1$/, ''),
    });
    expect(again.json().data.rows[0].message).toMatch(/Already vended/);
    expect((await balances(t.app, corp.corporateId)).wallet).toBe(before.wallet - 60_000);
  });

  it('[VEND] one invalid row refuses the whole file and charges nothing', async () => {
    const before = await balances(t.app, corp.corporateId);
    const count = (await t.app.ctx.db.select().from(vends).where(eq(vends.corporateId, corp.corporateId)))
      .length;
    const csv = [
      'phone,type,amount',
      '08031234567,AIRTIME,100',
      '0803,AIRTIME,100',
      '08031234567,AIRTIME,10',
      '08031234567,DATA,',
    ].join('\r\n');
    const res = await api('POST', 'vend/bulk', corp, { csv });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      'Row 2: Enter a valid Nigerian phone number',
      'Row 3: Amount must be between ₦50.00 and ₦50,000.00 for MTN airtime',
      'Row 4: Choose a data plan',
    ]);
    expect(await balances(t.app, corp.corporateId)).toEqual(before);
    expect(
      (await t.app.ctx.db.select().from(vends).where(eq(vends.corporateId, corp.corporateId))).length,
    ).toBe(count);
  });

  it('[VEND] a file costing more than the balance is refused before anything is charged', async () => {
    const c = await createCorporate(t.app);
    await assignDefaults(t.app, c.corporateId);
    await fund(t.app, c.corporateId, 15_000);
    const res = await api('POST', 'vend/bulk', c, {
      csv: 'phone,type,amount\n08031234567,AIRTIME,100\n08031234567,AIRTIME,100',
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe('The file needs ₦200.00 but ₦150.00 is available; nothing was charged');
    expect((await balances(t.app, c.corporateId)).wallet).toBe(15_000);
  });
});

describe('[VEND] the books', () => {
  it('[VEND] the ledger and vending invariants hold after every path above', async () => {
    await expectBooksBalanced(t.app);
  });
});
