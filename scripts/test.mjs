// npm test: every suite, in three stages — unit (shared and the repo's scripts), API on PGlite,
// the client package against the API (@vendport/client) and web components; the API and client
// on PostgreSQL (when TEST_DATABASE_URL is set); end to end in Chromium with a ledger check after
// it (one after another by default; see MODE), the end-to-end one in shards side by side (E2E_SHARDS). Before the end-to-end suite it finds Chromium, installing the Debian
// package itself where it may (scripts/chromium.mjs); where it cannot, that suite counts as
// failed, with one line saying what to run. Ends with each stage's time, then one plain line "N
// passed, N failed, N skipped" summed over every suite, beside what did not run.
// `--only <suite>[,<suite>]` (unit, pg, e2e) runs those stages; the tests of this script use it.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { ensureChromium } from './chromium.mjs';
import { databaseFreeApiTests } from './database-free-tests.mjs';

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

// Workers: VENDPORT_TEST_WORKERS when set. Otherwise one worker per core in both Vitest stages.
// The first stage (PGlite, web, unit): its files are CPU-bound and independent, and with Vitest's
// default (one per core less one: a single worker on two cores) half the machine sat idle while
// each file loaded the app. The PostgreSQL stage: with one worker it left the machine 30-40% busy
// for the last two of its four minutes (vmstat beside a clean-clone run), each file waiting on
// PostgreSQL and on its own timers. Two of its files open pools of 60 connections, two of 30, and
// the fault run three servers of 10; with two workers a clean-clone run once had two of them at
// once and PostgreSQL refused connections past its 100 (53300). They now take turns across the
// workers (harness.ts bigPoolTurn, a PostgreSQL advisory lock), so one of them runs beside any
// other file but never beside another.
const cores = availableParallelism();
const WORKERS = process.env.VENDPORT_TEST_WORKERS ? ['--maxWorkers', process.env.VENDPORT_TEST_WORKERS] : [];
const STAGE_WORKERS = WORKERS.length ? WORKERS : ['--maxWorkers', String(Math.max(1, cores))];

// Files about the embedded database alone, whatever TEST_DB_KIND says: the first stage runs them,
// the PostgreSQL stage ran them again as they were (pglite-thread: 137 s of that stage's 1,419 s
// of files, measured on a loaded machine).
const PGLITE_ONLY = ['**/apps/api/src/infra/db/pglite-thread.test.ts'];
// And the API files that open no database at all (scripts/database-free-tests.mjs): on PostgreSQL
// they would run the first stage's tests again, word for word.
const NO_DATABASE = databaseFreeApiTests(root).map((f) => `**/${f}`);

// By default every stage runs alone, one after another, each printed as it runs. With
// VENDPORT_TEST_SERIAL=pair the first stage runs alone, then the end-to-end and PostgreSQL stages
// side by side (the end-to-end one printed as it comes, the PostgreSQL one kept in a file and
// printed whole after it); VENDPORT_TEST_SERIAL=0 runs all three side by side. Neither is the
// default: on two cores a clean-clone run with the pair took 28 min 22 s (e2e 18 m 28 s and
// PostgreSQL 11 m 50 s side by side, against 7 m 12 s and 3 m 31 s one after another on the run
// before) and the PostgreSQL stage's replay test, which compares p99 latencies, failed beside the
// browser; all three at once made valuation's chunks run 43 s of their 30 s.
const MODE = process.env.VENDPORT_TEST_SERIAL ?? '1';

