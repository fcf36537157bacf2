// What users are told: in-app notifications and the email outbox.
import { index, jsonb, pgTable, pgView, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    readAt: ts('read_at'),
    deletedAt: ts('deleted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

export const outboxEmails = pgTable('outbox_emails', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  /** Files sent with the message (statements): name, MIME type and text content. */
  attachments:
    jsonb('attachments').$type<Array<{ filename: string; contentType: string; content: string }>>(),
  sentAt: ts('sent_at'),
  error: text('error'),
  /** When what it carries (a one-time code) stops working: never sent after that (issue 36). */
  expiresAt: ts('expires_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** The users that are not deleted, with their role's permissions (migration 0027): the
 * notifications module's read model of users, for choosing recipients. */
export const notificationUsers = pgView('notification_users', {
  id: uuid('id').notNull(),
  email: text('email').notNull(),
  area: text('area').notNull(),
  corporateId: uuid('corporate_id'),
  status: text('status').notNull(),
  permissions: jsonb('permissions').$type<string[]>(),
}).existing();
