// What every auth use case shares: timings, errors, the audit actor, the session profile and
// opening a session.
import { createHmac, randomBytes } from 'node:crypto';
import type { Area, SessionUser } from '@vendport/shared';
import type { AuditActor } from '../../infra/audit';
import type { AppContext } from '../../infra/context';
import { newToken, sha256 } from '../../infra/crypto';
import type { Db } from '../../infra/db/client';
import { AppError } from '../../infra/errors';
import type { PasswordHasher } from '../../infra/passwords';
import type { RequestContext } from '../../infra/request-context';
import type { CodePurpose, KeyMode, ProfileRow, UserRow } from './auth.repo';
import * as repo from './auth.repo';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** Minutes each kind of emailed code stays valid. */
export const CODE_TTL_MINUTES: Record<CodePurpose, number> = {
  EMAIL_VERIFICATION: 15,
  TWO_FACTOR: 10,
  RESET_PASSWORD: 30,
};
/** At most one code a minute and five an hour, per user and purpose. */
export const CODE_GAP_MS = MINUTE;
export const CODES_PER_HOUR = 5;
/** Wrong authenticator codes allowed per user in a quarter of an hour. */
export const TOTP_FAILURE_LIMIT = 5;
export const TOTP_FAILURE_WINDOW_MS = 15 * MINUTE;
export const IP_WINDOW_MS = 15 * MINUTE;
export const ACCOUNT_WINDOW_MS = HOUR;

export const TOTP_ISSUER = 'VendPort';
export const KEY_MODES: readonly KeyMode[] = ['LIVE', 'TEST'];

export const invalidCode = (message: string) => new AppError('INVALID_CODE', 400, message);
export const tooMany = (message: string) => new AppError('TOO_MANY_REQUESTS', 429, message);
export const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 401, 'Invalid email or password');
export const accountLocked = () =>
  new AppError(
    'ACCOUNT_LOCKED',
    423,
    'Too many failed sign-in attempts. Try again later or reset your password.',
  );
export const notSignedIn = () => new AppError('UNAUTHORIZED', 401, 'You are not signed in');

/** The audit actor of an event without a session that names its user (role read through `db`). */
export async function actorOf(
  db: Db,
  u: Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName' | 'area' | 'corporateId'>,
): Promise<AuditActor> {
  return {
    id: u.id,
    email: u.email,
    name: `${u.firstName} ${u.lastName}`,
    role: await repo.roleNameOf(db, u.id),
    area: u.area,
    corporateId: u.corporateId,
  };
}

/** The audit actor of an event without a session whose user is unknown. */
export const anonymousActor = (email: string): AuditActor => ({
  id: null,
  email,
  role: null,
  area: null,
  corporateId: null,
});

/** Codes are stored keyed to the app secret, the user and the purpose: a leaked table reveals nothing usable. */
export function codeDigest(ctx: AppContext, userId: string, purpose: CodePurpose, code: string): string {
  return createHmac('sha256', ctx.config.APP_SECRET).update(`${purpose}:${userId}:${code}`).digest('hex');
}

// An argon2 hash of a random password, verified against when the email is unknown so that an
// unknown email costs the same time as a wrong password.
export const dummyHashes = new WeakMap<PasswordHasher, Promise<string>>();
export function dummyHash(hasher: PasswordHasher): Promise<string> {
  let h = dummyHashes.get(hasher);
  if (!h) {
    h = hasher.hash(randomBytes(24).toString('base64url'));
    dummyHashes.set(hasher, h);
  }
  return h;
}

export async function mustUser(db: Db, userId: string): Promise<UserRow> {
  const u = await repo.findUserById(db, userId);
  if (!u) throw new AppError('UNAUTHORIZED', 401, 'Your session has expired. Please sign in again.');
  return u;
}

export function toSessionUser(p: ProfileRow, twoFactorDone: boolean): SessionUser {
  const u = p.user;
  const c = p.corporate;
  return {
    id: u.id,
    first_name: u.firstName,
    last_name: u.lastName,
    email: u.email,
    msisdn: u.msisdn,
    area: u.area as Area,
    roles: p.roleName ? [u.area, p.roleName] : [u.area],
    permissions: p.permissions ?? [],
    defaultPassword: u.defaultPassword,
    hasVerifiedEmail: u.emailVerifiedAt !== null,
    is2faAuthenticated: twoFactorDone,
    twoFactorMethod: u.totpSecretEnc ? 'TOTP' : 'EMAIL',
    corporate: c?.id
      ? {
          id: c.id,
          name: c.name,
          clientType: c.clientType,
          status: c.status,
          verificationStatus: c.verificationStatus,
          verificationRequestedAt: c.verificationRequestedAt?.toISOString() ?? null,
          testMode: c.testMode,
          testModeAllowed: c.testModeAllowed ?? false,
          autoTopUpEnabled: c.autoTopUpEnabled ?? false,
        }
      : null,
  };
}

export async function profileOf(db: Db, userId: string, twoFactorDone: boolean): Promise<SessionUser> {
  const p = await repo.findProfile(db, userId);
  if (!p) throw new AppError('UNAUTHORIZED', 401, 'Your session has expired. Please sign in again.');
  return toSessionUser(p, twoFactorDone);
}

export async function openSession(
  ctx: AppContext,
  db: Db,
  rc: RequestContext,
  userId: string,
  rememberMe: boolean,
  now: Date,
) {
  const token = newToken('vps_');
  const ttl = rememberMe ? ctx.config.SESSION_REMEMBER_DAYS * 24 * HOUR : ctx.config.SESSION_MINUTES * MINUTE;
  const id = await repo.insertSession(db, {
    userId,
    tokenHash: sha256(token),
    rememberMe,
    expiresAt: new Date(now.getTime() + ttl),
    ip: rc.ip,
    userAgent: rc.userAgent,
    createdAt: now,
    lastSeenAt: now,
  });
  return { id, token };
}
