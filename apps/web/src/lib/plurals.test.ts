// The plural walk: a count on a screen is written with countOf ("1 row", "3 rows", "1,204 vends"),
// never by hand. The bulk vend said "Vend 1 rows" and "1 of 1 rows have problems" because each
// screen wrote its own; twenty others wrote the same `n === 1 ? '' : 's'` beside their count. This
// reads every screen's source (not the tests) for both ways of writing it by hand.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countOf } from './format';

const SRC = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

/** Nouns a screen counts. */
const NOUNS =
  'rows|vends|plans|services|billers|subscribers|changes|mappings|chunks|calls|entries|minutes|documents|permissions|holders|files|payments|bills|clients|requests|days|hours|members|users|keys|items|records|references|numbers|transactions|runs|attempts|codes';

/** `${x} nouns` where x is not a count: each with why. */
const NOT_COUNTS = new Set([
  // "Choose at most 5 files at a time": a limit above one, never 1.
  'MAX_DOCUMENTS_PER_UPLOAD',
  // "No provider: MTN vends are off": a network, not a number.
  'platform',
  // "Select all Vending permissions": a group's name.
  'label',
  // "VTpass codes": a provider's.
  'provider',
]);

describe('[PLURALS] counts on screens', () => {
  it('[PLURALS] countOf says one and many', () => {
    expect(countOf(1, 'row')).toBe('1 row');
    expect(countOf(0, 'row')).toBe('0 rows');
    expect(countOf(3, 'row')).toBe('3 rows');
    expect(countOf(1204, 'vend')).toBe('1,204 vends');
    expect(countOf(1, 'entry', 'entries')).toBe('1 entry');
    expect(countOf(2, 'entry', 'entries')).toBe('2 entries');
  });

  it('[PLURALS] no screen writes a plural by hand', () => {
    const files = sources(SRC);
    expect(files.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const where = (i: number) => `${path.relative(SRC, file)}:${text.slice(0, i).split('\n').length}`;
      // `n === 1 ? '' : 's'`, `n === 1 ? 'entry' : 'entries'`: the choice countOf makes (words
      // only: a sentence said only when one is left is not a plural).
      for (const m of text.matchAll(/=== 1\s*\?\s*'[a-z ]{0,30}'\s*:\s*'[a-z ]{0,30}'/gi))
        found.push(`${where(m.index)}: ${m[0]}`);
      // `${n} rows`: a count always in the plural.
      for (const m of text.matchAll(new RegExp(`\\$\\{([^}]*)\\}\\s(${NOUNS})\\b`, 'g')))
        if (!NOT_COUNTS.has(m[1].trim())) found.push(`${where(m.index)}: ${m[0]}`);
    }
    expect(found).toEqual([]);
  });
});
