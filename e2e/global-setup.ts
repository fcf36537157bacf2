// Starts the real server (built web app, API, PGlite in a fresh data folder) and one headless
// Chromium for the e2e run, and after the run stops them and runs the ledger check over the
// database the journeys used.
// startServer() is also what a journey file uses for a server of its own (other settings).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { type BrowserServer, chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';

const root = path.resolve(import.meta.dirname, '..');

/** How the run's headless Chromium is started (setup() launches one that every file connects to). */
const CHROMIUM_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-quic',
    '--disable-sync',
    '--disable-dev-shm-usage',
  ],
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** A running e2e server: where it listens, its seeded admin, its data folder, and how to stop it. */
export type E2eServer = {
  baseURL: string;
  adminEmail: string;
  adminPassword: string;
  dataDir: string;
  /** Stops the server, runs ledger:check over its database, then removes the data folder. */
  stop: () => Promise<void>;
};

/**
 * Starts the real server (API and the built web app) on a free port over PGlite in a fresh data
 * folder `.tmp/<name>-<time>`, with `env` over the e2e settings; resolves once it listens and has
 * printed the seeded admin's password. The web app must be built (setup() does it).
 */
export async function startServer(name: string, env: Record<string, string> = {}): Promise<E2eServer> {
  const port = await freePort();
  const dataDir = path.join(root, '.tmp', `${name}-${Date.now()}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const adminEmail = 'admin@e2e.vendport.test';
  let stopping = false;
  const server: ChildProcess = spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DEV_ROUTES: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: adminEmail,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  server.stdout!.on('data', (d) => {
    out += d;
  });
  server.stderr!.on('data', (d) => {
    out += d;
  });
  // A server that dies during the run says why (the journeys then only see refused connections).
  server.once('exit', (code, signal) => {
    if (!stopping)
      process.stderr.write(
        `\nThe e2e server (${name}) exited (${code ?? signal}) during the run:\n${out.slice(-8000)}\n`,
      );
  });
  const deadline = Date.now() + 120_000;
  let adminPassword = '';
  while (Date.now() < deadline) {
    // The line "  password: <it>" (not "... change the password:" above it).
    const m = /^\s*password:[ \t]+(\S+)[ \t]*$/m.exec(out);
    if (m && /is running on/.test(out)) {
      adminPassword = m[1];
      break;
    }
    if (server.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!adminPassword) {
    stopping = true;
    server.kill('SIGTERM');
    throw new Error(`server did not start in time:\n${out}`);
  }
  const stop = async () => {
    stopping = true;
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    // The ledger must hold after every journey: ledger:check over the database they used.
    const check = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['apps/api/src/cli/ledger-check.ts'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      stdio: 'inherit',
    });
    if (check.status !== 0) throw new Error(`ledger:check reported violations after the e2e run (${name})`);
    if (process.env.KEEP_E2E_DATA !== '1') rmSync(dataDir, { recursive: true, force: true });
  };
  return { baseURL: `http://127.0.0.1:${port}`, adminEmail, adminPassword, dataDir, stop };
}

let shared: E2eServer | null = null;
let browser: BrowserServer | null = null;

export async function setup(project: TestProject) {
  const build = spawnSync('node', ['scripts/build-web-if-needed.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('web build failed');
  // The server and the one Chromium every file connects to (support.ts launch()) start together.
  [shared, browser] = await Promise.all([startServer('e2e-data'), chromium.launchServer(CHROMIUM_OPTIONS)]);
  project.provide('baseURL', shared.baseURL);
  project.provide('adminEmail', shared.adminEmail);
  project.provide('adminPassword', shared.adminPassword);
  project.provide('dataDir', shared.dataDir);
  project.provide('browserWSEndpoint', browser.wsEndpoint());
}

export async function teardown() {
  await browser?.close();
  await shared?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    adminEmail: string;
    adminPassword: string;
    dataDir: string;
    browserWSEndpoint: string;
  }
}
