// Backups that restore (issue 52): a backup of an embedded database with client money in it is
// refused while a process holds the database, restores into an empty directory with every balance
// and the books as they were, refuses to overwrite a database without --force, and a manifest
// that does not match the restored books is reported. On PostgreSQL (TEST_DB_KIND=pg) the same
// round trip through pg_dump and pg_restore, between two databases.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../infra/config';
import { openDb } from '../infra/db/client';
import { runMigrations } from '../infra/db/migrate';
import { fund } from '../modules/vending/vending.testing';
import { seed } from '../seed';
import { createCorporate } from '../test/factories';
import { testDbKind } from '../test/harness';
import { BackupError, backup, backupName, prune, readManifest, type Target } from './backup-lib';
import { preambleFilter } from './pg-restore';
import { compare, restore } from './restore-lib';

// Two clients' wallets, funded with these amounts: what every restore must show, to the kobo.
const FUNDED = [1_234_567, 250_000];
const TOTAL = FUNDED[0] + FUNDED[1];

const work = mkdtempSync(path.join(tmpdir(), 'vp-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * Migrates the database `target` points at and funds two clients; the app stays open on it (as a
 * server would be) until the returned function closes it, and its database with it.
 */
async function withMoney(target: Target): Promise<() => Promise<void>> {
  const handle = await openDb(
    target.kind === 'postgres' ? { url: target.url, poolSize: 2 } : { pgliteDir: target.dir },
  );
  await runMigrations(handle);
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), APP_SECRET: 'x'.repeat(32) };
  const app = await buildApp(config, { db: handle, logger: false });
  await seed(app.ctx);
  for (const kobo of FUNDED) await fund(app, (await createCorporate(app)).corporateId, kobo);
  return () => app.close();
}

describe.runIf(testDbKind() === 'pglite')('backup and restore of the embedded database', () => {
  const dir = path.join(work, 'data', 'pglite');
  const target: Target = { kind: 'pglite', dir };
  const backups = path.join(work, 'backups');
  let stopServer: () => Promise<void>;

  beforeAll(async () => {
    stopServer = await withMoney(target);
  }, 60_000);

  it('refuses a backup while a process holds the database, saying to stop the server', async () => {
    const err = await backup(target, backups).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BackupError);
    expect((err as Error).message).toMatch(/stop the server, run the backup, then start it again/);
    await stopServer();
  });

  it('restores into an empty directory with the books passing and every balance as backed up', async () => {
    rmSync(backups, { recursive: true, force: true });
    mkdirSync(backups, { recursive: true });
    const m = await backup(target, backups);
    expect(m).toMatchObject({
      engine: 'pglite',
      accounts: 6,
      totalKobo: TOTAL,
      booksOk: true,
      violations: 0,
    });
    const elsewhere: Target = { kind: 'pglite', dir: path.join(work, 'other', 'pglite') };
    const r = await restore(elsewhere, path.join(backups, m.dump), { force: false });
    expect(r.problems).toEqual([]);
    expect(r.after).toMatchObject({ accounts: 6, totalKobo: TOTAL, digest: m.digest, booksOk: true });
  }, 60_000);

  it('refuses to overwrite a database that holds data without --force, and overwrites it with it', async () => {
    const [dump] = readdirSync(backups).filter((f) => f.endsWith('.tar.gz'));
    const file = path.join(backups, dump);
    const err = await restore(target, file, { force: false }).catch((e: unknown) => e);
    expect((err as Error).message).toMatch(/is not empty\. A restore replaces it: run it again with --force/);
    expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
    const r = await restore(target, file, { force: true });
    expect(r.problems).toEqual([]);
    expect(r.after.totalKobo).toBe(TOTAL);
  }, 60_000);

  it('reports a restored database whose balances are not the manifest’s', () => {
    const [dump] = readdirSync(backups).filter((f) => f.endsWith('.tar.gz'));
    const m = readManifest(path.join(backups, dump));
    const after = { ...m, totalKobo: m.totalKobo - 1, digest: 'other' };
    expect(compare(m, after)).toEqual([
      `balances sum to ${TOTAL - 1} kobo, the backup's to ${TOTAL}`,
      'an account balance differs from the backup',
    ]);
    expect(compare(m, { ...m, booksOk: false, violations: 2 })).toEqual([
      'the books check fails (2 violations)',
    ]);
  });

  it('refuses a dump without its manifest, and a postgres dump into the embedded database', async () => {
    const bare = path.join(work, 'bare.tar.gz');
    writeFileSync(bare, 'x');
    await expect(restore(target, bare, { force: true })).rejects.toThrow(/bare\.tar\.gz\.json is missing/);
    const [dump] = readdirSync(backups).filter((f) => f.endsWith('.tar.gz'));
    const m = readManifest(path.join(backups, dump));
    const pgDump = path.join(work, 'x.dump');
    writeFileSync(pgDump, 'x');
    writeFileSync(`${pgDump}.json`, JSON.stringify({ ...m, engine: 'postgres' }));
    await expect(restore(target, pgDump, { force: true })).rejects.toThrow(
      /is a postgres backup and the configured database is pglite/,
    );
  });
});

