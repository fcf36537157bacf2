// Queries of the auth module: users, sessions, one-time codes, sign-in attempts and API keys.
// Every function takes the database (or a transaction) first.
import { and, count, desc, eq, gt, inArray, isNull, max, ne, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { apiKeys, authCodes, loginAttempts, roles, sessions, users } from '../../infra/db/schema';
import { corporateEmailTaken, corporateProfile } from '../corporates';

export type CodePurpose = 'EMAIL_VERIFICATION' | 'TWO_FACTOR' | 'RESET_PASSWORD';
/** Rows kept in auth_codes for TOTP: the last time step used (replay guard) and wrong codes (throttle). */
export type TotpMarker = 'TOTP_STEP' | 'TOTP_FAILURE';
export type KeyMode = 'LIVE' | 'TEST';

// ---------------------------------------------------------------- users

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [u] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .limit(1);
  return u ?? null;
}

/** The name of a user's role, for the audit entries of events without a session. */
export async function roleNameOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: roles.name })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId));
  return row?.name ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [u] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return u ?? null;
}

/** Serialises concurrent code requests and TOTP checks of one user (PostgreSQL row lock). */
export async function lockUser(db: Db, id: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
}

export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .limit(1);
  if (u) return true;
  return corporateEmailTaken(db, email);
}

export async function insertUser(db: Db, v: typeof users.$inferInsert): Promise<string> {
  const [row] = await db.insert(users).values(v).returning({ id: users.id });
  return row.id;
}

export async function updateUser(db: Db, id: string, v: Partial<typeof users.$inferInsert>): Promise<void> {
  await db
    .update(users)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** What the session profile is built from: the user, its role and its corporate (the clients module's). */
export async function findProfile(db: Db, userId: string) {
  const [r] = await db
    .select({ user: users, roleName: roles.name, permissions: roles.permissions })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!r) return null;
  const corporate = r.user.corporateId ? await corporateProfile(db, r.user.corporateId) : null;
  return { ...r, corporate };
}

export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

// ---------------------------------------------------------------- sessions

export async function insertSession(db: Db, v: typeof sessions.$inferInsert): Promise<string> {
  const [row] = await db.insert(sessions).values(v).returning({ id: sessions.id });
  return row.id;
}

export async function findSession(db: Db, id: string) {
  const [s] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
  return s ?? null;
}

export async function markSessionTwoFactor(db: Db, id: string, at: Date): Promise<void> {
  await db.update(sessions).set({ twoFactorAt: at }).where(eq(sessions.id, id));
}

export async function revokeSession(db: Db, id: string, at: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

/** Revokes every live session of a user, except `keep` when given; returns how many. */
export async function revokeUserSessions(db: Db, userId: string, at: Date, keep?: string): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

// ---------------------------------------------------------------- one-time codes

export async function insertCode(
  db: Db,
  v: {
    userId: string;
    purpose: CodePurpose | TotpMarker;
    codeHash: string;
    createdAt: Date;
    expiresAt: Date;
    consumedAt?: Date;
  },
): Promise<string> {
  const [row] = await db.insert(authCodes).values(v).returning({ id: authCodes.id });
  return row.id;
}

/** A code dies after this many wrong guesses. */
export const MAX_CODE_ATTEMPTS = 5;

/** Codes of one purpose issued to a user since `since`: all of them, and those still usable. */
export async function countCodesSince(db: Db, userId: string, purpose: string, since: Date, now: Date) {
  const [r] = await db
    .select({
      all: count(),
      live: sql<number>`count(*) filter (where ${authCodes.consumedAt} is null and ${authCodes.expiresAt} > ${now.toISOString()}::timestamptz and ${authCodes.attempts} < ${MAX_CODE_ATTEMPTS})`.mapWith(
        Number,
      ),
    })
    .from(authCodes)
    .where(and(eq(authCodes.userId, userId), eq(authCodes.purpose, purpose), gt(authCodes.createdAt, since)));
  return r;
}

/** The code a user must type: only the newest of a purpose counts. */
export async function latestCode(db: Db, userId: string, purpose: CodePurpose) {
  const [c] = await db
    .select()
    .from(authCodes)
    .where(and(eq(authCodes.userId, userId), eq(authCodes.purpose, purpose)))
    .orderBy(desc(authCodes.createdAt), desc(authCodes.id))
    .limit(1);
  return c ?? null;
}

/**
 * Takes one attempt on a code before it is compared, so that parallel guesses can never
 * exceed the limit. Returns the attempts taken so far, or null when the code is used up or consumed.
 */
export async function claimCodeAttempt(db: Db, id: string): Promise<number | null> {
  const [r] = await db
    .update(authCodes)
    .set({ attempts: sql`${authCodes.attempts} + 1` })
    .where(
      and(
        eq(authCodes.id, id),
        isNull(authCodes.consumedAt),
        sql`${authCodes.attempts} < ${MAX_CODE_ATTEMPTS}`,
      ),
    )
    .returning({ attempts: authCodes.attempts });
  return r ? r.attempts : null;
}

/** Marks a code used; false when another request consumed it first. */
export async function consumeCode(db: Db, id: string, at: Date): Promise<boolean> {
  const r = await db
    .update(authCodes)
    .set({ consumedAt: at })
    .where(and(eq(authCodes.id, id), isNull(authCodes.consumedAt)))
    .returning({ id: authCodes.id });
  return r.length === 1;
}

export async function lastTotpStep(db: Db, userId: string): Promise<number | null> {
  const [r] = await db
    .select({ step: authCodes.codeHash })
    .from(authCodes)
    .where(and(eq(authCodes.userId, userId), eq(authCodes.purpose, 'TOTP_STEP')))
    .orderBy(desc(authCodes.createdAt), desc(authCodes.id))
    .limit(1);
  const n = r ? Number(r.step) : Number.NaN;
  return Number.isSafeInteger(n) ? n : null;
}

// ---------------------------------------------------------------- sign-in attempts

export async function insertAttempt(
  db: Db,
  v: { email: string; ip: string; success: boolean },
): Promise<string> {
  const [row] = await db
    .insert(loginAttempts)
    .values({ ...v, createdAt: new Date() })
    .returning({ id: loginAttempts.id });
  return row.id;
}

export async function markAttemptSucceeded(db: Db, id: string): Promise<void> {
  await db.update(loginAttempts).set({ success: true }).where(eq(loginAttempts.id, id));
}

export async function deleteAttempt(db: Db, id: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.id, id));
}

