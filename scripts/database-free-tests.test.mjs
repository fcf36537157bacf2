// Which API test files the PostgreSQL stage leaves out: those that open no database, directly or
// through a helper they import.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseFreeApiTests } from './database-free-tests.mjs';

const root = path.resolve(import.meta.dirname, '..');
const tmp = mkdtempSync(path.join(tmpdir(), 'vp-dbfree-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function file(rel, text) {
  mkdirSync(path.dirname(path.join(tmp, rel)), { recursive: true });
  writeFileSync(path.join(tmp, rel), text);
}

describe('[DBFREE] the API files the PostgreSQL stage need not run again', () => {
  it('[DBFREE] a file that opens a database, itself or through its helper, stays; a pure one is listed', () => {
    file('src/pure.test.ts', "import { parse } from './parse';\nit('parses', () => {});\n");
    file('src/parse.ts', 'export const parse = (s: string) => s;\n');
    file('src/app.test.ts', "import { buildTestApp } from './test/harness';\n");
    file('src/a/through-helper.test.ts', "import { apiKeyFor } from '../vending.testing';\n");
    file(
      'src/vending.testing.ts',
      "import { buildTestApp } from './test/harness';\nexport const apiKeyFor = 1;\n",
    );
    file('src/b/kind.test.ts', "describe.runIf(testDbKind() === 'pg')('x', () => {});\n");
    expect(databaseFreeApiTests(tmp, 'src')).toEqual(['src/pure.test.ts']);
  });

  it('[DBFREE] in this repository: the CSV reader is listed, the vending suite and crash-safety are not', () => {
    const list = databaseFreeApiTests(root);
    expect(list).toContain('apps/api/src/infra/csv.test.ts');
    expect(list).not.toContain('apps/api/src/modules/vending/vending.test.ts');
    expect(list).not.toContain('apps/api/src/infra/db/crash-safety.test.ts');
    expect(list.length).toBeLessThan(40);
  });
});
