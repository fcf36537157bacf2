// Identity: sign-up, sign-in (throttled per IP, locked per account), emailed one-time codes,
// the second factor (emailed code or authenticator app), passwords, sessions and the
// corporate's API keys. Counters live in the database (login_attempts, auth_codes), never in
// memory, so any number of app instances share them.
import { createHmac, randomBytes } from 'node:crypto';
import type { Area, SessionUser } from '@vendport/shared';
import type { FastifyRequest } from 'fastify';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { systemRoleId } from '../../db/seed';
import { isUniqueViolation } from '../../db/sql';
import { newSixDigitCode, newToken, safeEqual, sha256 } from '../../lib/crypto';
import { AppError, badRequest, conflict, invalidPassword } from '../../lib/errors';
import type { PasswordHasher } from '../../lib/passwords';
import { authOf, corporateOf } from '../../plugins/access';
import { type AuditEntry, audit } from '../../plugins/audit';
import { assignDefaultServices } from '../catalogue/catalogue.service';
import { notify } from '../notifications/notifications.service';
import type { ApiKeyRow, CodePurpose, KeyMode, ProfileRow, UserRow } from './auth.repo';
import * as repo from './auth.repo';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Minutes each kind of emailed code stays valid. */
const CODE_TTL_MINUTES: Record<CodePurpose, number> = {
  EMAIL_VERIFICATION: 15,
  TWO_FACTOR: 10,
  RESET_PASSWORD: 30,
};
/** At most one code a minute and five an hour, per user and purpose. */
const CODE_GAP_MS = MINUTE;
const CODES_PER_HOUR = 5;
/** Wrong authenticator codes allowed per user in a quarter of an hour. */
const TOTP_FAILURE_LIMIT = 5;
const TOTP_FAILURE_WINDOW_MS = 15 * MINUTE;
const IP_WINDOW_MS = 15 * MINUTE;
const ACCOUNT_WINDOW_MS = HOUR;

export const TOTP_ISSUER = 'VendPort';
export const KEY_MODES: readonly KeyMode[] = ['LIVE', 'TEST'];

// ---------------------------------------------------------------- helpers

const invalidCode = (message: string) => new AppError('INVALID_CODE', 400, message);
const tooMany = (message: string) => new AppError('TOO_MANY_REQUESTS', 429, message);
const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 401, 'Invalid email or password');
const accountLocked = () =>
  new AppError(
    'ACCOUNT_LOCKED',
    423,
    'Too many failed sign-in attempts. Try again later or reset your password.',
  );
const notSignedIn = () => new AppError('UNAUTHORIZED', 401, 'You are not signed in');

function actorOf(
  u: Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName' | 'area' | 'corporateId'>,
): AuditEntry['actor'] {
  return {
    id: u.id,
    email: u.email,
    name: `${u.firstName} ${u.lastName}`,
    area: u.area,
    corporateId: u.corporateId,
  };
}

/** Codes are stored keyed to the app secret, the user and the purpose: a leaked table reveals nothing usable. */
function codeDigest(ctx: AppContext, userId: string, purpose: CodePurpose, code: string): string {
  return createHmac('sha256', ctx.config.APP_SECRET).update(`${purpose}:${userId}:${code}`).digest('hex');
}

// An argon2 hash of a random password, verified against when the email is unknown so that an
// unknown email costs the same time as a wrong password.
const dummyHashes = new WeakMap<PasswordHasher, Promise<string>>();
function dummyHash(hasher: PasswordHasher): Promise<string> {
  let h = dummyHashes.get(hasher);
  if (!h) {
    h = hasher.hash(randomBytes(24).toString('base64url'));
    dummyHashes.set(hasher, h);
  }
  return h;
}

async function mustUser(db: Db, userId: string): Promise<UserRow> {
  const u = await repo.findUserById(db, userId);
  if (!u) throw new AppError('UNAUTHORIZED', 401, 'Your session has expired. Please sign in again.');
  return u;
}

// ---------------------------------------------------------------- the session profile

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
          testMode: c.testMode,
        }
      : null,
  };
}

export async function profileOf(db: Db, userId: string, twoFactorDone: boolean): Promise<SessionUser> {
  const p = await repo.findProfile(db, userId);
  if (!p) throw new AppError('UNAUTHORIZED', 401, 'Your session has expired. Please sign in again.');
  return toSessionUser(p, twoFactorDone);
}

/** The signed-in caller's profile (GET me). */
export async function me(ctx: AppContext, req: FastifyRequest): Promise<SessionUser> {
  const a = authOf(req);
  return profileOf(ctx.db, a.userId, a.twoFactorDone);
}

// ---------------------------------------------------------------- sessions

async function openSession(
  ctx: AppContext,
  db: Db,
  req: FastifyRequest,
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
    ip: req.ip,
    userAgent: (req.headers['user-agent'] ?? '').slice(0, 300) || null,
    createdAt: now,
    lastSeenAt: now,
  });
  return { id, token };
}

// ---------------------------------------------------------------- emailed codes

