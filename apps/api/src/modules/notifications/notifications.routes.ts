// GET /notifications?page, PUT /notifications/read/{id}, /clear, /clear/{id}, GET /notifications/unread-count.
import {
  notificationSetupBody,
  notificationSetupView,
  notificationsQuery,
  notificationView,
  paginated,
  successEnvelope,
} from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../infra/context';
import { ok, page } from '../../infra/http';
import { authOf, requestContextOf } from '../../infra/request-context';
import { clearAll, deleteOne, markRead } from './notifications.service';
import { listNotifications, NOTIFICATIONS_PAGE, unreadCount } from './notifications-reads.service';
import { notificationSetup, saveNotificationSetup } from './setup.service';

const message = successEnvelope(z.null());
const idParams = z.object({ id: z.string().uuid('Unknown notification') });
const tags = ['Notifications'];

const view = (n: {
  id: string;
  userId: string;
  subject: string;
  body: string;
  createdAt: Date;
  readAt: Date | null;
}) => ({
  id: n.id,
  userId: n.userId,
  subject: n.subject,
  body: n.body,
  createdAt: n.createdAt.toISOString(),
  readAt: n.readAt?.toISOString() ?? null,
  isRead: n.readAt !== null,
});

export async function notificationsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/notifications',
    {
      config: { permission: 'self' },
      schema: {
        tags,
        summary: 'My notifications, newest first, 40 a page',
        querystring: notificationsQuery,
        response: { 200: paginated(notificationView) },
      },
    },
    async (req) => {
      const me = authOf(req);
      const { rows, total } = await listNotifications(ctx.db, me.userId, req.query.page);
      return page('Notifications retrieved', rows.map(view), total, req.query.page, NOTIFICATIONS_PAGE);
    },
  );
  r.get(
    '/notifications/unread-count',
    {
      config: { permission: 'self' },
      schema: {
        tags,
        summary: 'How many of my notifications are unread',
        response: {
          200: z.object({
            success: z.literal(true),
            message: z.string(),
            data: z.object({ count: z.number().int() }),
          }),
        },
      },
    },
    async (req) =>
      ok('Unread notifications counted', { count: await unreadCount(ctx.db, authOf(req).userId) }),
  );
  r.put(
    '/notifications/read/:id',
    {
      config: { permission: 'self' },
      schema: { tags, summary: 'Mark one notification read', params: idParams, response: { 200: message } },
    },
    async (req) => {
      await markRead(ctx.db, authOf(req).userId, req.params.id);
      return ok('Notification marked as read', null);
    },
  );
  r.put(
    '/notifications/clear',
    {
      config: { permission: 'self' },
      schema: { tags, summary: 'Delete all my notifications', response: { 200: message } },
    },
    async (req) => {
      await clearAll(ctx.db, requestContextOf(req));
      return ok('All notifications cleared', null);
    },
  );
  r.put(
    '/notifications/clear/:id',
    {
      config: { permission: 'self' },
      schema: { tags, summary: 'Delete one notification', params: idParams, response: { 200: message } },
    },
    async (req) => {
      await deleteOne(ctx.db, requestContextOf(req), req.params.id);
      return ok('Notification deleted', null);
    },
  );

  r.get(
    '/notification-setup/:id',
    {
      config: { permission: 'self' },
      schema: {
        tags,
        summary: "A user's notification set-up: per event, in-app and email (mine, or a team member's)",
        params: z.object({ id: z.string().uuid('User not found') }),
        response: { 200: successEnvelope(notificationSetupView) },
      },
    },
    async (req) =>
      ok(
        'Notification set-up retrieved',
        await notificationSetup(ctx.db, requestContextOf(req), req.params.id),
      ),
  );
  r.post(
    '/notification-setup',
    {
      config: { permission: 'self' },
      schema: {
        tags,
        summary: 'Save a notification set-up (mine unless userId names a team member I manage)',
        body: notificationSetupBody,
        response: { 200: successEnvelope(notificationSetupView) },
      },
    },
    async (req) => {
      const view = await saveNotificationSetup(
        ctx.db,
        requestContextOf(req),
        req.body.userId,
        req.body.preferences,
      );
      return ok('Notification set-up saved', view);
    },
  );
}
