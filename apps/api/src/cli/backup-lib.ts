// Backups that restore (issue 52): what `npm run db:backup` and `npm run db:restore` do, for both
// engines. A backup is two files: the dump (PostgreSQL: pg_dump's custom format; PGlite: its own
// dump of the data directory, a gzipped tarball) and its manifest (`<dump>.json`), which records
// what the books said in the very state the dump holds: every client account's balance (their
// count, sum and a digest of each id and balance), the books check, and the migrations applied.
// A restore then proves itself: the books check passes and every balance equals the manifest's.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { checkBooks } from '../books';
import type { Db } from '../infra/db/client';
import { DatabaseInUseError, lockDirectory } from '../infra/db/dir-lock';
import * as schema from '../infra/db/schema';
import { clientAccountBalances } from '../modules/ledger';
import { appliedMigrations } from '../modules/ops';

/** A refusal or a failure the operator can act on: printed as it is, exit code 2. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** What the books say in one state of the database. */
export interface BooksSummary {
  migrations: number;
  /** Client accounts (wallets, sandbox wallets, commission accounts). */
  accounts: number;
  totalKobo: number;
  /** sha256 of every account's `id kind balance` line, by id: equal digests, equal balances. */
  digest: string;
  booksOk: boolean;
  violations: number;
}

export interface BackupManifest extends BooksSummary {
  format: 1;
  engine: 'postgres' | 'pglite';
  /** The dump's file name, beside the manifest. */
  dump: string;
  createdAt: string;
  bytes: number;
}

export type Target = { kind: 'postgres'; url: string } | { kind: 'pglite'; dir: string };

export async function summarise(db: Db): Promise<BooksSummary> {
  const rows = await clientAccountBalances(db);
  const hash = createHash('sha256');
  let total = 0;
  for (const r of rows) {
    total += Number(r.balance_kobo);
    hash.update(`${r.id} ${r.kind} ${r.balance_kobo}\n`);
  }
  const report = await checkBooks(db);
  return {
    migrations: await appliedMigrations(db),
    accounts: rows.length,
    totalKobo: total,
    digest: hash.digest('hex'),
    booksOk: report.ok,
    violations: report.checks.reduce((n, c) => n + c.violations, 0),
  };
}