// The journeys run in two shards side by side (VENDPORT_E2E_SHARDS; 1 for one run), each with its
// own server and Chromium, the files dealt to them by size (e2e/vitest.config.ts shard()): one
// journey at a time kept a two-core machine 40-70% busy (vmstat, a clean-clone run), waiting on
// the browser and the server by turns. The web build and the database template they start from
// are made once before (e2e/prepare.ts).
const E2E_SHARDS = Math.max(1, Number(process.env.VENDPORT_E2E_SHARDS ?? 2) || 1);
const stages = [];
if (runs('unit')) {
  stages.push({
    kind: 'unit',
    name: 'unit, scripts, api (PGlite), client, web',
    args: [
      ...['shared', 'scripts', 'api', 'client', 'web'].flatMap((p) => ['--project', p]),
      ...STAGE_WORKERS,
    ],
  });
}
if (runs('pg')) {
  if (process.env.TEST_DATABASE_URL) {
    stages.push({
      kind: 'pg',
      name: 'api and client (PostgreSQL)',
      args: [
        ...['api', 'client'].flatMap((p) => ['--project', p]),
        ...[...PGLITE_ONLY, ...NO_DATABASE].flatMap((f) => ['--exclude', f]),
        ...STAGE_WORKERS,
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
    for (let i = 1; i <= E2E_SHARDS; i++)
      stages.push({
        kind: 'e2e',
        name: E2E_SHARDS === 1 ? 'e2e (Chromium)' : `e2e (Chromium) ${i} of ${E2E_SHARDS}`,
        args: ['--project', 'e2e', ...(E2E_SHARDS === 1 ? [] : [`--shard=${i}/${E2E_SHARDS}`])],
        env: { CHROMIUM_PATH: chromium.path },
      });
  } else {
    console.log(`\n=== e2e (Chromium) ===\n${chromium.error}`);
    notices.push(chromium.error);
    failures.push('e2e (Chromium)');
    totals.failed += 1;
  }
}

/** Runs `group` side by side: the first printed as it comes, the others' output after it. */
async function sideBySide(group) {
  const [first, ...rest] = group;
  if (rest.length)
    console.log(`\nRunning beside ${first.name}, printed after it: ${rest.map((s) => s.name).join('; ')}.`);
  console.log(`\n=== ${first.name} ===`);
  const logs = group.map((s, i) => (i === 0 ? null : path.join(out, `${s.name}.log`)));
  const done = group.map((s, i) => vitest(s.name, s.args, s.env, logs[i]));
  await done[0];
  for (let i = 1; i < group.length; i++) {
    await done[i];
    console.log(`\n=== ${group[i].name} ===`);
    process.stdout.write(readFileSync(logs[i], 'utf8'));
  }
}

// The groups of stages, one after another; a group's stages side by side (MODE above). In the
// pair, the end-to-end stage first: the longer one, printed as it comes.
const alone = stages.filter((s) => s.kind === 'unit');
const e2eShards = stages.filter((s) => s.kind === 'e2e');
const paired = [...e2eShards, ...stages.filter((s) => s.kind === 'pg')];
const groups =
  MODE === 'pair'
    ? [alone, paired]
    : MODE === '0'
      ? [stages]
      : [alone, stages.filter((s) => s.kind === 'pg'), e2eShards];

/** Before the journeys: the web build and the database template, once (e2e/prepare.ts). */
function prepareE2e() {
  const started = Date.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'e2e/prepare.ts'], {
    cwd: root,
    stdio: 'inherit',
  });
  stageTimes.push(`e2e preparation ${seconds(Date.now() - started)}`);
  if (r.status === 0) return true;
  console.log(
    '\n=== e2e (Chromium) ===\nThe web build or the e2e database template failed (above): the journeys did not run.',
  );
  failures.push('e2e (Chromium)');
  totals.failed += 1;
  return false;
}

const started = Date.now();
for (const group of groups) {
  if (!group.length) continue;
  if (group.some((s) => s.kind === 'e2e') && !prepareE2e()) {
    const rest = group.filter((s) => s.kind !== 'e2e');
    if (rest.length) await sideBySide(rest);
    continue;
  }
  await sideBySide(group);
}

if (stageTimes.length)
  console.log(`\nStage times: ${stageTimes.join(', ')}; in all ${seconds(Date.now() - started)}`);
console.log(`\nSuites failed: ${failures.length ? failures.join(', ') : 'none'}`);
for (const n of notices) console.log(n);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
