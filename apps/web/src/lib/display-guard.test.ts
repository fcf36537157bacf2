// Issue 36, point 24: one way to show a missing value and one format per kind of date field.
// The spec's NIL shows only where the spec shows it (the Business Account's Corporate Name and
// Request Date, through components/detail-field's `nil`); every other missing value is "—". A
// moment on screen is MMM D, h:mm A (or DD/MM/YYYY over h:mm A in a table's date column): the
// DD/MM/YYYY h:mm A of formatDateTime is for the files the browser writes (CSV) only.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const web = path.resolve(import.meta.dirname, '..');

function sources(dir = web): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...sources(p));
    else if (/\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(p);
  }
  return out;
}

const code = (text: string) =>
  text
    .split('\n')
    .filter((l) => !/^\s*(\/\/|\*|\/\*)/.test(l))
    .join('\n');
const rel = (p: string) => path.relative(web, p).split(path.sep).join('/');

describe('[FORMAT] missing values and dates read one way', () => {
  it('[FORMAT] NIL only where the spec shows it: the Business Account screen (via nil)', () => {
    const withNil = sources()
      .filter((p) => /['"`]NIL['"`]|\bnil\(/.test(code(readFileSync(p, 'utf8'))))
      .map(rel)
      .sort();
    expect(withNil).toEqual(['components/detail-field.tsx', 'features/accounts/routes/business-account.tsx']);
  });

  it('[FORMAT] DD/MM/YYYY h:mm A (formatDateTime) only in the CSV files the browser writes', () => {
    const users = sources()
      .filter((p) => rel(p) !== 'lib/format.ts')
      .filter((p) => /\bformatDateTime\b/.test(code(readFileSync(p, 'utf8'))))
      .map(rel);
    expect(users.filter((p) => !/csv/.test(p))).toEqual([]);
  });
});
