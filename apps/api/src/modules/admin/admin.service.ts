// Roles and team members for both areas: admins over the admin area, a corporate's team
// over its own corporate. The rules that keep an area governable live here: nobody removes
// or disables themselves, nor the last active holder of the area's system role, and nobody acts
// on a member whose role holds more than their own.
import { isPermissionOf, permissionsOf } from '@vendport/shared';
import { recordAudit } from '../../infra/audit';
import type { AppContext } from '../../infra/context';
import type { Db } from '../../infra/db/client';
import { badRequest, conflict, forbidden, notFound } from '../../infra/errors';
import { type AuthContext, callerOf, type RequestContext } from '../../infra/request-context';
// Users and roles are the auth module's tables: this module's rules act on them through its index.
import * as repo from '../auth';

/** The caller's area, or their corporate: what they see and manage. */
export const scopeOf = (rc: Pick<RequestContext, 'auth'>): repo.Scope => {
  const a = callerOf(rc);
  return { area: a.area, corporateId: a.corporateId };
};

/** Who acts: their id and the permissions their role gives them. */
export type Actor = Pick<AuthContext, 'userId' | 'permissions'>;

/**
 * Nobody hands out power they do not hold: every permission of a role someone creates or edits,
 * or gives to a member, must be the actor's own (otherwise a member who may manage roles could
 * write every permission into their own role). Holders of the area's system role (Super Admin,
 * Owner) hold every permission.
 */
function assertHolds(actor: Actor, permissions: readonly (string | null)[] | null | undefined, what: string) {
  const missing = [...new Set(permissions ?? [])].filter((p) => p && !actor.permissions.includes(p));
  if (missing.length)
    throw forbidden(`You cannot ${what}: it needs permissions you do not hold (${missing.join(', ')})`);
}

function checkPermissions(s: repo.Scope, permissions: string[]) {
  const unknown = permissions.filter((p) => !isPermissionOf(s.area, p));
  if (unknown.length) {
    throw badRequest(
      `Unknown permission: ${unknown.join(', ')}`,
      unknown.map((p) => `Unknown permission: ${p}`),
    );
  }
  return [...new Set(permissions)].sort();
}

export async function createRole(
  db: Db,
  rc: RequestContext,
  body: { name: string; description: string; permissions: string[] },
) {
  const s = scopeOf(rc);
  const permissions = checkPermissions(s, body.permissions);
  assertHolds(callerOf(rc), permissions, 'create this role');
  if (await repo.roleNameTaken(db, s, body.name)) throw conflict('A role with this name already exists');
  return db.transaction(async (tx) => {
    const id = await repo.insertRole(tx, {
      area: s.area,
      corporateId: s.corporateId,
      name: body.name,
      description: body.description,
      permissions,
    });
    await recordAudit(tx, rc, {
      action: 'role.create',
      targetType: 'role',
      targetId: id,
      summary: { name: body.name, permissions: body.permissions },
    });
    return id;
  });
}

async function ownCustomRole(db: Db, s: repo.Scope, id: string) {
  const role = await repo.findRole(db, s, id);
  if (!role) throw notFound('Role');
  if (role.isSystem) throw forbidden('System roles cannot be changed');
  return role;
}

export async function updateRole(
  db: Db,
  rc: RequestContext,
  body: { id: string; name: string; description: string; permissions: string[] },
) {
  const s = scopeOf(rc);
  const role = await ownCustomRole(db, s, body.id);
  const permissions = checkPermissions(s, body.permissions);
  assertHolds(callerOf(rc), [...role.permissions, ...permissions], 'change this role');
  if (await repo.roleNameTaken(db, s, body.name, body.id))
    throw conflict('A role with this name already exists');
  await db.transaction(async (tx) => {
    await repo.updateRoleRow(tx, body.id, {
      name: body.name,
      description: body.description,
      permissions,
      updatedAt: new Date(),
    });
    await recordAudit(tx, rc, {
      action: 'role.update',
      targetType: 'role',
      targetId: body.id,
      summary: { name: body.name, permissions: body.permissions },
    });
  });
}