function codeMail(purpose: CodePurpose, code: string): { subject: string; text: string } {
  const ttl = CODE_TTL_MINUTES[purpose];
  switch (purpose) {
    case 'EMAIL_VERIFICATION':
      return {
        subject: 'Verify your email address',
        text: `Your VendPort email verification code is ${code}. It expires in ${ttl} minutes.\n\nIf you did not create a VendPort account, you can ignore this email.`,
      };
    case 'TWO_FACTOR':
      return {
        subject: 'Your VendPort sign-in code',
        text: `Your VendPort sign-in code is ${code}. It expires in ${ttl} minutes.\n\nIf you did not just sign in, reset your password now: someone may know it.`,
      };
    case 'RESET_PASSWORD':
      return {
        subject: 'Reset your VendPort password',
        text: `Your VendPort password reset code is ${code}. It expires in ${ttl} minutes.\n\nIf you did not ask to reset your password, you can ignore this email; your password has not changed.`,
      };
  }
}

async function issueCode(
  ctx: AppContext,
  db: Db,
  user: Pick<UserRow, 'id' | 'email'>,
  purpose: CodePurpose,
  now: Date,
) {
  const code = newSixDigitCode();
  await repo.insertCode(db, {
    userId: user.id,
    purpose,
    codeHash: codeDigest(ctx, user.id, purpose, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES[purpose] * MINUTE),
  });
  await ctx.mailer.send(db, { to: user.email, ...codeMail(purpose, code) });
}

/** Why a new code may not be sent now (null: it may). Call with the user row locked. */
async function codeThrottle(db: Db, userId: string, purpose: CodePurpose, now: Date) {
  const lastMinute = await repo.countCodesSince(
    db,
    userId,
    purpose,
    new Date(now.getTime() - CODE_GAP_MS),
    now,
  );
  const lastHour = await repo.countCodesSince(db, userId, purpose, new Date(now.getTime() - HOUR), now);
  if (lastMinute.all > 0) return { reason: 'gap' as const, liveRecent: lastMinute.live > 0 };
  if (lastHour.all >= CODES_PER_HOUR) return { reason: 'hourly' as const, liveRecent: false };
  return null;
}

/**
 * Sends a code unless the throttle says no, silently: used where a code is sent as a side
 * effect (sign-in, after verifying the email, forgot-password). A code still usable from the
 * last minute stays the one to type.
 */
async function sendCodeIfAllowed(ctx: AppContext, db: Db, user: UserRow, purpose: CodePurpose, now: Date) {
  await repo.lockUser(db, user.id);
  const t = await codeThrottle(db, user.id, purpose, now);
  if (t && (t.reason === 'hourly' || t.liveRecent)) return false;
  await issueCode(ctx, db, user, purpose, now);
  return true;
}

/** After a sign-in step, the code the next step needs (the route guard's order). */
async function sendNextStepCode(ctx: AppContext, db: Db, user: UserRow, twoFactorDone: boolean, now: Date) {
  if (user.defaultPassword) return;
  if (!user.emailVerifiedAt) {
    await sendCodeIfAllowed(ctx, db, user, 'EMAIL_VERIFICATION', now);
    return;
  }
  if (!user.totpSecretEnc && !twoFactorDone) await sendCodeIfAllowed(ctx, db, user, 'TWO_FACTOR', now);
}

type CodeFailure = { error: AppError; reason: 'missing' | 'used' | 'dead' | 'expired' | 'wrong' };

/**
 * Checks a typed code against the newest code of the purpose, taking one attempt first (so
 * parallel guesses cannot pass the limit). Returns the code's id for the caller to consume in
 * its transaction, or the failure.
 */
async function checkCode(
  ctx: AppContext,
  userId: string,
  purpose: CodePurpose,
  typed: string,
  now: Date,
): Promise<{ id: string } | CodeFailure> {
  const c = await repo.latestCode(ctx.db, userId, purpose);
  if (!c) return { reason: 'missing', error: invalidCode('The code is incorrect. Request a new code.') };
  if (c.consumedAt)
    return { reason: 'used', error: invalidCode('This code has already been used. Request a new code.') };
  if (c.attempts >= repo.MAX_CODE_ATTEMPTS) {
    return { reason: 'dead', error: invalidCode('Too many wrong attempts. Request a new code.') };
  }
  if (c.expiresAt <= now) {
    return {
      reason: 'expired',
      error: new AppError('CODE_EXPIRED', 400, 'This code has expired. Request a new code.'),
    };
  }
  const taken = await repo.claimCodeAttempt(ctx.db, c.id);
  if (taken === null)
    return { reason: 'dead', error: invalidCode('Too many wrong attempts. Request a new code.') };
  if (!safeEqual(c.codeHash, codeDigest(ctx, userId, purpose, typed))) {
    const left = repo.MAX_CODE_ATTEMPTS - taken;
    const message =
      left > 0
        ? `The code is incorrect. You have ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`
        : 'The code is incorrect. Too many wrong attempts: request a new code.';
    return { reason: 'wrong', error: invalidCode(message) };
  }
  return { id: c.id };
}

async function consumeOrFail(db: Db, codeId: string, now: Date) {
  if (!(await repo.consumeCode(db, codeId, now))) {
    throw invalidCode('This code has already been used. Request a new code.');
  }
}

