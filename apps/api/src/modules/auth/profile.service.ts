// The signed-in user's own profile: reading it (GET me) and changing name or phone.
import type { SessionUser } from '@vendport/shared';
import { recordAudit } from '../../infra/audit';
import type { AppContext } from '../../infra/context';
import { callerOf, type RequestContext } from '../../infra/request-context';
import type { UserRow } from './auth.repo';
import * as repo from './auth.repo';
import { profileOf } from './auth.shared';

/** The signed-in caller's profile (GET me). */
export async function me(ctx: AppContext, rc: RequestContext): Promise<SessionUser> {
  const a = callerOf(rc);
  return profileOf(ctx.db, a.userId, a.twoFactorDone);
}

export async function updateProfile(
  ctx: AppContext,
  rc: RequestContext,
  body: { first_name?: string; last_name?: string; msisdn?: string },
): Promise<SessionUser> {
  const a = callerOf(rc);
  const changes: Partial<UserRow> = {};
  if (body.first_name !== undefined) changes.firstName = body.first_name;
  if (body.last_name !== undefined) changes.lastName = body.last_name;
  if (body.msisdn !== undefined) changes.msisdn = body.msisdn;
  if (Object.keys(changes).length) {
    await ctx.db.transaction(async (tx) => {
      await repo.updateUser(tx, a.userId, changes);
      await recordAudit(tx, rc, {
        action: 'auth.profile.update',
        targetType: 'user',
        targetId: a.userId,
        summary: { ...body },
      });
    });
  }
  return profileOf(ctx.db, a.userId, a.twoFactorDone);
}
