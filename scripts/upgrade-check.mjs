// npm run test:upgrade [-- --last=N]: the previous release keeps serving while the next release's
// migrations run (issue 52; the rule in ARCHITECTURE.md, "Migrations never break the release
// before them"). For each of the last N migrations (5), the release before it is the code of the
// commit that preceded the one adding it (from git): that code is started as a server on a fresh
// PostgreSQL database (it migrates it to its own last migration and seeds it), its first admin
// signs in, a client is funded and vends; then, while vends, sign-ins and reads keep going to that
// server, the new migration is applied with the current code's migrator; then the old server must
// still sign in, vend and answer ready, no call may have failed, and the books must balance.
//
// Not part of `npm test`: it starts a server per release (about 15 s each). Environment:
// BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { adminQuery, withDb } from '../bench/pg-admin.mjs';
import { apiCall, CLIENT_PASSWORD, codeIn, fundedClient, signInFirstAdmin, vend } from './portal-flow.mjs';
import { SERVER_NODE_ARGS } from './server-command.mjs';

const root = path.resolve(import.meta.dirname, '..');
const drizzleDir = path.join(root, 'apps/api/drizzle');
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const lastArg = process.argv.find((a) => a.startsWith('--last='));
const LAST = lastArg ? Number(lastArg.slice('--last='.length)) : 5;
const work = mkdtempSync(path.join(tmpdir(), 'vendport-upgrade-'));
const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 });

/** The migration's journal entries, in order (apps/api/drizzle/meta/_journal.json). */
const journal = JSON.parse(readFileSync(path.join(drizzleDir, 'meta/_journal.json'), 'utf8'));

/**
 * The release before migration `tag`: the tree of the commit before the one that added it, along
 * main's own line (--first-parent -m: a migration may arrive in a merge, renumbered there).
 */
function previousRelease(tag) {
  const added = git(
    'log',
    '--first-parent',
    '-m',
    '--diff-filter=A',
    '--format=%H',
    '--',
    `apps/api/drizzle/${tag}.sql`,
  )
    .stdout.trim()
    .split('\n')
    .pop();
  if (!added)
    throw new Error(`git does not know when apps/api/drizzle/${tag}.sql was added (a shallow clone?)`);
  const commit = git('rev-parse', `${added}^`).stdout.trim();
  const dir = path.join(work, `release-${tag}`);
  mkdirSync(dir, { recursive: true });
  const tar = spawnSync(
    'sh',
    ['-c', `git archive ${commit} package.json apps/api packages/shared | tar -x -C "${dir}"`],
    { cwd: root },
  );
  if (tar.status !== 0) throw new Error(`git archive ${commit}: ${tar.stderr}`);
  // Its own packages (the shared one at that commit), the installed libraries otherwise.
  mkdirSync(path.join(dir, 'node_modules/@vendport'), { recursive: true });
  for (const e of readdirSync(path.join(root, 'node_modules'))) {
    if (e !== '@vendport') symlinkSync(path.join(root, 'node_modules', e), path.join(dir, 'node_modules', e));
  }
  symlinkSync(path.join(dir, 'packages/shared'), path.join(dir, 'node_modules/@vendport/shared'));
  return { commit: commit.slice(0, 7), dir };
}

/** Migrations up to and including journal entry `idx`, in a folder of their own. */
function migrationsUpTo(idx) {
  const dir = path.join(work, `migrations-${idx}`);
  mkdirSync(path.join(dir, 'meta'), { recursive: true });
  const entries = journal.entries.filter((e) => e.idx <= idx);
  for (const e of entries)
    writeFileSync(path.join(dir, `${e.tag}.sql`), readFileSync(path.join(drizzleDir, `${e.tag}.sql`)));
  writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  return dir;
}

