// The structure rules fail on what they forbid: a wrong import in the web app is a lint error
// (Biome's noRestrictedImports overrides in apps/web/biome.json), an over-long file a structure
// error. (The API's import rules: api-structure.test.mjs.)
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { longFiles, MAX_LINES } from './check-structure.mjs';

const root = path.resolve(import.meta.dirname, '..');
const biome = path.join(root, 'node_modules/.bin/biome');
const probes = [];

/** Lints one probe file written at `rel` (inside the tree, so biome.json's overrides apply). */
function lintProbe(rel, source) {
  const file = path.join(root, rel);
  probes.push(file);
  writeFileSync(file, source);
  try {
    execFileSync(biome, ['lint', '--max-diagnostics=50', rel], {
      cwd: root,
      encoding: 'utf8',
      stdio: 'pipe',
    });
    return { failed: false, output: '' };
  } catch (err) {
    return { failed: true, output: `${err.stdout ?? ''}${err.stderr ?? ''}` };
  } finally {
    rmSync(file, { force: true });
  }
}

afterAll(() => {
  for (const f of probes) rmSync(f, { force: true });
});

const use = (spec) => `import { x } from '${spec}';\n\nexport const y = x;\n`;

describe("[STRUCTURE] the web app's import boundaries are enforced by npm run lint", () => {
  it.each([
    [
      'a feature importing another feature',
      'apps/web/src/features/wallet/zz-probe.ts',
      '@/features/vending/api/query-keys',
    ],
    [
      'a feature importing another feature, relatively',
      'apps/web/src/features/wallet/components/zz-probe.ts',
      '../../vending/api/query-keys',
    ],
    ['a feature importing app/', 'apps/web/src/features/wallet/components/zz-probe.ts', '@/app/router'],
    [
      'a component importing a feature',
      'apps/web/src/components/zz-probe.ts',
      '@/features/wallet/api/query-keys',
    ],
  ])('refuses %s', (_name, file, spec) => {
    const r = lintProbe(file, use(spec));
    expect(r.failed).toBe(true);
    expect(r.output).toContain('noRestrictedImports');
  });

  it.each([
    [
      'a feature using its own api folder',
      'apps/web/src/features/wallet/components/zz-probe.ts',
      '../api/query-keys',
    ],
    [
      'a feature using components and lib',
      'apps/web/src/features/wallet/components/zz-probe.ts',
      '@/lib/format',
    ],
  ])('allows %s', (_name, file, spec) => {
    const r = lintProbe(file, use(spec));
    expect(r.output).not.toContain('noRestrictedImports');
  });
});

describe('[STRUCTURE] no source file is longer than the limit', () => {
  it(`finds a source file over ${MAX_LINES} lines and ignores tests`, () => {
    const base = mkdtempSync(path.join(tmpdir(), 'vp-structure-'));
    try {
      const src = path.join(base, 'apps/demo/src/modules');
      mkdirSync(src, { recursive: true });
      const lines = (n) =>
        `${Array.from({ length: n }, (_, i) => `export const v${i} = ${i};`).join('\n')}\n`;
      writeFileSync(path.join(src, 'long.service.ts'), lines(MAX_LINES + 1));
      writeFileSync(path.join(src, 'ok.service.ts'), lines(MAX_LINES));
      writeFileSync(path.join(src, 'long.test.ts'), lines(MAX_LINES + 50));
      expect(longFiles(base)).toEqual([
        { file: 'apps/demo/src/modules/long.service.ts', lines: MAX_LINES + 1 },
      ]);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});
