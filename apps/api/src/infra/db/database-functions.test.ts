// apps/api/sql holds the current text of every database function and trigger (one file per
// function, with the triggers that run it). The migrations create and change them; this test
// builds the database from the migrations and checks that running the files over it changes
// nothing: every function and trigger of the database has its file, and each file's text is what
// the last migration to touch it left. A migration that adds or changes one must change its file
// too (and the other way round: a file changed without a migration fails here).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQL_DIR, sqlFunctionFiles } from '../../../../../scripts/sql-functions.mjs';
import { buildTestApp, type TestApp } from '../../test/harness';
import type { Tx } from './client';
import { rowsOf } from './sql';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const files = sqlFunctionFiles();

interface Definitions {
  /** `name(identity args)` -> pg_get_functiondef */
  functions: Map<string, string>;
  /** trigger name -> pg_get_triggerdef (with its table) */
  triggers: Map<string, { table: string; fn: string; def: string }>;
}

/** The public schema's functions (not an extension's) and the triggers people wrote, as PostgreSQL prints them. */
async function definitions(tx: Tx): Promise<Definitions> {
  const fns = await rowsOf<{ name: string; args: string; def: string }>(
    tx,
    sql`
    select p.proname as name, pg_get_function_identity_arguments(p.oid) as args, pg_get_functiondef(p.oid) as def
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and p.prokind = 'f'
      and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
  );
  const trgs = await rowsOf<{ name: string; tbl: string; fn: string; def: string }>(
    tx,
    sql`
    select t.tgname as name, t.tgrelid::regclass::text as tbl, p.proname as fn, pg_get_triggerdef(t.oid) as def
    from pg_trigger t join pg_proc p on p.oid = t.tgfoid where not t.tgisinternal`,
  );
  return {
    functions: new Map(fns.map((f) => [`${f.name}(${f.args})`, f.def])),
    triggers: new Map(trgs.map((r) => [r.name, { table: r.tbl, fn: r.fn, def: r.def }])),
  };
}

/** Runs `fn` in a transaction that is always rolled back. */
async function rolledBack<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  const undo = new Error('rolled back');
  let out: T | undefined;
  await t.app.ctx.db
    .transaction(async (tx) => {
      out = await fn(tx);
      throw undo;
    })
    .catch((e) => {
      if (e !== undo) throw e;
    });
  return out as T;
}

describe('[SQL] apps/api/sql holds the text of every database function and trigger', () => {
  it('has one file per function of the migrated database, named for it, its owner on its first line', async () => {
    const now = await rolledBack(definitions);
    const names = [...new Set([...now.functions.keys()].map((k) => k.slice(0, k.indexOf('('))))].sort();
    const missing = names
      .filter((n) => !files.some((f) => f.name === n))
      .map(
        (n) =>
          `${SQL_DIR}/${n}.sql: add it, holding CREATE OR REPLACE FUNCTION ${n} as the migration left it, the triggers that run it, and "-- Owner: modules/<owner>. <what it does>" on its first line`,
      );
    expect(missing).toEqual([]);
    const extra = files
      .filter((f) => !names.includes(f.name))
      .map((f) => `${f.file}: no such function in the database`);
    expect(extra).toEqual([]);
    expect(files.filter((f) => !f.owner).map((f) => `${f.file}: its first line names no owner`)).toEqual([]);
    // Every trigger lives in the file of the function it runs.
    const misplaced = [...now.triggers].flatMap(([name, tr]) =>
      files.find((f) => f.name === tr.fn)?.triggers.includes(name)
        ? []
        : [`trigger ${name} on ${tr.table}: create it in ${SQL_DIR}/${tr.fn}.sql`],
    );
    expect(misplaced).toEqual([]);
  });

  it('changes nothing when the files run over the migrated database: each file is the current text', async () => {
    const { before, after } = await rolledBack(async (tx) => {
      const before = await definitions(tx);
      // A trigger cannot be replaced in place (a constraint trigger has no OR REPLACE): the
      // files create them all again.
      for (const [name, tr] of before.triggers)
        await tx.execute(sql.raw(`drop trigger "${name}" on ${tr.table}`));
      for (const f of files) for (const s of f.statements) await tx.execute(sql.raw(s));
      return { before, after: await definitions(tx) };
    });
    const differ = (a: Map<string, unknown>, b: Map<string, unknown>) =>
      [...new Set([...a.keys(), ...b.keys()])].filter(
        (k) => JSON.stringify(a.get(k)) !== JSON.stringify(b.get(k)),
      );
    const changedFunctions = differ(before.functions, after.functions).map((k) => ({
      function: k,
      migrations: before.functions.get(k) ?? '(none: the file adds it)',
      file: after.functions.get(k),
    }));
    expect(changedFunctions).toEqual([]);
    expect(
      differ(before.triggers, after.triggers).map((k) => ({
        trigger: k,
        migrations: before.triggers.get(k)?.def ?? '(none: a file adds it)',
        files: after.triggers.get(k)?.def ?? '(none: no file creates it)',
      })),
    ).toEqual([]);
    expect(before.functions.size).toBeGreaterThan(10);
    expect(before.triggers.size).toBeGreaterThan(10);
  });

  it('notices a file that differs from the migrations (the check can fail)', async () => {
    const refuse = files.find((f) => f.name === 'ledger_refuse_change')!;
    const changed = await rolledBack(async (tx) => {
      const before = await definitions(tx);
      await tx.execute(
        sql.raw(refuse.statements[0].replace('RAISE EXCEPTION', '-- changed\n  RAISE EXCEPTION')),
      );
      const after = await definitions(tx);
      return [...before.functions.keys()].filter((k) => before.functions.get(k) !== after.functions.get(k));
    });
    expect(changed).toEqual(['ledger_refuse_change()']);
  });
});
