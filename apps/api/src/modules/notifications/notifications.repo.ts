// Queries for in-app notifications (one row per user and message, soft-deleted), the email that
// goes with them (written to the mailer's outbox), and each user's notification set-up. Who the
// users are is the auth module's to say.
import {
  type AdminPermission,
  type ChannelChoice,
  channelsFor,
  type NotificationEvent,
} from '@vendport/shared';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { paged } from '../../infra/db/paged';
import { notificationPreferences, notifications, notificationUsers } from '../../infra/db/schema';
import { writeOutbox } from '../../infra/mailer';

/** A user who may be told something, with their saved notification set-up (null: defaults). */
interface Recipient {
  id: string;
  email: string;
  preferences: Record<string, Partial<ChannelChoice>> | null;
}

/**
 * Tells `recipients`: without an event, in-app (as before set-ups existed); with one, in-app and
 * by email as each user's set-up for that event says (the outbox relays the email). Returns the
 * addresses emailed.
 */
async function deliver(
  db: Db,
  recipients: Recipient[],
  subject: string,
  body: string,
  event?: NotificationEvent,
): Promise<string[]> {
  const inApp = event ? recipients.filter((r) => channelsFor(r.preferences, event).inApp) : recipients;
  const byEmail = event ? recipients.filter((r) => channelsFor(r.preferences, event).email) : [];
  if (inApp.length)
    await db.insert(notifications).values(inApp.map((r) => ({ userId: r.id, subject, body })));
  if (byEmail.length)
    await writeOutbox(
      db,
      byEmail.map((r) => ({ to: r.email, subject, text: body })),
    );
  return byEmail.map((r) => r.email);
}

/** The active users `choice` names (the auth module's), each with their saved set-up. */
async function recipients(db: Db, choice: RecipientChoice): Promise<Recipient[]> {
  const people = await activeUsers(db, choice);
  if (!people.length) return [];
  const saved = await db
    .select({ userId: notificationPreferences.userId, preferences: notificationPreferences.preferences })
    .from(notificationPreferences)
    .where(
      inArray(
        notificationPreferences.userId,
        people.map((p) => p.id),
      ),
    );
  const byUser = new Map(saved.map((p) => [p.userId, p.preferences]));
  return people.map((p) => ({ ...p, preferences: byUser.get(p.id) ?? null }));
}

export async function notify(
  db: Db,
  userId: string,
  subject: string,
  body: string,
  event?: NotificationEvent,
): Promise<string[]> {
  if (!event) {
    await db.insert(notifications).values({ userId, subject, body });
    return [];
  }
  return deliver(db, await recipients(db, { userId }), subject, body, event);
}

/** Notify every active user of a corporate (fund request decided, verification decided, ...). */
export async function notifyCorporate(
  db: Db,
  corporateId: string,
  subject: string,
  body: string,
  event?: NotificationEvent,
): Promise<string[]> {
  return deliver(db, await recipients(db, { corporateId }), subject, body, event);
}

/** Notify every active admin whose role holds `permission` (new fund request, low VTU float, ...). */
export async function notifyAdmins(
  db: Db,
  permission: AdminPermission,
  subject: string,
  body: string,
  event: NotificationEvent,
): Promise<string[]> {
  const rows = await recipients(db, { adminPermission: permission });
  return deliver(db, rows, subject, body, event);
}

export const NOTIFICATIONS_PAGE = 40;

const mine = (userId: string) => and(eq(notifications.userId, userId), isNull(notifications.deletedAt));

export async function listNotifications(db: Db, userId: string, page: number) {
  return paged(
    { page, limit: NOTIFICATIONS_PAGE },
    {
      count: () => db.select({ total: count() }).from(notifications).where(mine(userId)),
      rows: (w) =>
        db
          .select()
          .from(notifications)
          .where(mine(userId))
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(w.limit)
          .offset(w.offset),
    },
  );
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(mine(userId), isNull(notifications.readAt)));
  return n;
}

export async function findOwn(db: Db, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(mine(userId), eq(notifications.id, id)));
  return row ?? null;
}

export async function setRead(db: Db, id: string) {
  await db.update(notifications).set({ readAt: new Date() }).where(eq(notifications.id, id));
}

/** Soft-deletes one of the user's notifications; false when there is none. */
export async function deleteOwn(db: Db, userId: string, id: string): Promise<boolean> {
  const res = await db
    .update(notifications)
    .set({ deletedAt: new Date() })
    .where(and(mine(userId), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return res.length > 0;
}

export async function clearAll(db: Db, userId: string): Promise<number> {
  const res = await db
    .update(notifications)
    .set({ deletedAt: new Date() })
    .where(mine(userId))
    .returning({ id: notifications.id });
  return res.length;
}

// ---------------------------------------------------------------- set-up

export async function findUserForSetup(db: Db, userId: string) {
  const user = await userArea(db, userId);
  if (!user) return null;
  const [saved] = await db
    .select({
      preferences: notificationPreferences.preferences,
      updatedAt: notificationPreferences.updatedAt,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return { ...user, preferences: saved?.preferences ?? null, updatedAt: saved?.updatedAt ?? null };
}

export async function putPreferences(
  db: Db,
  userId: string,
  preferences: Record<string, ChannelChoice>,
  byId: string,
) {
  const now = new Date();
  await db
    .insert(notificationPreferences)
    .values({ userId, preferences, updatedById: byId, updatedAt: now })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { preferences, updatedById: byId, updatedAt: now },
    });
}

// Recipients: the users the notifications module's view shows (notification_users, migration 0027;
// users and roles belong to auth, which raises notifications, so this module cannot ask it).

/** Who may be told something: active users (not deleted) chosen by one of these. */
export type RecipientChoice =
  | { userId: string }
  | { corporateId: string }
  /** Every admin whose role holds this permission. */
  | { adminPermission: string };

/** Active users (id and email) as `choice` says. */
export async function activeUsers(
  db: Db,
  choice: RecipientChoice,
): Promise<Array<{ id: string; email: string }>> {
  const active = eq(notificationUsers.status, 'ACTIVE');
  if ('adminPermission' in choice)
    return db
      .select({ id: notificationUsers.id, email: notificationUsers.email })
      .from(notificationUsers)
      .where(
        and(
          active,
          eq(notificationUsers.area, 'ADMIN'),
          sql`${notificationUsers.permissions} @> ${JSON.stringify([choice.adminPermission])}::jsonb`,
        ),
      );
  return db
    .select({ id: notificationUsers.id, email: notificationUsers.email })
    .from(notificationUsers)
    .where(
      and(
        active,
        'userId' in choice
          ? eq(notificationUsers.id, choice.userId)
          : eq(notificationUsers.corporateId, choice.corporateId),
      ),
    );
}

/** A user's area and corporate (null: no such user, or deleted: the view leaves them out). */
export async function userArea(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: notificationUsers.id,
      area: notificationUsers.area,
      corporateId: notificationUsers.corporateId,
    })
    .from(notificationUsers)
    .where(eq(notificationUsers.id, userId));
  return row ?? null;
}