// ---------------------------------------------------------------- password confirmation and lockout

/** Start of the window in which an account's failed sign-ins count: the last hour, since the
 * last successful sign-in and since the last password change (a reset unlocks). */
async function lockoutSince(db: Db, email: string, passwordChangedAt: Date | null, now: Date): Promise<Date> {
  let since = new Date(now.getTime() - ACCOUNT_WINDOW_MS);
  const lastSuccess = await repo.lastSuccessfulSignIn(db, email);
  for (const t of [lastSuccess, passwordChangedAt]) if (t && t > since) since = t;
  return since;
}

/**
 * The caller's own password, typed to confirm a sensitive action. Wrong guesses count toward
 * the sign-in lockout, so a stolen session cannot be used to guess the password.
 */
export async function confirmOwnPassword(
  ctx: AppContext,
  req: FastifyRequest,
  user: UserRow,
  password: string | undefined,
  purpose: string,
): Promise<void> {
  // No password at all is a form error, not a guess.
  if (!password) throw invalidPassword();
  const now = new Date();
  const since = await lockoutSince(ctx.db, user.email, user.passwordChangedAt, now);
  if ((await repo.countEmailFailures(ctx.db, user.email, since)) >= ctx.config.LOGIN_ACCOUNT_LIMIT) {
    throw accountLocked();
  }
  if (!(await ctx.hasher.verify(user.passwordHash, password))) {
    await repo.insertAttempt(ctx.db, { email: user.email, ip: req.ip, success: false });
    await audit(ctx.db, req, {
      action: 'auth.password.confirm.failure',
      targetType: 'user',
      targetId: user.id,
      summary: { purpose },
    });
    throw invalidPassword();
  }
}

/**
 * The signed-in user's password, typed to confirm a destructive or money-moving action: the same
 * check as confirmOwnPassword (wrong guesses count toward the lockout and are audited).
 */
export async function confirmActingPassword(
  ctx: AppContext,
  req: FastifyRequest,
  password: string,
  purpose = `${req.method} ${req.routeOptions.url ?? req.url}`,
): Promise<void> {
  const user = req.auth ? await repo.findUserById(ctx.db, req.auth.userId) : null;
  if (!user) throw invalidPassword();
  await confirmOwnPassword(ctx, req, user, password, purpose);
}

// ---------------------------------------------------------------- sign-up

export interface RegisterInput {
  company_name: string;
  first_name: string;
  last_name: string;
  email: string;
  msisdn: string;
  password: string;
}

