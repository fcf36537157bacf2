import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { checkDist } from '../../scripts/login-budget.mjs';

// The web app builds to apps/web/dist, which the API serves. In development the Vite
// server proxies the API and its OpenAPI docs to the Fastify process on port 3000.
const root = new URL('.', import.meta.url).pathname;
const apiTarget = 'http://localhost:3000';
const routerDist = fileURLToPath(new URL('../../node_modules/react-router/dist/production', import.meta.url));

/**
 * After every build: prints the size report of the JavaScript the login page loads (entry, login
 * route chunk and their static imports, from the Vite manifest) and fails the build when it is
 * over the budget of scripts/login-budget.mjs (120 KB gzipped, issue 16).
 */
function loginPageBudget(): Plugin {
  let outDir = '';
  return {
    name: 'vendport-login-page-budget',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
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
