// Sign-in and sign-out: throttled per IP and locked per account (counters in the database, so any
// number of app instances share them), then the next step the route guard needs.

import { recordAudit } from '../../infra/audit';
import type { AppContext } from '../../infra/context';
import { AppError } from '../../infra/errors';
import { callerOf, type RequestContext } from '../../infra/request-context';
import { sendNextStepCode } from './auth.codes';
import * as repo from './auth.repo';
import {
  accountLocked,
  actorOf,
  anonymousActor,
  dummyHash,
  IP_WINDOW_MS,
  invalidCredentials,
  openSession,
  profileOf,
  tooMany,
} from './auth.shared';
import { lockoutSince } from './passwords.service';

export async function login(
  ctx: AppContext,
  rc: RequestContext,
  body: { email: string; password: string; rememberMe: boolean },
) {
  const { email, password } = body;
  const now = new Date();
  // The attempt is written before anything is checked: every concurrent attempt then counts
  // the others, so no burst of parallel guesses can pass the limits.
  const attemptId = await repo.insertAttempt(ctx.db, { email, ip: rc.ip, success: false });
  const user = await repo.findUserByEmail(ctx.db, email);
  const actor = user ? await actorOf(ctx.db, user) : anonymousActor(email);

  const ipFailures = await repo.countIpFailures(ctx.db, rc.ip, new Date(now.getTime() - IP_WINDOW_MS));
  if (ipFailures > ctx.config.LOGIN_IP_LIMIT) {
    // A refused attempt never reached the password, so it is not a guess.
    await repo.deleteAttempt(ctx.db, attemptId);
    await recordAudit(ctx.db, rc, { action: 'auth.login.throttled', actor, summary: { email } });
    throw tooMany('Too many sign-in attempts from your network. Please wait a few minutes and try again.');
  }
  const since = await lockoutSince(ctx.db, email, user?.passwordChangedAt ?? null, now);
  if ((await repo.countEmailFailures(ctx.db, email, since)) > ctx.config.LOGIN_ACCOUNT_LIMIT) {
    await repo.deleteAttempt(ctx.db, attemptId);
    await recordAudit(ctx.db, rc, {
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
    await recordAudit(ctx.db, rc, {
      action: 'auth.login.failure',
      actor,
      targetType: 'user',
      targetId: user?.id,
      summary: { email, reason: user ? 'wrong password' : 'unknown email' },
    });
    throw invalidCredentials();
  }
  if (user.status !== 'ACTIVE') {
    await recordAudit(ctx.db, rc, {
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
    const session = await openSession(ctx, tx, rc, user.id, body.rememberMe, now);
    await repo.updateUser(tx, user.id, { lastLoginAt: now });
    await sendNextStepCode(ctx, tx, user, false, now);
    await recordAudit(tx, rc, {
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

export async function logout(ctx: AppContext, rc: RequestContext): Promise<void> {
  const a = callerOf(rc);
  await ctx.db.transaction(async (tx) => {
    await repo.revokeSession(tx, a.sessionId, new Date());
    await recordAudit(tx, rc, { action: 'auth.logout', targetType: 'session', targetId: a.sessionId });
  });
}