/** A PostgreSQL client program's end: a missing one is named with the package that brings it. */
export function finished(cmd: string, child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new BackupError(
              `${cmd} was not found: install PostgreSQL's client programs, version 15 or newer (Debian: apt-get install postgresql-client)`,
            )
          : err,
      ),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${cmd} failed (exit code ${code})`)),
    );
  });
}

const runClient = (cmd: string, args: string[]) =>
  finished(cmd, spawn(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'] }));

/** `vendport-postgres-20261129T061500Z.dump`: sorts by time, says the engine. */
export function backupName(engine: Target['kind'], at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  return `vendport-${engine}-${stamp}.${engine === 'postgres' ? 'dump' : 'tar.gz'}`;
}

const BACKUP_FILE = /^vendport-(postgres|pglite)-\d{8}T\d{6}Z\.(dump|tar\.gz)$/;

async function dumpPostgres(url: string, file: string): Promise<BooksSummary> {
  const client = new pg.Client({ connectionString: url, application_name: 'vendport-backup' });
  await client.connect();
  try {
    // One snapshot for the manifest and the dump: pg_dump reads the state this transaction sees
    // (--snapshot), so the balances recorded are the dump's even while the servers keep vending.
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ s: string }>('select pg_export_snapshot() as s');
    const summary = await summarise(drizzlePg({ client, schema }) as unknown as Db);
    await runClient('pg_dump', [
      '--format=custom',
      `--snapshot=${rows[0].s}`,
      `--file=${file}`,
      `--dbname=${url}`,
    ]);
    await client.query('commit');
    return summary;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The embedded database is one process's (dir-lock.ts): its directory is dumped by this process
 * alone, with the server stopped; a running server's lock makes this a refusal that says so.
 */
export function lockEmbedded(dir: string, what: 'backup' | 'restore'): () => void {
  try {
    return lockDirectory(dir);
  } catch (err) {
    if (!(err instanceof DatabaseInUseError)) throw err;
    throw new BackupError(
      `The embedded database in ${dir} is open in another VendPort process (pid ${err.pid}), most likely the running server. ` +
        `PGlite is one process at a time: stop the server, run the ${what}, then start it again. ` +
        'To take backups while serving, run on PostgreSQL (DATABASE_URL).',
    );
  }
}

export const hasPgliteData = (dir: string) => existsSync(path.join(dir, 'PG_VERSION'));

async function dumpPglite(dir: string, file: string): Promise<BooksSummary> {
  if (!hasPgliteData(dir)) throw new BackupError(`There is no embedded database in ${dir} to back up.`);
  const unlock = lockEmbedded(dir, 'backup');
  try {
    const db = await PGlite.create({ dataDir: dir });
    try {
      const summary = await summarise(drizzlePglite({ client: db, schema }) as unknown as Db);
      const tarball = await db.dumpDataDir('gzip');
      writeFileSync(file, new Uint8Array(await tarball.arrayBuffer()));
      return summary;
    } finally {
      await db.close();
    }
  } finally {
    unlock();
  }
}

/** Takes a backup into `dir`: the dump and its manifest. */
export async function backup(target: Target, dir: string, now = new Date()): Promise<BackupManifest> {
  const dump = backupName(target.kind, now);
  const file = path.join(dir, dump);
  const summary =
    target.kind === 'postgres' ? await dumpPostgres(target.url, file) : await dumpPglite(target.dir, file);
  const manifest: BackupManifest = {
    format: 1,
    engine: target.kind,
    dump,
    createdAt: now.toISOString(),
    bytes: statSync(file).size,
    ...summary,
  };
  writeFileSync(`${file}.json`, `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Keeps the newest `keep` backups in `dir` (by their names' time), removing the others' files. */
export function prune(dir: string, keep: number): string[] {
  const dumps = readdirSync(dir)
    .filter((f) => BACKUP_FILE.test(f))
    .sort((a, b) => stampOf(b).localeCompare(stampOf(a)));
  const gone = dumps.slice(keep);
  for (const f of gone) {
    rmSync(path.join(dir, f), { force: true });
    rmSync(path.join(dir, `${f}.json`), { force: true });
  }
  return gone;
}

const stampOf = (f: string) => /\d{8}T\d{6}Z/.exec(f)?.[0] ?? '';

/**
 * The last backup's time and size for Prometheus's node exporter (its textfile collector reads
 * `*.prom` files): the alert "no backup for more than a day" reads it (deploy/README.md).
 */
export function writeBackupMetrics(dir: string, m: BackupManifest): void {
  const at = Math.floor(new Date(m.createdAt).getTime() / 1000);
  const text = [
    '# HELP vendport_backup_last_success_timestamp_seconds When the last backup that completed was taken.',
    '# TYPE vendport_backup_last_success_timestamp_seconds gauge',
    `vendport_backup_last_success_timestamp_seconds{engine="${m.engine}"} ${at}`,
    '# HELP vendport_backup_last_size_bytes The size of the last backup that completed.',
    '# TYPE vendport_backup_last_size_bytes gauge',
    `vendport_backup_last_size_bytes{engine="${m.engine}"} ${m.bytes}`,
    '',
  ].join('\n');
  writeFileSync(path.join(dir, 'vendport_backup.prom'), text);
}

export function readManifest(file: string): BackupManifest {
  const at = `${file}.json`;
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  if (!existsSync(at))
    throw new BackupError(
      `${at} is missing: a backup is restored with its manifest, which says what the books must show after it.`,
    );
  const m = JSON.parse(readFileSync(at, 'utf8')) as BackupManifest;
  if (m.format !== 1 || (m.engine !== 'postgres' && m.engine !== 'pglite'))
    throw new BackupError(`${at} is not a VendPort backup manifest.`);
  return m;
}
