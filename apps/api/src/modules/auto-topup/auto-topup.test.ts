// Auto top-up over HTTP and through the scheduler: settings, subscribers (checks, CSV import),
// the scheduler's runs (vended once, next run moved on, wallet short, caps), Run now, the runs
// list and its CSV, the admin's read, permissions, another client's rows, and the audit trail.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../infra/db/migrate';
import { corporates } from '../../infra/db/schema';
import { ensureRecurringJobs, runDueJobs } from '../../jobs';
import { addCorporateMember, createAdmin, createCorporate, type TestUser } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/harness';
import { balances, expectBooksBalanced, fund } from '../vending/vending.testing';
import { AUTO_TOPUP_QUEUE } from './auto-topup.jobs';
import {
  addSubscriber,
  autoTopupClient,
  autoVendsOf,
  type Client,
  call,
  makeDue,
  runsOf,
  SETTINGS,
} from './auto-topup.testing';
import { runSchedule } from './scheduler.service';

let t: TestApp;
let admin: TestUser;
const api = (method: string, url: string, u: Client | TestUser, payload?: unknown) =>
  call(t.app, method, url, u, payload);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app);
});
afterAll(async () => {
  if (t) await expectBooksBalanced(t.app);
  await t?.close();
});

const auditActions = async (corporateId: string) =>
  (
    await t.app.ctx.dbHandle.query<{ action: string; summary: Record<string, unknown> }>(
      `select action, summary from audit_logs where corporate_id = $1 and action like 'auto-topup.%' order by created_at`,
      [corporateId],
    )
  ).map((r) => r.action);

const notificationsOf = async (corporateId: string) =>
  t.app.ctx.dbHandle.query<{ subject: string; body: string }>(
    `select n.subject, n.body from notifications n join users u on u.id = n.user_id
      where u.corporate_id = $1 and n.subject like 'Auto top-up%' order by n.created_at`,
    [corporateId],
  );

describe('[AUTOTOPUP] settings', () => {
  it('[AUTOTOPUP] defaults, refused while the platform has it off, saved with caps and audited before/after', async () => {
    const c = await createCorporate(t.app);
    const first = await api('GET', 'auto-topup/settings', c);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      platformEnabled: false,
      enabled: false,
      defaultTime: '08:00',
      dailyCapKobo: null,
      insufficientFundsPolicy: 'SKIP_NOTIFY',
      spentTodayKobo: 0,
    });
    const off = await api('POST', 'auto-topup/settings', c, SETTINGS);
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toMatch(/disabled for your account by the platform/);
    // Saving with it off is fine (the rest of the settings).
    expect((await api('POST', 'auto-topup/settings', c, { ...SETTINGS, enabled: false })).statusCode).toBe(
      200,
    );

    await t.app.ctx.db
      .update(corporates)
      .set({ autoTopUpEnabled: true })
      .where(eq(corporates.id, c.corporateId));
    const saved = await api('POST', 'auto-topup/settings', c, {
      ...SETTINGS,
      defaultTime: '07:30',
      dailyCap: '5000',
      monthlyCap: '100000',
      insufficientFundsPolicy: 'RETRY_LATER_TODAY',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      platformEnabled: true,
      enabled: true,
      defaultTime: '07:30',
      dailyCapKobo: 500_000,
      dailyCap: '₦5,000.00',
      monthlyCapKobo: 10_000_000,
      insufficientFundsPolicy: 'RETRY_LATER_TODAY',
    });
    for (const bad of [
      { ...SETTINGS, defaultTime: '25:00' },
      { ...SETTINGS, dailyCap: '-5' },
      { ...SETTINGS, dailyCap: '5000', monthlyCap: '100' },
      { ...SETTINGS, insufficientFundsPolicy: 'BORROW' },
      { enabled: true },
    ]) {
      const res = await api('POST', 'auto-topup/settings', c, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().success).toBe(false);
    }
    const audits = await t.app.ctx.dbHandle.query<{
      summary: { before: { dailyCapKobo: number | null }; after: { dailyCapKobo: number } };
    }>(
      `select summary from audit_logs where corporate_id = $1 and action = 'auto-topup.settings.update' order by created_at`,
      [c.corporateId],
    );
    expect(audits).toHaveLength(2);
    expect(audits[1].summary.before.dailyCapKobo).toBeNull();
    expect(audits[1].summary.after.dailyCapKobo).toBe(500_000);
  });
});

