import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { checkDist, LOGIN_ROUTE } from '../../scripts/login-budget.mjs';

// The web app builds to apps/web/dist, which the API serves. In development the Vite
// server proxies the API and its OpenAPI docs to the Fastify process on port 3000.
const root = new URL('.', import.meta.url).pathname;
const apiTarget = 'http://localhost:3000';
const routerDist = fileURLToPath(new URL('../../node_modules/react-router/dist/production', import.meta.url));

/**
 * After every build: prints the size report of the JavaScript the login page loads (entry, login
 * route chunk and their static imports, from the Vite manifest) and fails the build when it is
 * over the budget of scripts/login-budget.mjs (100 KB gzipped, issues 16 and 36). The sign-in page
 * paints before the router loads, so its module must be in the entry's static graph: the build
 * fails when it is only reachable through a dynamic import (the budget would not see what loads).
 */
function loginPageBudget(): Plugin {
  let outDir = '';
  return {
    name: 'vendport-login-page-budget',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const reached = new Set<string>();
      const walk = (file: string) => {
        const chunk = byFile.get(file);
        if (!chunk || reached.has(file)) return;
        reached.add(file);
        for (const i of chunk.imports) walk(i);
      };
      for (const c of chunks) if (c.isEntry) walk(c.fileName);
      const login = `${root}${LOGIN_ROUTE}`;
      const home = chunks.find((c) => c.moduleIds.includes(login));
      if (!home) this.error(`the login route (${LOGIN_ROUTE}) is in no chunk`);
      if (!reached.has(home.fileName) && !home.isDynamicEntry)
        this.error(`the login route (${LOGIN_ROUTE}) is not in the entry's static graph`);
    },
    closeBundle: {
      sequential: true,
      handler() {
        const result = checkDist(outDir);
        this.info(result.report);
        if (!result.ok) {
          this.error(
            `the login page loads ${result.total} bytes of gzipped JavaScript, over its budget of ${result.budget}: ` +
              'keep area layouts, charts, tables and form libraries out of the public path',
          );
        }
      },
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), tailwindcss(), loginPageBudget()],
  resolve: {
    alias: [
      { find: '@', replacement: `${root}src` },
      // react-router's package exports give every bundler its development build (dev warnings
      // and checks); its production build is the same API, lighter on the login page.
      { find: /^react-router$/, replacement: `${routerDist}/index.mjs` },
      { find: /^react-router\/dom$/, replacement: `${routerDist}/dom-export.mjs` },
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/docs': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: `${root}dist`,
    emptyOutDir: true,
    reportCompressedSize: true,
    // The login page budget reads the chunk graph from the manifest (dist/.vite/manifest.json).
    manifest: true,
    // Every browser the portal supports has <link rel="modulepreload">; no polyfill in the entry.
    modulePreload: { polyfill: false },
    sourcemap: false,
  },
});
