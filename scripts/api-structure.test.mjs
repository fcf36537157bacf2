// The API's import rules fire on what they forbid and stay quiet on what they allow: each case
// plants files in a small tree shaped like apps/api/src and reads the violations back. The last
// test holds the real tree to zero, so `npm test` fails where `npm run lint` would.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { apiStructureViolations, graphFigures, importsOf, valueReexportsOf } from './api-structure.mjs';
import { lagosSqlByHand } from './check-structure.mjs';
import { foreignTableUses, sqlOutsideRepos } from './table-owners.mjs';

const root = path.resolve(import.meta.dirname, '..');
let base;

/** A tree of { 'relative/path.ts': source }; returns its src root. */
function tree(files) {
  base = mkdtempSync(path.join(tmpdir(), 'vp-api-structure-'));
  const src = path.join(base, 'apps/api/src');
  const all = {
    'infra/db/client.ts': 'export type Db = object;\n',
    'infra/db/schema/index.ts': 'export const vends = {};\n',
    'infra/errors.ts': 'export class AppError extends Error {}\n',
    'modules/vending/index.ts': "export { vend } from './vend.service';\n",
    'modules/vending/vend.service.ts':
      "import { findVend } from './vending.repo';\nexport const vend = findVend;\n",
    'modules/vending/vending.repo.ts':
      "import { vends } from '../../infra/db/schema';\nexport const findVend = () => vends;\n",
    'modules/ledger/index.ts': "export { post } from './ledger.service';\n",
    'modules/ledger/ledger.service.ts': 'export const post = 1;\n',
    'plugins/audit.ts': 'export const audit = 1;\n',
    'app.ts':
      "import { vend } from './modules/vending';\nimport { audit } from './plugins/audit';\nexport { audit, vend };\n",
    ...files,
  };
  for (const [rel, text] of Object.entries(all)) {
    const file = path.join(src, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return src;
}

afterEach(() => {
  if (base) rmSync(base, { recursive: true, force: true });
  base = undefined;
});

/** `npm run lint`'s structure check over the tree at `base`: its exit status and messages. */
const lint = (dir) =>
  spawnSync(process.execPath, [path.join(root, 'scripts/check-structure.mjs'), '--root', dir], {
    encoding: 'utf8',
  });

const rulesOf = (src) =>
  apiStructureViolations(src)
    .map((v) => `${v.rule} ${v.file}`)
    .sort();

describe('[STRUCTURE] the API import rules', () => {
  it('find nothing in a tree that keeps them', () => {
    expect(rulesOf(tree({}))).toEqual([]);
  });

  it('refuse an import cycle between files, and between the folders it spans', () => {
    const src = tree({
      'modules/ledger/ledger.service.ts': "import { vend } from '../vending';\nexport const post = vend;\n",
      'modules/vending/vend.service.ts':
        "import { post } from '../ledger';\nimport { findVend } from './vending.repo';\nexport const vend = [post, findVend];\n",
    });
    const rules = rulesOf(src);
    expect(rules).toContain('folderCycle modules/ledger');
    expect(rules.some((r) => r.startsWith('fileCycle '))).toBe(true);
  });

  it('refuse a type-only cycle too: a tier is a dependency whatever is imported', () => {
    const src = tree({
      'modules/ledger/ledger.service.ts':
        "import type { vend } from '../vending';\nexport const post = 1;\nexport type V = typeof vend;\n",
      'modules/vending/vend.service.ts':
        "import { post } from '../ledger';\nimport { findVend } from './vending.repo';\nexport const vend = [post, findVend];\n",
    });
    expect(rulesOf(src)).toContain('folderCycle modules/ledger');
  });

  it("refuse a reach into another module's internals, from a module or from the composition", () => {
    const src = tree({
      'modules/ledger/ledger.service.ts':
        "import { vend } from '../vending/vend.service';\nexport const post = vend;\n",
      'jobs.ts': "import { findVend } from './modules/vending/vending.repo';\nexport const j = findVend;\n",
    });
    expect(rulesOf(src)).toEqual(['internals jobs.ts', 'internals modules/ledger/ledger.service.ts']);
  });

  it('refuse an infra -> domain import, and an infra -> composition one', () => {
    const src = tree({
      'infra/queue.ts': "import { vend } from '../modules/vending';\nexport const q = vend;\n",
      'infra/mailer.ts': "import { audit } from '../plugins/audit';\nexport const m = audit;\n",
    });
    // (infra -> vending -> infra is a folder loop as well)
    expect(rulesOf(src)).toEqual(['folderCycle infra', 'infraUp infra/mailer.ts', 'infraUp infra/queue.ts']);
  });

  it('refuse a service -> plugin import (a module imports no composition file)', () => {
    const src = tree({
      'modules/ledger/ledger.service.ts':
        "import { audit } from '../../plugins/audit';\nexport const post = audit;\n",
    });
    expect(rulesOf(src)).toEqual(['domainUp modules/ledger/ledger.service.ts']);
  });

  it('refuse tables read outside a repo, and a route reading a repo', () => {
    const src = tree({
      'modules/ledger/ledger.service.ts':
        "import { vends } from '../../infra/db/schema';\nexport const post = vends;\n",
      'modules/vending/vending.routes.ts':
        "import { findVend } from './vending.repo';\nexport const r = findVend;\n",
    });
    expect(rulesOf(src)).toEqual([
      'routeRepo modules/vending/vending.routes.ts',
      'tables modules/ledger/ledger.service.ts',
    ]);
  });

  it('leave tests and test support alone', () => {
    const src = tree({
      'modules/ledger/ledger.test.ts':
        "import { findVend } from '../vending/vending.repo';\nexport const t = findVend;\n",
      'test/harness.ts':
        "import { findVend } from '../modules/vending/vending.repo';\nexport const h = findVend;\n",
    });
    expect(rulesOf(src)).toEqual([]);
  });

  it('read every form of import: named, type-only, re-export, side effect and dynamic', () => {
    const specs = importsOf(
      [
        "import { a } from './a';",
        "import type { B } from './b';",
        "export { c } from './c';",
        "export * from './d';",
        "import './e';",
        "const f = await import('./f');",
        "import {\n  g,\n  h,\n} from './gh';",
        "import x from 'external';",
      ].join('\n'),
    );
    expect(specs).toEqual([
      { spec: './a', typeOnly: false },
      { spec: './b', typeOnly: true },
      { spec: './c', typeOnly: false },
      { spec: './d', typeOnly: false },
      { spec: './e', typeOnly: false },
      { spec: './f', typeOnly: false },
      { spec: './gh', typeOnly: false },
    ]);
  });

  it('refuse a service that re-exports repository functions, but not a read service or a type', () => {
    const src = tree({
      'modules/vending/vend.service.ts':
        "import { findVend } from './vending.repo';\nexport const vend = findVend;\nexport { findVend as find } from './vending.repo';\n",
      'modules/vending/deep/more.service.ts': "export * from '../vending.repo';\n",
      'modules/vending/types.service.ts':
        "export { type VendRow } from './vending.repo';\nexport type { X } from './vending.repo';\n",
      'modules/vending/vend-reads.service.ts': "export { findVend } from './vending.repo';\n",
      'modules/vending/index.ts':
        "export { vend } from './vend.service';\nexport { findVend } from './vending.repo';\n",
    });
    expect(
      apiStructureViolations(src)
        .filter((v) => v.rule === 'serviceReexport')
        .map((v) => `${v.file}: ${v.detail}`)
        .sort(),
    ).toEqual([
      "modules/vending/deep/more.service.ts: re-exports * from '../vending.repo'",
      "modules/vending/vend.service.ts: re-exports findVend as find from './vending.repo'",
    ]);
    expect(
      valueReexportsOf("export {\n  a,\n  type B,\n} from './x.repo';\nexport type { C } from './y';\n"),
    ).toEqual([{ spec: './x.repo', names: ['a'] }]);
  });

  it('refuse a table named in SQL text outside a repository, except the named books checks', () => {
    const src = tree({
      'modules/vending/vend.service.ts': 'export const q = sql`select * from vends where id = 1`;\n',
      'modules/vending/vending.check.ts': 'export const q = sql`select * from vends`;\n',
      'modules/vending/vending.repo.ts': 'export const q = sql`select * from vends`;\n',
      'modules/vending/vend-words.ts': "export const w = 'vends from the portal';\n",
    });
    const owners = { vends: 'modules/vending' };
    expect(sqlOutsideRepos(src, owners, { 'modules/vending/vending.check.ts': 'the books check' })).toEqual([
      { file: 'modules/vending/vend.service.ts', line: 1, table: 'vends' },
    ]);
    expect(sqlOutsideRepos(src, owners, {}).map((u) => u.file)).toEqual([
      'modules/vending/vend.service.ts',
      'modules/vending/vending.check.ts',
    ]);
    const r = lint(base);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('modules/vending/vend.service.ts:1: vends');
    expect(r.stderr).toContain('SQL_TEXT_EXCEPTIONS');
  });

  it('refuse the Lagos day written in SQL outside infra/lagos-time.ts', () => {
    const src = tree({
      'infra/lagos-time.ts':
        "export const z = `'Africa/Lagos'`;\nconst t = `(x at time zone 'Africa/Lagos')`;\n",
      'modules/vending/vending.repo.ts':
        "export const q = sql`select 1`;\nconst d = sql`(v.created_at AT TIME ZONE 'Africa/Lagos')::date`;\n",
      'modules/vending/vend.test.ts': "const d = `(created_at at time zone 'Africa/Lagos')::date`;\n",
    });
    expect(lagosSqlByHand(src)).toEqual([{ file: 'modules/vending/vending.repo.ts', line: 2 }]);
    const r = lint(base);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('modules/vending/vending.repo.ts:2');
    expect(r.stderr).toContain('lagosDaySql');
  });

  it('make npm run lint fail, citing the document that explains the rule', () => {
    tree({
      'modules/ledger/ledger.service.ts':
        "import { vend } from '../vending/vend.service';\nexport const post = vend;\n",
    });
    const r = lint(base);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("modules/ledger/ledger.service.ts: imports '../vending/vend.service'");
    expect(r.stderr).toContain('another module is used only through its index.ts');
    expect(r.stderr).toContain('ARCHITECTURE.md');
  });

  it('hold apps/api/src itself: no cycle, no broken tier, every table read by its owner (what npm run lint checks)', () => {
    const src = path.join(root, 'apps/api/src');
    expect(apiStructureViolations(src)).toEqual([]);
    expect(graphFigures(src)).toMatchObject({ inLoops: 0, mutualPairs: 0 });
    expect(foreignTableUses(src)).toEqual([]);
    expect(sqlOutsideRepos(src)).toEqual([]);
    expect(lagosSqlByHand(src)).toEqual([]);
  });
});