export async function register(ctx: AppContext, req: FastifyRequest, body: RegisterInput) {
  const taken = () => conflict('An account with this email already exists');
  if (await repo.emailTaken(ctx.db, body.email)) throw taken();
  const passwordHash = await ctx.hasher.hash(body.password);
  const roleId = await systemRoleId(ctx.db, 'CORPORATE');
  const now = new Date();
  let created: { userId: string; token: string };
  try {
    created = await ctx.db.transaction(async (tx) => {
      const corporateId = await repo.insertCorporate(tx, {
        name: body.company_name,
        email: body.email,
        msisdn: body.msisdn,
        clientType: 'PREPAID',
        status: 'ACTIVE',
        verificationStatus: 'PENDING',
      });
      const userId = await repo.insertUser(tx, {
        area: 'CORPORATE',
        corporateId,
        roleId,
        firstName: body.first_name,
        lastName: body.last_name,
        email: body.email,
        msisdn: body.msisdn,
        passwordHash,
        defaultPassword: false,
      });
      await issueCode(ctx, tx, { id: userId, email: body.email }, 'EMAIL_VERIFICATION', now);
      await notify(
        tx,
        userId,
        'Welcome to VendPort',
        `Welcome, ${body.first_name}. Verify your email address, then fund your wallet to start vending airtime and data. Your live and test API keys are on the Settings page.`,
      );
      await issueApiKeys(ctx, tx, corporateId);
      // A new client can vend as soon as it is funded: the platform's default services are its own.
      await assignDefaultServices(tx, corporateId);
      const session = await openSession(ctx, tx, req, userId, false, now);
      await audit(tx, req, {
        action: 'auth.register',
        actor: {
          id: userId,
          email: body.email,
          name: `${body.first_name} ${body.last_name}`,
          area: 'CORPORATE',
          corporateId,
        },
        targetType: 'corporate',
        targetId: corporateId,
        summary: { company: body.company_name, email: body.email },
      });
      return { userId, token: session.token };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
  return { user: await profileOf(ctx.db, created.userId, false), access_token: created.token };
}

// ---------------------------------------------------------------- sign-in

export async function login(
  ctx: AppContext,
  req: FastifyRequest,
  body: { email: string; password: string; rememberMe: boolean },
) {
  const { email, password } = body;
  const now = new Date();
  // The attempt is written before anything is checked: every concurrent attempt then counts
  // the others, so no burst of parallel guesses can pass the limits.
  const attemptId = await repo.insertAttempt(ctx.db, { email, ip: req.ip, success: false });
  const user = await repo.findUserByEmail(ctx.db, email);
  const anon = { id: null, email, area: null, corporateId: null };
  const actor = user ? actorOf(user) : anon;

  const ipFailures = await repo.countIpFailures(ctx.db, req.ip, new Date(now.getTime() - IP_WINDOW_MS));
  if (ipFailures > ctx.config.LOGIN_IP_LIMIT) {
    // A refused attempt never reached the password, so it is not a guess.
    await repo.deleteAttempt(ctx.db, attemptId);
    await audit(ctx.db, req, { action: 'auth.login.throttled', actor, summary: { email } });
    throw tooMany('Too many sign-in attempts from your network. Please wait a few minutes and try again.');
  }
  const since = await lockoutSince(ctx.db, email, user?.passwordChangedAt ?? null, now);
  if ((await repo.countEmailFailures(ctx.db, email, since)) > ctx.config.LOGIN_ACCOUNT_LIMIT) {
    await repo.deleteAttempt(ctx.db, attemptId);
    await audit(ctx.db, req, {
      action: 'auth.login.locked',
      actor,
      targetType: 'user',
      targetId: user?.id,
      summary: { email },
    });
    throw accountLocked();
  }

  const valid = await ctx.hasher.verify(user?.passwordHash ?? (await dummyHash(ctx.hasher)), password);
  if (!user || !valid) {
    await audit(ctx.db, req, {
      action: 'auth.login.failure',
      actor,
      targetType: 'user',
      targetId: user?.id,
      summary: { email, reason: user ? 'wrong password' : 'unknown email' },
    });
    throw invalidCredentials();
  }
  if (user.status !== 'ACTIVE') {
    await audit(ctx.db, req, {
      action: 'auth.login.failure',
      actor,
      targetType: 'user',
      targetId: user.id,
      summary: { email, reason: 'inactive' },
    });
    throw new AppError('FORBIDDEN', 403, 'Your account is inactive. Contact your administrator.');
  }

  const token = await ctx.db.transaction(async (tx) => {
    await repo.markAttemptSucceeded(tx, attemptId);
    const session = await openSession(ctx, tx, req, user.id, body.rememberMe, now);
    await repo.updateUser(tx, user.id, { lastLoginAt: now });
    await sendNextStepCode(ctx, tx, user, false, now);
    await audit(tx, req, {
      action: 'auth.login.success',
      actor,
      targetType: 'session',
      targetId: session.id,
      summary: { email, rememberMe: body.rememberMe },
    });
    return session.token;
  });
  return { user: await profileOf(ctx.db, user.id, false), access_token: token };
}

export async function logout(ctx: AppContext, req: FastifyRequest): Promise<void> {
  const a = authOf(req);
  await ctx.db.transaction(async (tx) => {
    await repo.revokeSession(tx, a.sessionId, new Date());
    await audit(tx, req, { action: 'auth.logout', targetType: 'session', targetId: a.sessionId });
  });
}

// ---------------------------------------------------------------- email verification and codes

export async function verifyEmail(ctx: AppContext, req: FastifyRequest, code: string) {
  const a = authOf(req);
  const user = await mustUser(ctx.db, a.userId);
  if (user.emailVerifiedAt) return { user: await profileOf(ctx.db, user.id, a.twoFactorDone), already: true };
  const now = new Date();
  const checked = await checkCode(ctx, user.id, 'EMAIL_VERIFICATION', code, now);
  if ('error' in checked) {
    await audit(ctx.db, req, {
      action: 'auth.email.verify.failure',
      targetType: 'user',
      targetId: user.id,
      summary: { reason: checked.reason },
    });
    throw checked.error;
  }
  await ctx.db.transaction(async (tx) => {
    await consumeOrFail(tx, checked.id, now);
    await repo.updateUser(tx, user.id, { emailVerifiedAt: now });
    await sendNextStepCode(ctx, tx, { ...user, emailVerifiedAt: now }, a.twoFactorDone, now);
    await audit(tx, req, { action: 'auth.email.verify', targetType: 'user', targetId: user.id });
  });
  return { user: await profileOf(ctx.db, user.id, a.twoFactorDone), already: false };
}

export async function resendCode(
  ctx: AppContext,
  req: FastifyRequest,
  purpose: 'EMAIL_VERIFICATION' | 'TWO_FACTOR',
) {
  const a = authOf(req);
  const user = await mustUser(ctx.db, a.userId);
  if (purpose === 'EMAIL_VERIFICATION' && user.emailVerifiedAt)
    throw badRequest('Your email address is already verified');
  if (purpose === 'TWO_FACTOR') {
    if (a.twoFactorDone) throw badRequest('Two-factor authentication is already complete for this session');
    if (user.totpSecretEnc) throw badRequest('Use the code shown in your authenticator app');
    if (user.defaultPassword)
      throw new AppError('PASSWORD_CHANGE_REQUIRED', 403, 'Change your password first');
    if (!user.emailVerifiedAt)
      throw new AppError('EMAIL_NOT_VERIFIED', 403, 'Verify your email address first');
  }
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    await repo.lockUser(tx, user.id);
    const t = await codeThrottle(tx, user.id, purpose, now);
    if (t?.reason === 'gap') throw tooMany('Please wait a minute before asking for another code.');
    if (t?.reason === 'hourly')
      throw tooMany('You have asked for too many codes. Please try again in an hour.');
    await issueCode(ctx, tx, user, purpose, now);
    await audit(tx, req, {
      action: 'auth.code.resend',
      targetType: 'user',
      targetId: user.id,
      summary: { purpose },
    });
  });
}

// ---------------------------------------------------------------- second factor

/**
 * Checks an authenticator code with the user's row locked: ±1 time step, a step never
 * accepted twice (the last used step is kept as a TOTP_STEP row), and at most
 * TOTP_FAILURE_LIMIT wrong codes per quarter hour. `onSuccess` runs in the same transaction.
 */
async function checkTotpCode(
  ctx: AppContext,
  req: FastifyRequest,
  user: UserRow,
  sealedSecret: string,
  code: string,
  failureAction: string,
  onSuccess: (tx: Db, now: Date) => Promise<void>,
) {
  const now = new Date();
  const outcome = await ctx.db.transaction(async (tx) => {
    await repo.lockUser(tx, user.id);
    const failures = await repo.countCodesSince(
      tx,
      user.id,
      'TOTP_FAILURE',
      new Date(now.getTime() - TOTP_FAILURE_WINDOW_MS),
      now,
    );
    if (failures.all >= TOTP_FAILURE_LIMIT) return 'throttled' as const;
    const last = await repo.lastTotpStep(tx, user.id);
    let step: number | null = null;
    try {
      const r = await verifyTotp({
        secret: ctx.sealer.open(sealedSecret),
        token: code,
        epochTolerance: 30,
        ...(last !== null ? { afterTimeStep: last } : {}),
      });
      if (r.valid && 'timeStep' in r) step = r.timeStep;
    } catch {
      step = null;
    }
    if (step === null) {
      await repo.insertCode(tx, {
        userId: user.id,
        purpose: 'TOTP_FAILURE',
        codeHash: '-',
        createdAt: now,
        expiresAt: new Date(now.getTime() + TOTP_FAILURE_WINDOW_MS),
        consumedAt: now,
      });
      return 'wrong' as const;
    }
    await repo.insertCode(tx, {
      userId: user.id,
      purpose: 'TOTP_STEP',
      codeHash: String(step),
      createdAt: now,
      expiresAt: new Date(now.getTime() + 2 * MINUTE),
      consumedAt: now,
    });
    await onSuccess(tx, now);
    return 'ok' as const;
  });
  if (outcome === 'ok') return;
  await audit(ctx.db, req, {
    action: failureAction,
    targetType: 'user',
    targetId: user.id,
    summary: { method: 'TOTP', reason: outcome },
  });
  if (outcome === 'throttled')
    throw tooMany('Too many wrong codes. Please wait a few minutes and try again.');
  throw invalidCode('The code from your authenticator app is incorrect or has already been used.');
}

export async function completeTwoFactor(ctx: AppContext, req: FastifyRequest, code: string) {
  const a = authOf(req);
  const user = await mustUser(ctx.db, a.userId);
  if (a.twoFactorDone) return profileOf(ctx.db, user.id, true);
  if (user.defaultPassword) throw new AppError('PASSWORD_CHANGE_REQUIRED', 403, 'Change your password first');
  if (!user.emailVerifiedAt) throw new AppError('EMAIL_NOT_VERIFIED', 403, 'Verify your email address first');

  const succeed = async (tx: Db, now: Date, method: 'TOTP' | 'EMAIL') => {
    await repo.markSessionTwoFactor(tx, a.sessionId, now);
    await audit(tx, req, {
      action: 'auth.2fa.success',
      targetType: 'session',
      targetId: a.sessionId,
      summary: { method },
    });
  };
  if (user.totpSecretEnc) {
    await checkTotpCode(ctx, req, user, user.totpSecretEnc, code, 'auth.2fa.failure', (tx, now) =>
      succeed(tx, now, 'TOTP'),
    );
  } else {
    const now = new Date();
    const checked = await checkCode(ctx, user.id, 'TWO_FACTOR', code, now);
    if ('error' in checked) {
      await audit(ctx.db, req, {
        action: 'auth.2fa.failure',
        targetType: 'user',
        targetId: user.id,
        summary: { method: 'EMAIL', reason: checked.reason },
      });
      throw checked.error;
    }
    await ctx.db.transaction(async (tx) => {
      await consumeOrFail(tx, checked.id, now);
      await succeed(tx, now, 'EMAIL');
    });
  }
  return profileOf(ctx.db, user.id, true);
}

export async function setupTotp(ctx: AppContext, req: FastifyRequest) {
  const a = authOf(req);
  const user = await mustUser(ctx.db, a.userId);
  if (user.totpSecretEnc) {
    throw conflict('An authenticator app is already set up. Reset two-factor authentication first.');
  }
  const secret = generateSecret();
  const otpauthUri = generateURI({ issuer: TOTP_ISSUER, label: user.email, secret });
  await ctx.db.transaction(async (tx) => {
    await repo.updateUser(tx, user.id, { totpPendingEnc: ctx.sealer.seal(secret) });
    await audit(tx, req, { action: 'auth.2fa.setup', targetType: 'user', targetId: user.id });
  });
  return { secret, otpauth_uri: otpauthUri };
}

export async function enableTotp(ctx: AppContext, req: FastifyRequest, code: string) {
  const a = authOf(req);
  const user = await mustUser(ctx.db, a.userId);
  if (user.totpSecretEnc) throw conflict('An authenticator app is already set up.');
  const pending = user.totpPendingEnc;
  if (!pending) throw badRequest('Start the authenticator app set-up first.');
  await checkTotpCode(ctx, req, user, pending, code, 'auth.2fa.enable.failure', async (tx, now) => {
    await repo.updateUser(tx, user.id, { totpSecretEnc: pending, totpPendingEnc: null, totpEnabledAt: now });
    await notify(
      tx,
      user.id,
      'Authenticator app turned on',
      'From now on, sign in with the code shown in your authenticator app. If this was not you, reset your password and contact support.',
    );
    await audit(tx, req, {
      action: 'auth.2fa.enable',
      targetType: 'user',
      targetId: user.id,
      summary: { method: 'TOTP' },
    });
  });
  return profileOf(ctx.db, user.id, a.twoFactorDone);
}

export async function resetTotp(ctx: AppContext, req: FastifyRequest, password: string) {
  const a = authOf(req);
  const user = await mustUser(ctx.db, a.userId);
  await confirmOwnPassword(ctx, req, user, password, '2fa reset');
  await ctx.db.transaction(async (tx) => {
    await repo.updateUser(tx, user.id, { totpSecretEnc: null, totpPendingEnc: null, totpEnabledAt: null });
    await notify(
      tx,
      user.id,
      'Two-factor authentication reset',
      'Your authenticator app was removed. Sign-in codes will now be sent to your email address. If this was not you, reset your password and contact support.',
    );
    await audit(tx, req, {
      action: 'auth.2fa.reset',
      targetType: 'user',
      targetId: user.id,
      summary: { hadAuthenticator: !!user.totpSecretEnc },
    });
  });
  return profileOf(ctx.db, user.id, a.twoFactorDone);
}

// ---------------------------------------------------------------- passwords

const passwordChangedMail = (email: string) => ({
  to: email,
  subject: 'Your VendPort password was changed',
  text: 'The password of your VendPort account was just changed. If this was not you, reset your password now and contact support.',
});

export async function forgotPassword(ctx: AppContext, req: FastifyRequest, email: string): Promise<void> {
  const user = await repo.findUserByEmail(ctx.db, email);
  if (user?.status !== 'ACTIVE') {
    await audit(ctx.db, req, {
      action: 'auth.password.forgot',
      actor: { id: null, email, area: null, corporateId: null },
      summary: { email, known: false },
    });
    return;
  }
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    // Throttled silently: a refusal here would tell a stranger that the account exists.
    const sent = await sendCodeIfAllowed(ctx, tx, user, 'RESET_PASSWORD', now);
    await audit(tx, req, {
      action: 'auth.password.forgot',
      actor: actorOf(user),
      targetType: 'user',
      targetId: user.id,
      summary: { email, sent },
    });
  });
}

