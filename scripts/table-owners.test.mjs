// The table-ownership check reports a table used outside its owner, and nothing for its owner.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { foreignTableUses, schemaTables, sqlTexts, TABLE_OWNERS } from './table-owners.mjs';

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
