import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// The web project of the root Vitest workspace: components and pure logic in happy-dom.
const root = new URL('.', import.meta.url).pathname;

export default defineProject({
  root,
  plugins: [react()],
  resolve: { alias: { '@': `${root}src` } },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['@testing-library/jest-dom/vitest', './test/setup.ts'],
    clearMocks: true,
    // The first stage of npm test runs a worker per core: a screen's first render may wait on a
    // busy machine (Testing Library waits up to 10 s, see test/setup.ts).
    testTimeout: 20_000,
  },
});
