// Notification set-up: per user and event, in-app and email; who may read and change whose; and
// the events raised by funding and verification following each user's choice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCorporateMember, createAdmin, createCorporate, type TestUser } from '../../test/factories';
import { apiAs, buildTestApp, type TestApp } from '../../test/harness';
import { approve, createFundRequest } from '../funding/funding.fixtures';

let t: TestApp;
let admin: TestUser;
let corp: TestUser & { corporateId: string };
let other: TestUser & { corporateId: string };
const api = apiAs(() => t);

const q = <T>(sql: string, p: unknown[] = []) =>
  t.app.ctx.dbHandle.query<T & Record<string, unknown>>(sql, p);
const mailsTo = async (to: string, subject: string) =>
  (
    await q<{ n: number }>('select count(*)::int as n from outbox_emails where "to" = $1 and subject = $2', [
      to,
      subject,
    ])
  )[0].n;
const notesOf = async (userId: string, subject: string) =>
  (
    await q<{ n: number }>(
      'select count(*)::int as n from notifications where user_id = $1 and subject = $2',
      [userId, subject],
    )
  )[0].n;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app);
  corp = await createCorporate(t.app);
  other = await createCorporate(t.app);
});
afterAll(() => t?.close());

describe('[NOTIFY] notification set-up', () => {
  it('[NOTIFY] a client user reads their own set-up: the client events with their defaults', async () => {
    const res = await api('GET', `notification-setup/${corp.id}`, corp);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ userId: corp.id, area: 'CORPORATE', updatedAt: null });
    expect(
      res
        .json()
        .data.events.map((e: { key: string; inApp: boolean; email: boolean }) => [e.key, e.inApp, e.email]),
    ).toEqual([
      ['funding.decided', true, true],
      ['verification.decided', true, true],
      ['balance.low', true, true],
      ['vend.failures', true, false],
      ['vend.reversed', true, true],
      ['vend.charged_again', true, true],
      ['funding.reversed', true, true],
      ['autotopup.result', true, false],
    ]);
    const mine = (await api('GET', `notification-setup/${admin.id}`, admin)).json().data;
    expect(mine.events.map((e: { key: string }) => e.key)).toEqual([
      'balance.low',
      'vend.discrepancy',
      'funding.reversed',
      'funding.requested',
      'provider.health',
      'plan.unavailable',
      'verification.requested',
    ]);
  });

  it('[NOTIFY] saving changes only the events named, is audited, and refuses events of the other area', async () => {
    const res = await api('POST', 'notification-setup', corp, {
      preferences: { 'funding.decided': { inApp: true, email: false } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const events = res.json().data.events;
    expect(events.find((e: { key: string }) => e.key === 'funding.decided')).toMatchObject({
      inApp: true,
      email: false,
    });
    expect(events.find((e: { key: string }) => e.key === 'balance.low')).toMatchObject({
      inApp: true,
      email: true,
    });
    const wrong = await api('POST', 'notification-setup', corp, {
      preferences: { 'funding.requested': { inApp: true, email: true } },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('New fund request: not an event for client users');
    expect(
      (
        await api('POST', 'notification-setup', corp, {
          preferences: { 'no.such': { inApp: true, email: true } },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await api('POST', 'notification-setup', corp, { preferences: { 'balance.low': { inApp: 'yes' } } }))
        .statusCode,
    ).toBe(400);
    const [entry] = await q<{ summary: { before: object; after: object }; target_id: string }>(
      `select summary, target_id from audit_logs where action = 'notifications.setup.update' order by created_at desc limit 1`,
    );
    expect(entry.target_id).toBe(corp.id);
    expect(entry.summary).toEqual({
      before: { 'funding.decided': { inApp: true, email: true } },
      after: { 'funding.decided': { inApp: true, email: false } },
    });
  });

  it('[NOTIFY] {id} is checked: only yourself, a team member for a team manager, another admin for an admin manager', async () => {
    const member = await addCorporateMember(t.app, corp.corporateId, ['settings.read']);
    const manager = await addCorporateMember(t.app, corp.corporateId, ['team.manage']);
    // Another client's user, from any client user: not found.
    expect((await api('GET', `notification-setup/${other.id}`, corp)).statusCode).toBe(404);
    expect(
      (await api('POST', 'notification-setup', corp, { userId: other.id, preferences: {} })).statusCode,
    ).toBe(404);
    // A teammate, without team.manage: not found; with it: readable and changeable.
    expect((await api('GET', `notification-setup/${corp.id}`, member)).statusCode).toBe(404);
    expect((await api('GET', `notification-setup/${member.id}`, manager)).statusCode).toBe(200);
    const set = await api('POST', 'notification-setup', manager, {
      userId: member.id,
      preferences: { 'balance.low': { inApp: false, email: false } },
    });
    expect(set.statusCode).toBe(200);
    expect((await api('GET', `notification-setup/${member.id}`, member)).json().data.events[2]).toMatchObject(
      { key: 'balance.low', inApp: false },
    );
    // Admins: only admins' set-ups, and only with admins.manage.
    expect((await api('GET', `notification-setup/${corp.id}`, admin)).statusCode).toBe(404);
    const plain = await createAdmin(t.app, { permissions: ['clients.read'] });
    expect((await api('GET', `notification-setup/${admin.id}`, plain)).statusCode).toBe(404);
    expect((await api('GET', `notification-setup/${plain.id}`, admin)).statusCode).toBe(200);
    expect((await api('GET', `notification-setup/${plain.id}`, corp)).statusCode).toBe(404);
    expect((await api('GET', 'notification-setup/not-a-uuid', corp)).statusCode).toBe(400);
  });

  it('[NOTIFY] a funding decision reaches each user as their set-up says; the company address still hears of it', async () => {
    const teammate = await addCorporateMember(t.app, corp.corporateId, ['wallet.read']);
    const fr = await createFundRequest(t.app, corp, '2,000');
    expect((await approve(t.app, admin, fr.code)).statusCode).toBe(200);
    expect(await notesOf(corp.id, 'Fund request approved')).toBe(1);
    expect(await notesOf(teammate.id, 'Fund request approved')).toBe(1);
    expect(await mailsTo(corp.email, 'Fund request approved')).toBe(0); // turned email off above
    expect(await mailsTo(teammate.email, 'Fund request approved')).toBe(1); // default: on
    expect(await mailsTo(corp.email.replace('user-', 'corp-'), 'Fund request approved')).toBe(1);
  });

  it('[NOTIFY] a new fund request tells the admins who approve them, in-app and by email when they opted in', async () => {
    const approver = await createAdmin(t.app, { permissions: ['funding.approve'] });
    const bystander = await createAdmin(t.app, { permissions: ['clients.read'] });
    await api('POST', 'notification-setup', approver, {
      preferences: { 'funding.requested': { inApp: true, email: true } },
    });
    const fr = await createFundRequest(t.app, other, '3,500');
    expect(await notesOf(approver.id, 'New fund request to review')).toBe(1);
    expect(await mailsTo(approver.email, 'New fund request to review')).toBe(1);
    expect(await notesOf(bystander.id, 'New fund request to review')).toBe(0);
    expect(await mailsTo(admin.email, 'New fund request to review')).toBe(0); // default: in-app only
    const [note] = await q<{ body: string }>(
      'select body from notifications where user_id = $1 order by created_at desc limit 1',
      [approver.id],
    );
    expect(note.body).toContain(fr.code);
    expect(note.body).toContain('₦3,500.00');
  });
});