export async function deleteRole(db: Db, rc: RequestContext, id: string) {
  const role = await ownCustomRole(db, scopeOf(rc), id);
  if (role.usersCount > 0) throw conflict('This role is assigned to team members; reassign them first');
  await db.transaction(async (tx) => {
    await repo.deleteRoleRow(tx, id);
    await recordAudit(tx, rc, {
      action: 'role.delete',
      targetType: 'role',
      targetId: id,
      summary: { name: role.name },
    });
  });
  return role;
}

async function assignableRole(db: Db, s: repo.Scope, roleId: string) {
  const role = await repo.findRole(db, s, roleId);
  if (!role) throw badRequest('Choose a role that exists in your account');
  return role;
}

export async function createMember(
  ctx: AppContext,
  rc: RequestContext,
  body: { first_name: string; last_name: string; email: string; msisdn?: string; roleId: string },
) {
  const s = scopeOf(rc);
  const role = await assignableRole(ctx.db, s, body.roleId);
  assertHolds(callerOf(rc), role.permissions, `give the role ${role.name}`);
  if (await repo.userEmailTaken(ctx.db, body.email)) throw conflict('A user with this email already exists');
  const password = repo.randomPassword();
  const passwordHash = await ctx.hasher.hash(password);
  return ctx.db.transaction(async (tx) => {
    const id = await repo.insertMember(tx, {
      area: s.area,
      corporateId: s.corporateId,
      roleId: role.id,
      firstName: body.first_name,
      lastName: body.last_name,
      email: body.email,
      msisdn: body.msisdn ?? null,
      passwordHash,
      defaultPassword: true,
      // The address is proven when the member signs in with the password emailed to it.
      emailVerifiedAt: new Date(),
    });
    await ctx.mailer.send(tx, {
      to: body.email,
      subject: 'You are invited to VendPort',
      text: [
        `Hello ${body.first_name},`,
        '',
        `You have been invited to VendPort with the role ${role.name}.`,
        `Sign in at ${ctx.config.PUBLIC_URL} with this email and the temporary password below. You will then set your own password, and confirm each sign-in with a code sent to this address (two-factor authentication).`,
        '',
        `Temporary password: ${password}`,
      ].join('\n'),
    });
    await recordAudit(tx, rc, {
      action: 'user.create',
      targetType: 'user',
      targetId: id,
      summary: { email: body.email, roleId: body.roleId },
    });
    return id;
  });
}

async function memberOrThrow(db: Db, s: repo.Scope, id: string): Promise<repo.MemberRow> {
  const m = await repo.findMember(db, s, id);
  if (!m) throw notFound('User');
  return m;
}

/** A change that would leave the scope without an active system-role holder is refused. */
async function guardLastOwner(db: Db, s: repo.Scope, m: repo.MemberRow, what: string) {
  if (m.roleIsSystem && m.status === 'ACTIVE' && (await repo.countActiveSystemRoleHolders(db, s)) <= 1) {
    const who = s.area === 'ADMIN' ? 'super admin' : 'account owner';
    throw forbidden(`You cannot ${what} the last ${who}`);
  }
}

/**
 * Nobody acts on a member more powerful than themselves: a manager may not deactivate, delete,
 * demote, rename or reset the two-factor sign-in of someone whose role holds permissions the
 * manager lacks (an owner, a super admin).
 */
function assertOutranks(actor: Actor, m: repo.MemberRow, what: string) {
  assertHolds(actor, m.rolePermissions, `${what} ${m.firstName} ${m.lastName}`);
}

/**
 * A change to one member: in one transaction, under the scope's member lock (lockMembersOf), with
 * the member read inside it, so the checks `change` makes hold until it commits. Answers the
 * member as it was.
 */
function changeMember(
  db: Db,
  s: repo.Scope,
  id: string,
  change: (tx: Db, m: repo.MemberRow) => Promise<void>,
): Promise<repo.MemberRow> {
  return db.transaction(async (tx) => {
    await repo.lockMembersOf(tx, s);
    const m = await memberOrThrow(tx, s, id);
    await change(tx, m);
    return m;
  });
}

