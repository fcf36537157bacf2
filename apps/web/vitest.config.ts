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
    // The files of a worker share the app's loaded modules, as the API project's do: loading them
    // again for each file (isolated) cost 131 s of CPU for the project against 60 s shared (78 s
    // against 39 s of wall time on two workers). Module state a file could leave behind is reset
    // between tests and files by test/setup.ts (storage, cookies, spies, globals, the sign-in
    // hand-over); a test mocks by spying on a module's object, never by vi.mock of a module.
    isolate: false,
    // The first stage of npm test runs a worker per core: a screen's first render may wait on a
    // busy machine (Testing Library waits up to 10 s, see test/setup.ts).
    testTimeout: 20_000,
  },
});
