// buildTestApp(): a fresh database with the real migrations for each test file, and the app on
// top of it. PGlite in memory by default, started from an image of a migrated and seeded data
// directory (kept under .tmp, built once per migration set: initdb and the migrations cost ~3 s
// per database, the image ~0.6 s); TEST_DB_KIND=pg uses a new database on TEST_DATABASE_URL, cloned
// from a migrated template so files running in parallel never collide.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import { loadConfig } from '../infra/config';
import { type DbHandle, openDb } from '../infra/db/client';
import { MIGRATIONS_DIR, runMigrations } from '../infra/db/migrate';
import { ensureSystemRoles } from '../modules/auth';
import { ensureDefaultBillers } from '../modules/catalogue/billers.service';
import { ensureDefaultCatalogue } from '../modules/catalogue/catalogue.service';
import { ensureSystemAccounts } from '../modules/ledger/ledger.service';

export const testDbKind = (): 'pglite' | 'pg' => (process.env.TEST_DB_KIND === 'pg' ? 'pg' : 'pglite');

const SRC = path.resolve(MIGRATIONS_DIR, '../src');
/** What a template database is built from: the migrations and the code that seeds it. */
const SEED_SOURCES = [
  'seed.ts',
  'modules/auth/system-roles.repo.ts',
  'modules/catalogue/catalogue.service.ts',
  'modules/catalogue/billers.service.ts',
  'modules/providers/bills.ts',
  'modules/ledger/ledger.service.ts',
];

function templateHash(): string {
  const h = createHash('sha256');
  for (const f of readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    h.update(f).update(readFileSync(path.join(MIGRATIONS_DIR, f)));
  }
  for (const f of SEED_SOURCES) h.update(f).update(readFileSync(path.join(SRC, f)));
  return h.digest('hex').slice(0, 12);
}

function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

/**
 * PostgreSQL only. Files whose app opens many connections (a pool of BIG_POOL or more: the
 * concurrency files' 60, the upstream and auto top-up files' 30) and the fault run (three servers
 * of 10) take turns across the stage's workers: each holds this session-level advisory lock on a
 * connection of its own while it runs. The PostgreSQL stage runs two workers (scripts/test.mjs);
 * without the turns, two such files at once, or one beside the fault run, went past PostgreSQL's
 * 100 connections (53300) and failed. One of them beside any other file stays under it: 60 + 2 for
 * the turn and the database's creation, and a normal file's pool of 10 with a sibling's 5 and a
 * few of its own. The lock dies with its connection, so a worker that crashes frees the turn.
 */
export const BIG_POOL = 30;
export async function bigPoolTurn(): Promise<() => Promise<void>> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB_KIND=pg needs TEST_DATABASE_URL');
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query('select pg_advisory_lock(4712)');
  return async () => {
    await c.query('select pg_advisory_unlock(4712)').catch(() => {});
    await c.end().catch(() => {});
  };
}