describe('[AUTOTOPUP] subscribers', () => {
  let c: Client;
  beforeAll(async () => {
    c = await autoTopupClient(t.app, 1_000_000);
  });

  it('[AUTOTOPUP] a subscriber is normalised and checked as a vend; the network is detected or named; next run is in Lagos time', async () => {
    const res = await api('POST', 'auto-topup/subscribers', c, {
      name: ' Ada Obi ',
      phone: '0803 123 4567',
      type: 'AIRTIME',
      amount: '250',
      frequency: 'DAILY',
      time: '23:30',
    });
    expect(res.statusCode).toBe(200);
    const s = res.json().data;
    expect(s).toMatchObject({
      name: 'Ada Obi',
      phone: '+2348031234567',
      network: 'MTN',
      amountKobo: 25_000,
      time: '23:30',
      schedule: 'Daily at 11:30 PM',
      paused: false,
    });
    // 23:30 in Lagos is 22:30 UTC.
    expect(s.nextRunAt).toMatch(/T22:30:00\.000Z$/);
    expect(new Date(s.nextRunAt).getTime()).toBeGreaterThan(Date.now());

    const named = await api('POST', 'auto-topup/subscribers', c, {
      name: 'Ported',
      phone: '08031234568',
      network: 'GLO',
      type: 'AIRTIME',
      amount: '100',
      frequency: 'MONTHLY',
      monthDay: 31,
    });
    expect(named.json().data).toMatchObject({ network: 'GLO', monthDay: 31, time: '08:00' });

    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ phone: '12345' }, /valid Nigerian phone/],
      [{ amount: undefined }, /Amount is required/],
      [{ amount: '0.5' }, /between ₦1\.00 and ₦1,000,000\.00/],
      [{ amount: '5000000' }, /between ₦1\.00 and ₦1,000,000\.00/],
      [{ frequency: 'WEEKLY' }, /weekday/],
      [{ frequency: 'MONTHLY', monthDay: 32 }, /1 to 31/],
      [{ frequency: 'ONCE', onceDate: '2020-01-01' }, /must be in the future/],
      [{ frequency: 'ONCE', onceDate: '2031-02-30' }, /real date/],
      [{ type: 'DATA', amount: undefined, planCode: 'NOPE' }, /plan/i],
      [{ name: '' }, /Name is required/],
    ];
    for (const [patch, msg] of cases) {
      const r = await api('POST', 'auto-topup/subscribers', c, {
        name: 'X',
        phone: '08031234569',
        type: 'AIRTIME',
        amount: '100',
        frequency: 'DAILY',
        ...patch,
      });
      expect(r.statusCode, JSON.stringify(patch)).toBeGreaterThanOrEqual(400);
      expect(r.statusCode, JSON.stringify(patch)).toBeLessThan(500);
      expect(JSON.stringify(r.json()), JSON.stringify(patch)).toMatch(msg);
    }
  });

  it('[AUTOTOPUP] edit, pause, resume and remove; removed subscribers leave the list; every change is audited', async () => {
    const s = await addSubscriber(t.app, c, { name: 'Bola' });
    const edited = await api('PUT', `auto-topup/subscribers/${s.id}`, c, {
      name: 'Bola Ade',
      phone: s.phone,
      type: 'AIRTIME',
      amount: '300',
      frequency: 'WEEKLY',
      weekday: 1,
      time: '09:15',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      name: 'Bola Ade',
      amountKobo: 30_000,
      schedule: 'Every Monday at 9:15 AM',
    });
    // Monday 09:15 Lagos = Monday 08:15 UTC.
    const next = new Date(edited.json().data.nextRunAt);
    expect(next.getUTCDay()).toBe(1);
    expect(next.toISOString()).toMatch(/T08:15:00\.000Z$/);

    const paused = await api('PUT', `auto-topup/subscribers/${s.id}/pause`, c, { paused: true });
    expect(paused.json().data).toMatchObject({ paused: true, nextRunAt: null });
    expect((await api('PUT', `auto-topup/subscribers/${s.id}/pause`, c, { paused: true })).statusCode).toBe(
      400,
    );
    expect(
      (await api('GET', 'auto-topup/subscribers?status=PAUSED', c))
        .json()
        .data.map((x: { id: string }) => x.id),
    ).toEqual([s.id]);
    const resumed = await api('PUT', `auto-topup/subscribers/${s.id}/pause`, c, { paused: false });
    expect(resumed.json().data.nextRunAt).toBe(edited.json().data.nextRunAt);

    expect((await api('DELETE', `auto-topup/subscribers/${s.id}`, c)).statusCode).toBe(200);
    expect((await api('DELETE', `auto-topup/subscribers/${s.id}`, c)).statusCode).toBe(404);
    const list = await api('GET', 'auto-topup/subscribers?search=Bola', c);
    expect(list.json().data).toEqual([]);
    expect(await auditActions(c.corporateId)).toEqual(
      expect.arrayContaining([
        'auto-topup.subscriber.create',
        'auto-topup.subscriber.update',
        'auto-topup.subscriber.pause',
        'auto-topup.subscriber.resume',
        'auto-topup.subscriber.remove',
      ]),
    );
  });

  it('[AUTOTOPUP] CSV import checks every row first (as bulk vend): one bad row adds none; a good file adds all', async () => {
    const before = (await api('GET', 'auto-topup/subscribers', c)).json().total;
    const bad = await api('POST', 'auto-topup/subscribers/import', c, {
      csv: 'name,phone,type,amount,frequency,weekday\nAda,08031110001,AIRTIME,100,DAILY,\nBad,123,AIRTIME,100,DAILY,\nWk,08031110002,AIRTIME,100,WEEKLY,\n',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The file has 2 invalid rows; no subscriber was added');
    expect(bad.json().errors).toEqual([
      'Row 2: Enter a valid Nigerian phone number',
      'Row 3: Choose a weekday',
    ]);
    expect(
      (await api('POST', 'auto-topup/subscribers/import', c, { csv: 'colour\nred\n' })).json().message,
    ).toMatch(/Unknown column: colour/);
    expect((await api('GET', 'auto-topup/subscribers', c)).json().total).toBe(before);

    const good = await api('POST', 'auto-topup/subscribers/import', c, {
      csv: 'Name,Phone,Type,Amount,Plan Code,Frequency,Weekday,Day,Date,Time\nAda,08031110001,airtime,100,,daily,,,,06:00\nWk,+2348031110002,AIRTIME,200,,WEEKLY,Friday,,,\nMo,2348031110003,AIRTIME,150,,MONTHLY,,31,,\nOne,08031110004,AIRTIME,100,,ONCE,,,2031-06-01,12:00\n',
    });
    expect(good.statusCode).toBe(200);
    expect(good.json().data).toEqual({ created: 4 });
    const rows = (await api('GET', 'auto-topup/subscribers?limit=100', c)).json().data as Array<{
      name: string;
      schedule: string;
    }>;
    expect(rows.find((r) => r.name === 'Wk')?.schedule).toBe('Every Friday at 8:00 AM');
    expect(rows.find((r) => r.name === 'One')?.schedule).toBe('Once on 01/06/2031 at 12:00 PM');
    expect(await auditActions(c.corporateId)).toContain('auto-topup.subscriber.import');
  });
});

