// The API's test files that open no database: they import neither the test harness nor a database
// client, directly or through a helper file of their own folder tree (one level of relative
// imports, which is how the suite's helpers are shared). The PostgreSQL stage of npm test leaves
// them out: run there they would repeat the first stage's run word for word (parsers, signatures,
// CSV, PDF, the providers' answers), 21 files when this was written.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** What a file that reaches a database says. */
const OPENS_A_DATABASE = /buildTestApp|openDb|test\/harness|testDbKind|TEST_DB_KIND|TEST_DATABASE_URL/;

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return testFiles(p);
    return e.name.endsWith('.test.ts') ? [p] : [];
  });
}

/** The text of `file` and of the files it imports by a relative path. */
function withImports(file) {
  const text = readFileSync(file, 'utf8');
  const imported = [...text.matchAll(/from '(\.{1,2}\/[^']+)'/g)].map((m) => {
    const base = path.resolve(path.dirname(file), m[1]);
    for (const candidate of [base, `${base}.ts`, path.join(base, 'index.ts')])
      if (existsSync(candidate) && candidate.endsWith('.ts')) return readFileSync(candidate, 'utf8');
    return '';
  });
  return [text, ...imported];
}

/** The API test files (paths relative to `root`) that open no database. */
export function databaseFreeApiTests(root, apiSrc = 'apps/api/src') {
  return testFiles(path.join(root, apiSrc))
    .filter((f) => !withImports(f).some((t) => OPENS_A_DATABASE.test(t)))
    .map((f) => path.relative(root, f).split(path.sep).join('/'))
    .sort();
}
