// Roles and team members as the admin module's team and role screens read and write them, always
// within one scope: the admin area (corporateId null) or one corporate. The identity tables are
// this module's (scripts/table-owners.mjs); admin reaches these through auth/index.ts.
import type { Area } from '@vendport/shared';
import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { paged } from '../../infra/db/paged';
import { roles, sessions, users } from '../../infra/db/schema';
import { containing } from '../../infra/db/sql';

export interface Scope {
  area: Area;
  corporateId: string | null;
}

/** Roles visible in a scope: the area's system roles, plus the corporate's own. */
export function roleScope(s: Scope): SQL {
  return s.area === 'ADMIN'
    ? and(eq(roles.area, 'ADMIN'), isNull(roles.corporateId))!
    : and(eq(roles.area, 'CORPORATE'), or(isNull(roles.corporateId), eq(roles.corporateId, s.corporateId!)))!;
}

export function memberScope(s: Scope): SQL {
  return s.area === 'ADMIN'
    ? and(eq(users.area, 'ADMIN'), isNull(users.deletedAt))!
    : and(eq(users.area, 'CORPORATE'), eq(users.corporateId, s.corporateId!), isNull(users.deletedAt))!;
}

export async function listRoles(db: Db, s: Scope, extra?: SQL) {
  return db
    .select({
      id: roles.id,
      name: roles.name,
      description: roles.description,
      permissions: roles.permissions,
      isSystem: roles.isSystem,
      corporateId: roles.corporateId,
      createdAt: roles.createdAt,
      usersCount: sql<number>`(select count(*)::int from users u where u.role_id = "roles"."id" and u.deleted_at is null ${
        s.area === 'CORPORATE' ? sql`and u.corporate_id = ${s.corporateId}` : sql``
      })`,
    })
    .from(roles)
    .where(and(roleScope(s), extra))
    .orderBy(desc(roles.isSystem), roles.name);
}

export async function findRole(db: Db, s: Scope, id: string) {
  const [row] = await listRoles(db, s, eq(roles.id, id));
  return row ?? null;
}

export async function roleNameTaken(db: Db, s: Scope, name: string, exceptId?: string) {
  const [hit] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        roleScope(s),
        sql`lower(${roles.name}) = lower(${name})`,
        exceptId ? sql`${roles.id} <> ${exceptId}` : undefined,
      ),
    );
  return !!hit;
}

const memberColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  msisdn: users.msisdn,
  status: users.status,
  roleId: users.roleId,
  roleName: roles.name,
  roleIsSystem: roles.isSystem,
  rolePermissions: roles.permissions,
  defaultPassword: users.defaultPassword,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  corporateId: users.corporateId,
  /** When the member enrolled an authenticator app (null: emailed codes). Never the secret. */
  totpEnabledAt: users.totpEnabledAt,
};

export async function listMembers(
  db: Db,
  s: Scope,
  f: { search?: string; status?: string; roleId?: string; page: number; limit: number },
) {
  const where = and(
    memberScope(s),
    f.status ? eq(users.status, f.status) : undefined,
    f.roleId ? eq(users.roleId, f.roleId) : undefined,
    f.search
      ? or(
          ilike(users.email, containing(f.search)),
          ilike(users.firstName, containing(f.search)),
          ilike(users.lastName, containing(f.search)),
        )
      : undefined,
  );
  return paged(f, {
    count: () => db.select({ total: count() }).from(users).where(where),
    rows: (w) =>
      db
        .select(memberColumns)
        .from(users)
        .leftJoin(roles, eq(roles.id, users.roleId))
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(w.limit)
        .offset(w.offset),
  });
}

export async function findMember(db: Db, s: Scope, id: string) {
  const [row] = await db
    .select(memberColumns)
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(and(memberScope(s), eq(users.id, id)));
  return row ?? null;
}
export type MemberRow = NonNullable<Awaited<ReturnType<typeof findMember>>>;

/**
 * Serialises changes to a scope's members until the caller's transaction ends, so that a check
 * over the members (the last owner) and the change it allows are one step: two managers
 * deactivating the last two owners at once cannot both pass the check.
 */
export async function lockMembersOf(tx: Db, s: Scope) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`members:${s.area}:${s.corporateId ?? '-'}`}))`,
  );
}

/** Active members of a scope holding a system (super admin / owner) role. */
export async function countActiveSystemRoleHolders(db: Db, s: Scope) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(memberScope(s), eq(users.status, 'ACTIVE'), eq(roles.isSystem, true)));
  return n;
}

// ---------------------------------------------------------------- writes

export async function insertRole(db: Db, values: typeof roles.$inferInsert): Promise<string> {
  const [row] = await db.insert(roles).values(values).returning({ id: roles.id });
  return row.id;
}

export async function updateRoleRow(db: Db, id: string, set: Partial<typeof roles.$inferInsert>) {
  await db.update(roles).set(set).where(eq(roles.id, id));
}

export async function deleteRoleRow(db: Db, id: string) {
  await db.delete(roles).where(eq(roles.id, id));
}

/** Whether a user (not deleted) already has this email. */
export async function userEmailTaken(db: Db, email: string): Promise<boolean> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)));
  return Boolean(taken);
}

export async function insertMember(db: Db, values: typeof users.$inferInsert): Promise<string> {
  const [u] = await db.insert(users).values(values).returning({ id: users.id });
  return u.id;
}

export async function updateUser(db: Db, id: string, set: Partial<typeof users.$inferInsert>) {
  await db.update(users).set(set).where(eq(users.id, id));
}

/** Ends every open session of a user at once. */
export async function revokeSessions(db: Db, userId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Roles and users by id, named as their screens name them (the audit trail's references). */
export async function identityNamesOf(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const [r, u] = await Promise.all([
    db.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.id, ids)),
    db
      .select({ id: users.id, first: users.firstName, last: users.lastName, email: users.email })
      .from(users)
      .where(inArray(users.id, ids)),
  ]);
  return new Map([
    ...r.map((x) => [x.id, x.name] as const),
    ...u.map((x) => [x.id, `${x.first ?? ''} ${x.last ?? ''}`.trim() || x.email] as const),
  ]);
}
