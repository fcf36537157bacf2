// `npm run db:restore -- <dump> [--force]`: puts a backup (backup-lib.ts) back into the configured
// database, then proves it: the books check passes and every client account's balance equals the
// manifest's. A database that holds anything is overwritten only with --force, and never while a
// VendPort process is connected to it.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDb } from '../infra/db/client';
import {
  BackupError,
  type BackupManifest,
  type BooksSummary,
  lockEmbedded,
  readManifest,
  summarise,
  type Target,
} from './backup-lib';
import { pgRestore } from './pg-restore';

export interface RestoreResult {
  manifest: BackupManifest;
  after: BooksSummary;
  /** What differs from the manifest (empty: the books and every balance are as backed up). */
  problems: string[];
}

/** Relations in the database's own schemas (tables, views, sequences...): 0 is an empty database. */
const OWN_RELATIONS = `select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
  where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
    and s.nspname <> 'information_schema' and s.nspname not like 'pg\\_%'`;

/** Empties the database (with --force) and says the server's version (server_version_num). */
async function clearPostgres(url: string, force: boolean): Promise<number> {
  const client = new pg.Client({ connectionString: url, application_name: 'vendport-restore' });
  await client.connect();
  try {
    const { rows: live } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and application_name like 'vendport:%'`,
    );
    if (live[0].n > 0)
      throw new BackupError(
        `${live[0].n} VendPort process(es) are connected to this database. Stop every api instance and worker first (docker compose stop api-1 api-2 worker backup), then restore.`,
      );
    const { rows: v } = await client.query<{ n: number }>(
      "select current_setting('server_version_num')::int as n",
    );
    const version = v[0].n;
    const { rows } = await client.query<{ n: number }>(OWN_RELATIONS);
    if (rows[0].n === 0) return version;
    const { rows: db } = await client.query<{ name: string }>('select current_database() as name');
    if (!force)
      throw new BackupError(
        `The database ${db[0].name} is not empty (${rows[0].n} tables, views and sequences). A restore replaces everything in it: run it again with --force to overwrite it.`,
      );
    const { rows: schemas } = await client.query<{ nspname: string }>(
      `select nspname from pg_namespace where nspname <> 'information_schema' and nspname not like 'pg\\_%'`,
    );
    await client.query('begin');
    for (const s of schemas) await client.query(`drop schema "${s.nspname.replaceAll('"', '""')}" cascade`);
    await client.query('create schema public');
    await client.query('commit');
    return version;
  } finally {
    await client.end().catch(() => {});
  }
}

async function restorePostgres(url: string, file: string, force: boolean): Promise<void> {
  const version = await clearPostgres(url, force);
  // One transaction: a restore that fails half-way leaves the database as empty as it found it.
  await pgRestore(url, file, version);
}

async function restorePglite(dir: string, file: string, force: boolean): Promise<void> {
  mkdirSync(path.dirname(dir), { recursive: true });
  const unlock = lockEmbedded(dir, 'restore');
  try {
    if (existsSync(dir) && readdirSync(dir).length > 0) {
      if (!force)
        throw new BackupError(
          `The embedded database directory ${dir} is not empty. A restore replaces it: run it again with --force to overwrite it.`,
        );
      rmSync(dir, { recursive: true, force: true });
    }
    const tarball = new Blob([new Uint8Array(readFileSync(file))], { type: 'application/x-gzip' });
    const db = await PGlite.create({ dataDir: dir, loadDataDir: tarball });
    await db.close();
  } finally {
    unlock();
  }
}

/** What the restored database says against what the manifest recorded. */
export function compare(m: BackupManifest, after: BooksSummary): string[] {
  const problems: string[] = [];
  if (!after.booksOk) problems.push(`the books check fails (${after.violations} violations)`);
  if (after.accounts !== m.accounts)
    problems.push(`${after.accounts} client accounts, the backup had ${m.accounts}`);
  if (after.totalKobo !== m.totalKobo)
    problems.push(`balances sum to ${after.totalKobo} kobo, the backup's to ${m.totalKobo}`);
  if (after.digest !== m.digest) problems.push('an account balance differs from the backup');
  if (after.migrations !== m.migrations)
    problems.push(`${after.migrations} migrations applied, the backup had ${m.migrations}`);
  return problems;
}

export async function restore(
  target: Target,
  file: string,
  opts: { force: boolean },
): Promise<RestoreResult> {
  const manifest = readManifest(file);
  if (manifest.engine !== target.kind)
    throw new BackupError(
      `${path.basename(file)} is a ${manifest.engine} backup and the configured database is ${target.kind}: restore it into a ${manifest.engine} database${manifest.engine === 'postgres' ? ' (set DATABASE_URL)' : ' (unset DATABASE_URL)'}.`,
    );
  if (target.kind === 'postgres') await restorePostgres(target.url, file, opts.force);
  else await restorePglite(target.dir, file, opts.force);
  const handle = await openDb(
    target.kind === 'postgres' ? { url: target.url, poolSize: 2 } : { pgliteDir: target.dir },
  );
  try {
    const after = await summarise(handle.db);
    return { manifest, after, problems: compare(manifest, after) };
  } finally {
    await handle.close();
  }
}