describe('[AUTOTOPUP] the scheduler', () => {
  it('[AUTOTOPUP] a due subscriber is vended once through the vend service (channel AUTO_TOPUP); its next run moves on; a summary is notified', async () => {
    const c = await autoTopupClient(t.app, 1_000_000);
    const a = await addSubscriber(t.app, c, { amount: '100' });
    const b = await addSubscriber(t.app, c, { amount: '200', frequency: 'ONCE', onceDate: '2031-01-01' });
    const due = await makeDue(t.app, [a.id, b.id]);
    const before = await balances(t.app, c.corporateId);
    const pass = await runSchedule(t.app.ctx);
    expect(pass.created).toBeGreaterThanOrEqual(2);
    const again = await runSchedule(t.app.ctx);
    expect(again.created).toBe(0);

    const vends = await autoVendsOf(t.app, c.corporateId);
    expect(vends).toHaveLength(2);
    expect(vends.every((v) => v.status === 'SUCCESSFUL' && v.channel === 'AUTO_TOPUP')).toBe(true);
    expect((await balances(t.app, c.corporateId)).wallet).toBe(before.wallet - 30_000);
    const runs = await runsOf(t.app, c.corporateId);
    expect(runs.map((r) => r.status)).toEqual(['VENDED', 'VENDED']);
    const lagos = new Date(due.getTime() + 3_600_000).toISOString().slice(0, 16).replace(/[-T:]/g, '');
    expect(runs.map((r) => r.reference).sort()).toEqual(
      [`ATU-${a.id}-${lagos}`, `ATU-${b.id}-${lagos}`].sort(),
    );

    const subs = (await api('GET', 'auto-topup/subscribers', c)).json().data as Array<{
      id: string;
      nextRunAt: string | null;
    }>;
    // Daily: tomorrow 08:00 Lagos at the latest; the one-off has run and has no next run.
    const nextA = new Date(subs.find((s) => s.id === a.id)!.nextRunAt!);
    expect(nextA.getTime()).toBeGreaterThan(Date.now());
    expect(nextA.toISOString()).toMatch(/T07:00:00\.000Z$/);
    expect(subs.find((s) => s.id === b.id)!.nextRunAt).toBeNull();
    const notes = await notificationsOf(c.corporateId);
    expect(notes).toEqual([
      { subject: 'Auto top-up run', body: '2 of 2 scheduled top-ups placed (₦300.00).' },
    ]);
  });

  it('[AUTOTOPUP] the scheduler is a recurring job of the durable queue: a pass every minute', async () => {
    const c = await autoTopupClient(t.app, 1_000_000);
    const a = await addSubscriber(t.app, c);
    await makeDue(t.app, [a.id]);
    const now = new Date();
    await ensureRecurringJobs(t.app.ctx, now);
    expect(await runDueJobs(t.app.ctx, { now, queues: [AUTO_TOPUP_QUEUE] })).toBe(1);
    expect((await runsOf(t.app, c.corporateId)).map((r) => r.status)).toEqual(['VENDED']);
    const [job] = await t.app.ctx.dbHandle.query<{ status: string; run_at: Date }>(
      'select status, run_at from jobs where queue = $1',
      [AUTO_TOPUP_QUEUE],
    );
    expect(job.status).toBe('PENDING');
    expect(new Date(job.run_at).getTime()).toBe(now.getTime() + 60_000);
  });

  it('[AUTOTOPUP] a client with auto top-up off gets no run: its subscribers just move on', async () => {
    const c = await autoTopupClient(t.app, 1_000_000);
    const a = await addSubscriber(t.app, c);
    await api('POST', 'auto-topup/settings', c, { ...SETTINGS, enabled: false });
    await makeDue(t.app, [a.id]);
    await runSchedule(t.app.ctx);
    expect(await runsOf(t.app, c.corporateId)).toEqual([]);
    const s = (await api('GET', 'auto-topup/subscribers', c)).json().data[0];
    expect(new Date(s.nextRunAt).getTime()).toBeGreaterThan(Date.now());
  });

  it('[AUTOTOPUP] a run the wallet cannot cover, policy skip and notify: skipped, nothing debited, the failure notified', async () => {
    const c = await autoTopupClient(t.app, 5_000);
    const a = await addSubscriber(t.app, c, { name: 'Short', amount: '100' });
    await makeDue(t.app, [a.id]);
    const before = await balances(t.app, c.corporateId);
    await runSchedule(t.app.ctx);
    expect((await balances(t.app, c.corporateId)).wallet).toBe(before.wallet);
    expect(await autoVendsOf(t.app, c.corporateId)).toEqual([]);
    const [run] = await runsOf(t.app, c.corporateId);
    expect(run).toMatchObject({ status: 'SKIPPED', reason: 'Insufficient wallet balance', vend_id: null });
    const notes = await notificationsOf(c.corporateId);
    expect(notes).toEqual([
      { subject: 'Auto top-up not placed', body: `Short (${a.phone}): Insufficient wallet balance.` },
      { subject: 'Auto top-up run', body: '0 of 1 scheduled top-up placed (₦0.00).' },
    ]);
  });

  it('[AUTOTOPUP] policy retry later today: retried an hour later, vended once the wallet is funded, still debited once', async () => {
    const c = await autoTopupClient(t.app, 5_000, { insufficientFundsPolicy: 'RETRY_LATER_TODAY' });
    const a = await addSubscriber(t.app, c, { amount: '100' });
    // Due at 10:00 Lagos today so that an hour later is the same day.
    const now = new Date();
    const tenLagos = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 9, 0));
    const due = tenLagos.getTime() < now.getTime() ? tenLagos : new Date(tenLagos.getTime() - 86_400_000);
    await makeDue(t.app, [a.id], due);
    await runSchedule(t.app.ctx, new Date(due.getTime() + 60_000));
    let [run] = await runsOf(t.app, c.corporateId);
    expect(run.status).toBe('RETRYING');
    expect(new Date(run.retry_at).getTime()).toBe(due.getTime() + 60_000 + 3_600_000);
    expect(await autoVendsOf(t.app, c.corporateId)).toEqual([]);
    // Not yet due again.
    await runSchedule(t.app.ctx, new Date(due.getTime() + 30 * 60_000));
    expect((await runsOf(t.app, c.corporateId))[0].status).toBe('RETRYING');
    await fund(t.app, c.corporateId, 100_000);
    await runSchedule(t.app.ctx, new Date(due.getTime() + 2 * 3_600_000));
    [run] = await runsOf(t.app, c.corporateId);
    expect(run.status).toBe('VENDED');
    expect(await autoVendsOf(t.app, c.corporateId)).toHaveLength(1);
  });

  it('[AUTOTOPUP] policy retry later today gives up at the end of the Lagos day', async () => {
    const c = await autoTopupClient(t.app, 5_000, { insufficientFundsPolicy: 'RETRY_LATER_TODAY' });
    const a = await addSubscriber(t.app, c, { amount: '100' });
    // Due at 23:30 Lagos (22:30 UTC) yesterday: an hour later is another day.
    const now = new Date();
    const due = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1, 22, 30));
    await makeDue(t.app, [a.id], due);
    await runSchedule(t.app.ctx, new Date(due.getTime() + 60_000));
    const [run] = await runsOf(t.app, c.corporateId);
    expect(run).toMatchObject({
      status: 'SKIPPED',
      reason: 'Insufficient wallet balance (tried again until the end of the day)',
    });
  });

  it('[AUTOTOPUP] the daily cap holds: runs past it are skipped with the reason and debit nothing', async () => {
    const c = await autoTopupClient(t.app, 1_000_000, { dailyCap: '250' });
    const subs = [];
    for (let i = 0; i < 3; i++) subs.push(await addSubscriber(t.app, c, { amount: '100' }));
    await makeDue(
      t.app,
      subs.map((s) => s.id),
    );
    const before = await balances(t.app, c.corporateId);
    await runSchedule(t.app.ctx);
    const runs = await runsOf(t.app, c.corporateId);
    expect(runs.filter((r) => r.status === 'VENDED')).toHaveLength(2);
    const skipped = runs.filter((r) => r.status === 'SKIPPED');
    expect(skipped).toHaveLength(1);
    expect(skipped[0].reason).toBe('The daily auto top-up cap of ₦250.00 would be exceeded');
    expect((await balances(t.app, c.corporateId)).wallet).toBe(before.wallet - 20_000);
    expect((await api('GET', 'auto-topup/settings', c)).json().data.spentTodayKobo).toBe(20_000);
  });

  it('[AUTOTOPUP] a failed top-up gives its amount back to the caps and is notified on its own', async () => {
    const c = await autoTopupClient(t.app, 1_000_000, { dailyCap: '100' });
    const f = await addSubscriber(t.app, c, {
      name: 'Fails',
      phone: '+2348000000002',
      network: 'MTN',
      amount: '100',
    });
    await makeDue(t.app, [f.id]);
    await runSchedule(t.app.ctx);
    const [v] = await autoVendsOf(t.app, c.corporateId);
    expect(v.status).toBe('FAILED');
    expect((await api('GET', 'auto-topup/settings', c)).json().data.spentTodayKobo).toBe(0);
    const notes = await notificationsOf(c.corporateId);
    expect(notes[0].subject).toBe('Auto top-up not placed');
    expect(notes[0].body).toMatch(/^Fails \(\+2348000000002\): Failed: .*; refunded\.$/);
    // The cap is free again: another top-up of ₦100 goes through.
    const ok = await addSubscriber(t.app, c, { amount: '100' });
    await makeDue(t.app, [ok.id]);
    await runSchedule(t.app.ctx);
    expect((await autoVendsOf(t.app, c.corporateId)).filter((x) => x.status === 'SUCCESSFUL')).toHaveLength(
      1,
    );
  });
});

