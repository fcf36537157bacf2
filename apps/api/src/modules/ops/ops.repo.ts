// What the operators' endpoints read of the database itself: applied migrations. (The live
// figures come from the tables' owners: vending's vend counts, the queue's jobs, webhooks'
// failed deliveries.)
import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { rowsOf as rows } from '../../infra/db/sql';

export const appliedMigrations = async (db: Db) =>
  (await rows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0].n;
