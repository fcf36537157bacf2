import { defineConfig } from 'vitest/config';

// End-to-end journeys in Chromium against the real server on a fresh embedded database.
// One server for the run (global setup); files run one after another to keep two cores calm.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
