// Sign-up of a corporate client and its owner, email verification, resending codes, and where a
// new client stands in onboarding.
import { recordAudit } from '../../infra/audit';
import type { AppContext } from '../../infra/context';
import { isUniqueViolation } from '../../infra/db/sql';
import { AppError, badRequest, conflict } from '../../infra/errors';
import { callerOf, corporateOfCaller, type RequestContext } from '../../infra/request-context';
import { assignDefaultServices } from '../catalogue';
import { insertCorporate } from '../corporates';
import { notify } from '../notifications';
import { lowBalanceHintOf } from '../platform';
import { issueApiKeys } from './api-keys.service';
import { checkCode, codeThrottle, consumeOrFail, issueCode, sendNextStepCode } from './auth.codes';
import * as repo from './auth.repo';
import { mustUser, openSession, profileOf, tooMany, toSessionUser } from './auth.shared';
import { systemRoleId } from './system-roles.repo';

export interface RegisterInput {
  company_name: string;
  first_name: string;
  last_name: string;
  email: string;
  msisdn: string;
  password: string;
}

export async function register(ctx: AppContext, rc: RequestContext, body: RegisterInput) {
  const taken = () => conflict('An account with this email already exists');
  if (await repo.emailTaken(ctx.db, body.email)) throw taken();
  const passwordHash = await ctx.hasher.hash(body.password);
  const roleId = await systemRoleId(ctx.db, 'CORPORATE');
  // The low-balance alert it starts with (the platform's default) and where to change it.
  const lowBalance = await lowBalanceHintOf(ctx);
  const now = new Date();
  let created: { userId: string; token: string };
  try {
    created = await ctx.db.transaction(async (tx) => {
      const corporateId = await insertCorporate(tx, {
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
        `Welcome, ${body.first_name}. Verify your email address, then fund your wallet to start vending airtime and data. Your live and test API keys are on the Settings page. ${lowBalance}`,
      );
      await issueApiKeys(ctx, tx, corporateId);
      // A new client can vend as soon as it is funded: the platform's default services are its own.
      await assignDefaultServices(tx, corporateId);
      const session = await openSession(ctx, tx, rc, userId, false, now);
      await recordAudit(tx, rc, {
        action: 'auth.register',
        actor: {
          id: userId,
          email: body.email,
          name: `${body.first_name} ${body.last_name}`,
          role: await repo.roleNameOf(tx, userId),
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

export async function verifyEmail(ctx: AppContext, rc: RequestContext, code: string) {
  const a = callerOf(rc);
  const user = await mustUser(ctx.db, a.userId);
  if (user.emailVerifiedAt) return { user: await profileOf(ctx.db, user.id, a.twoFactorDone), already: true };
  const now = new Date();
  const checked = await checkCode(ctx, user.id, 'EMAIL_VERIFICATION', code, now);
  if ('error' in checked) {
    await recordAudit(ctx.db, rc, {
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
    await recordAudit(tx, rc, { action: 'auth.email.verify', targetType: 'user', targetId: user.id });
  });
  return { user: await profileOf(ctx.db, user.id, a.twoFactorDone), already: false };
}

export async function resendCode(
  ctx: AppContext,
  rc: RequestContext,
  purpose: 'EMAIL_VERIFICATION' | 'TWO_FACTOR',
) {
  const a = callerOf(rc);
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
    await recordAudit(tx, rc, {
      action: 'auth.code.resend',
      targetType: 'user',
      targetId: user.id,
      summary: { purpose },
    });
  });
}

export async function onboardingData(ctx: AppContext, rc: RequestContext) {
  const a = callerOf(rc);
  const corporateId = corporateOfCaller(rc);
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
