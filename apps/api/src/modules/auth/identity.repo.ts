// The identity tables as the rest of the app reads them (users, roles and sessions are this
// module's: scripts/table-owners.mjs): the session behind a bearer token (every portal request),
// a user's role name (the audit trail), who to notify, and the system roles the seed keeps.

import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { roles, sessions, users } from '../../infra/db/schema';

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