export interface ChangePasswordInput {
  email?: string;
  code?: string;
  current_password?: string;
  new_password: string;
}

/** change-password: with an emailed reset code (signed out), or signed in with the current password. */
export async function changePassword(
  ctx: AppContext,
  req: FastifyRequest,
  body: ChangePasswordInput,
): Promise<SessionUser | null> {
  if (body.code && body.email) {
    await resetWithCode(ctx, req, body.email, body.code, body.new_password);
    return null;
  }
  const a = req.auth;
  if (!a) throw notSignedIn();
  const user = await mustUser(ctx.db, a.userId);
  // Signed in with the password alone, only the forced change of a default password may happen
  // before the second factor; otherwise knowing the password would be enough to take over the
  // account (and the change ends the owner's other sessions).
  if (!a.twoFactorDone && !user.defaultPassword) {
    throw new AppError(
      'TWO_FACTOR_REQUIRED',
      403,
      'Complete two-factor sign-in before changing your password',
    );
  }
  if (!body.current_password) throw new AppError('VALIDATION_ERROR', 400, 'Enter your current password');
  await replaceOwnPassword(ctx, req, user, body.current_password, body.new_password, {
    purpose: 'change password',
    action: 'auth.password.change',
    notice: 'Your password was changed. If this was not you, reset your password and contact support.',
    summary: { wasDefault: user.defaultPassword },
    // The current session stays as it was (in the forced flow: still short of 2FA): its next step follows.
    afterChange: (tx, now) =>
      sendNextStepCode(ctx, tx, { ...user, defaultPassword: false }, a.twoFactorDone, now),
  });
  return profileOf(ctx.db, user.id, a.twoFactorDone);
}

