// In-app notifications per user (spec §2 Notifications). Other modules raise them with notify();
// a user reads, marks and deletes only their own.
import type { Db } from '../../infra/db/client';
import { notFound } from '../../infra/errors';
import * as repo from './notifications.repo';

export {
  clearAll,
  listNotifications,
  NOTIFICATIONS_PAGE,
  notify,
  notifyAdmins,
  notifyCorporate,
  unreadCount,
} from './notifications.repo';

export async function markRead(db: Db, userId: string, id: string) {
  const row = await repo.findOwn(db, userId, id);
  if (!row) throw notFound('Notification');
  if (!row.readAt) await repo.setRead(db, id);
}

export async function deleteOne(db: Db, userId: string, id: string) {
  if (!(await repo.deleteOwn(db, userId, id))) throw notFound('Notification');
}
