// Notification set-up (spec §7 Settings: GET notification-setup/{id}, POST notification-setup):
// per user, which events reach them in-app and by email. A user reads and writes their own; an
// admin who manages admins may do so for another admin, a client user who manages the team for
// a member of their own company. Anyone else's id is "not found", never a hint that it exists.
import {
  type Area,
  type ChannelChoice,
  channelsFor,
  NOTIFICATION_EVENTS,
  type NotificationEvent,
  notificationEventsOf,
} from '@vendport/shared';
import { recordAudit } from '../../infra/audit';
import type { Db } from '../../infra/db/client';
import { badRequest, notFound } from '../../infra/errors';
import { type AuthContext, callerOf, type RequestContext } from '../../infra/request-context';
import * as repo from './notifications.repo';

type Target = NonNullable<Awaited<ReturnType<typeof repo.findUserForSetup>>>;

async function targetFor(db: Db, caller: AuthContext, userId: string): Promise<Target> {
  const t = await repo.findUserForSetup(db, userId);
  const allowed =
    t &&
    (t.id === caller.userId ||
      (caller.area === 'ADMIN' && t.area === 'ADMIN' && caller.permissions.includes('admins.manage')) ||
      (caller.area === 'CORPORATE' &&
        t.corporateId !== null &&
        t.corporateId === caller.corporateId &&
        caller.permissions.includes('team.manage')));
  if (!t || !allowed) throw notFound('User');
  return t;
}

function viewOf(t: Target) {
  const area = t.area as Area;
  return {
    userId: t.id,
    area,
    events: notificationEventsOf(area).map((key) => ({
      key,
      label: NOTIFICATION_EVENTS[key].label,
      description: NOTIFICATION_EVENTS[key].description,
      ...channelsFor(t.preferences, key),
    })),
    updatedAt: t.updatedAt?.toISOString() ?? null,
  };
}

export async function notificationSetup(db: Db, rc: RequestContext, userId: string) {
  return viewOf(await targetFor(db, callerOf(rc), userId));
}

/** Saves the set-up of `userId`, or the caller's own when it is not given. */
export async function saveNotificationSetup(
  db: Db,
  rc: RequestContext,
  userId: string | undefined,
  choices: Partial<Record<NotificationEvent, ChannelChoice>>,
) {
  const caller = callerOf(rc);
  const t = await targetFor(db, caller, userId ?? caller.userId);
  const mine = notificationEventsOf(t.area as Area);
  const foreign = (Object.keys(choices) as NotificationEvent[]).filter((k) => !mine.includes(k));
  if (foreign.length) {
    throw badRequest(
      `${foreign.map((k) => NOTIFICATION_EVENTS[k].label).join(', ')}: not an event for ${t.area === 'ADMIN' ? 'admin' : 'client'} users`,
    );
  }
  const before = Object.fromEntries(mine.map((k) => [k, channelsFor(t.preferences, k)]));
  const after = { ...before, ...choices };
  await db.transaction(async (tx) => {
    await repo.putPreferences(tx, t.id, after, caller.userId);
    const changed = mine.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
    await recordAudit(tx, rc, {
      action: 'notifications.setup.update',
      targetType: 'user',
      targetId: t.id,
      corporateId: t.corporateId,
      summary: {
        before: Object.fromEntries(changed.map((k) => [k, before[k]])),
        after: Object.fromEntries(changed.map((k) => [k, after[k]])),
      },
    });
  });
  return notificationSetup(db, rc, t.id);
}