/** The old release as a server of its own on `url`: its address and the password it printed. */
function startServer(dir, url) {
  const child = spawn('node', SERVER_NODE_ARGS, {
    cwd: dir,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: url,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: path.join(dir, 'data'),
      APP_SECRET: 'u'.repeat(64),
      SIMULATOR_LATENCY_MS: '20',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the release did not start in 120 s:\n${out}`)), 120_000);
    const read = (b) => {
      out += b;
      const at = /running on (http:\/\/\S+)/.exec(out);
      const password = /password: +(\S+)/.exec(out);
      if (at && password) {
        clearTimeout(timer);
        resolve({ child, base: at[1].replace(/[,)]$/, ''), password: password[1] });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => reject(new Error(`the release exited (${code}):\n${out}`)));
  });
}

/** Calls to the old server until stop(): vends, reads of the vend, sign-ins. Failures counted. */
function keepServing(base, client, admin) {
  let stopped = false;
  const tally = { calls: 0, failures: [] };
  const loop = async (kind) => {
    while (!stopped) {
      try {
        if (kind === 'vend') {
          const v = await vend(base, client.token, `upg-${randomBytes(4).toString('hex')}`);
          await apiCall(base, 'GET', `vend/${v.id}`, undefined, client.token);
        } else if (kind === 'read') {
          await apiCall(base, 'GET', 'get-wallet-balance', undefined, client.token);
          await apiCall(base, 'GET', 'me', undefined, admin);
        } else {
          await apiCall(base, 'GET', 'health/ready');
        }
        tally.calls += 1;
      } catch (err) {
        tally.failures.push(`${kind}: ${err.message}`);
      }
    }
  };
  const running = [loop('vend'), loop('vend'), loop('read'), loop('ready')];
  return async () => {
    stopped = true;
    await Promise.all(running);
    return tally;
  };
}

async function checkRelease(entry) {
  const { commit, dir } = previousRelease(entry.tag);
  const db = `vp_upgrade_${randomBytes(3).toString('hex')}`;
  await adminQuery(PG_URL, `create database ${db}`);
  const url = withDb(PG_URL, db);
  const started = Date.now();
  const server = await startServer(dir, url);
  try {
    const outbox = async (to, subject) =>
      codeIn(await apiCall(server.base, 'GET', `dev/outbox?to=${encodeURIComponent(to)}`), to, subject);
    const admin = await signInFirstAdmin(server.base, server.password, outbox);
    const client = await fundedClient(server.base, admin, outbox, 100_000);
    const stop = keepServing(server.base, client, admin);
    const m0 = Date.now();
    const c = new pg.Client({ connectionString: url });
    c.on('error', () => {});
    await c.connect();
    try {
      await migrate(drizzle({ client: c }), { migrationsFolder: migrationsUpTo(entry.idx) });
    } catch (err) {
      await stop();
      throw new Error(`the migration failed: ${err.message}`);
    } finally {
      await c.end().catch(() => {});
    }
    const migrateMs = Date.now() - m0;
    await new Promise((r) => setTimeout(r, 1500));
    const tally = await stop();
    // After the migration, what a user of the old release does first: sign in again, vend.
    const after = {};
    const afterwards = [
      [
        'sign-in',
        () => apiCall(server.base, 'POST', 'login', { email: client.email, password: CLIENT_PASSWORD }),
      ],
      ['vend', () => vend(server.base, client.token, `upg-after-${randomBytes(3).toString('hex')}`)],
      ['ready', () => apiCall(server.base, 'GET', 'health/ready')],
    ];
    const refused = [];
    for (const [what, call] of afterwards) {
      after[what] = await call().catch((err) => {
        refused.push(`${what} after the migration: ${err.message}`);
        return {};
      });
    }
    const books = spawnSync('node', ['--import', 'tsx', 'apps/api/src/cli/ledger-check.ts'], {
      cwd: dir,
      env: { ...process.env, DATABASE_URL: url, DATA_DIR: path.join(dir, 'data') },
      encoding: 'utf8',
    });
    const problems = [
      ...tally.failures.slice(0, 5),
      ...refused,
      ...(after.ready.status === undefined || after.ready.status === 'ready'
        ? []
        : [`ready says ${after.ready.status}`]),
      ...(books.status === 0 ? [] : [`ledger check: ${books.stdout}${books.stderr}`]),
    ];
    console.log(
      `${entry.tag}: release ${commit} served ${tally.calls} calls while it ran (${migrateMs} ms), ${tally.failures.length} failed; then ${refused.length ? `${refused.length} call(s) refused` : `signed in, vended (${after.vend.status}), ready`}; books ${books.status === 0 ? 'balance' : 'FAIL'} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
    return problems;
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    await adminQuery(PG_URL, `drop database if exists ${db} with (force)`);
  }
}

let failed = 0;
try {
  for (const entry of journal.entries.slice(-LAST)) {
    const problems = await checkRelease(entry).catch((err) => [err.message]);
    for (const p of problems) console.error(`  FAILED ${entry.tag}: ${p}`);
    if (problems.length) failed += 1;
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(
  failed
    ? `test:upgrade FAILED for ${failed} migration(s)`
    : `test:upgrade passed: the last ${LAST} migrations each left the release before them serving`,
);
process.exit(failed ? 1 : 0);