async function freshPostgres(
  poolSize: number,
): Promise<{ handle: DbHandle; drop: () => Promise<void>; url: string }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB_KIND=pg needs TEST_DATABASE_URL');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const template = `vp_tpl_${templateHash()}`;
  const name = `vp_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  try {
    await admin.query('select pg_advisory_lock(4711)');
    try {
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [template]);
      if (!rowCount) {
        // Built under a temporary name and renamed when complete, so a run that dies half-way
        // never leaves a half-migrated template behind.
        const building = `${template}_building`;
        await admin.query(`drop database if exists ${building} with (force)`);
        await admin.query(`create database ${building}`);
        const h = await openDb({ url: withDatabase(base, building), poolSize: 1 });
        await migrateAndSeed(h);
        await h.close();
        await admin.query(`alter database ${building} rename to ${template}`);
      }
      await admin.query(`create database ${name} template ${template}`);
    } finally {
      await admin.query('select pg_advisory_unlock(4711)');
    }
  } finally {
    await admin.end();
  }
  const handle = await openDb({ url: withDatabase(base, name), poolSize });
  const drop = async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await c.end();
  };
  return { handle, drop, url: withDatabase(base, name) };
}

/** Migrations and the seed over a new database: what a template or an image holds. */
async function migrateAndSeed(h: DbHandle): Promise<void> {
  await runMigrations(h);
  await ensureSystemRoles(h.db);
  await ensureDefaultCatalogue(h.db);
  await ensureDefaultBillers(h.db);
  await ensureSystemAccounts(h.db);
}

const IMAGES = path.resolve(MIGRATIONS_DIR, '../../../.tmp/pglite-images');

/**
 * How the image is written (freshPglite): a 32 MB buffer pool, no template databases,
 * checkpointed.
 */
const IMAGE_MAKING = 'buffers32-notemplates';

/** The image's file: for the current migrations and seed (templateHash) and PGlite version. */
let imageFile: string | null = null;
function imageFileName(): string {
  if (imageFile) return imageFile;
  // The image is PGlite's own data directory: a new PGlite version builds a new one. IMAGE_MAKING
  // names how freshPglite writes it: an image written another way is not used.
  const pglite = readFileSync(path.join(IMAGES, '../../node_modules/@electric-sql/pglite/package.json'));
  const version = createHash('sha256').update(pglite).digest('hex').slice(0, 8);
  imageFile = path.join(IMAGES, `${templateHash()}-${version}-${IMAGE_MAKING}.tar`);
  return imageFile;
}

/** The image as read once by this process (a worker runs many files: isolate is off). */
let image: Blob | null = null;

/**
 * A new in-memory PGlite holding what migrateAndSeed() makes, started from the image on disk for
 * the current migrations and seed (templateHash); the first file to need one builds it, and
 * writes it by rename, so workers building it at once never read half of one.
 */
async function freshPglite(): Promise<DbHandle> {
  const file = imageFileName();
  if (!image) {
    try {
      image = new Blob([new Uint8Array(readFileSync(file))]);
    } catch {}
  }
  if (image) return openDb({ memory: true, image });
  const handle = await openDb({ memory: true });
  await migrateAndSeed(handle);
  // Every test file starts a database from the image; three things about the image take its
  // buildTestApp() from ~1.1 s of CPU to ~0.57 s (measured), and change no row a test reads:
  // - a buffer pool of 32 MB, not PostgreSQL's 128 MB: PostgreSQL clears its whole pool at start
  //   (and the process then carries it); a test database holds ~12 MB, in memory like the pool;
  // - no template0 and template1, the databases CREATE DATABASE copies (no test creates one on
  //   PGlite): 600 of the image's 1,400 files, each unpacked at every start; the tests' database,
  //   postgres, is untouched;
  // - a checkpoint before the image is taken: the rows are then in the data files, not only in
  //   the write-ahead log, so a database started from the image has nothing to replay.
  await handle.query(`alter system set shared_buffers = '32MB'`);
  await handle.query(
    `update pg_database set datistemplate = false where datname in ('template0', 'template1')`,
  );
  await handle.query('drop database template0');
  await handle.query('drop database template1');
  await handle.query('checkpoint');
  const tar = await handle.image!();
  mkdirSync(IMAGES, { recursive: true });
  const name = path.basename(file);
  for (const old of readdirSync(IMAGES)) if (old !== name) rmSync(path.join(IMAGES, old), { force: true });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(tmp, new Uint8Array(await tar.arrayBuffer()));
  renameSync(tmp, file);
  return handle;
}

export interface TestApp {
  app: FastifyInstance;
  close(): Promise<void>;
  /**
   * PostgreSQL only: another app instance (its own pool, its own process-level state) on the same
   * database, as a second server behind a load balancer would be. Closed with this one.
   */
  sibling?: () => Promise<FastifyInstance>;
  /** PostgreSQL only: the test database's URL (to reach it another way, through a proxy say). */
  dbUrl?: string;
}

/**
 * A request through the app as a signed-in user: `const api = apiAs(() => t)`, then
 * `api('PUT', 'transactions/query', corp, { vendId })`. `get` is read at call time, so the
 * helper can be made before beforeAll builds the app.
 */
export function apiAs(get: () => TestApp) {
  return (method: string, url: string, u: { headers: Record<string, string> }, payload?: unknown) =>
    get().app.inject({
      method: method as 'GET',
      url: `/api/v1/${url}`,
      headers: u.headers,
      payload: payload as object,
    });
}

export async function buildTestApp(
  opts: { env?: Record<string, string>; poolSize?: number; logger?: Record<string, unknown> } = {},
): Promise<TestApp> {
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: '.tmp/test-data',
      SIMULATOR_LATENCY_MS: '0',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      // The API rate limiter is on in every test (issue 34), with defaults far above what any
      // test sends, so that only the rate-limit tests (which set their own) meet a refusal.
      API_RATE_KEY_PER_S: '100000',
      API_RATE_KEY_BURST: '100000',
      API_RATE_CLIENT_PER_S: '100000',
      API_RATE_CLIENT_BURST: '100000',
      // Likewise the providers' circuit breaker (issue 49): tests that make an upstream fail on
      // purpose, again and again, would otherwise take it out of the route for the tests after
      // them; the breaker's own tests set theirs.
      BREAKER_MIN_CALLS: '1000000',
      ...opts.env,
    }),
    APP_SECRET: randomBytes(32).toString('hex'),
  };
  let handle: DbHandle;
  let drop = async () => {};
  let url: string | null = null;
  // A large pool's turn (bigPoolTurn), ended when the app closes, or here if it cannot be built.
  let endTurn = async () => {};
  let app: FastifyInstance;
  try {
    if (testDbKind() === 'pg') {
      const poolSize = opts.poolSize ?? 10;
      if (poolSize >= BIG_POOL) endTurn = await bigPoolTurn();
      ({ handle, drop, url } = await freshPostgres(poolSize));
    } else {
      handle = await freshPglite();
    }
    // TEST_LOG=1 shows the server's errors while investigating a failing test.
    app = await buildApp(config, {
      db: handle,
      logger: opts.logger ?? (process.env.TEST_LOG ? { level: 'error' } : false),
    });
    await app.ready();
  } catch (e) {
    await endTurn();
    throw e;
  }
  const siblings: FastifyInstance[] = [];
  const pgUrl = url;
  return {
    app,
    close: async () => {
      try {
        for (const s of siblings) await s.close();
        await app.close();
        await drop();
      } finally {
        await endTurn();
      }
    },
    dbUrl: pgUrl ?? undefined,
    sibling: pgUrl
      ? async () => {
          const other = await buildApp(config, {
            db: await openDb({ url: pgUrl, poolSize: 5 }),
            logger: false,
          });
          await other.ready();
          siblings.push(other);
          return other;
        }
      : undefined,
  };
}
