// The login page budget fails a build whose login page loads too much, reading the chunk graph
// from the manifest (entries, the login chunk, static imports; dynamic imports are not counted).
import { describe, expect, it } from 'vitest';
import { checkLoginBudget, LOGIN_BUDGET_BYTES, LOGIN_ROUTE, loginPageChunks } from './login-budget.mjs';

const manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_vendor.js'],
    dynamicImports: [LOGIN_ROUTE, 'src/app/layouts/area-layout.tsx'],
  },
  '_vendor.js': { file: 'assets/vendor.js' },
  [LOGIN_ROUTE]: { file: 'assets/login.js', imports: ['_text-input.js', '_vendor.js'] },
  '_text-input.js': { file: 'assets/text-input.js' },
  'src/app/layouts/area-layout.tsx': { file: 'assets/area-layout.js', imports: ['_chart.js'] },
  '_chart.js': { file: 'assets/chart.js' },
  'index.css': { file: 'assets/index.css' },
};

const sizes = (over) => (file) =>
  ({
    'assets/index.js': 60_000,
    'assets/vendor.js': 40_000,
    'assets/login.js': 2_000,
    'assets/text-input.js': 1_000,
    'assets/area-layout.js': 30_000,
    'assets/chart.js': 110_000,
  })[file] + (over && file === 'assets/text-input.js' ? 20_000 : 0);

describe('[BUILD] login page JavaScript budget', () => {
  it('follows the entry, the login chunk and their static imports, not dynamic ones', () => {
    expect(loginPageChunks(manifest).sort()).toEqual([
      '_text-input.js',
      '_vendor.js',
      'index.html',
      LOGIN_ROUTE,
    ]);
  });

  it('passes a login page within 100 KB gzipped and reports each chunk', () => {
    const light = (file) => sizes(false)(file) - (file === 'assets/vendor.js' ? 10_000 : 0);
    const r = checkLoginBudget(manifest, light);
    expect(LOGIN_BUDGET_BYTES).toBe(100_000);
    expect(r.total).toBe(93_000);
    expect(r.ok).toBe(true);
    expect(r.report).toContain('login page JavaScript (gzip): 93.00 kB of a 100.00 kB budget');
    expect(r.report).toContain('assets/login.js');
    expect(r.report).not.toContain('assets/chart.js');
  });

  it('fails a login page over the budget (103 KB, which passed the old 120 KB budget)', () => {
    const r = checkLoginBudget(manifest, sizes(false));
    expect(r.total).toBe(103_000);
    expect(r.ok).toBe(false);
    expect(r.report).toContain('OVER BUDGET');
  });

  it('fails a login page over the budget', () => {
    const r = checkLoginBudget(manifest, sizes(true));
    expect(r.total).toBe(123_000);
    expect(r.ok).toBe(false);
    expect(r.report).toContain('OVER BUDGET');
  });

  it('fails when a chart lands in the login chunk graph', () => {
    const heavy = { ...manifest, [LOGIN_ROUTE]: { file: 'assets/login.js', imports: ['_chart.js'] } };
    expect(checkLoginBudget(heavy, sizes(false)).ok).toBe(false);
  });

  it('counts the entry graph alone when the login route is bundled into the entry', () => {
    const { [LOGIN_ROUTE]: _, ...rest } = manifest;
    expect(loginPageChunks(rest).sort()).toEqual(['_vendor.js', 'index.html']);
  });

  it('refuses a manifest without an entry', () => {
    const { 'index.html': _, ...rest } = manifest;
    expect(() => loginPageChunks(rest)).toThrow(/entry/);
  });
});
