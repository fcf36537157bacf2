// The durable job queue shared by every app instance (requery, webhooks, settlement, email).
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/**
 * The durable job queue (requery, webhook delivery, commission settlement). A job is due when
 * it is PENDING, or RUNNING with an expired lease, and run_at has passed: claiming sets
 * run_at = locked_until, so a worker that dies leaves the job due again when its lease ends, or
 * at once on PostgreSQL when the other processes see it gone (locked_by, infra/queue.ts).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    queue: text('queue').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: ts('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(25),
    status: text('status').notNull().default('PENDING'),
    lockedUntil: ts('locked_until'),
    /** The process holding a RUNNING job (its PostgreSQL application_name; null on PGlite). */
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    /** At most one unfinished job per key (e.g. one requery per vend, one recurring sweep). */
    dedupeKey: text('dedupe_key'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt).where(sql`${t.status} in ('PENDING', 'RUNNING')`),
    uniqueIndex('jobs_dedupe_uq').on(t.dedupeKey).where(sql`${t.status} in ('PENDING', 'RUNNING')`),
    check('jobs_status', sql`${t.status} in ('PENDING', 'RUNNING', 'DONE', 'FAILED')`),
  ],
);
