// Passwords: confirming one for a sensitive action (wrong guesses count toward the lockout),
// forgotten, changed, forced change of a default password.
import type { SessionUser } from '@vendport/shared';
import { recordAudit } from '../../infra/audit';
import type { AppContext } from '../../infra/context';
import type { Db } from '../../infra/db/client';
import { AppError, badRequest, invalidPassword } from '../../infra/errors';
import { callerOf, type RequestContext } from '../../infra/request-context';
import { notify } from '../notifications';
import { checkCode, consumeOrFail, sendCodeIfAllowed, sendNextStepCode } from './auth.codes';
import type { UserRow } from './auth.repo';
import * as repo from './auth.repo';
import {
  ACCOUNT_WINDOW_MS,
  accountLocked,
  actorOf,
  anonymousActor,
  invalidCode,
  mustUser,
  notSignedIn,
  profileOf,
} from './auth.shared';

/** Start of the window in which an account's failed sign-ins count: the last hour, since the
 * last successful sign-in and since the last password change (a reset unlocks). */
export async function lockoutSince(
  db: Db,
  email: string,
  passwordChangedAt: Date | null,
  now: Date,
): Promise<Date> {
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
  rc: RequestContext,
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
    await repo.insertAttempt(ctx.db, { email: user.email, ip: rc.ip, success: false });
    await recordAudit(ctx.db, rc, {
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
  rc: RequestContext,
  password: string,
  purpose = rc.route,
): Promise<void> {
  const user = rc.auth ? await repo.findUserById(ctx.db, rc.auth.userId) : null;
  if (!user) throw invalidPassword();
  await confirmOwnPassword(ctx, rc, user, password, purpose);
}

export const passwordChangedMail = (email: string) => ({
  to: email,
  subject: 'Your VendPort password was changed',
  text: 'The password of your VendPort account was just changed. If this was not you, reset your password now and contact support.',
});

export async function forgotPassword(ctx: AppContext, rc: RequestContext, email: string): Promise<void> {
  const user = await repo.findUserByEmail(ctx.db, email);
  if (user?.status !== 'ACTIVE') {
    await recordAudit(ctx.db, rc, {
      action: 'auth.password.forgot',
      actor: anonymousActor(email),
      summary: { email, known: false },
    });
    return;
  }
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    // Throttled silently: a refusal here would tell a stranger that the account exists.
    const sent = await sendCodeIfAllowed(ctx, tx, user, 'RESET_PASSWORD', now);
    await recordAudit(tx, rc, {
      action: 'auth.password.forgot',
      actor: await actorOf(tx, user),
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
  rc: RequestContext,
  body: ChangePasswordInput,
): Promise<SessionUser | null> {
  if (body.code && body.email) {
    await resetWithCode(ctx, rc, body.email, body.code, body.new_password);
    return null;
  }
  const a = rc.auth;
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
  await replaceOwnPassword(ctx, rc, user, body.current_password, body.new_password, {
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

export async function resetWithCode(
  ctx: AppContext,
  rc: RequestContext,
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
    await recordAudit(ctx.db, rc, {
      action: 'auth.password.reset.failure',
      actor: anonymousActor(email),
      summary: { email, reason: 'unknown' },
    });
    throw refused();
  }
  const checked = await checkCode(ctx, user.id, 'RESET_PASSWORD', code, now);
  if ('error' in checked) {
    await recordAudit(ctx.db, rc, {
      action: 'auth.password.reset.failure',
      actor: await actorOf(ctx.db, user),
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
    await recordAudit(tx, rc, {
      action: 'auth.password.reset',
      actor: await actorOf(tx, user),
      targetType: 'user',
      targetId: user.id,
      summary: { endedSessions: ended },
    });
  });
}

export async function updatePassword(
  ctx: AppContext,
  rc: RequestContext,
  body: { current_password: string; new_password: string },
): Promise<SessionUser> {
  const a = callerOf(rc);
  const user = await mustUser(ctx.db, a.userId);
  await replaceOwnPassword(ctx, rc, user, body.current_password, body.new_password, {
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
export async function replaceOwnPassword(
  ctx: AppContext,
  rc: RequestContext,
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
  const a = callerOf(rc);
  await confirmOwnPassword(ctx, rc, user, currentPassword, o.purpose);
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
    await recordAudit(tx, rc, {
      action: o.action,
      targetType: 'user',
      targetId: user.id,
      summary: { ...o.summary, endedSessions: ended },
    });
  });
}