async function resetWithCode(
  ctx: AppContext,
  req: FastifyRequest,
  email: string,
  code: string,
  newPassword: string,
) {
  // One answer for every failure: this call is public, and distinct answers would tell a
  // stranger which emails have accounts.
  const refused = () => invalidCode('The code is incorrect or has expired. Request a new code.');
  const user = await repo.findUserByEmail(ctx.db, email);
  const now = new Date();
  if (user?.status !== 'ACTIVE') {
    await audit(ctx.db, req, {
      action: 'auth.password.reset.failure',
      actor: { id: null, email, area: null, corporateId: null },
      summary: { email, reason: 'unknown' },
    });
    throw refused();
  }
  const checked = await checkCode(ctx, user.id, 'RESET_PASSWORD', code, now);
  if ('error' in checked) {
    await audit(ctx.db, req, {
      action: 'auth.password.reset.failure',
      actor: actorOf(user),
      targetType: 'user',
      targetId: user.id,
      summary: { email, reason: checked.reason },
    });
    throw refused();
  }
  const passwordHash = await ctx.hasher.hash(newPassword);
  await ctx.db.transaction(async (tx) => {
    await consumeOrFail(tx, checked.id, now);
    await repo.updateUser(tx, user.id, {
      passwordHash,
      defaultPassword: false,
      passwordChangedAt: now,
      // The code reached the mailbox: that proves the address too.
      emailVerifiedAt: user.emailVerifiedAt ?? now,
    });
    const ended = await repo.revokeUserSessions(tx, user.id, now);
    await notify(
      tx,
      user.id,
      'Password changed',
      'Your password was reset with a code sent to your email. If this was not you, contact support.',
    );
    await ctx.mailer.send(tx, passwordChangedMail(user.email));
    await audit(tx, req, {
      action: 'auth.password.reset',
      actor: actorOf(user),
      targetType: 'user',
      targetId: user.id,
      summary: { endedSessions: ended },
    });
  });
}

