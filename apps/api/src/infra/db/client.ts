// One Db type over two engines: PGlite (embedded, files under DATA_DIR) or PostgreSQL via pg.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockDirectory } from './dir-lock';
import { PGliteThread } from './pglite-thread';
import * as schema from './schema';

export type Schema = typeof schema;
/**
 * What every query function takes: either driver's database (node-postgres or PGlite) and any
 * transaction opened on it are assignable to it as they are (Tx extends it), so a service passes
 * `tx` from `db.transaction(async (tx) => ...)` straight to a repository function.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A transaction only: for a function that must run inside one (it has `rollback`). */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** This process among the app's connections to PostgreSQL (pg_stat_activity.application_name). */
export const INSTANCE_NAME = `vendport:${randomUUID()}`;

/**
 * The names of the app processes connected to the database now (a subquery, PostgreSQL): every
 * process keeps one connection named INSTANCE_NAME for its whole life, so a name missing here is a
 * process that is gone (its vends and jobs are taken over at once).
 */
export const LIVE_INSTANCE_NAMES = sql`select application_name from pg_stat_activity where application_name like 'vendport:%'`;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * This process's name among the database's connections (INSTANCE_NAME) where several processes
   * share the database (PostgreSQL); null on PGlite, which one process holds.
   */
  instance: string | null;
  /**
   * Whether another app process is connected to this database now. PGlite: never (one process
   * per directory, dir-lock.ts); PostgreSQL: any other connection named vendport:... (a process
   * that died has none left).
   */
  othersAlive(): Promise<boolean>;
  /** Runs `fn` while holding a database-wide lock named by `key` (PostgreSQL advisory lock): one
   * process at a time, across instances. PGlite has one process: it just runs `fn`. */
  exclusive<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /** Runs plain SQL (used by migrations and checks); returns rows. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * `listener` runs if the database is lost for good while open (the embedded database's thread
   * stopped): the process cannot go on. PostgreSQL's pool reconnects instead: never called.
   */
  onLost(listener: (err: Error) => void): void;
  close(): Promise<void>;
  /** PGlite in memory only: its data directory as a tarball (a test database's image). */
  image?: () => Promise<Blob>;
}

export type DbTarget =
  | { url: string; poolSize?: number }
  | { pgliteDir: string }
  /** In memory (tests); `image`: start from this data directory (a dumpDataDir tarball), not initdb. */
  | { memory: true; image?: Blob };

/** How long the pool keeps a connection nobody uses (see openDb). */
const POOL_IDLE_MS = 5 * 60_000;

export async function openDb(target: DbTarget): Promise<DbHandle> {
  if ('url' in target) {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 20,
      // A connection left idle is kept for five minutes, not pg-pool's ten seconds. A connection
      // opened anew costs its first statements far more (a new backend: its catalog caches, the
      // plans of the named statements, the vend function compiled again), and a pool that shrank
      // in a quiet ten seconds grew again all at once when a client's burst came: the bench's
      // noisy-neighbour pass measured the quiet clients' vends stalled 150-300 ms at each start of
      // the noisy client (issue 34).
      idleTimeoutMillis: POOL_IDLE_MS,
      application_name: INSTANCE_NAME,
      // No JIT compilation: it starts when a plan's estimated cost passes jit_above_cost, and the
      // app's statements are short reads the planner can overestimate by far. A vending history's
      // total from the roll-ups (estimated at a million rows, reading five) spent 393 ms compiling
      // for 1 ms of execution at 1,000,000 vends (issue 34).
      options: '-c jit=off',
    });
    // int8 (bigint) columns come back as strings by default; kobo always fits a JS safe integer.
    pool.on('error', () => {});
    // Presence: one connection held for the process's life, so other processes can tell it is
    // alive (the pool's connections close when idle). It ends when the process dies, even by kill -9.
    const presence = new pg.Client({ connectionString: target.url, application_name: INSTANCE_NAME });
    presence.on('error', () => {});
    await presence.connect();
    const db: Db = drizzlePg({ client: pool, schema });
    return {
      db,
      kind: 'postgres',
      instance: INSTANCE_NAME,
      query: async (text, params) => (await pool.query(text, params as unknown[])).rows,
      othersAlive: async () => {
        const { rows } = await pool.query(
          `select exists (select 1 from pg_stat_activity where datname = current_database()
              and application_name like 'vendport:%' and application_name <> $1) as alive`,
          [INSTANCE_NAME],
        );
        return rows[0].alive === true;
      },
      onLost: () => {},
      exclusive: async (key, fn) => {
        // A connection of its own, outside the pool: `fn` needs the pool's (a pool of one would
        // otherwise wait for the connection holding the lock, forever).
        const c = new pg.Client({ connectionString: target.url, application_name: INSTANCE_NAME });
        await c.connect();
        try {
          await c.query('select pg_advisory_lock($1)', [key]);
          try {
            return await fn();
          } finally {
            await c.query('select pg_advisory_unlock($1)', [key]);
          }
        } finally {
          await c.end();
        }
      },
      close: async () => {
        await presence.end().catch(() => {});
        await pool.end();
      },
    };
  }
  // A directory's database runs on a thread of its own (pglite-thread.ts); the in-memory one
  // (tests) stays on this thread.
  let client: PGlite | PGliteThread;
  let unlock = () => {};
  if ('pgliteDir' in target) {
    const dir = path.resolve(target.pgliteDir);
    mkdirSync(path.dirname(dir), { recursive: true });
    // Before PGlite touches the directory: a second process must never open it (dir-lock.ts).
    unlock = lockDirectory(dir);
    try {
      mkdirSync(dir, { recursive: true });
      client = await PGliteThread.create(dir);
    } catch (err) {
      unlock();
      throw err;
    }
  } else {
    client = await PGlite.create(target.image ? { loadDataDir: target.image } : {});
  }
  const db: Db = drizzlePglite({ client: client as PGlite, schema });
  return {
    db,
    kind: 'pglite',
    instance: null,
    query: async (text, params) => (await client.query(text, params as unknown[])).rows as never,
    othersAlive: async () => false,
    onLost: (listener) => {
      if (client instanceof PGliteThread) client.onLost(listener);
    },
    exclusive: (_key, fn) => fn(),
    image: client instanceof PGlite ? () => client.dumpDataDir('none') : undefined,
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}
