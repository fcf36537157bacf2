// Emailed one-time codes (email verification, sign-in, password reset): issuing them within
// their throttle and checking a typed code, one attempt at a time. Codes are stored keyed to the
// app secret, so a leaked table reveals nothing usable.
import type { AppContext } from '../../infra/context';
import { newSixDigitCode, safeEqual } from '../../infra/crypto';
import type { Db } from '../../infra/db/client';
import { AppError } from '../../infra/errors';
import type { CodePurpose, UserRow } from './auth.repo';
import * as repo from './auth.repo';
import {
  CODE_GAP_MS,
  CODE_TTL_MINUTES,
  CODES_PER_HOUR,
  codeDigest,
  HOUR,
  invalidCode,
  MINUTE,
} from './auth.shared';

export function codeMail(purpose: CodePurpose, code: string): { subject: string; text: string } {
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

export async function issueCode(
  ctx: AppContext,
  db: Db,
  user: Pick<UserRow, 'id' | 'email'>,
  purpose: CodePurpose,
  now: Date,
) {
  const code = newSixDigitCode();
  const expiresAt = new Date(now.getTime() + CODE_TTL_MINUTES[purpose] * MINUTE);
  await repo.insertCode(db, {
    userId: user.id,
    purpose,
    codeHash: codeDigest(ctx, user.id, purpose, code),
    createdAt: now,
    expiresAt,
  });
  // The email expires with its code: an outbox relayed later never sends a dead code.
  await ctx.mailer.send(db, { to: user.email, ...codeMail(purpose, code), expiresAt });
}

/** Why a new code may not be sent now (null: it may). Call with the user row locked. */
export async function codeThrottle(db: Db, userId: string, purpose: CodePurpose, now: Date) {
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
export async function sendCodeIfAllowed(
  ctx: AppContext,
  db: Db,
  user: UserRow,
  purpose: CodePurpose,
  now: Date,
) {
  await repo.lockUser(db, user.id);
  const t = await codeThrottle(db, user.id, purpose, now);
  if (t && (t.reason === 'hourly' || t.liveRecent)) return false;
  await issueCode(ctx, db, user, purpose, now);
  return true;
}

/** After a sign-in step, the code the next step needs (the route guard's order). */
export async function sendNextStepCode(
  ctx: AppContext,
  db: Db,
  user: UserRow,
  twoFactorDone: boolean,
  now: Date,
) {
  if (user.defaultPassword) return;
  if (!user.emailVerifiedAt) {
    await sendCodeIfAllowed(ctx, db, user, 'EMAIL_VERIFICATION', now);
    return;
  }
  if (!user.totpSecretEnc && !twoFactorDone) await sendCodeIfAllowed(ctx, db, user, 'TWO_FACTOR', now);
}

export type CodeFailure = { error: AppError; reason: 'missing' | 'used' | 'dead' | 'expired' | 'wrong' };

/**
 * Checks a typed code against the newest code of the purpose, taking one attempt first (so
 * parallel guesses cannot pass the limit). Returns the code's id for the caller to consume in
 * its transaction, or the failure.
 */
export async function checkCode(
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

export async function consumeOrFail(db: Db, codeId: string, now: Date) {
  if (!(await repo.consumeCode(db, codeId, now))) {
    throw invalidCode('This code has already been used. Request a new code.');
  }
}
