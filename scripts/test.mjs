// npm test: every suite, in order — unit (shared and the repo's scripts), API on PGlite, the
// client package against the API (@vendport/client), web components, API and client on
// PostgreSQL (when TEST_DATABASE_URL is set), then end to end in Chromium with a ledger check
// after it. Before the end-to-end suite it finds Chromium, installing the
// Debian package itself where it may (scripts/chromium.mjs); where it cannot, that suite counts
// as failed, with one line saying what to run. Ends with one plain line "N passed, N failed, N
// skipped" summed over every suite, beside what did not run.
// `--only <suite>` (unit, pg, e2e) runs one stage; the tests of this script use it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { ensureChromium } from './chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const out = process.env.VENDPORT_TEST_RESULTS ?? path.join(root, '.tmp/test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const onlyAt = process.argv.indexOf('--only');
const only = onlyAt > 0 ? process.argv[onlyAt + 1] : null;
const runs = (stage) => only === null || only === stage;

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Lines repeated beside the totals: what did not run, so a reader of the summary sees it. */
const notices = [];

function vitest(name, args, env = {}) {
  const file = path.join(out, `${name}.json`);
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } },
  );
  try {
    const j = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += j.numPassedTests;
    totals.failed += j.numFailedTests;
    totals.skipped += j.numPendingTests + j.numTodoTests;
    if (j.numFailedTestSuites && !j.numFailedTests) totals.failed += j.numFailedTestSuites;
  } catch {
    totals.failed += 1;
  }
  if (r.status !== 0) failures.push(name);
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

if (runs('unit')) {
  vitest('unit, scripts, api (PGlite), client, web', [
    '--project',
    'shared',
    '--project',
    'scripts',
    '--project',
    'api',
    '--project',
    'client',
    '--project',
    'web',
    ...FIRST_STAGE_WORKERS,
  ]);
}
if (runs('pg')) {
  if (process.env.TEST_DATABASE_URL) {
    vitest('api and client (PostgreSQL)', ['--project', 'api', '--project', 'client', ...WORKERS], {
      TEST_DB_KIND: 'pg',
    });
  } else {
    const line =
      'TEST_DATABASE_URL is not set: the API suite on PostgreSQL (and its concurrency tests) was skipped.';
    console.log(`\n${line}`);
    notices.push(line);
  }
}
if (runs('e2e')) {
  console.log('\n=== e2e (Chromium) ===');
  const chromium = ensureChromium();
  if ('path' in chromium) {
    vitest('e2e (Chromium)', ['--project', 'e2e'], { CHROMIUM_PATH: chromium.path });
  } else {
    console.log(chromium.error);
    notices.push(chromium.error);
    failures.push('e2e (Chromium)');
    totals.failed += 1;
  }
}

console.log(`\nSuites failed: ${failures.length ? failures.join(', ') : 'none'}`);
for (const n of notices) console.log(n);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