export async function updatePassword(
  ctx: AppContext,
  req: FastifyRequest,
  body: { current_password: string; new_password: string },
): Promise<SessionUser> {
  const a = authOf(req);
  const user = await mustUser(ctx.db, a.userId);
  await replaceOwnPassword(ctx, req, user, body.current_password, body.new_password, {
    purpose: 'update password',
    action: 'auth.password.update',
    notice:
      'Your password was changed and your other sessions were signed out. If this was not you, contact support.',
  });
  return profileOf(ctx.db, user.id, a.twoFactorDone);
}

/**
 * A signed-in user replaces their own password: the current one confirmed, a different new one
 * hashed, every other session ended, a notification and an email, one audit entry — one transaction.
 */
async function replaceOwnPassword(
  ctx: AppContext,
  req: FastifyRequest,
  user: UserRow,
  currentPassword: string,
  newPassword: string,
  o: {
    purpose: string;
    action: string;
    notice: string;
    summary?: Record<string, unknown>;
    afterChange?: (tx: Db, now: Date) => Promise<unknown>;
  },
): Promise<void> {
  const a = authOf(req);
  await confirmOwnPassword(ctx, req, user, currentPassword, o.purpose);
  if (newPassword === currentPassword)
    throw badRequest('Choose a new password that differs from the current one');
  const passwordHash = await ctx.hasher.hash(newPassword);
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    await repo.updateUser(tx, user.id, { passwordHash, defaultPassword: false, passwordChangedAt: now });
    const ended = await repo.revokeUserSessions(tx, user.id, now, a.sessionId);
    await notify(tx, user.id, 'Password changed', o.notice);
    await ctx.mailer.send(tx, passwordChangedMail(user.email));
    await o.afterChange?.(tx, now);
    await audit(tx, req, {
      action: o.action,
      targetType: 'user',
      targetId: user.id,
      summary: { ...o.summary, endedSessions: ended },
    });
  });
}

export async function updateProfile(
  ctx: AppContext,
  req: FastifyRequest,
  body: { first_name?: string; last_name?: string; msisdn?: string },
): Promise<SessionUser> {
  const a = authOf(req);
  const changes: Partial<UserRow> = {};
  if (body.first_name !== undefined) changes.firstName = body.first_name;
  if (body.last_name !== undefined) changes.lastName = body.last_name;
  if (body.msisdn !== undefined) changes.msisdn = body.msisdn;
  if (Object.keys(changes).length) {
    await ctx.db.transaction(async (tx) => {
      await repo.updateUser(tx, a.userId, changes);
      await audit(tx, req, {
        action: 'auth.profile.update',
        targetType: 'user',
        targetId: a.userId,
        summary: { ...body },
      });
    });
  }
  return profileOf(ctx.db, a.userId, a.twoFactorDone);
}

// ---------------------------------------------------------------- API keys

export const maskKey = (mode: string, last4: string) => `vpk_${mode.toLowerCase()}_••••••••${last4}`;

function mintKey(ctx: AppContext, corporateId: string, mode: KeyMode, now: Date) {
  const key = newToken(mode === 'LIVE' ? 'vpk_live_' : 'vpk_test_');
  return {
    key,
    row: {
      corporateId,
      mode,
      keyHash: sha256(key),
      keyEnc: ctx.sealer.seal(key),
      last4: key.slice(-4),
      createdAt: now,
    },
  };
}