export async function countIpFailures(db: Db, ip: string, since: Date): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(eq(loginAttempts.ip, ip), eq(loginAttempts.success, false), gt(loginAttempts.createdAt, since)),
    );
  return r.n;
}

export async function lastSuccessfulSignIn(db: Db, email: string): Promise<Date | null> {
  const [r] = await db
    .select({ at: max(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), eq(loginAttempts.success, true)));
  return r?.at ? new Date(r.at) : null;
}

export async function countEmailFailures(db: Db, email: string, since: Date): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.email, email),
        eq(loginAttempts.success, false),
        gt(loginAttempts.createdAt, since),
      ),
    );
  return r.n;
}

// ---------------------------------------------------------------- API keys

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function activeKeys(db: Db, corporateId: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.corporateId, corporateId), isNull(apiKeys.revokedAt)))
    .orderBy(apiKeys.mode);
}

/** The client's keys with these ids (others' keys are not answered). */
export async function keysByIds(db: Db, corporateId: string, ids: string[]): Promise<ApiKeyRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.corporateId, corporateId), inArray(apiKeys.id, ids)));
}

export async function activeKey(db: Db, corporateId: string, mode: KeyMode): Promise<ApiKeyRow | null> {
  const [k] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.corporateId, corporateId), eq(apiKeys.mode, mode), isNull(apiKeys.revokedAt)))
    .limit(1);
  return k ?? null;
}

/** Inserts a key unless the corporate already has an active one of that mode; the row or null. */
export async function insertKeyIfAbsent(db: Db, v: typeof apiKeys.$inferInsert): Promise<ApiKeyRow | null> {
  const [row] = await db.insert(apiKeys).values(v).onConflictDoNothing().returning();
  return row ?? null;
}

export async function revokeKey(db: Db, id: string, at: Date): Promise<void> {
  await db.update(apiKeys).set({ revokedAt: at }).where(eq(apiKeys.id, id));
}

export async function corporateHasKeys(db: Db, corporateId: string): Promise<boolean> {
  const [r] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.corporateId, corporateId), isNull(apiKeys.revokedAt)));
  return r.n > 0;
}

/** The owner of a corporate account: its earliest live user holding the system Owner role. */
export async function findCorporateOwner(db: Db, corporateId: string, ownerRoleId: string) {
  const [u] = await db
    .select()
    .from(users)
    .where(and(eq(users.corporateId, corporateId), eq(users.roleId, ownerRoleId), isNull(users.deletedAt)))
    .orderBy(users.createdAt)
    .limit(1);
  return u ?? null;
}
