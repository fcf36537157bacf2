// What the operators' endpoints read: live figures straight from the tables, each one cheap (an
// index or a small table): vends of the last 24 hours, PENDING vends, queued jobs, failed webhook
// deliveries, the last books check, applied migrations.
import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { rowsOf as rows } from '../../infra/db/sql';

export const vendsLastDay = (db: Db) =>
  rows<{ status: string; network: string; n: number }>(
    db,
    sql`select status, network, count(*)::int as n from vends
         where mode = 'LIVE' and created_at > now() - interval '24 hours' group by status, network`,
  );

export const pendingVends = async (db: Db) =>
  (
    await rows<{ n: number; oldest_s: number | null }>(
      db,
      sql`select count(*)::int as n, extract(epoch from now() - min(created_at))::float8 as oldest_s
            from vends where status = 'PENDING'`,
    )
  )[0];

export const queuedJobs = (db: Db) =>
  rows<{ queue: string; n: number }>(
    db,
    sql`select queue, count(*)::int as n from jobs where status in ('PENDING', 'RUNNING') group by queue`,
  );

export const failedWebhookDeliveries = async (db: Db) =>
  (
    await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from webhook_deliveries where status = 'FAILED'`,
    )
  )[0].n;

/** The books check's last result, kept in its recurring job's payload (vending.jobs). */
export const lastBooksCheck = async (db: Db) =>
  (
    await rows<{ payload: { ok?: boolean; violations?: number; checkedAt?: string } }>(
      db,
      sql`select payload from jobs where dedupe_key = 'recurring:books-check' order by created_at desc limit 1`,
    )
  )[0]?.payload ?? null;

export const appliedMigrations = async (db: Db) =>
  (await rows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0].n;
