// The embedded database survives kill -9 of the server in the middle of writes, again and again:
// each time the directory reopens and the books check clean. And while a server holds the
// directory, no second process can open it (dir-lock.ts): a CLI stops with a clear message.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBooks } from '../../books';
import { bundleEntries } from '../../test/bundle';
import { testDbKind } from '../../test/harness';
import { openDb } from './client';
import { DatabaseInUseError } from './dir-lock';

const root = path.resolve(import.meta.dirname, '../../../../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vendport-crash-'));
const pgliteDir = path.join(dataDir, 'pglite');
const children = new Set<ChildProcess>();
// The twenty rounds start the server and the CLI as one file each (test/bundle.ts: the same
// sources and packages): twenty starts under tsx cost ~35 s of CPU more than under node alone.
// The first test starts them as `npm start` and `npm run ledger:check` do, under tsx.
// Under the repository, so that node finds the packages the bundle imports in its node_modules.
const bundleDir = path.join(root, '.tmp', `crash-safety-bundle-${process.pid}`);
let bundle: { server: string; 'ledger-check': string } | undefined;
beforeAll(async () => {
  if (testDbKind() !== 'pg')
    bundle = await bundleEntries({ server: 'server.ts', 'ledger-check': 'cli/ledger-check.ts' }, bundleDir);
});
afterAll(() => {
  // A failed or timed-out round must not leave a server behind.
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(bundleDir, { recursive: true, force: true });
});

/** node with tsx's loader on the sources (as npm start), or on the bundle. */
const serverArgs = (how: 'tsx' | 'bundle') =>
  how === 'tsx' ? ['--import', 'tsx', 'apps/api/src/server.ts'] : ['--enable-source-maps', bundle!.server];

function startServer(how: 'tsx' | 'bundle'): Promise<{ child: ChildProcess; url: string }> {
  // node itself runs the server (not a tsx process, which would survive a kill of its child), so
  // the pid killed is the server's.
  const child = spawn(process.execPath, serverArgs(how), {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ARGON2_MEMORY_KIB: '19456',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let out = '';
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    out += d;
  });
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /is running on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearInterval(timer);
        resolve({ child, url: m[1] });
      } else if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`server exited:\n${out}`));
      }
    }, 50);
  });
}

let seq = 0;
/**
 * Sign-ups (a corporate, its owner, its ledger accounts, a session, an email) until stopped;
 * `firstAnswered` resolves once one of them has been answered (committed).
 */
function writeLoad(url: string, stop: { stopped: boolean }) {
  let answered: () => void = () => {};
  const firstAnswered = new Promise<void>((r) => {
    answered = r;
  });
  const one = async () => {
    const n = ++seq;
    await fetch(`${url}/api/v1/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        company_name: `Crash Co ${n}`,
        first_name: 'Ada',
        last_name: 'Crash',
        email: `crash${n}-${Date.now()}@example.com`,
        msisdn: '+2348031234567',
        password: 'Str0ng!Passw0rd',
      }),
    })
      .then((res) => {
        if (res.ok) answered();
      })
      .catch(() => {});
  };
  const lanes = Array.from({ length: 4 }, async () => {
    while (!stop.stopped) await one();
  });
  return { done: Promise.all(lanes), firstAnswered };
}

describe.runIf(testDbKind() !== 'pg')('[CRASH] the embedded database under kill -9', () => {
  it('[CRASH] a second process cannot open a directory the server holds; the CLI says how to run', async () => {
    const { child } = await startServer('tsx');
    try {
      expect(readFileSync(`${pgliteDir}.lock`, 'utf8').split('\n')[0]).toBe(String(child.pid));
      await expect(openDb({ pgliteDir })).rejects.toBeInstanceOf(DatabaseInUseError);
      const cli = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/cli/ledger-check.ts'], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
      });
      expect(cli.status).toBe(2);
      expect(cli.stderr).toContain(`is in use by another VendPort process (pid ${child.pid})`);
      expect(cli.stderr).toContain('Stop the server');
    } finally {
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
    }
  }, 120_000);

  it('[CRASH] killed mid-write twenty times, the directory reopens each time with the books clean', async () => {
    let signUps = 0;
    for (let round = 1; round <= 20; round++) {
      const { child, url } = await startServer('bundle');
      const stop = { stopped: false };
      const load = writeLoad(url, stop);
      // Let writes get going (one committed, others in flight: on a loaded machine the first
      // sign-up can take longer than a fixed pause), then pull the plug.
      await Promise.race([load.firstAnswered, new Promise((r) => setTimeout(r, 20_000))]);
      await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 350)));
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      stop.stopped = true;
      await load.done;
      // The stale lock of the dead server is taken over; the database opens and checks clean.
      const handle = await openDb({ pgliteDir });
      try {
        const report = await checkBooks(handle.db);
        expect(report.ok, `round ${round}: ${JSON.stringify(report)}`).toBe(true);
        const [{ n }] = await handle.query<{ n: number }>('select count(*)::int as n from corporates');
        expect(n).toBeGreaterThanOrEqual(signUps);
        signUps = n;
      } finally {
        await handle.close();
      }
      expect(existsSync(`${pgliteDir}.lock`)).toBe(false);
    }
    // Writes really happened while the server was being killed.
    expect(signUps).toBeGreaterThan(0);
  }, 600_000);
});
