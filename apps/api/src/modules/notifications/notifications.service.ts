// In-app notifications per user (spec §2 Notifications). Other modules raise them with notify().
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications, users } from '../../db/schema';
import { notFound } from '../../lib/errors';

export async function notify(db: Db, userId: string, subject: string, body: string): Promise<void> {
  await db.insert(notifications).values({ userId, subject, body });
}

/** Notify every active user of a corporate (fund request decided, verification decided, ...). */
export async function notifyCorporate(
  db: Db,
  corporateId: string,
  subject: string,
  body: string,
): Promise<void> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.corporateId, corporateId), isNull(users.deletedAt), eq(users.status, 'ACTIVE')));
  if (rows.length) await db.insert(notifications).values(rows.map((r) => ({ userId: r.id, subject, body })));
}

export const NOTIFICATIONS_PAGE = 40;

const mine = (userId: string) => and(eq(notifications.userId, userId), isNull(notifications.deletedAt));

export async function listNotifications(db: Db, userId: string, page: number) {
  const [{ total }] = await db.select({ total: count() }).from(notifications).where(mine(userId));
  const rows = await db
    .select()
    .from(notifications)
    .where(mine(userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_PAGE)
    .offset((page - 1) * NOTIFICATIONS_PAGE);
  return { rows, total };
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(mine(userId), isNull(notifications.readAt)));
  return n;
}

export async function markRead(db: Db, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(mine(userId), eq(notifications.id, id)));
  if (!row) throw notFound('Notification');
  if (!row.readAt) await db.update(notifications).set({ readAt: new Date() }).where(eq(notifications.id, id));
}

export async function deleteOne(db: Db, userId: string, id: string) {
  const res = await db
    .update(notifications)
    .set({ deletedAt: new Date() })
    .where(and(mine(userId), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  if (!res.length) throw notFound('Notification');
}

export async function clearAll(db: Db, userId: string): Promise<number> {
  const res = await db
    .update(notifications)
    .set({ deletedAt: new Date() })
    .where(mine(userId))
    .returning({ id: notifications.id });
  return res.length;
}
