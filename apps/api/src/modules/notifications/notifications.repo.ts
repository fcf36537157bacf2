// Queries for in-app notifications: one row per user and message, soft-deleted.
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paged } from '../../db/paged';
import { notifications, users } from '../../db/schema';

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
