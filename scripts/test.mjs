// npm test: every suite, in three stages — unit (shared and the repo's scripts), API on PGlite,
// the client package against the API (@vendport/client) and web components; the API and client
// on PostgreSQL (when TEST_DATABASE_URL is set); end to end in Chromium with a ledger check after
// it (one after another; side by side with VENDPORT_TEST_SERIAL=0, see below). Before the end-to-end suite it finds Chromium, installing the Debian
// package itself where it may (scripts/chromium.mjs); where it cannot, that suite counts as
// failed, with one line saying what to run. Ends with each stage's time, then one plain line "N
// passed, N failed, N skipped" summed over every suite, beside what did not run.
// `--only <suite>[,<suite>]` (unit, pg, e2e) runs those stages; the tests of this script use it.
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { ensureChromium } from './chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const out = process.env.VENDPORT_TEST_RESULTS ?? path.join(root, '.tmp/test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const onlyAt = process.argv.indexOf('--only');
const only = onlyAt > 0 ? process.argv[onlyAt + 1].split(',') : null;
const runs = (stage) => only === null || only.includes(stage);

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Lines repeated beside the totals: what did not run, so a reader of the summary sees it. */
const notices = [];

/** Wall-clock time of each stage run, printed before the totals. */
const stageTimes = [];
const seconds = (ms) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
};

/**
 * Runs one Vitest stage and adds its counts to the totals. Its output goes to this terminal as it
 * comes, or with `log` set to that file (a stage run beside another; printed whole by the caller).
 */
async function vitest(name, args, env = {}, log = null) {
  const file = path.join(out, `${name}.json`);
  const started = Date.now();
  const fd = log ? openSync(log, 'w') : null;
  const child = spawn(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    { cwd: root, stdio: fd === null ? 'inherit' : ['ignore', fd, fd], env: { ...process.env, ...env } },
  );
  const status = await new Promise((resolve) => child.once('close', (code) => resolve(code)));
  if (fd !== null) closeSync(fd);
  stageTimes.push(`${name} ${seconds(Date.now() - started)}`);
  try {
    const j = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += j.numPassedTests;
    totals.failed += j.numFailedTests;
    totals.skipped += j.numPendingTests + j.numTodoTests;
    if (j.numFailedTestSuites && !j.numFailedTests) totals.failed += j.numFailedTestSuites;
  } catch {
    totals.failed += 1;
  }
  if (status !== 0) failures.push(name);
}

// Workers: VENDPORT_TEST_WORKERS when set. Otherwise the first stage (PGlite, web, unit) runs one
// worker per core: its files are CPU-bound and independent, and with Vitest's default (one per
// core less one: a single worker on two cores) half the machine sat idle while each file loaded
// the app. The PostgreSQL stage keeps Vitest's default: its fault run starts servers of its own
// and its concurrency tests measure races between connections; beside a second worker it took
// 51 s less but a test that starts two embedded databases ran past its time limit.
const cores = availableParallelism();
const WORKERS = process.env.VENDPORT_TEST_WORKERS ? ['--maxWorkers', process.env.VENDPORT_TEST_WORKERS] : [];
const FIRST_STAGE_WORKERS = WORKERS.length ? WORKERS : ['--maxWorkers', String(Math.max(1, cores))];

// Files about the embedded database alone, whatever TEST_DB_KIND says: the first stage runs them,
// the PostgreSQL stage ran them again as they were (pglite-thread: 137 s of that stage's 1,419 s
// of files, measured on a loaded machine).
const PGLITE_ONLY = ['**/apps/api/src/infra/db/pglite-thread.test.ts'];

// The stages run one after another, each printed as it runs. VENDPORT_TEST_SERIAL=0 runs them
// side by side instead (the first stage's output as it comes, the others kept in files and
// printed whole after it): each alone leaves much of two cores idle (the PostgreSQL stage took
// 3 min of CPU in all for ~5 min of waiting on the database; the end-to-end one drives one browser
// a step at a time), and side by side a whole run took 16-17 min on two cores that other work
// also used. But there the tests with tight time limits ran past them (valuation's chunks: 43 s
// of its 30 s, alone 18 s; an e2e step past its 15 s; on a load of 30 the e2e server past its
// 120 s start), so it is not the default until those limits hold beside the other stages.
const SERIAL = process.env.VENDPORT_TEST_SERIAL !== '0';
const stages = [];
if (runs('unit')) {
  stages.push({
    name: 'unit, scripts, api (PGlite), client, web',
    args: [
      ...['shared', 'scripts', 'api', 'client', 'web'].flatMap((p) => ['--project', p]),
      ...FIRST_STAGE_WORKERS,
    ],
  });
}
if (runs('pg')) {
  if (process.env.TEST_DATABASE_URL) {
    stages.push({
      name: 'api and client (PostgreSQL)',
      args: [
        ...['api', 'client'].flatMap((p) => ['--project', p]),
        ...PGLITE_ONLY.flatMap((f) => ['--exclude', f]),
        ...WORKERS,
      ],
      env: { TEST_DB_KIND: 'pg' },
    });
  } else {
    const line =
      'TEST_DATABASE_URL is not set: the API suite on PostgreSQL (and its concurrency tests) was skipped.';
    console.log(`\n${line}`);
    notices.push(line);
  }
}
if (runs('e2e')) {
  const chromium = ensureChromium();
  if ('path' in chromium) {
    stages.push({
      name: 'e2e (Chromium)',
      args: ['--project', 'e2e'],
      env: { CHROMIUM_PATH: chromium.path },
    });
  } else {
    console.log(`\n=== e2e (Chromium) ===\n${chromium.error}`);
    notices.push(chromium.error);
    failures.push('e2e (Chromium)');
    totals.failed += 1;
  }
}

const started = Date.now();
if (SERIAL) {
  for (const s of stages) {
    console.log(`\n=== ${s.name} ===`);
    await vitest(s.name, s.args, s.env);
  }
} else if (stages.length) {
  const [first, ...rest] = stages;
  if (rest.length)
    console.log(`\nRunning beside ${first.name}, printed after it: ${rest.map((s) => s.name).join('; ')}.`);
  console.log(`\n=== ${first.name} ===`);
  const logs = stages.map((s, i) => (i === 0 ? null : path.join(out, `${s.name}.log`)));
  const done = stages.map((s, i) => vitest(s.name, s.args, s.env, logs[i]));
  await done[0];
  for (let i = 1; i < stages.length; i++) {
    await done[i];
    console.log(`\n=== ${stages[i].name} ===`);
    process.stdout.write(readFileSync(logs[i], 'utf8'));
  }
}

if (stageTimes.length)
  console.log(`\nStage times: ${stageTimes.join(', ')}; in all ${seconds(Date.now() - started)}`);
console.log(`\nSuites failed: ${failures.length ? failures.join(', ') : 'none'}`);
for (const n of notices) console.log(n);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