/** Gives a corporate whichever of its live and test keys it lacks (sign-up; onboarding by an admin). */
export async function issueApiKeys(ctx: AppContext, db: Db, corporateId: string): Promise<void> {
  const now = new Date();
  for (const mode of KEY_MODES) await repo.insertKeyIfAbsent(db, mintKey(ctx, corporateId, mode, now).row);
}

const keyView = (k: ApiKeyRow) => ({
  mode: k.mode as KeyMode,
  masked: maskKey(k.mode, k.last4),
  createdAt: k.createdAt.toISOString(),
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
});

async function keysOf(ctx: AppContext, corporateId: string): Promise<ApiKeyRow[]> {
  let keys = await repo.activeKeys(ctx.db, corporateId);
  if (keys.length < KEY_MODES.length) {
    await ctx.db.transaction((tx) => issueApiKeys(ctx, tx, corporateId));
    keys = await repo.activeKeys(ctx.db, corporateId);
  }
  return keys;
}

export async function listApiKeys(ctx: AppContext, req: FastifyRequest) {
  const corporateId = corporateOf(req);
  const keys = await keysOf(ctx, corporateId);
  await audit(ctx.db, req, {
    action: 'apikey.view',
    targetType: 'corporate',
    targetId: corporateId,
    summary: { modes: keys.map((k) => k.mode) },
  });
  return keys.map(keyView);
}

export async function copyApiKey(
  ctx: AppContext,
  req: FastifyRequest,
  mode: KeyMode,
  password: string | undefined,
) {
  const corporateId = corporateOf(req);
  const user = await mustUser(ctx.db, authOf(req).userId);
  await confirmOwnPassword(ctx, req, user, password, 'copy api key');
  const k = (await keysOf(ctx, corporateId)).find((x) => x.mode === mode);
  if (!k) throw new AppError('INTERNAL_ERROR', 500, 'API key missing');
  await audit(ctx.db, req, {
    action: 'apikey.copy',
    targetType: 'api_key',
    targetId: k.id,
    summary: { mode },
  });
  return { ...keyView(k), key: ctx.sealer.open(k.keyEnc) };
}

export async function resetApiKey(ctx: AppContext, req: FastifyRequest, mode: KeyMode, password: string) {
  const corporateId = corporateOf(req);
  const a = authOf(req);
  const user = await mustUser(ctx.db, a.userId);
  await confirmOwnPassword(ctx, req, user, password, 'reset api key');
  const now = new Date();
  const minted = mintKey(ctx, corporateId, mode, now);
  const row = await ctx.db.transaction(async (tx) => {
    // One reset at a time per corporate: the old key is revoked in the same transaction.
    await repo.lockCorporate(tx, corporateId);
    const old = await repo.activeKey(tx, corporateId, mode);
    if (old) await repo.revokeKey(tx, old.id, now);
    const created = await repo.insertKeyIfAbsent(tx, minted.row);
    if (!created) throw conflict('The API key was reset by someone else at the same time. Try again.');
    await notify(
      tx,
      a.userId,
      'API key reset',
      `Your ${mode.toLowerCase()} API key was reset. The previous key stopped working immediately; update your integration with the new one.`,
    );
    await audit(tx, req, {
      action: 'apikey.reset',
      targetType: 'api_key',
      targetId: created.id,
      summary: { mode, replaced: old?.id ?? null },
    });
    return created;
  });
  return { ...keyView(row), key: minted.key };
}

// ---------------------------------------------------------------- onboarding

export async function onboardingData(ctx: AppContext, req: FastifyRequest) {
  const a = authOf(req);
  const corporateId = corporateOf(req);
  const p = await repo.findProfile(ctx.db, a.userId);
  const c = p?.corporate;
  const profile = p ? toSessionUser(p, a.twoFactorDone) : null;
  if (!c || !profile?.corporate)
    throw new AppError('WRONG_AREA', 403, 'This action is not available in your area');
  const hasApiKeys = await repo.corporateHasKeys(ctx.db, corporateId);
  const steps = [
    { key: 'VERIFY_EMAIL', label: 'Verify your email address', done: profile.hasVerifiedEmail },
    {
      key: 'VERIFY_BUSINESS',
      label:
        c.verificationStatus === 'DECLINED'
          ? 'Your business verification was declined: upload corrected documents'
          : c.verificationRequestedAt
            ? 'Wait for your business documents to be reviewed'
            : 'Upload your business documents for verification',
      done: c.verificationStatus === 'VERIFIED',
    },
    { key: 'API_KEYS', label: 'Copy your API keys from Settings', done: hasApiKeys },
    {
      key: 'AUTHENTICATOR',
      label: 'Set up an authenticator app for sign-in',
      done: profile.twoFactorMethod === 'TOTP',
    },
  ];
  return {
    corporate: profile.corporate,
    hasVerifiedEmail: profile.hasVerifiedEmail,
    verificationStatus: c.verificationStatus,
    verificationRequestedAt: c.verificationRequestedAt?.toISOString() ?? null,
    hasApiKeys,
    twoFactorMethod: profile.twoFactorMethod,
    steps,
    nextSteps: steps.filter((s) => !s.done).map((s) => s.label),
    completed: steps.every((s) => s.done),
  };
}
