import { gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The web app builds to apps/web/dist, which the API serves. In development the Vite
// server proxies the API and its OpenAPI docs to the Fastify process on port 3000.
const root = new URL('.', import.meta.url).pathname;
const apiTarget = 'http://localhost:3000';

/**
 * Prints, after every build, the gzip size of the login route's own chunk, of all the
 * JavaScript the login page loads (entry, login chunk and their static imports), and of all
 * JavaScript, so the login route's weight is watched on every build.
 */
function routeSizeReport(): Plugin {
  return {
    name: 'vendport-route-size-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const gz = (name: string) => {
        const c = bundle[name];
        return c && c.type === 'chunk' ? gzipSync(c.code).length : 0;
      };
      const closure = (names: string[]) => {
        const seen = new Set<string>();
        const walk = (n: string) => {
          const c = bundle[n];
          if (seen.has(n) || !c || c.type !== 'chunk') return;
          seen.add(n);
          for (const i of c.imports) walk(i);
        };
        for (const n of names) walk(n);
        return seen;
      };
      const entry = chunks.filter((c) => c.isEntry).map((c) => c.fileName);
      const login = chunks.find((c) => c.facadeModuleId?.endsWith('features/auth/routes/login.tsx'));
      const kb = (n: number) => `${(n / 1024).toFixed(2)} kB`;
      const sum = (names: Iterable<string>) => [...names].reduce((a, n) => a + gz(n), 0);
      const all = sum(chunks.map((c) => c.fileName));
      const loginPage = sum(closure([...entry, ...(login ? [login.fileName] : [])]));
      this.info(
        `route sizes (gzip): login route chunk ${login ? kb(gz(login.fileName)) : 'missing'}; ` +
          `JavaScript loaded by the login page ${kb(loginPage)}; all JavaScript ${kb(all)} in ${chunks.length} chunks`,
      );
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), tailwindcss(), routeSizeReport()],
  resolve: { alias: { '@': `${root}src` } },
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
    sourcemap: false,
  },
});
