// Issue 16: one formatting module. Outside lib/format.ts (and @vendport/shared's dates module it
// wraps) no web or API source formats a date itself: no toLocaleDateString / toLocaleTimeString,
// no Intl.DateTimeFormat, no toLocaleString with date options, no date library, no getters of
// the machine's local time. Fails naming each offending line.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../../..');
const ALLOWED = new Set(['apps/web/src/lib/format.ts', 'packages/shared/src/dates.ts']);

export const FORBIDDEN: Array<[what: string, pattern: RegExp]> = [
  ['toLocaleDateString / toLocaleTimeString', /\.toLocale(Date|Time)String\s*\(/],
  ['Intl.DateTimeFormat', /Intl\s*\.\s*DateTimeFormat/],
  [
    'toLocaleString with date options',
    /toLocaleString\s*\([^)]*\b(timeZone|dateStyle|timeStyle|weekday|hour|minute)\b/,
  ],
  ['toLocaleString of a date', /(new Date\([^)]*\)|[Dd]ate|[Aa]t|[Tt]ime)\s*\)?\s*\.toLocaleString\s*\(/],
  ['a date library', /from\s+['"](dayjs|date-fns|moment|luxon)/],
  ['a local-time getter', /\.get(Hours|Minutes|Seconds|Date|Day|Month|FullYear)\s*\(\s*\)/],
];

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(path.join(repo, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && e.name !== 'dist') out.push(...sources(rel));
    } else if (/\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !ALLOWED.has(rel)) {
      out.push(rel);
    }
  }
  return out;
}

export function offences(text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    if (/^\s*(\/\/|\*)/.test(line)) return;
    for (const [what, pattern] of FORBIDDEN) if (pattern.test(line)) found.push(`${i + 1}: ${what}`);
  });
  return found;
}

describe('[FORMAT] dates are formatted in one module', () => {
  it('the check catches each way of formatting a date locally', () => {
    expect(offences('const s = new Date(at).toLocaleDateString();')).toHaveLength(1);
    expect(offences("new Intl.DateTimeFormat('en-NG', { timeZone: 'Africa/Lagos' })")).toHaveLength(1);
    expect(offences("row.createdAt.toLocaleString('en-NG', { hour: 'numeric' })").length).toBeGreaterThan(0);
    expect(offences("import dayjs from 'dayjs';")).toHaveLength(1);
    expect(offences('const h = new Date().getHours();')).toHaveLength(1);
    // Counts with thousands separators are numbers, not dates.
    expect(offences("count.toLocaleString('en-NG')")).toEqual([]);
    expect(offences('probe.getUTCFullYear()')).toEqual([]);
  });

  it('no web or API source outside lib/format.ts formats a date', () => {
    const bad = [
      ...sources('apps/web/src'),
      ...sources('apps/api/src'),
      ...sources('packages/shared/src'),
    ].flatMap((f) => offences(readFileSync(path.join(repo, f), 'utf8')).map((o) => `${f}:${o}`));
    expect(bad).toEqual([]);
  });
});