describe('keeping the newest backups', () => {
  it('keeps the newest N by the time in their names and removes the others with their manifests', () => {
    const dir = mkdtempSync(path.join(work, 'keep-'));
    const names = [0, 1, 2, 3].map((d) => backupName('postgres', new Date(Date.UTC(2026, 10, 26 + d, 1))));
    for (const n of names) {
      writeFileSync(path.join(dir, n), '');
      writeFileSync(path.join(dir, `${n}.json`), '{}');
    }
    writeFileSync(path.join(dir, 'notes.txt'), '');
    expect(names[3]).toBe('vendport-postgres-20261129T010000Z.dump');
    expect(prune(dir, 2).sort()).toEqual([names[0], names[1]]);
    expect(readdirSync(dir).sort()).toEqual([
      'notes.txt',
      names[2],
      `${names[2]}.json`,
      names[3],
      `${names[3]}.json`,
    ]);
  });
});

describe('the restore script for a server older than the client programs', () => {
  const script =
    'SET statement_timeout = 0;\nSET transaction_timeout = 0;\nSET lock_timeout = 0;\nCOPY t FROM stdin;\n';
  const through = async (drop: boolean, chunks: string[]) => {
    let out = '';
    for await (const c of Readable.from(chunks).pipe(preambleFilter(drop))) out += c;
    return out;
  };

  it('leaves out transaction_timeout (PostgreSQL 17 only) for an older server, even split across chunks', async () => {
    const want = 'SET statement_timeout = 0;\nSET lock_timeout = 0;\nCOPY t FROM stdin;\n';
    expect(await through(true, [script])).toBe(want);
    expect(await through(true, [script.slice(0, 35), script.slice(35)])).toBe(want);
  });

  it('passes the script untouched for a server that knows it', async () => {
    expect(await through(false, [script])).toBe(script);
  });
});

describe.runIf(testDbKind() === 'pg')('backup and restore on PostgreSQL', () => {
  const base = process.env.TEST_DATABASE_URL ?? '';
  const names = ['a', 'b'].map((x) => `vp_backup_${x}_${randomBytes(3).toString('hex')}`);
  const urlOf = (db: string) => Object.assign(new URL(base), { pathname: `/${db}` }).toString();
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(sql);
    await c.end();
  };

  beforeAll(async () => {
    for (const n of names) await admin(`create database ${n}`);
  });
  afterAll(async () => {
    for (const n of names) await admin(`drop database if exists ${n} with (force)`);
  });

  it('round-trips the money through pg_dump and pg_restore, refusing a non-empty target without --force', async () => {
    const source: Target = { kind: 'postgres', url: urlOf(names[0]) };
    const stopServer = await withMoney(source);
    const dir = mkdtempSync(path.join(work, 'pg-'));
    // Taken while the server holds its connections: PostgreSQL backups need no stop.
    const m = await backup(source, dir);
    await stopServer();
    expect(m).toMatchObject({ engine: 'postgres', accounts: 6, totalKobo: TOTAL, booksOk: true });
    const into: Target = { kind: 'postgres', url: urlOf(names[1]) };
    const file = path.join(dir, m.dump);
    expect((await restore(into, file, { force: false })).problems).toEqual([]);
    await expect(restore(into, file, { force: false })).rejects.toThrow(/is not empty .* --force/);
    const again = await restore(into, file, { force: true });
    expect(again.problems).toEqual([]);
    expect(again.after.totalKobo).toBe(TOTAL);
  }, 60_000);
});
