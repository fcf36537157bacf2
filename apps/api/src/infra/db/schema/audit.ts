// The audit trail: one append-only record per mutation and authentication event.
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/** Append-only: the app never updates or deletes a row here. */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    actorName: text('actor_name'),
    /** The actor's role when they acted (roles are renamed and reassigned later). */
    actorRole: text('actor_role'),
    area: text('area'),
    corporateId: uuid('corporate_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    // The trail pages by keyset on (created_at, id) (db/keyset).
    index('audit_created_idx').on(t.createdAt, t.id),
    index('audit_corporate_idx').on(t.corporateId, t.createdAt, t.id),
    index('audit_actor_idx').on(t.actorId, t.createdAt),
  ],
);
