// Every picture the browser journeys take lands in e2e/screenshots/ (gitignored, beside the
// journeys), whatever machine runs them: seven journeys wrote theirs to /work/shots, a folder of
// one developer's machine, outside the repository, some behind an environment variable. This walks
// every e2e source file and every screenshot call in it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const e2e = path.resolve(import.meta.dirname, '../e2e');
const files = readdirSync(e2e).filter((f) => f.endsWith('.ts'));

/** The argument text of each `.screenshot(` call: up to its matching parenthesis. */
function screenshotCalls(source) {
  const calls = [];
  let at = source.indexOf('.screenshot(');
  while (at >= 0) {
    let depth = 0;
    let i = at + '.screenshot'.length;
    for (; i < source.length; i++) {
      if (source[i] === '(') depth++;
      else if (source[i] === ')' && --depth === 0) break;
    }
    calls.push(source.slice(at, i + 1));
    at = source.indexOf('.screenshot(', i);
  }
  return calls;
}

describe('[SHOTS] where the journeys put their pictures', () => {
  it('[SHOTS] there are journeys to walk', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('[SHOTS] no journey names a folder outside the repository or reads one from the environment', () => {
    const found = [];
    for (const f of files) {
      const source = readFileSync(path.join(e2e, f), 'utf8');
      for (const bad of [/['"`]\/(work|tmp|home|root)\//, /process\.env\.(E2E_SHOTS|SHOTS_DIR)/])
        if (bad.test(source)) found.push(`${f}: ${bad}`);
    }
    expect(found).toEqual([]);
  });

  it('[SHOTS] every screenshot is written under e2e/screenshots/ (SCREENSHOTS, or a folder made from it)', () => {
    const found = [];
    let calls = 0;
    for (const f of files) {
      const source = readFileSync(path.join(e2e, f), 'utf8');
      for (const call of screenshotCalls(source)) {
        calls++;
        // A call with a path names SCREENSHOTS or a constant of this file made from it.
        if (!/path:/.test(call)) continue;
        const names = [...call.matchAll(/\b([A-Z][A-Z_]+|dir)\b/g)].map((m) => m[1]);
        const fromShots = names.some((n) => {
          if (n === 'SCREENSHOTS') return true;
          const def = new RegExp(`(?:const|let) ${n}\\s*=([^;]+);`).exec(source);
          return def !== null && /SCREENSHOTS|\.\/screenshots\//.test(def[1]);
        });
        const imported = names.some((n) =>
          new RegExp(`import \\{[^}]*\\b${n}\\b[^}]*\\} from '\\./paystack'`).test(source),
        );
        if (!fromShots && !imported) found.push(`${f}: ${call.replace(/\s+/g, ' ').slice(0, 120)}`);
      }
    }
    expect(calls).toBeGreaterThan(20);
    expect(found).toEqual([]);
  });

  it("[SHOTS] the shared ones are SCREENSHOTS: paystack's SHOTS", () => {
    expect(readFileSync(path.join(e2e, 'paystack.ts'), 'utf8')).toMatch(/export const SHOTS = SCREENSHOTS;/);
  });
});
