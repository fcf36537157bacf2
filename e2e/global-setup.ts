// Starts the real server (built web app, API, PGlite in a fresh data folder) and one headless
// Chromium for the e2e run, and after the run stops them and runs the ledger check over the
// database the journeys used.
// startServer() is also what a journey file uses for a server of its own (other settings).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { type BrowserServer, chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { bundleEntries } from '../apps/api/src/test/bundle';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Playwright's own `--disable-features` list (playwright-core 1.65, chromiumSwitches): Chromium keeps
 * only the last `--disable-features` of its command line, so a list of ours replaces Playwright's
 * unless it carries it (launchChromium checks that it does).
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];
/**
 * Chromium's headless mode opens a browser window per context (newPage makes one for each page),
 * and each window rendered the address bar's two suggestion pop-ups (chrome://omnibox-popup, its
 * AI-mode twin) in renderers of their own, updated at every navigation: ~0.5 s of CPU a context.
 * Nothing a journey looks at (pages, not the browser's own UI). Journey 22 alone (sampled CPU of
 * every Chromium process, two runs each): 45.0 and 44.3 s with them, 38.0 and 39.9 s without.
 */
const OUR_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** How the run's headless Chromium is started (setup() launches one that every file connects to). */
const chromiumOptions = (disabledFeatures: string[]) => ({
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
    `--disable-features=${[...new Set(disabledFeatures)].join(',')}`,
  ],
});

/** The features each `--disable-features` of the browser's command line names, in order. */
function disabledFeaturesOf(pid: number | undefined): string[][] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      .split('\0')
      .filter((a) => a.startsWith('--disable-features='))
      .map((a) => a.slice('--disable-features='.length).split(','));
  } catch {
    return []; // no /proc here: nothing to check
  }
}

/**
 * The run's Chromium with our features off as well as Playwright's. Should a newer Playwright
 * turn off a feature PLAYWRIGHT_DISABLED_FEATURES does not name, its list is read from the command
 * line it launched and the browser started again with both (and a line says to add them there).
 */
async function launchChromium(): Promise<BrowserServer> {
  const ours = [...PLAYWRIGHT_DISABLED_FEATURES, ...OUR_DISABLED_FEATURES];
  const browser = await chromium.launchServer(chromiumOptions(ours));
  const lists = disabledFeaturesOf(browser.process().pid);
  const missing = lists.length > 1 ? lists[0].filter((f) => !ours.includes(f)) : [];
  if (missing.length === 0) return browser;
  console.warn(`e2e/global-setup.ts: add ${missing.join(', ')} to PLAYWRIGHT_DISABLED_FEATURES`);
  await browser.close();
  return chromium.launchServer(chromiumOptions([...ours, ...missing]));
}

/**
 * The embedded database every e2e server starts from, a copy each: one that `npm run db:migrate`
 * made in `.tmp/e2e-pglite/<hash>/pglite` (PGlite's initdb and the migrations, not the seed).
 * PGlite's initdb of a new directory cost ~13 s of CPU and the migrations ~3 s; a copy opens in
 * ~2.5 s. Seven servers start in the run (the shared one and six journeys' own), and on a loaded
 * two-core machine two of them missed the 120 s start. The seed still runs at each server's first
 * start (the super admin and its printed password, the roles, the catalogue, the system
 * accounts), as on a new install; a new directory's initdb is tested by crash-safety and
 * pglite-thread (API project). The hash covers the migrations and the PGlite version, so a new
 * migration makes a new template.
 */
function templateDir(): string {
  const h = createHash('sha256');
  const migrations = path.join(root, 'apps/api/drizzle');
  for (const f of readdirSync(migrations)
    .filter((f) => f.endsWith('.sql'))
    .sort())
    h.update(f).update(readFileSync(path.join(migrations, f)));
  h.update(readFileSync(path.join(migrations, 'meta/_journal.json')));
  h.update(readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json')));
  return path.join(root, '.tmp', 'e2e-pglite', h.digest('hex').slice(0, 12));
}

/**
 * Makes the template (templateDir) unless it is there: `npm run db:migrate` on a new directory (its
 * bundle: buildServerBundle first).
 */
export async function buildTemplate(): Promise<void> {
  const dir = templateDir();
  if (existsSync(path.join(dir, 'pglite'))) return;
  // Built under another name and renamed when complete: a run that dies half-way leaves none.
  const building = `${dir}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  const child = spawn(process.execPath, nodeArgs('migrate'), {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'development', DATA_DIR: building, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    out += d;
  });
  const code = await new Promise((r) => child.once('close', r));
  if (code !== 0) throw new Error(`the e2e database template could not be made:\n${out}`);
  for (const old of existsSync(path.dirname(dir)) ? readdirSync(path.dirname(dir)) : [])
    if (!old.includes('.building-'))
      rmSync(path.join(path.dirname(dir), old), { recursive: true, force: true });
  renameSync(building, dir);
}

/**
 * The server, the ledger check and the migrations as plain JavaScript (`.tmp/e2e-server/*.mjs`,
 * apps/api/src/test/bundle.ts: the same sources and packages, what tsx compiles at run time made
 * once): run by node, a server starts on ~2.4 s of CPU instead of ~4.8 s under tsx, a ledger
 * check on ~1.9 s instead of ~3.8 s, and eight servers start in a run. Made again at every setup
 * (~0.3 s); a file whose bytes changed is replaced by rename, so a shard's server never reads a
 * half-written one.
 */
const BUNDLE_DIR = path.join(root, '.tmp', 'e2e-server');
const bundled = (name: 'server' | 'ledger-check' | 'migrate') => path.join(BUNDLE_DIR, `${name}.mjs`);

export async function buildServerBundle(): Promise<void> {
  await bundleEntries(
    { server: 'server.ts', 'ledger-check': 'cli/ledger-check.ts', migrate: 'cli/migrate.ts' },
    BUNDLE_DIR,
  );
}

/** `node <bundled name>.mjs`, with the source maps (stack traces name the .ts files, as under tsx). */
const nodeArgs = (name: 'server' | 'ledger-check' | 'migrate') => ['--enable-source-maps', bundled(name)];

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
 * folder `.tmp/<name>-<time>` (a copy of the migrated template, templateDir), with `env` over the
 * e2e settings; resolves once it listens and has printed the seeded admin's password. The web app
 * and the template must be made (setup() does both).
 */
export async function startServer(name: string, env: Record<string, string> = {}): Promise<E2eServer> {
  const port = await freePort();
  const dataDir = path.join(root, '.tmp', `${name}-${Date.now()}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  cpSync(path.join(templateDir(), 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  const adminEmail = 'admin@e2e.vendport.test';
  let stopping = false;
  const server: ChildProcess = spawn(process.execPath, nodeArgs('server'), {
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
    const check = spawnSync(process.execPath, nodeArgs('ledger-check'), {
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
  // The web build and the database template at once (each mostly one core).
  const build = spawn('node', ['scripts/build-web-if-needed.mjs'], { cwd: root, stdio: 'inherit' });
  const built = new Promise((r) => build.once('close', r));
  await buildServerBundle();
  await buildTemplate();
  if ((await built) !== 0) throw new Error('web build failed');
  // The server and the one Chromium every file connects to (support.ts launch()) start together.
  [shared, browser] = await Promise.all([startServer('e2e-data'), launchChromium()]);
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