describe('[AUTOTOPUP] late failures', () => {
  it('[AUTOTOPUP] a top-up pending at its run that fails on requery is notified on its own, once, by the next pass', async () => {
    const c = await autoTopupClient(t.app, 1_000_000, { dailyCap: '100' });
    // The simulator answers this number pending, then failed on requery.
    const p = await addSubscriber(t.app, c, {
      name: 'Later',
      phone: '+2348000000004',
      network: 'MTN',
      amount: '100',
    });
    await makeDue(t.app, [p.id]);
    await runSchedule(t.app.ctx);
    const [v] = await autoVendsOf(t.app, c.corporateId);
    expect(v.status).toBe('PENDING');
    expect((await notificationsOf(c.corporateId)).map((n) => n.subject)).toEqual(['Auto top-up run']);
    await runDueJobs(t.app.ctx, { now: new Date(Date.now() + 3_600_000), queues: ['requery'] });
    expect((await autoVendsOf(t.app, c.corporateId))[0].status).toBe('FAILED');
    // The cap is given back when the vend fails.
    expect((await api('GET', 'auto-topup/settings', c)).json().data.spentTodayKobo).toBe(0);
    await Promise.all([runSchedule(t.app.ctx), runSchedule(t.app.ctx)]);
    await runSchedule(t.app.ctx);
    const late = (await notificationsOf(c.corporateId)).filter((n) => n.subject === 'Auto top-up not placed');
    expect(late).toHaveLength(1);
    expect(late[0].body).toMatch(/^Later \(\+2348000000004\): Failed: .*; refunded\.$/);
    expect((await api('GET', 'auto-topup/runs', c)).json().data[0]).toMatchObject({
      status: 'FAILED',
      vendStatus: 'FAILED',
    });
  });
});

