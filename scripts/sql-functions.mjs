// The database's functions and triggers, as their current text: apps/api/sql/<function>.sql, one
// file per function with the triggers that run it. The migrations still create and change them
// (a migration is never edited once landed); these files are what runs today, in one place, and
// apps/api/src/infra/db/database-functions.test.ts fails when the migrated database differs from
// them. The first line names the owner: `-- Owner: modules/<name>.` (or an infra file).
// table-owners.mjs reads what each function writes (sqlFunctionWrites) for lint.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const SQL_DIR = 'apps/api/sql';
const OWNER_LINE = /^-- Owner: ([\w./-]+?)\.?\s/;

/**
 * The statements of an SQL text, split on `;` outside comments, quotes and dollar-quoted bodies,
 * each trimmed and without its leading comment lines.
 */
export function sqlStatements(text) {
  const out = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.startsWith('--', i)) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else if (text[i] === '$') {
      const tag = /^\$\w*\$/.exec(text.slice(i));
      if (tag) {
        const end = text.indexOf(tag[0], i + tag[0].length);
        i = end < 0 ? text.length : end + tag[0].length - 1;
      }
    } else if (text[i] === "'") {
      i = text.indexOf("'", i + 1);
      while (i >= 0 && text[i + 1] === "'") i = text.indexOf("'", i + 2);
      if (i < 0) i = text.length;
    } else if (text[i] === ';') {
      out.push(text.slice(start, i + 1));
      start = i + 1;
    }
  }
  return out.map((s) => s.replace(/^(\s*--[^\n]*\n)*/, '').trim()).filter((s) => s && s !== ';');
}

/** The tables an SQL text inserts into, updates or deletes from (lower case, in order, once each). */
export function sqlWrites(text) {
  const code = text.replace(/--[^\n]*/g, '');
  const out = [];
  for (const m of code.matchAll(
    /\b(?:(\w+)\s+)?(insert\s+into|update|delete\s+from)\s+(?:only\s+)?"?(\w+)"?/gi,
  )) {
    // `do update set` (an upsert's own row) and `for [no key] update` (a row lock) write no other table.
    if (/^update$/i.test(m[2]) && /^(do|for|key)$/i.test(m[1] ?? '')) continue;
    const name = m[3].toLowerCase();
    if (!out.includes(name)) out.push(name);
  }
  return out;
}

/**
 * Every file under `base`'s apps/api/sql, as { file, name, owner, statements, writes, triggers }:
 * `owner` null when the first line names none, `triggers` the names of the triggers it creates.
 */
export function sqlFunctionFiles(base = path.resolve(import.meta.dirname, '..')) {
  const dir = path.join(base, SQL_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((n) => n.endsWith('.sql'))
    .sort()
    .map((n) => {
      const text = readFileSync(path.join(dir, n), 'utf8');
      const statements = sqlStatements(text);
      const triggers = statements.flatMap((s) => {
        const m = /^create\s+(?:or\s+replace\s+)?(?:constraint\s+)?trigger\s+"?(\w+)"?/i.exec(s);
        return m ? [m[1]] : [];
      });
      return {
        file: `${SQL_DIR}/${n}`,
        name: n.slice(0, -'.sql'.length),
        owner: OWNER_LINE.exec(text)?.[1] ?? null,
        statements,
        // The functions' bodies write; a trigger's `UPDATE OR DELETE ON t` names what it listens to.
        writes: sqlWrites(
          statements.filter((s) => /^create\s+(?:or\s+replace\s+)?function\b/i.test(s)).join('\n'),
        ),
        triggers,
      };
    });
}
