// In-app notifications per user (spec §2 Notifications). Other modules raise them with notify();
// a user reads, marks and deletes only their own.

import { recordAudit } from '../../infra/audit';
import type { Db } from '../../infra/db/client';
import { notFound } from '../../infra/errors';
import { callerOf, type RequestContext } from '../../infra/request-context';
import * as repo from './notifications.repo';

export async function markRead(db: Db, userId: string, id: string) {
  const row = await repo.findOwn(db, userId, id);
  if (!row) throw notFound('Notification');
  if (!row.readAt) await repo.setRead(db, id);
}

/** Deletes every notification of the caller; answers how many. */
export async function clearAll(db: Db, rc: RequestContext): Promise<number> {
  const userId = callerOf(rc).userId;
  return db.transaction(async (tx) => {
    const n = await repo.clearAll(tx, userId);
    await recordAudit(tx, rc, {
      action: 'notifications.clear',
      targetType: 'notification',
      summary: { cleared: n },
    });
    return n;
  });
}

export async function deleteOne(db: Db, rc: RequestContext, id: string) {
  const userId = callerOf(rc).userId;
  await db.transaction(async (tx) => {
    if (!(await repo.deleteOwn(tx, userId, id))) throw notFound('Notification');
    await recordAudit(tx, rc, {
      action: 'notifications.delete',
      targetType: 'notification',
      targetId: id,
    });
  });
}
