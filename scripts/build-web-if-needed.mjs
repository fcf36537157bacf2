// Builds the web app when apps/web/dist is missing or older than its sources, so that
// `npm start` on a fresh clone serves the portal without a separate build step.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const built = path.join(web, 'dist/index.html');

function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let m = 0;
  for (const e of readdirSync(p)) {
    if (e === 'node_modules' || e === 'dist') continue;
    m = Math.max(m, newest(path.join(p, e)));
  }
  return m;
}

const sources = [
  path.join(web, 'src'),
  path.join(web, 'index.html'),
  path.join(web, 'vite.config.ts'),
  path.join(web, 'public'),
  path.join(root, 'packages/shared/src'),
  // The login page budget the build checks.
  path.join(root, 'scripts/login-budget.mjs'),
];
const stale = !existsSync(built) || Math.max(...sources.map(newest)) > statSync(built).mtimeMs;
if (!stale && !process.argv.includes('--force')) {
  console.log('Web app is up to date (apps/web/dist).');
  process.exit(0);
}
console.log('Building the web app (apps/web/dist)...');
// Always a production build: test runners set NODE_ENV=test, which would otherwise make Vite
// bundle React's development build (twice the size, StrictMode's double effects).
const r = spawnSync('npx', ['vite', 'build'], {
  cwd: web,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
process.exit(r.status ?? 1);
