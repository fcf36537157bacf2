// What an admin does to a client's people: onboarding a corporate client with its owner (who signs
// in with an emailed temporary password and must change it), and resetting the owner's password
// (a new temporary one by email, every session ended). Passwords never reach the audit trail.
import type { ClientType } from '@vendport/shared';
import { recordAudit } from '../../infra/audit';
import type { AppContext } from '../../infra/context';
import { isUniqueViolation } from '../../infra/db/sql';
import { conflict, notFound } from '../../infra/errors';
import type { RequestContext } from '../../infra/request-context';
import { assignDefaultServices, assignServices } from '../catalogue';
import { insertCorporate } from '../corporates';
import { notify } from '../notifications';
import { lowBalanceHintOf } from '../platform';
import { issueApiKeys } from './api-keys.service';
import * as repo from './auth.repo';
import { randomPassword, systemRoleId } from './system-roles.repo';

export interface OnboardInput {
  company_name: string;
  first_name: string;
  last_name: string;
  email: string;
  msisdn: string;
  clientType: ClientType;
  creditLimitKobo?: number;
  serviceIds?: string[];
}

const signInText = (ctx: AppContext, password: string) => [
  `Sign in at ${ctx.config.PUBLIC_URL} with this email address and the temporary password below; you will be asked to choose your own password.`,
  '',
  `Temporary password: ${password}`,
];

export async function onboardCorporate(
  ctx: AppContext,
  adminId: string,
  input: OnboardInput,
  rc: RequestContext,
): Promise<{ corporateId: string; userId: string; email: string }> {
  const taken = () => conflict('An account with this email already exists');
  if (await repo.emailTaken(ctx.db, input.email)) throw taken();
  const password = randomPassword();
  const passwordHash = await ctx.hasher.hash(password);
  const roleId = await systemRoleId(ctx.db, 'CORPORATE');
  // The low-balance alert it starts with (the platform's default) and where to change it.
  const lowBalance = await lowBalanceHintOf(ctx);
  try {
    return await ctx.db.transaction(async (tx) => {
      const corporateId = await insertCorporate(tx, {
        name: input.company_name,
        email: input.email,
        msisdn: input.msisdn,
        clientType: input.clientType,
        creditLimitKobo: input.creditLimitKobo ?? 0,
        status: 'ACTIVE',
        verificationStatus: 'PENDING',
      });
      const userId = await repo.insertUser(tx, {
        area: 'CORPORATE',
        corporateId,
        roleId,
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        msisdn: input.msisdn,
        passwordHash,
        defaultPassword: true,
        // The address is proven when the owner signs in with the password emailed to it.
        emailVerifiedAt: new Date(),
      });
      await issueApiKeys(ctx, tx, corporateId);
      if (input.serviceIds) await assignServices(tx, corporateId, input.serviceIds, false, adminId);
      else await assignDefaultServices(tx, corporateId);
      await notify(
        tx,
        userId,
        'Welcome to VendPort',
        `Welcome, ${input.first_name}. Your account was opened by the VendPort team. Upload your business documents for verification, then fund your wallet to start vending airtime and data. ${lowBalance}`,
      );
      await ctx.mailer.send(tx, {
        to: input.email,
        subject: 'Your VendPort account',
        text: [
          `Hello ${input.first_name},`,
          '',
          `The VendPort team has opened an account for ${input.company_name}, with you as its owner.`,
          ...signInText(ctx, password),
        ].join('\n'),
      });
      await recordAudit(tx, rc, {
        action: 'clients.onboard',
        targetType: 'corporate',
        targetId: corporateId,
        corporateId,
        summary: {
          company: input.company_name,
          email: input.email,
          clientType: input.clientType,
          creditLimitKobo: input.creditLimitKobo ?? 0,
          services: input.serviceIds ? input.serviceIds.length : 'default',
        },
      });
      return { corporateId, userId, email: input.email };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}

/** The owner of a client gets a new temporary password by email; all their sessions end. */
export async function resetOwnerPassword(
  ctx: AppContext,
  corporateId: string,
  rc: RequestContext,
): Promise<{ email: string }> {
  const ownerRole = await systemRoleId(ctx.db, 'CORPORATE');
  const owner = await repo.findCorporateOwner(ctx.db, corporateId, ownerRole);
  if (!owner) throw notFound('The client’s owner');
  const password = randomPassword();
  const passwordHash = await ctx.hasher.hash(password);
  await ctx.db.transaction(async (tx) => {
    const now = new Date();
    await repo.lockUser(tx, owner.id);
    await repo.updateUser(tx, owner.id, {
      passwordHash,
      defaultPassword: true,
      passwordChangedAt: now,
      updatedAt: now,
    });
    const revoked = await repo.revokeUserSessions(tx, owner.id, now);
    await ctx.mailer.send(tx, {
      to: owner.email,
      subject: 'Your VendPort password was reset',
      text: [
        `Hello ${owner.firstName},`,
        '',
        'A VendPort administrator has reset your password, and you have been signed out everywhere.',
        ...signInText(ctx, password),
        '',
        'If you did not ask for this, contact VendPort support.',
      ].join('\n'),
    });
    await notify(
      tx,
      owner.id,
      'Password reset',
      'A VendPort administrator reset your password. A temporary password was sent to your email address.',
    );
    await recordAudit(tx, rc, {
      action: 'clients.reset-password',
      targetType: 'user',
      targetId: owner.id,
      corporateId,
      summary: { email: owner.email, sessionsRevoked: revoked },
    });
  });
  return { email: owner.email };
}
