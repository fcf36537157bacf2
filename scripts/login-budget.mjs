// The login page's JavaScript budget (issues 16 and 36): what a visitor's browser loads to show
// the sign-in page — the entry chunk, the login route's chunk when it has one of its own, and every
// chunk they import statically, read from the Vite manifest — must stay within 100 KB gzipped
// (KB = 1,000 bytes, as Vite prints sizes). The sign-in page paints from the entry, without the
// router or the toaster (apps/web/src/app/app.tsx); the build checks that its module is in the
// entry's static graph (apps/web/vite.config.ts), and e2e/07-login-budget.e2e.ts signs in with
// nothing else loaded. The web build runs this after writing its files (apps/web/vite.config.ts)
// and fails when the page is over; `node scripts/login-budget.mjs [dist]` checks a built dist.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const LOGIN_BUDGET_BYTES = 100_000;
/** The login route's module, as the manifest keys it (relative to apps/web). */
export const LOGIN_ROUTE = 'src/features/auth/routes/login.tsx';

/**
 * The manifest keys of what the login page loads: every entry, the login route's chunk (when it
 * is one; bundled into the entry, it has no key), and their static imports, transitively (dynamic
 * imports load later, after the first paint or on other pages).
 */
export function loginPageChunks(manifest, route = LOGIN_ROUTE) {
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  if (entries.length === 0) throw new Error('the Vite manifest has no entry chunk');
  const seen = new Set();
  const walk = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const i of manifest[key].imports ?? []) walk(i);
  };
  for (const k of [...entries, ...(manifest[route] ? [route] : [])]) walk(k);
  return [...seen].filter((k) => manifest[k].file.endsWith('.js'));
}

const kb = (n) => `${(n / 1000).toFixed(2)} kB`;

/**
 * Sizes the login page's JavaScript. `gzSize(file)` is the gzip size of a built file (path
 * relative to dist). Returns the per-chunk sizes, the total, and a printable report.
 */
export function checkLoginBudget(manifest, gzSize, budget = LOGIN_BUDGET_BYTES) {
  const chunks = loginPageChunks(manifest)
    .map((key) => ({ key, file: manifest[key].file, gzip: gzSize(manifest[key].file) }))
    .sort((a, b) => b.gzip - a.gzip);
  const total = chunks.reduce((s, c) => s + c.gzip, 0);
  const allFiles = new Set(
    Object.values(manifest)
      .map((c) => c.file)
      .filter((f) => f.endsWith('.js')),
  );
  const all = [...allFiles].reduce((s, f) => s + gzSize(f), 0);
  const ok = total <= budget;
  const lines = [
    `login page JavaScript (gzip): ${kb(total)} of a ${kb(budget)} budget${ok ? '' : ' - OVER BUDGET'}; all JavaScript ${kb(all)} in ${allFiles.size} files`,
    ...chunks.map((c) => `  ${kb(c.gzip).padStart(10)}  ${c.file}`),
  ];
  return { ok, total, budget, all, chunks, report: lines.join('\n') };
}

/** Checks a built dist directory (its .vite/manifest.json and files). */
export function checkDist(dist, budget = LOGIN_BUDGET_BYTES) {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  return checkLoginBudget(manifest, (f) => gzipSync(readFileSync(path.join(dist, f))).length, budget);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../apps/web/dist'));
  const result = checkDist(dist);
  console.log(result.report);
  process.exit(result.ok ? 0 : 1);
}
