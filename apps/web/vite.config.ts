import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The web app builds to apps/web/dist, which the API serves. In development the Vite
// server proxies the API and its OpenAPI docs to the Fastify process on port 3000.
const root = new URL('.', import.meta.url).pathname;
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
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
