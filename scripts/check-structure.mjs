// Structure rules Biome cannot express, run by `npm run lint` after `biome check`:
// - no non-test source file in apps/*/src or packages/*/src is longer than MAX_LINES lines;
// - the API's tiers and import rules (scripts/api-structure.mjs, ARCHITECTURE.md): no import
//   cycle, infra imports no module, a module imports no composition file and reaches another
//   module only through its index.ts, only repos read tables;
// - each database function (apps/api/sql) writes only its owner's tables, or one
//   FUNCTION_FOREIGN_WRITES (scripts/table-owners.mjs) allows it;
// - the Lagos day is written in SQL by infra/lagos-time.ts's fragments only;
// - apps/api/drizzle/meta keeps the latest Drizzle snapshot only (scripts/drizzle-snapshots.mjs).
// (The web app's layers are Biome's noRestrictedImports overrides in apps/web/biome.json.)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { apiStructureViolations } from './api-structure.mjs';
import { staleSnapshots } from './drizzle-snapshots.mjs';
import { foreignFunctionWrites, foreignTableUses, sqlOutsideRepos } from './table-owners.mjs';

export const MAX_LINES = 500;
// `--root DIR` checks another tree shaped like this repository (the structure tests use it).
const rootAt = process.argv.indexOf('--root');
const root = rootAt > 0 ? path.resolve(process.argv[rootAt + 1]) : path.resolve(import.meta.dirname, '..');
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs)$/;
const TEST_SUPPORT = /\.(test|testing|fixtures)\.(ts|tsx)$/;

/** Source directories checked: every workspace's src. */
export function sourceRoots(base = root) {
  return ['apps', 'packages'].flatMap((group) => {
    const dir = path.join(base, group);
    let names = [];
    try {
      names = readdirSync(dir);
    } catch {
      return [];
    }
    return names.map((n) => path.join(dir, n, 'src')).filter((p) => statSync(p, { throwIfNoEntry: false }));
  });
}

function* walk(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* walk(p);
    else if (SOURCE.test(e.name) && !TEST_SUPPORT.test(e.name)) yield p;
  }
}

/** Where the Lagos day is written in SQL: infra/lagos-time.ts's lagosDaySql, lagosMidnightSql, lagosDayOf. */
export const LAGOS_SQL_HOME = 'infra/lagos-time.ts';

/**
 * The places under `apiSrc` (apps/api/src, tests aside) that spell `at time zone 'Africa/Lagos'`
 * themselves instead of using LAGOS_SQL_HOME's fragments, as { file, line }.
 */
export function lagosSqlByHand(apiSrc) {
  const out = [];
  for (const file of walk(apiSrc)) {
    const rel = path.relative(apiSrc, file).split(path.sep).join('/');
    if (rel === LAGOS_SQL_HOME || rel.startsWith('test/')) continue;
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/at\s+time\s+zone\s+'Africa\/Lagos'/gi))
      out.push({ file: rel, line: text.slice(0, m.index).split('\n').length });
  }
  return out;
}

/** Files over the limit under `base`, as { file, lines }, longest first. */
export function longFiles(base = root, max = MAX_LINES) {
  const out = [];
  for (const dir of sourceRoots(base)) {
    for (const file of walk(dir)) {
      const text = readFileSync(file, 'utf8');
      const lines = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
      if (lines > max) out.push({ file: path.relative(base, file), lines });
    }
  }
  return out.sort((a, b) => b.lines - a.lines);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let failed = false;
  const long = longFiles();
  if (long.length) {
    failed = true;
    console.error(`Source files over ${MAX_LINES} lines (split them by use case):`);
    for (const l of long) console.error(`  ${l.file}: ${l.lines} lines`);
  }
  const apiSrc = path.join(root, 'apps/api/src');
  const api = existsSync(apiSrc) ? apiStructureViolations(apiSrc) : [];
  const tables = existsSync(apiSrc) ? foreignTableUses(apiSrc) : [];
  if (tables.length) {
    failed = true;
    console.error(`apps/api/src reads ${tables.length} table(s) outside their owner:`);
    for (const u of tables)
      console.error(
        `  ${u.file}:${u.line}: ${u.table} belongs to ${u.owner}\n    a table is read and written by its owner only; ask the owner's index.ts (ARCHITECTURE.md § The rules, 5; owners: scripts/table-owners.mjs)`,
      );
  }
  const outside = existsSync(apiSrc) ? sqlOutsideRepos(apiSrc) : [];
  if (outside.length) {
    failed = true;
    console.error(`apps/api/src names ${outside.length} table(s) in SQL text outside a repository:`);
    for (const u of outside)
      console.error(
        `  ${u.file}:${u.line}: ${u.table}\n    only a module's *.repo.ts files read tables, in SQL text too: move the statement into a repo (ARCHITECTURE.md § The rules, 5; the named exceptions: SQL_TEXT_EXCEPTIONS in scripts/table-owners.mjs)`,
      );
  }
  const lagos = existsSync(apiSrc) ? lagosSqlByHand(apiSrc) : [];
  if (lagos.length) {
    failed = true;
    console.error(`apps/api/src writes the Lagos day in SQL by hand ${lagos.length} time(s):`);
    for (const l of lagos)
      console.error(
        `  ${l.file}:${l.line}\n    use lagosDaySql, lagosMidnightSql or lagosDayOf (apps/api/src/${LAGOS_SQL_HOME})`,
      );
  }
  const fnWrites = foreignFunctionWrites(root);
  if (fnWrites.length) {
    failed = true;
    console.error(`apps/api/sql: ${fnWrites.length} database function write(s) their owner may not make:`);
    for (const w of fnWrites)
      console.error(
        w.table
          ? `  ${w.file}: writes ${w.table}, which belongs to ${w.tableOwner}, not ${w.owner}\n    call the owner's function, or allow it with a why in FUNCTION_FOREIGN_WRITES (scripts/table-owners.mjs)`
          : w.owner
            ? `  ${w.file}: its owner, ${w.owner}, has no code under apps/api/src`
            : `  ${w.file}: its first line must name its owner: "-- Owner: modules/<name>. <what it does>"`,
      );
  }
  if (api.length) {
    failed = true;
    console.error(`apps/api/src breaks ${api.length} import rule(s):`);
    for (const v of api) console.error(`  ${v.file}: ${v.detail}\n    ${v.message}`);
  }
  const stale = staleSnapshots(root);
  if (stale.length) {
    failed = true;
    console.error(`${stale.length} Drizzle snapshot(s) older than the latest:`);
    for (const f of stale) console.error(`  ${f}`);
    console.error(
      '    drizzle-kit reads only the latest; `npm run db:generate` removes the older ones (scripts/drizzle-snapshots.mjs)',
    );
  }
  if (failed) process.exit(1);
  console.log(
    `structure: no source file over ${MAX_LINES} lines; apps/api/src keeps its tiers, no import cycle, every table read by its owner only, every database function writes what its owner may, the Lagos day in SQL written once; one Drizzle snapshot`,
  );
}
