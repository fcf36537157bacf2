// The table-ownership check reports a table used outside its owner, and nothing for its owner.

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sqlFunctionFiles, sqlStatements, sqlWrites } from './sql-functions.mjs';
import {
  FUNCTION_FOREIGN_WRITES,
  foreignFunctionWrites,
  foreignTableUses,
  schemaTables,
  sqlTexts,
  TABLE_OWNERS,
} from './table-owners.mjs';

const root = mkdtempSync(path.join(tmpdir(), 'table-owners-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A source tree with one schema file and the given files (path under src -> text). */
function tree(name, files) {
  const src = path.join(root, name);
  const all = {
    'infra/db/schema/index.ts': "export * from './identity';\n",
    'infra/db/schema/identity.ts':
      "export const corporates = pgTable('corporates', { id: uuid() });\nexport const vends = pgTable(\n  'vends',\n  { id: uuid() },\n);\n",
    ...files,
  };
  for (const [rel, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(src, rel)), { recursive: true });
    writeFileSync(path.join(src, rel), text);
  }
  return src;
}

const OWNERS = { corporates: 'modules/clients', vends: 'modules/vending', jobs: 'infra/queue.ts' };

describe('[STRUCTURE] every table is used by its owner only', () => {
  it('reports a Drizzle table imported outside its owner, and raw SQL naming another’s table', () => {
    const src = tree('foreign', {
      'modules/webhooks/webhooks.repo.ts':
        "import { corporates as c } from '../../infra/db/schema';\nexport const q = sql`select 1`;\n",
      'modules/ops/ops.repo.ts':
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a sql`` template
        'export const q = sql<number>`select count(*) from "vends" v join jobs j on true where ${x}`;\n',
      'modules/reports/deep/x.repo.ts':
        "import * as schema from '../../../infra/db/schema';\nexport const t = schema.vends;\n",
      'infra/thing.ts': "const text = `\n  update jobs set x = 1`;\nconst msg = 'Could not update vends';\n",
    });
    const uses = foreignTableUses(src, OWNERS).map((u) => `${u.file} ${u.table} ${u.via}`);
    expect(uses).toEqual([
      'infra/thing.ts jobs sql',
      'modules/ops/ops.repo.ts vends sql',
      'modules/ops/ops.repo.ts jobs sql',
      'modules/reports/deep/x.repo.ts vends drizzle',
      'modules/webhooks/webhooks.repo.ts corporates drizzle',
    ]);
  });

  it('reports nothing for the owner’s own uses, tests, type imports or other words', () => {
    const src = tree('owned', {
      'modules/clients/clients.repo.ts': "import { corporates } from '../../infra/db/schema';\n",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a sql`` template
      'modules/clients/sub/more.repo.ts': 'export const q = sql`update corporates set name = ${n}`;\n',
      'modules/vending/vending.repo.ts': "import { type vends as V, vends } from '../../infra/db/schema';\n",
      'modules/ops/ops.test.ts': "import { vends } from '../../infra/db/schema';\n",
      'modules/ops/ops.testing.ts': 'export const q = sql`select * from vends`;\n',
      'modules/ops/ops.service.ts':
        "import type { corporates } from '../../infra/db/schema';\n// from vends\n",
      'infra/queue.ts': 'export const q = sql`delete from jobs`;\n',
      'test/factories.ts': "import { corporates } from '../infra/db/schema';\n",
    });
    expect(foreignTableUses(src, OWNERS)).toEqual([]);
  });

  it('sees SQL inside nested templates and not in ordinary strings', () => {
    const texts = sqlTexts(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a sql`` template
      "const a = f(`${sql`select * from vends`}`);\nconst b = 'vends from corporates';\n",
    );
    expect(texts.map((t) => t.body)).toEqual(['select * from vends']);
  });

  it('names an owner for every table of the schema', () => {
    const real = path.resolve(import.meta.dirname, '../apps/api/src');
    const tables = [...schemaTables(real).values()];
    expect(tables.length).toBeGreaterThan(40);
    expect(tables.filter((t) => !TABLE_OWNERS[t])).toEqual([]);
    expect(TABLE_OWNERS.corporates).toBe('modules/corporates');
  });
});

/** A repository with apps/api/src/modules/<m> for each module and the given apps/api/sql files. */
function repoWithFunctions(name, sqlFiles) {
  const base = path.join(root, name);
  for (const m of ['vending', 'ledger', 'webhooks'])
    mkdirSync(path.join(base, 'apps/api/src/modules', m), { recursive: true });
  mkdirSync(path.join(base, 'apps/api/sql'), { recursive: true });
  for (const [n, text] of Object.entries(sqlFiles)) writeFileSync(path.join(base, 'apps/api/sql', n), text);
  return base;
}

const fn = (name, body, more = '') =>
  `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$\nBEGIN\n${body}\nEND $$;\n${more}`;

describe('[STRUCTURE] a database function writes its owner’s tables, or one its owner is allowed', () => {
  const OWN = { vends: 'modules/vending', ledger_entries: 'modules/ledger', jobs: 'infra/queue.ts' };
  it('reports a write to another owner’s table, a missing owner line and an unknown owner', () => {
    const base = repoWithFunctions('fn-foreign', {
      'a.sql': `-- Owner: modules/vending. a: records.\n${fn('a', '  INSERT INTO vends VALUES (1);\n  UPDATE ledger_entries SET x = 1;\n  DELETE FROM "jobs";')}`,
      'b.sql': fn('b', '  UPDATE vends SET x = 1;'),
      'c.sql': `-- Owner: modules/nowhere. c.\n${fn('c', '  SELECT 1;')}`,
    });
    expect(foreignFunctionWrites(base, OWN, {}).map((w) => `${w.file} ${w.table} ${w.owner}`)).toEqual([
      'apps/api/sql/a.sql ledger_entries modules/vending',
      'apps/api/sql/a.sql jobs modules/vending',
      'apps/api/sql/b.sql null null',
      'apps/api/sql/c.sql null modules/nowhere',
    ]);
    // An allowed foreign write is not reported.
    expect(
      foreignFunctionWrites(base, OWN, { 'modules/vending': { ledger_entries: 'why', jobs: 'why' } }).map(
        (w) => w.file,
      ),
    ).toEqual(['apps/api/sql/b.sql', 'apps/api/sql/c.sql']);
    const r = spawnSync(
      process.execPath,
      [path.resolve(import.meta.dirname, 'check-structure.mjs'), '--root', base],
      {
        encoding: 'utf8',
      },
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(
      'apps/api/sql/a.sql: writes jobs, which belongs to infra/queue.ts, not modules/vending',
    );
    expect(r.stderr).toContain('FUNCTION_FOREIGN_WRITES');
    expect(r.stderr).toContain('apps/api/sql/b.sql: its first line must name its owner');
    expect(r.stderr).toContain(
      'apps/api/sql/c.sql: its owner, modules/nowhere, has no code under apps/api/src',
    );
  });

  it('reads writes from function bodies only: not an upsert’s own update, a row lock or a trigger’s event', () => {
    const text = `${fn(
      'd',
      '  INSERT INTO vend_rollup_days VALUES (1) ON CONFLICT (day) DO UPDATE SET dirty = true;\n  PERFORM 1 FROM vends FOR UPDATE;\n  PERFORM 1 FROM vends FOR NO KEY UPDATE;\n  -- update jobs\n  UPDATE ONLY "ledger_accounts" SET n = 1;',
      'CREATE TRIGGER t BEFORE UPDATE OR DELETE ON ledger_entries FOR EACH ROW EXECUTE FUNCTION d();\n',
    )}`;
    expect(sqlStatements(text).map((s) => s.slice(0, 20))).toEqual([
      'CREATE OR REPLACE FU',
      'CREATE TRIGGER t BEF',
    ]);
    expect(sqlWrites(sqlStatements(text)[0])).toEqual(['vend_rollup_days', 'ledger_accounts']);
    const base = repoWithFunctions('fn-body', { 'd.sql': `-- Owner: modules/ledger. d.\n${text}` });
    expect(sqlFunctionFiles(base)[0]).toMatchObject({
      owner: 'modules/ledger',
      writes: ['vend_rollup_days', 'ledger_accounts'],
      triggers: ['t'],
    });
  });

  it('holds for the repository: every function names its owner and writes what it may', () => {
    const repo = path.resolve(import.meta.dirname, '..');
    expect(sqlFunctionFiles(repo).length).toBeGreaterThan(10);
    expect(foreignFunctionWrites(repo)).toEqual([]);
    // Every allowance names a real table of another owner, and a function that uses it.
    for (const [owner, tables] of Object.entries(FUNCTION_FOREIGN_WRITES))
      for (const table of Object.keys(tables)) {
        expect(TABLE_OWNERS[table]).not.toBe(owner);
        expect(sqlFunctionFiles(repo).some((f) => f.owner === owner && f.writes.includes(table))).toBe(true);
      }
  });
});