describe('[AUTOTOPUP] the development hook', () => {
  it('[AUTOTOPUP] makes a client’s subscribers due now and runs the scheduler once; only from this machine; audited', async () => {
    const c = await autoTopupClient(t.app, 1_000_000);
    const a = await addSubscriber(t.app, c);
    const b = await addSubscriber(t.app, c);
    const paused = await addSubscriber(t.app, c);
    await api('PUT', `auto-topup/subscribers/${paused.id}/pause`, c, { paused: true });
    const hook = (remoteAddress: string, corporateId = c.corporateId) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/dev/auto-topup/run-schedule',
        remoteAddress,
        payload: { corporateId },
      });
    expect((await hook('203.0.113.9')).statusCode).toBe(404);
    expect(await runsOf(t.app, c.corporateId)).toEqual([]);
    // A Run now this minute is an extra top-up: the scheduled run of the same minute still happens.
    expect((await api('POST', `auto-topup/subscribers/${a.id}/run`, c)).json().data.status).toBe(
      'SUCCESSFUL',
    );
    const res = await hook('127.0.0.1');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ due: 2, created: 2, processed: 2 });
    const runs = await runsOf(t.app, c.corporateId);
    expect(runs.map((r) => r.subscriber_id).sort()).toEqual([a.id, a.id, b.id].sort());
    expect(runs.every((r) => r.status === 'VENDED')).toBe(true);
    expect(new Set(runs.map((r) => r.vend_id)).size).toBe(3);
    expect(runs.filter((r) => r.reference.endsWith('-M'))).toHaveLength(1);
    // The subscribers' schedules carry on from the next due time.
    const subs = (await api('GET', 'auto-topup/subscribers?status=ACTIVE', c)).json().data as Array<{
      nextRunAt: string;
    }>;
    expect(subs.every((s) => new Date(s.nextRunAt).getTime() > Date.now())).toBe(true);
    expect((await hook('127.0.0.1', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const [entry] = await t.app.ctx.dbHandle.query<{ action: string }>(
      `select action from audit_logs where corporate_id = $1 and action = 'dev.auto-topup.run-schedule'`,
      [c.corporateId],
    );
    expect(entry?.action).toBe('dev.auto-topup.run-schedule');
  });
});

