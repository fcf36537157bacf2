// Live vend figures for the operators' metrics (ops): each cheap, on an index.
import { sql } from 'drizzle-orm';
import type { Db } from '../../../infra/db/client';
import { rowsOf as rows } from '../../../infra/db/sql';

/** Live vends of the last 24 hours, counted by status and network. */
export const liveVendsLastDay = (db: Db) =>
  rows<{ status: string; network: string; n: number }>(
    db,
    sql`select status, network, count(*)::int as n from vends
         where mode = 'LIVE' and created_at > now() - interval '24 hours' group by status, network`,
  );

/** PENDING vends: how many, and the age in seconds of the oldest. */
export const pendingVendStats = async (db: Db) =>
  (
    await rows<{ n: number; oldest_s: number | null }>(
      db,
      sql`select count(*)::int as n, extract(epoch from now() - min(created_at))::float8 as oldest_s
            from vends where status = 'PENDING'`,
    )
  )[0];
