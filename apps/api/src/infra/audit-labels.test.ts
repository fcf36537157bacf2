// Issue 36, point 22: every action the API records has one plain label on the audit trail (no
// "Settings smtp update" beside "Invited a user"), and every target type has a name. The codes
// are read from the API's source: the string literals on the lines that name an action or a
// target type.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { AUDIT_ACTION_LABELS, AUDIT_TARGET_TYPES } from '@vendport/shared';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '..');

function sourceLines(): string[] {
  const lines: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith('.ts') && !p.endsWith('.test.ts') && !p.includes('testing'))
        lines.push(...readFileSync(p, 'utf8').split('\n'));
    }
  };
  walk(src);
  return lines;
}

const codesOn = (lines: string[], pattern: RegExp, literal: RegExp) =>
  [
    ...new Set(
      lines.filter((l) => pattern.test(l)).flatMap((l) => [...l.matchAll(literal)].map((m) => m[1])),
    ),
  ].sort();

describe('[AUDIT] the trail in words', () => {
  const lines = sourceLines();

  it('[AUDIT] every action code the API records has a plain label', () => {
    const actions = codesOn(lines, /[aA]ction\b/, /'([a-z0-9-]+(?:\.[a-z0-9_-]+)+)'/g);
    expect(actions.length).toBeGreaterThan(90);
    expect(actions.filter((a) => !AUDIT_ACTION_LABELS[a])).toEqual([]);
  });

  it('[AUDIT] every target type the API records has a name', () => {
    const types = codesOn(lines, /targetType:/, /targetType: '([a-z_]+)'/g);
    expect(types.length).toBeGreaterThan(15);
    expect(types.filter((t) => !AUDIT_TARGET_TYPES[t])).toEqual([]);
  });
});