export async function updateMember(
  db: Db,
  rc: RequestContext,
  body: { id: string; first_name?: string; last_name?: string; msisdn?: string; roleId?: string },
) {
  const actor = callerOf(rc);
  const s = scopeOf(rc);
  return changeMember(db, s, body.id, async (tx, m) => {
    if (body.id !== actor.userId) assertOutranks(actor, m, 'change');
    if (body.roleId && body.roleId !== m.roleId) {
      if (body.id === actor.userId) throw forbidden('You cannot change your own role');
      const role = await assignableRole(tx, s, body.roleId);
      assertHolds(actor, role.permissions, `give the role ${role.name}`);
      if (!role.isSystem) await guardLastOwner(tx, s, m, 'change the role of');
    }
    await repo.updateUser(tx, body.id, {
      firstName: body.first_name ?? m.firstName,
      lastName: body.last_name ?? m.lastName,
      msisdn: body.msisdn ?? m.msisdn,
      roleId: body.roleId ?? m.roleId,
      updatedAt: new Date(),
    });
    await recordAudit(tx, rc, {
      action: 'user.update',
      targetType: 'user',
      targetId: body.id,
      summary: { ...body },
    });
  });
}

export async function setMemberStatus(db: Db, rc: RequestContext, id: string, status: 'ACTIVE' | 'INACTIVE') {
  const actor = callerOf(rc);
  const s = scopeOf(rc);
  return changeMember(db, s, id, async (tx, m) => {
    if (status === 'INACTIVE') {
      if (id === actor.userId) throw forbidden('You cannot deactivate yourself');
      assertOutranks(actor, m, 'deactivate');
      await guardLastOwner(tx, s, m, 'deactivate');
    } else {
      assertOutranks(actor, m, 'activate');
    }
    await repo.updateUser(tx, id, { status, updatedAt: new Date() });
    if (status === 'INACTIVE') await repo.revokeSessions(tx, id);
    await recordAudit(tx, rc, {
      action: status === 'ACTIVE' ? 'user.activate' : 'user.deactivate',
      targetType: 'user',
      targetId: id,
      summary: { email: m.email },
    });
  });
}

export async function deleteMember(db: Db, rc: RequestContext, id: string) {
  const actor = callerOf(rc);
  const s = scopeOf(rc);
  return changeMember(db, s, id, async (tx, m) => {
    if (id === actor.userId) throw forbidden('You cannot delete yourself');
    assertOutranks(actor, m, 'delete');
    await guardLastOwner(tx, s, m, 'delete');
    await repo.updateUser(tx, id, { deletedAt: new Date(), status: 'INACTIVE', updatedAt: new Date() });
    await repo.revokeSessions(tx, id);
    await recordAudit(tx, rc, {
      action: 'user.delete',
      targetType: 'user',
      targetId: id,
      summary: { email: m.email },
    });
  });
}

/**
 * A member who lost their authenticator app: their enrolment is cleared (sign-in falls back to
 * emailed codes) and their sessions end. Not for oneself: that is PUT 2fa with one's password.
 */
export async function resetMemberTwoFactor(db: Db, rc: RequestContext, id: string) {
  const actor = callerOf(rc);
  return changeMember(db, scopeOf(rc), id, async (tx, m) => {
    if (id === actor.userId) throw forbidden('Reset your own two-factor authentication from your profile');
    assertOutranks(actor, m, 'reset the two-factor sign-in of');
    await repo.updateUser(tx, id, {
      totpSecretEnc: null,
      totpPendingEnc: null,
      totpEnabledAt: null,
      updatedAt: new Date(),
    });
    await repo.revokeSessions(tx, id);
    await recordAudit(tx, rc, {
      action: 'user.2fa.reset',
      targetType: 'user',
      targetId: id,
      summary: { email: m.email },
    });
  });
}

export const catalogueOf = (s: repo.Scope) => permissionsOf(s.area);

export { auditLogBatches, auditLogsPage as auditPage } from '../../infra/audit';
export { findMember, findRole, listMembers, listRoles, type MemberRow } from '../auth';
