// The system roles (kept in step with the permission catalogue) and the first super admin: what
// an empty database needs of this module's tables (roles, users). The composition's seed calls them.
import { randomBytes } from 'node:crypto';
import {
  ALL_ADMIN_PERMISSIONS,
  ALL_CORPORATE_PERMISSIONS,
  CORPORATE_OWNER_ROLE,
  SUPER_ADMIN_ROLE,
} from '@vendport/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../infra/context';
import type { Db } from '../../infra/db/client';
import { roles, users } from '../../infra/db/schema';

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

/** A random password that passes the shared rule: 18 characters from an unambiguous alphabet. */
export function randomPassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(18);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

/** The first super admin, on an empty platform: its email and the random password printed once,
 * or null when an admin exists already. */
export async function ensureFirstAdmin(
  ctx: Pick<AppContext, 'db' | 'config' | 'hasher'>,
  superAdminRoleId: string,
): Promise<{ email: string; password: string } | null> {
  const [anyAdmin] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.area, 'ADMIN'))
    .limit(1);
  if (anyAdmin) return null;
  const email = ctx.config.ADMIN_EMAIL.toLowerCase();
  const password = randomPassword();
  await ctx.db.insert(users).values({
    area: 'ADMIN',
    roleId: superAdminRoleId,
    firstName: 'Super',
    lastName: 'Admin',
    email,
    passwordHash: await ctx.hasher.hash(password),
    defaultPassword: true,
    emailVerifiedAt: new Date(),
  });
  return { email, password };
}