describe('[AUTOTOPUP] run now, the runs list and the admin', () => {
  let c: Client;
  let other: Client;
  let s1: { id: string; phone: string };
  let s2: { id: string; phone: string };
  beforeAll(async () => {
    c = await autoTopupClient(t.app, 1_000_000);
    other = await autoTopupClient(t.app, 1_000_000);
    s1 = await addSubscriber(t.app, c, { name: 'Chika', amount: '100' });
    s2 = await addSubscriber(t.app, c, {
      name: 'Dayo',
      phone: '+2348000000002',
      network: 'MTN',
      amount: '150',
    });
  });

  it('[AUTOTOPUP] Run now tops up at once; pressed twice (at once or within a minute) it is one run and one vend', async () => {
    const [r1, r1again] = await Promise.all([
      api('POST', `auto-topup/subscribers/${s1.id}/run`, c),
      api('POST', `auto-topup/subscribers/${s1.id}/run`, c),
    ]);
    expect(r1.statusCode).toBe(200);
    expect(r1again.statusCode).toBe(200);
    expect(r1.json().data.id).toBe(r1again.json().data.id);
    expect(r1.json().data).toMatchObject({
      status: 'SUCCESSFUL',
      trigger: 'MANUAL',
      amountKobo: 10_000,
      subscriberName: 'Chika',
    });
    expect(r1.json().message).toBe(`Top-up of ₦100.00 to ${s1.phone} placed`);
    // A press a little later (even in the next minute) answers with the same run.
    await t.app.ctx.dbHandle.query(
      `update auto_topup_runs set due_at = due_at - interval '1 minute', created_at = now() - interval '50 seconds' where id = $1`,
      [r1.json().data.id],
    );
    expect((await api('POST', `auto-topup/subscribers/${s1.id}/run`, c)).json().data.id).toBe(
      r1.json().data.id,
    );
    const r2 = await api('POST', `auto-topup/subscribers/${s2.id}/run`, c);
    expect(r2.json().data.status).toBe('FAILED');
    expect(await autoVendsOf(t.app, c.corporateId)).toHaveLength(2);
    expect(await auditActions(c.corporateId)).toContain('auto-topup.subscriber.run-now');
    // Another client's subscriber is not found; a paused one must be resumed first.
    expect((await api('POST', `auto-topup/subscribers/${s1.id}/run`, other)).statusCode).toBe(404);
    await api('PUT', `auto-topup/subscribers/${s2.id}/pause`, c, { paused: true });
    expect((await api('POST', `auto-topup/subscribers/${s2.id}/run`, c)).json().message).toBe(
      'This subscriber is paused: resume it first',
    );
    await api('PUT', `auto-topup/subscribers/${s2.id}/pause`, c, { paused: false });
  });

  it('[AUTOTOPUP] the runs list filters, pages and exports CSV; another client sees none of it', async () => {
    const all = await api('GET', 'auto-topup/runs', c);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ total: 2, currentPage: 1, limit: 40 });
    const ok = await api('GET', 'auto-topup/runs?status=SUCCESSFUL', c);
    expect(ok.json().data.map((r: { subscriberName: string }) => r.subscriberName)).toEqual(['Chika']);
    expect(ok.json().data[0].vendCode).toMatch(/^VND-/);
    expect((await api('GET', 'auto-topup/runs?search=Dayo', c)).json().data[0].status).toBe('FAILED');
    expect((await api('GET', 'auto-topup/runs?network=GLO', c)).json().total).toBe(0);
    expect(
      (await api('GET', 'auto-topup/runs?startDate=2020-01-01&endDate=2020-01-31', c)).json().total,
    ).toBe(0);
    expect((await api('GET', `auto-topup/runs?subscriberId=${s1.id}`, c)).json().total).toBe(1);
    expect((await api('GET', 'auto-topup/runs?limit=7', c)).statusCode).toBe(400);
    expect((await api('GET', 'auto-topup/runs?status=LOST', c)).statusCode).toBe(400);
    const csv = await api('GET', 'auto-topup/runs?format=csv', c);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Due,Subscriber,Phone,Network,Type,Plan,Amount (NGN),Trigger,Status,Reason,Vend,Reference,Customer number,Token',
    );
    expect(lines).toHaveLength(3);
    expect(csv.body).toMatch(/Chika,'\+2348030\d+,MTN,Airtime,,100\.00,Manual,Successful,,VND-/);

    expect((await api('GET', 'auto-topup/runs', other)).json().total).toBe(0);
    expect((await api('GET', 'auto-topup/subscribers', other)).json().total).toBe(0);
    expect(
      (await api('PUT', `auto-topup/subscribers/${s1.id}/pause`, other, { paused: true })).statusCode,
    ).toBe(404);
    expect((await api('DELETE', `auto-topup/subscribers/${s1.id}`, other)).statusCode).toBe(404);
    const edit = await api('PUT', `auto-topup/subscribers/${s1.id}`, other, {
      name: 'Hijack',
      phone: '08031234567',
      type: 'AIRTIME',
      amount: '100',
      frequency: 'DAILY',
    });
    expect(edit.statusCode).toBe(404);
    // A client user cannot read the admin's routes.
    expect((await api('GET', `auto-top-up/${c.corporateId}`, other)).statusCode).toBe(403);
  });

  it('[AUTOTOPUP] the admin reads one client: platform switch, settings, totals, subscribers and runs', async () => {
    const res = await api('GET', `auto-top-up/${c.corporateId}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      corporate: { id: c.corporateId, autoTopUpEnabled: true },
      settings: { enabled: true },
      totals: {
        subscribers: 2,
        active: 2,
        paused: 0,
        runs: 2,
        successful: 1,
        notVended: 0,
        vendedKobo: 10_000,
        vended: '₦100.00',
      },
    });
    expect((await api('GET', `auto-top-up/${c.corporateId}/subscribers`, admin)).json().total).toBe(2);
    const runs = await api('GET', `auto-top-up/${c.corporateId}/runs?status=FAILED`, admin);
    expect(runs.json().data.map((r: { subscriberName: string }) => r.subscriberName)).toEqual(['Dayo']);
    expect(
      (await api('GET', `auto-top-up/${c.corporateId}/runs?format=csv`, admin)).body.split('\r\n'),
    ).toHaveLength(4);
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const url of [
      `auto-top-up/${unknown}`,
      `auto-top-up/${unknown}/subscribers`,
      `auto-top-up/${unknown}/runs`,
    ])
      expect((await api('GET', url, admin)).statusCode).toBe(404);
    expect((await api('GET', 'auto-top-up/not-a-uuid', admin)).statusCode).toBe(400);
  });

  it('[AUTOTOPUP] a team member without auto top-up permission is refused on every client route', async () => {
    const member = await createCorporate(t.app, { permissions: ['dashboard.view'] });
    for (const [m, url] of [
      ['GET', 'auto-topup/settings'],
      ['POST', 'auto-topup/settings'],
      ['GET', 'auto-topup/subscribers'],
      ['POST', 'auto-topup/subscribers'],
      ['POST', 'auto-topup/subscribers/import'],
      ['PUT', `auto-topup/subscribers/${s1.id}`],
      ['PUT', `auto-topup/subscribers/${s1.id}/pause`],
      ['DELETE', `auto-topup/subscribers/${s1.id}`],
      ['POST', `auto-topup/subscribers/${s1.id}/run`],
      ['GET', 'auto-topup/runs'],
    ] as const) {
      const res = await api(m, url, member, {});
      expect(res.statusCode, `${m} ${url}`).toBe(403);
    }
  });

  it('[AUTOTOPUP] autotopup.read views settings, subscribers and runs, and changes nothing', async () => {
    const owner = await createCorporate(t.app);
    const reader = await addCorporateMember(t.app, owner.corporateId, ['autotopup.read']);
    for (const url of ['auto-topup/settings', 'auto-topup/subscribers', 'auto-topup/runs'])
      expect((await api('GET', url, reader)).statusCode, url).toBe(200);
    for (const [m, url] of [
      ['POST', 'auto-topup/settings'],
      ['POST', 'auto-topup/subscribers'],
      ['POST', 'auto-topup/subscribers/import'],
      ['PUT', `auto-topup/subscribers/${s1.id}`],
      ['PUT', `auto-topup/subscribers/${s1.id}/pause`],
      ['DELETE', `auto-topup/subscribers/${s1.id}`],
      ['POST', `auto-topup/subscribers/${s1.id}/run`],
    ] as const) {
      const res = await api(m, url, reader, {});
      expect(res.statusCode, `${m} ${url}`).toBe(403);
      expect(res.json().message).toBe('You do not have permission to do this');
    }
    // Who manages also sees; an admin token is refused on the client routes; no token, no entry.
    const manager = await addCorporateMember(t.app, owner.corporateId, ['autotopup.manage']);
    expect((await api('GET', 'auto-topup/subscribers', manager)).statusCode).toBe(200);
    expect((await api('GET', 'auto-topup/runs', admin)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/auto-topup/runs' });
    expect(anonymous.statusCode).toBe(401);
    // A reader sees only its own client's subscribers.
    const own = await api('GET', 'auto-topup/subscribers', reader);
    expect(own.json().data.map((x: { id: string }) => x.id)).not.toContain(s1.id);
  });

  it('[AUTOTOPUP] the migration grants autotopup.read to every client role that manages auto top-up', async () => {
    const c = await createCorporate(t.app);
    const manager = await addCorporateMember(t.app, c.corporateId, ['dashboard.view', 'autotopup.manage']);
    const viewer = await addCorporateMember(t.app, c.corporateId, ['dashboard.view']);
    const roleOf = async (userId: string) =>
      (
        await t.app.ctx.dbHandle.query<{ permissions: string[] }>(
          'select r.permissions from roles r join users u on u.role_id = r.id where u.id = $1',
          [userId],
        )
      )[0].permissions;
    expect(await roleOf(manager.id)).not.toContain('autotopup.read');
    const sql = readFileSync(path.join(MIGRATIONS_DIR, '0031_autotopup_read_permission.sql'), 'utf8');
    await t.app.ctx.dbHandle.query(sql);
    await t.app.ctx.dbHandle.query(sql); // twice: no duplicate
    expect(await roleOf(manager.id)).toEqual(['dashboard.view', 'autotopup.manage', 'autotopup.read']);
    expect(await roleOf(viewer.id)).toEqual(['dashboard.view']);
  });
});
