import { ALL_ADMIN_PERMISSIONS, ALL_CORPORATE_PERMISSIONS } from '@vendport/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../infra/db/schema';
import {
  addCorporateMember,
  createAdmin,
  createCorporate,
  lastEmailTo,
  TEST_PASSWORD,
  type TestUser,
} from '../../test/factories';
import { apiAs, buildTestApp, type TestApp } from '../../test/harness';
import { systemRoleId } from '../auth';

let t: TestApp;
let superAdmin: TestUser;
let corpA: TestUser & { corporateId: string };
let corpB: TestUser & { corporateId: string };

const api = apiAs(() => t);
const PW = { password: TEST_PASSWORD };
const req = (u: TestUser, method: string, url: string, payload?: unknown) => api(method, url, u, payload);

beforeAll(async () => {
  t = await buildTestApp();
  superAdmin = await createAdmin(t.app);
  corpA = await createCorporate(t.app, { name: 'Alpha Ltd' });
  corpB = await createCorporate(t.app, { name: 'Beta Ltd' });
});
afterAll(() => t.close());

describe('[ROLES] roles and permissions', () => {
  it('[ROLES] admins see the admin catalogue, corporates the corporate one', async () => {
    const a = (await req(superAdmin, 'GET', 'permissions')).json();
    const c = (await req(corpA, 'GET', 'permissions')).json();
    const an = a.data.map((p: { name: string }) => p.name);
    const cn = c.data.map((p: { name: string }) => p.name);
    expect(an).toContain('funding.approve');
    expect(an).not.toContain('vend');
    expect(cn).toContain('vend');
    expect(cn).not.toContain('funding.approve');
  });

  it('[ROLES] create, read, update and delete (password-confirmed) a custom admin role', async () => {
    const created = await req(superAdmin, 'POST', 'roles/create', {
      name: 'Support',
      permissions: ['clients.read', 'audit.read'],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect((await req(superAdmin, 'GET', `roles/${id}`)).json().data.permissions).toEqual([
      'audit.read',
      'clients.read',
    ]);

    const dup = await req(superAdmin, 'POST', 'roles/create', {
      name: 'support',
      permissions: ['clients.read'],
    });
    expect(dup.statusCode).toBe(409);

    const upd = await req(superAdmin, 'PUT', 'roles/update', {
      id,
      name: 'Support L2',
      permissions: ['clients.read'],
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data).toMatchObject({ name: 'Support L2', permissions: ['clients.read'] });

    const noPw = await req(superAdmin, 'DELETE', `roles/${id}`, { password: '' });
    expect(noPw.statusCode).toBe(400);
    expect(noPw.json().message).toBe('Please enter your password');
    const wrongPw = await req(superAdmin, 'DELETE', `roles/${id}`, { password: 'not-my-password' });
    expect(wrongPw.json().code).toBe('INVALID_PASSWORD');
    expect((await req(superAdmin, 'DELETE', `roles/${id}`, { password: TEST_PASSWORD })).statusCode).toBe(
      200,
    );
    expect((await req(superAdmin, 'GET', `roles/${id}`)).statusCode).toBe(404);
  });

  it('[ROLES] unknown permissions and permissions of the other area are refused', async () => {
    const res = await req(superAdmin, 'POST', 'roles/create', { name: 'Bad', permissions: ['vend'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Unknown permission: vend/);
  });

  it('[ROLES] system roles cannot be changed or deleted', async () => {
    const roles = (await req(superAdmin, 'GET', 'roles')).json().data;
    const sys = roles.find((r: { isSystem: boolean }) => r.isSystem);
    expect(sys.name).toBe('Super Admin');
    expect(
      (await req(superAdmin, 'PUT', 'roles/update', { id: sys.id, name: 'X', permissions: ['clients.read'] }))
        .statusCode,
    ).toBe(403);
    expect((await req(superAdmin, 'DELETE', `roles/${sys.id}`, { password: TEST_PASSWORD })).statusCode).toBe(
      403,
    );
  });

  it("[ROLES] a corporate's custom roles belong to that corporate alone", async () => {
    const created = await req(corpA, 'POST', 'roles/create', {
      name: 'Cashier',
      permissions: ['vend', 'wallet.read'],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    const bList = (await req(corpB, 'GET', 'roles')).json().data.map((r: { id: string }) => r.id);
    expect(bList).not.toContain(id);
    expect((await req(corpB, 'GET', `roles/${id}`)).statusCode).toBe(404);
    expect(
      (await req(corpB, 'PUT', 'roles/update', { id, name: 'Hijack', permissions: ['vend'] })).statusCode,
    ).toBe(404);
    expect((await req(corpB, 'DELETE', `roles/${id}`, { password: TEST_PASSWORD })).statusCode).toBe(404);
    // Admins do not see corporate roles among admin roles either.
    const adminList = (await req(superAdmin, 'GET', 'roles')).json().data.map((r: { id: string }) => r.id);
    expect(adminList).not.toContain(id);
  });

  it('[ROLES] nobody grants permissions they do not hold: not in a new role, not in their own, not by giving a role', async () => {
    const manager = await createAdmin(t.app, {
      permissions: ['roles.read', 'roles.manage', 'admins.read', 'admins.manage'],
    });
    const refused = await req(manager, 'POST', 'roles/create', {
      name: 'Escalation',
      permissions: ['roles.manage', 'funding.approve'],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/funding\.approve/);
    // Their own (custom) role cannot be widened either.
    const own = (await req(manager, 'GET', `admins/${manager.id}`)).json().data.role;
    const widen = await req(manager, 'PUT', 'roles/update', {
      id: own.id,
      name: own.name,
      permissions: ['roles.read', 'roles.manage', 'admins.read', 'admins.manage', 'clients.manage'],
    });
    expect(widen.statusCode).toBe(403);
    // Nor can they hand out the Super Admin role.
    const superRole = (await req(manager, 'GET', 'roles'))
      .json()
      .data.find((r: { name: string }) => r.name === 'Super Admin');
    const made = await req(manager, 'POST', 'admins/create', {
      first_name: 'Sly',
      last_name: 'Fox',
      email: 'sly.fox@vendport.test',
      roleId: superRole.id,
    });
    expect(made.statusCode).toBe(403);
    // What they hold, they may give.
    const ok = await req(manager, 'POST', 'roles/create', {
      name: 'Role clerk',
      permissions: ['roles.read'],
    });
    expect(ok.statusCode).toBe(201);
  });

  it('[ROLES] wrong confirmation passwords count toward the lockout, so a stolen session cannot guess', async () => {
    const manager = await createAdmin(t.app, { permissions: ['roles.read', 'roles.manage'] });
    const role = (
      await req(manager, 'POST', 'roles/create', { name: 'Guess target', permissions: ['roles.read'] })
    ).json().data;
    for (let i = 0; i < t.app.ctx.config.LOGIN_ACCOUNT_LIMIT; i++)
      expect(
        (await req(manager, 'DELETE', `roles/${role.id}`, { password: `wrong-guess-${i}!` })).statusCode,
      ).toBe(400);
    const locked = await req(manager, 'DELETE', `roles/${role.id}`, { password: TEST_PASSWORD });
    expect(locked.statusCode).toBe(423);
    expect((await req(manager, 'GET', `roles/${role.id}`)).statusCode).toBe(200); // still there
  });

  it('[ROLES] a role in use cannot be deleted', async () => {
    const role = (
      await req(superAdmin, 'POST', 'roles/create', { name: 'Ops', permissions: ['vtu.read'] })
    ).json().data;
    const created = await req(superAdmin, 'POST', 'admins/create', {
      first_name: 'Ngozi',
      last_name: 'Eze',
      email: 'ngozi@vendport.test',
      roleId: role.id,
    });
    expect(created.statusCode).toBe(201);
    const del = await req(superAdmin, 'DELETE', `roles/${role.id}`, { password: TEST_PASSWORD });
    expect(del.statusCode).toBe(409);
  });
});

describe('[TEAM] admin users and corporate teams', () => {
  it('[TEAM] a new admin gets an email with a temporary password and must change it', async () => {
    const roles = (await req(superAdmin, 'GET', 'roles')).json().data;
    const res = await req(superAdmin, 'POST', 'admins/create', {
      first_name: 'Bola',
      last_name: 'Ade',
      email: 'Bola.Ade@VendPort.test',
      msisdn: '08031234567',
      roleId: roles[0].id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      email: 'bola.ade@vendport.test',
      msisdn: '+2348031234567',
      defaultPassword: true,
      status: 'ACTIVE',
    });
    const mail = await lastEmailTo(t.app, 'bola.ade@vendport.test');
    expect(mail?.text).toMatch(/Temporary password: [A-Za-z0-9]{18}/);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: {
        email: 'bola.ade@vendport.test',
        password: /Temporary password: (\S+)/.exec(mail!.text)![1],
      },
    });
    if (login.statusCode === 200) expect(login.json().data.user.defaultPassword).toBe(true);
    const dup = await req(superAdmin, 'POST', 'admins/create', {
      first_name: 'B',
      last_name: 'A',
      email: 'bola.ade@vendport.test',
      roleId: roles[0].id,
    });
    expect(dup.statusCode).toBe(409);
  });

  it('[TEAM] list, search and read team members; pages of 40', async () => {
    const list = await req(superAdmin, 'GET', 'admins/list?search=bola');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ currentPage: 1, limit: 40, hasMorePages: false });
    expect(list.json().data.map((u: { email: string }) => u.email)).toEqual(['bola.ade@vendport.test']);
    expect((await req(superAdmin, 'GET', 'admins/list?limit=50')).statusCode).toBe(400);
    // A % typed into search is a character, not a wildcard.
    expect((await req(superAdmin, 'GET', 'admins/list?search=%25')).json().data).toEqual([]);
  });

  it('[TEAM] nobody deactivates or deletes themselves, nor the last super admin', async () => {
    expect((await req(superAdmin, 'PUT', `admins/deactivate/${superAdmin.id}`, PW)).statusCode).toBe(403);
    expect(
      (await req(superAdmin, 'DELETE', `admins/delete/${superAdmin.id}`, { password: TEST_PASSWORD })).json()
        .message,
    ).toBe('You cannot delete yourself');
    // Deactivate every other super admin; the last one cannot be deactivated or deleted.
    // A manager holding every permission (on a custom role, so not a super admin): only someone
    // who holds all a super admin holds may act on one.
    const manager = await createAdmin(t.app, { permissions: [...ALL_ADMIN_PERMISSIONS] });
    const other = await createAdmin(t.app);
    const all = (await req(superAdmin, 'GET', 'admins/list?status=ACTIVE&limit=100')).json().data as Array<{
      id: string;
      role: { name: string };
    }>;
    const supers = all.filter((u) => u.role.name === 'Super Admin' && u.id !== superAdmin.id);
    expect(supers.map((u) => u.id)).toContain(other.id);
    for (const u of supers)
      expect((await req(manager, 'PUT', `admins/deactivate/${u.id}`, PW)).statusCode).toBe(200);
    const last = await req(manager, 'PUT', `admins/deactivate/${superAdmin.id}`, PW);
    expect(last.statusCode).toBe(403);
    expect(last.json().message).toBe('You cannot deactivate the last super admin');
    const lastDel = await req(manager, 'DELETE', `admins/delete/${superAdmin.id}`, {
      password: TEST_PASSWORD,
    });
    expect(lastDel.json().message).toBe('You cannot delete the last super admin');
    for (const u of supers)
      expect((await req(manager, 'PUT', `admins/activate/${u.id}`, PW)).statusCode).toBe(200);
  });

  it('[TEAM] deactivating a user ends their sessions; activating lets them back', async () => {
    const victim = await createAdmin(t.app, { permissions: ['clients.read'] });
    expect((await req(victim, 'GET', 'notifications')).statusCode).toBe(200);
    const noPw = await req(superAdmin, 'PUT', `admins/deactivate/${victim.id}`, { password: '' });
    expect(noPw.json().message).toBe('Please enter your password');
    const wrongPw = await req(superAdmin, 'PUT', `admins/deactivate/${victim.id}`, {
      password: 'wrong-one!',
    });
    expect(wrongPw.json().code).toBe('INVALID_PASSWORD');
    expect((await req(victim, 'GET', 'notifications')).statusCode).toBe(200);
    expect((await req(superAdmin, 'PUT', `admins/deactivate/${victim.id}`, PW)).json().data.status).toBe(
      'INACTIVE',
    );
    expect((await req(victim, 'GET', 'notifications')).statusCode).toBe(401);
    expect((await req(superAdmin, 'PUT', `admins/activate/${victim.id}`, PW)).json().data.status).toBe(
      'ACTIVE',
    );
  });

  it('[TEAM] delete needs the password and removes the user', async () => {
    const victim = await createAdmin(t.app, { permissions: ['clients.read'] });
    expect(
      (await req(superAdmin, 'DELETE', `admins/delete/${victim.id}`, { password: 'wrong-password!' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await req(superAdmin, 'DELETE', `admins/delete/${victim.id}`, { password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
    expect((await req(superAdmin, 'GET', `admins/${victim.id}`)).statusCode).toBe(404);
    expect((await req(victim, 'GET', 'notifications')).statusCode).toBe(401);
  });

  it('[TEAM] a corporate owner manages its own team and never sees another corporate', async () => {
    const member = await addCorporateMember(t.app, corpA.corporateId, ['vend']);
    const aList = (await req(corpA, 'GET', 'admins/list')).json().data.map((u: { id: string }) => u.id);
    expect(aList).toContain(member.id);
    expect(aList).not.toContain(corpB.id);
    expect(aList).not.toContain(superAdmin.id);
    expect((await req(corpB, 'GET', `admins/${member.id}`)).statusCode).toBe(404);
    expect((await req(corpB, 'PUT', `admins/deactivate/${member.id}`, PW)).statusCode).toBe(404);
    expect(
      (await req(corpB, 'DELETE', `admins/delete/${member.id}`, { password: TEST_PASSWORD })).statusCode,
    ).toBe(404);
    expect((await req(corpB, 'PUT', 'admins/update', { id: member.id, first_name: 'X' })).statusCode).toBe(
      404,
    );
    // Admin roles cannot be given to a corporate member.
    const adminRole = (await req(superAdmin, 'GET', 'roles')).json().data[0].id;
    expect((await req(corpA, 'PUT', 'admins/update', { id: member.id, roleId: adminRole })).statusCode).toBe(
      400,
    );
    // The owner deactivates its member; the last owner cannot be removed.
    expect((await req(corpA, 'PUT', `admins/deactivate/${member.id}`, PW)).statusCode).toBe(200);
    // A manager holding every permission (on a custom role, so not an owner) meets the rule.
    const lastOwner = await addCorporateMember(t.app, corpA.corporateId, [...ALL_CORPORATE_PERMISSIONS]);
    expect(
      (await req(lastOwner, 'DELETE', `admins/delete/${corpA.id}`, { password: TEST_PASSWORD })).json()
        .message,
    ).toBe('You cannot delete the last account owner');
  });

  it('[TEAM] a manager cannot act on a member whose role holds more than their own', async () => {
    const manager = await addCorporateMember(t.app, corpB.corporateId, ['team.manage', 'team.read']);
    const owner = corpB;
    for (const [method, url, payload] of [
      ['PUT', `admins/deactivate/${owner.id}`, PW],
      ['DELETE', `admins/delete/${owner.id}`, { password: TEST_PASSWORD }],
      ['PUT', `admins/reset-2fa/${owner.id}`, { password: TEST_PASSWORD }],
      ['PUT', 'admins/update', { id: owner.id, first_name: 'Renamed' }],
    ] as const) {
      const res = await req(manager, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toMatch(/it needs permissions you do not hold/);
    }
    expect((await req(owner, 'GET', 'me')).statusCode).toBe(200);
    // An equal is fine: the manager manages another manager.
    const peer = await addCorporateMember(t.app, corpB.corporateId, ['team.read']);
    expect((await req(manager, 'PUT', `admins/deactivate/${peer.id}`, PW)).statusCode).toBe(200);
  });

  it('[TEAM] deactivating the last two owners at once leaves one of them active', async () => {
    const corp = await createCorporate(t.app, { name: 'Race Owners Ltd' });
    const second = await addCorporateMember(t.app, corp.corporateId, ['team.read']);
    await t.app.ctx.db
      .update(users)
      .set({ roleId: await systemRoleId(t.app.ctx.db, 'CORPORATE') })
      .where(eq(users.id, second.id));
    const mgr = await addCorporateMember(t.app, corp.corporateId, [...ALL_CORPORATE_PERMISSIONS]);
    const results = await Promise.all(
      [corp, second].map((o) => req(mgr, 'PUT', `admins/deactivate/${o.id}`, PW)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    expect(results.find((r) => r.statusCode === 403)?.json().message).toBe(
      'You cannot deactivate the last account owner',
    );
  });

  it('[TEAM] a team manager cannot change their own role', async () => {
    const manager = await createAdmin(t.app, { permissions: ['admins.manage', 'admins.read', 'roles.read'] });
    const roles = (await req(superAdmin, 'GET', 'roles')).json().data;
    const res = await req(manager, 'PUT', 'admins/update', { id: manager.id, roleId: roles[0].id });
    expect(res.statusCode).toBe(403);
  });
});

describe('[AUDIT] audit trail', () => {
  it('[AUDIT] mutations are recorded with actor, target, IP and no secret', async () => {
    const res = await req(superAdmin, 'GET', 'audit-trails?action=role.');
    expect(res.statusCode).toBe(200);
    const rows = res.json().data;
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows[0]).toMatchObject({ actorEmail: superAdmin.email, area: 'ADMIN', ip: '127.0.0.1' });
    const all = await req(superAdmin, 'GET', 'audit-trails?limit=100');
    expect(JSON.stringify(all.json())).not.toContain(TEST_PASSWORD);
    expect(JSON.stringify(all.json())).not.toMatch(/Temporary password/);
  });

  it('[AUDIT] filters by actor and date; corporate users see only their corporate', async () => {
    const byActor = (
      await req(superAdmin, 'GET', `audit-trails?actor=${encodeURIComponent(corpA.email)}`)
    ).json().data;
    expect(byActor.length).toBeGreaterThan(0);
    expect(byActor.every((r: { actorEmail: string }) => r.actorEmail === corpA.email)).toBe(true);
    const future = (await req(superAdmin, 'GET', 'audit-trails?startDate=2999-01-01')).json().data;
    expect(future).toEqual([]);
    const bad = await req(superAdmin, 'GET', 'audit-trails?startDate=01/01/2020');
    expect(bad.statusCode).toBe(400);
    const corpRows = (await req(corpA, 'GET', 'audit-trails?limit=100')).json().data;
    expect(corpRows.length).toBeGreaterThan(0);
    expect(corpRows.every((r: { corporateId: string }) => r.corporateId === corpA.corporateId)).toBe(true);
    const corpBRows = (await req(corpB, 'GET', 'audit-trails?limit=100')).json().data;
    expect(corpBRows.some((r: { corporateId: string }) => r.corporateId === corpA.corporateId)).toBe(false);
  });

  it('[AUDIT] a client sees its own team’s actions, not the platform staff’s actions on its account', async () => {
    const staff = await createAdmin(t.app, { email: 'ops-staff@test.vendport' });
    for (const status of ['INACTIVE', 'ACTIVE']) {
      const changed = await req(staff, 'PUT', 'corporate-clients/status', {
        corporateId: corpA.corporateId,
        status,
        password: TEST_PASSWORD,
      });
      expect(changed.statusCode).toBe(200);
    }
    // The admin's trail has it, with the client as its corporate...
    const adminRows = (await req(superAdmin, 'GET', 'audit-trails?actor=ops-staff&limit=100')).json().data;
    expect(adminRows.length).toBeGreaterThan(0);
    expect(adminRows.some((r: { corporateId: string }) => r.corporateId === corpA.corporateId)).toBe(true);
    // ...the client's does not: no staff email, name or address.
    const corpRows = (await req(corpA, 'GET', 'audit-trails?limit=100')).json();
    expect(corpRows.data.length).toBeGreaterThan(0);
    expect(JSON.stringify(corpRows)).not.toContain('ops-staff@test.vendport');
    expect(corpRows.data.every((r: { area: string }) => r.area === 'CORPORATE')).toBe(true);
  });
});

describe('[TEAM] issue 14: rights follow the role on the very next request', () => {
  it('[ROLES] a permission removed from a role is refused on the holder’s next call; granted back, it works again', async () => {
    const corp = await createCorporate(t.app, { name: 'Gamma Ltd' });
    const role = (
      await req(corp, 'POST', 'roles/create', {
        name: 'Finance',
        permissions: ['wallet.read', 'wallet.fund'],
      })
    ).json().data;
    const clerk = await addCorporateMember(t.app, corp.corporateId, ['team.read']);
    expect((await req(corp, 'PUT', 'admins/update', { id: clerk.id, roleId: role.id })).statusCode).toBe(200);
    expect((await req(clerk, 'GET', 'get-funding-account')).statusCode).toBe(200);
    const narrowed = await req(corp, 'PUT', 'roles/update', {
      id: role.id,
      name: 'Finance',
      permissions: ['team.read'],
    });
    expect(narrowed.statusCode).toBe(200);
    // Same token, next request: the server re-reads the role.
    const refused = await req(clerk, 'GET', 'get-funding-account');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    await req(corp, 'PUT', 'roles/update', { id: role.id, name: 'Finance', permissions: ['wallet.read'] });
    expect((await req(clerk, 'GET', 'get-funding-account')).statusCode).toBe(200);
  });

  it('[TEAM] a client with team.manage cannot grant an admin-side permission nor give an admin role', async () => {
    const res = await req(corpA, 'POST', 'roles/create', {
      name: 'Sneaky',
      permissions: ['vend', 'funding.approve'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Unknown permission: funding.approve');
    const adminRole = (await req(superAdmin, 'GET', 'roles')).json().data[0].id;
    const invite = await req(corpA, 'POST', 'admins/create', {
      first_name: 'Admin',
      last_name: 'Wannabe',
      email: 'wannabe@alpha.test',
      roleId: adminRole,
    });
    expect(invite.statusCode).toBe(400);
    // The corporate's owner role is listed but cannot be edited.
    const owner = (await req(corpA, 'GET', 'roles'))
      .json()
      .data.find((r: { isSystem: boolean }) => r.isSystem);
    const edit = await req(corpA, 'PUT', 'roles/update', {
      id: owner.id,
      name: 'Owner',
      permissions: ['vend'],
    });
    expect(edit.statusCode).toBe(403);
  });

  it('[ROLES] the holders of a role are listed through admins/list?roleId, with the count on the role', async () => {
    const corp = await createCorporate(t.app, { name: 'Delta Ltd' });
    const role = (
      await req(corp, 'POST', 'roles/create', { name: 'Developers', permissions: ['apikey.manage'] })
    ).json().data;
    for (const email of ['dev1@delta.test', 'dev2@delta.test'])
      expect(
        (
          await req(corp, 'POST', 'admins/create', {
            first_name: 'Dev',
            last_name: 'Eloper',
            email,
            roleId: role.id,
          })
        ).statusCode,
      ).toBe(201);
    const listed = (await req(corp, 'GET', `admins/list?roleId=${role.id}`)).json().data;
    expect(listed.map((u: { email: string }) => u.email).sort()).toEqual([
      'dev1@delta.test',
      'dev2@delta.test',
    ]);
    expect((await req(corp, 'GET', `roles/${role.id}`)).json().data.usersCount).toBe(2);
    const del = await req(corp, 'DELETE', `roles/${role.id}`, { password: TEST_PASSWORD });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('This role is assigned to team members; reassign them first');
    // Another client sees none of them.
    expect((await req(corpB, 'GET', `admins/list?roleId=${role.id}`)).json().data).toEqual([]);
  });
});

describe('[AUDIT] issue 14: filters, role and CSV', () => {
  it('[AUDIT] entries carry the actor’s role; filter by target type and, for admins, by client', async () => {
    const rows = (await req(superAdmin, 'GET', 'audit-trails?targetType=role&limit=100')).json().data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r: { targetType: string }) => r.targetType === 'role')).toBe(true);
    expect(rows.find((r: { actorEmail: string }) => r.actorEmail === superAdmin.email).actorRole).toBe(
      'Super Admin',
    );
    const onlyA = (
      await req(superAdmin, 'GET', `audit-trails?corporateId=${corpA.corporateId}&limit=100`)
    ).json().data;
    expect(onlyA.length).toBeGreaterThan(0);
    expect(onlyA.every((r: { corporateId: string }) => r.corporateId === corpA.corporateId)).toBe(true);
    // A client naming another client's id still sees only its own entries.
    const bAsksA = (await req(corpB, 'GET', `audit-trails?corporateId=${corpA.corporateId}&limit=100`)).json()
      .data;
    expect(bAsksA.every((r: { corporateId: string }) => r.corporateId === corpB.corporateId)).toBe(true);
    expect((await req(superAdmin, 'GET', 'audit-trails?corporateId=nope')).statusCode).toBe(400);
  });

  it('[AUDIT] the CSV export has the filtered rows, the action in words and Lagos times', async () => {
    const res = await req(corpA, 'GET', 'audit-trails?format=csv&targetType=role');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/audit-trail\.csv/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Date (Lagos),Actor,Actor email,Role,Action,Action code,Target type,Target,IP address,User agent,Change summary',
    );
    expect(lines.length).toBeGreaterThan(1);
    expect(res.body).toContain('Created a role');
    expect(lines[1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M,/);
    expect(res.body).not.toContain(corpB.email);
  });
});
