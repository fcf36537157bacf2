// The second factor: an emailed code or an authenticator app (TOTP), its set-up and reset.
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import { recordAudit } from '../../infra/audit';
import type { AppContext } from '../../infra/context';
import type { Db } from '../../infra/db/client';
import { AppError, badRequest, conflict } from '../../infra/errors';
import { callerOf, type RequestContext } from '../../infra/request-context';
import { notify } from '../notifications';
import { checkCode, consumeOrFail } from './auth.codes';
import type { UserRow } from './auth.repo';
import * as repo from './auth.repo';
import {
  invalidCode,
  MINUTE,
  mustUser,
  profileOf,
  TOTP_FAILURE_LIMIT,
  TOTP_FAILURE_WINDOW_MS,
  TOTP_ISSUER,
  tooMany,
} from './auth.shared';
import { confirmOwnPassword } from './passwords.service';

/**
 * Checks an authenticator code with the user's row locked: ±1 time step, a step never
 * accepted twice (the last used step is kept as a TOTP_STEP row), and at most
 * TOTP_FAILURE_LIMIT wrong codes per quarter hour. `onSuccess` runs in the same transaction.
 */
export async function checkTotpCode(
  ctx: AppContext,
  rc: RequestContext,
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
  await recordAudit(ctx.db, rc, {
    action: failureAction,
    targetType: 'user',
    targetId: user.id,
    summary: { method: 'TOTP', reason: outcome },
  });
  if (outcome === 'throttled')
    throw tooMany('Too many wrong codes. Please wait a few minutes and try again.');
  throw invalidCode('The code from your authenticator app is incorrect or has already been used.');
}

export async function completeTwoFactor(ctx: AppContext, rc: RequestContext, code: string) {
  const a = callerOf(rc);
  const user = await mustUser(ctx.db, a.userId);
  if (a.twoFactorDone) return profileOf(ctx.db, user.id, true);
  if (user.defaultPassword) throw new AppError('PASSWORD_CHANGE_REQUIRED', 403, 'Change your password first');
  if (!user.emailVerifiedAt) throw new AppError('EMAIL_NOT_VERIFIED', 403, 'Verify your email address first');

  const succeed = async (tx: Db, now: Date, method: 'TOTP' | 'EMAIL') => {
    await repo.markSessionTwoFactor(tx, a.sessionId, now);
    await recordAudit(tx, rc, {
      action: 'auth.2fa.success',
      targetType: 'session',
      targetId: a.sessionId,
      summary: { method },
    });
  };
  if (user.totpSecretEnc) {
    await checkTotpCode(ctx, rc, user, user.totpSecretEnc, code, 'auth.2fa.failure', (tx, now) =>
      succeed(tx, now, 'TOTP'),
    );
  } else {
    const now = new Date();
    const checked = await checkCode(ctx, user.id, 'TWO_FACTOR', code, now);
    if ('error' in checked) {
      await recordAudit(ctx.db, rc, {
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

export async function setupTotp(ctx: AppContext, rc: RequestContext) {
  const a = callerOf(rc);
  const user = await mustUser(ctx.db, a.userId);
  if (user.totpSecretEnc) {
    throw conflict('An authenticator app is already set up. Reset two-factor authentication first.');
  }
  const secret = generateSecret();
  const otpauthUri = generateURI({ issuer: TOTP_ISSUER, label: user.email, secret });
  await ctx.db.transaction(async (tx) => {
    await repo.updateUser(tx, user.id, { totpPendingEnc: ctx.sealer.seal(secret) });
    await recordAudit(tx, rc, { action: 'auth.2fa.setup', targetType: 'user', targetId: user.id });
  });
  return { secret, otpauth_uri: otpauthUri };
}

export async function enableTotp(ctx: AppContext, rc: RequestContext, code: string) {
  const a = callerOf(rc);
  const user = await mustUser(ctx.db, a.userId);
  if (user.totpSecretEnc) throw conflict('An authenticator app is already set up.');
  const pending = user.totpPendingEnc;
  if (!pending) throw badRequest('Start the authenticator app set-up first.');
  await checkTotpCode(ctx, rc, user, pending, code, 'auth.2fa.enable.failure', async (tx, now) => {
    await repo.updateUser(tx, user.id, { totpSecretEnc: pending, totpPendingEnc: null, totpEnabledAt: now });
    await notify(
      tx,
      user.id,
      'Authenticator app turned on',
      'From now on, sign in with the code shown in your authenticator app. If this was not you, reset your password and contact support.',
    );
    await recordAudit(tx, rc, {
      action: 'auth.2fa.enable',
      targetType: 'user',
      targetId: user.id,
      summary: { method: 'TOTP' },
    });
  });
  return profileOf(ctx.db, user.id, a.twoFactorDone);
}

export async function resetTotp(ctx: AppContext, rc: RequestContext, password: string) {
  const a = callerOf(rc);
  const user = await mustUser(ctx.db, a.userId);
  await confirmOwnPassword(ctx, rc, user, password, '2fa reset');
  await ctx.db.transaction(async (tx) => {
    await repo.updateUser(tx, user.id, { totpSecretEnc: null, totpPendingEnc: null, totpEnabledAt: null });
    await notify(
      tx,
      user.id,
      'Two-factor authentication reset',
      'Your authenticator app was removed. Sign-in codes will now be sent to your email address. If this was not you, reset your password and contact support.',
    );
    await recordAudit(tx, rc, {
      action: 'auth.2fa.reset',
      targetType: 'user',
      targetId: user.id,
      summary: { hadAuthenticator: !!user.totpSecretEnc },
    });
  });
  return profileOf(ctx.db, user.id, a.twoFactorDone);
}
