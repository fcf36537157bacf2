// The identity tables as the rest of the app reads them (users, roles and sessions are this
// module's: scripts/table-owners.mjs): the session behind a bearer token (every portal request),
// a user's role name (the audit trail), who to notify, and the system roles the seed keeps.

import {
  ALL_ADMIN_PERMISSIONS,
  ALL_CORPORATE_PERMISSIONS,
  CORPORATE_OWNER_ROLE,
  SUPER_ADMIN_ROLE,
} from '@vendport/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { roles, sessions, users } from '../../db/schema';

/** The open session with this token hash, with its user and role (null: none, revoked, expired,
 * or its user deleted). One query: the access plugin reads it on every portal request. */
export async function findOpenSession(db: Db, tokenHash: string, now: Date) {
  const [r] = await db
    .select({
      sessionId: sessions.id,
      twoFactorAt: sessions.twoFactorAt,
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      area: users.area,
      status: users.status,
      corporateId: users.corporateId,
      roleId: users.roleId,
      roleName: roles.name,
      permissions: roles.permissions,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  return r ?? null;
}

/** The name of a user's role (null: no such user or role). */
export async function roleNameOfUser(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: roles.name })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId));
  return row?.name ?? null;
}

/** Who may be told something: active users (not deleted) chosen by one of these. */
export type RecipientChoice =
  | { userId: string }
  | { corporateId: string }
  /** Every admin whose role holds this permission. */
  | { adminPermission: string };

/** Active users (id and email) as `choice` says. */
export async function activeUsers(
  db: Db,
  choice: RecipientChoice,
): Promise<Array<{ id: string; email: string }>> {
  const active = and(isNull(users.deletedAt), eq(users.status, 'ACTIVE'));
  if ('adminPermission' in choice)
    return db
      .select({ id: users.id, email: users.email })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(
        and(
          active,
          eq(users.area, 'ADMIN'),
          sql`${roles.permissions} @> ${JSON.stringify([choice.adminPermission])}::jsonb`,
        ),
      );
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        active,
        'userId' in choice ? eq(users.id, choice.userId) : eq(users.corporateId, choice.corporateId),
      ),
    );
}

/** A user's area and corporate (null: no such user, or deleted). */
export async function userArea(db: Db, userId: string) {
  const [row] = await db
    .select({ id: users.id, area: users.area, corporateId: users.corporateId })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row ?? null;
}

// ---------------------------------------------------------------- system roles and the first admin

async function upsertSystemRole(
  db: Db,
  area: 'ADMIN' | 'CORPORATE',
  name: string,
  description: string,
  permissions: string[],
) {
  const [existing] = await db
    .select()
    .from(roles)
    .where(
      and(eq(roles.area, area), isNull(roles.corporateId), eq(roles.isSystem, true), eq(roles.name, name)),
    );
  if (existing) {
    await db.update(roles).set({ permissions, updatedAt: new Date() }).where(eq(roles.id, existing.id));
    return existing.id;
  }
  const [row] = await db
    .insert(roles)
    .values({ area, corporateId: null, name, description, permissions, isSystem: true })
    .returning({ id: roles.id });
  return row.id;
}

export async function ensureSystemRoles(db: Db) {
  const superAdmin = await upsertSystemRole(
    db,
    'ADMIN',
    SUPER_ADMIN_ROLE,
    'Every admin permission',
    ALL_ADMIN_PERMISSIONS,
  );
  const owner = await upsertSystemRole(
    db,
    'CORPORATE',
    CORPORATE_OWNER_ROLE,
    'The account owner: every corporate permission',
    ALL_CORPORATE_PERMISSIONS,
  );
  return { superAdmin, owner };
}

export async function systemRoleId(db: Db, area: 'ADMIN' | 'CORPORATE'): Promise<string> {
  const name = area === 'ADMIN' ? SUPER_ADMIN_ROLE : CORPORATE_OWNER_ROLE;
  const [r] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(eq(roles.area, area), isNull(roles.corporateId), eq(roles.isSystem, true), eq(roles.name, name)),
    );
  if (!r) throw new Error(`System role ${name} missing: run the seed`);
  return r.id;
}

/** Whether any admin exists (the first start creates one). */
export async function adminExists(db: Db): Promise<boolean> {
  const [anyAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.area, 'ADMIN')).limit(1);
  return !!anyAdmin;
}
