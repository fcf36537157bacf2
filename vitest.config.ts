import { defineConfig } from 'vitest/config';
import { FileNameSequencer } from './e2e/vitest.config.ts';

// One runner, six projects (shared, api, scripts, client, web, e2e). The API project runs every file on its own fresh
// database (PGlite, and PostgreSQL too when TEST_DATABASE_URL is set). The sequencer is read
// from this root config only: it runs the e2e journeys in file-name order, other files as usual.
export default defineConfig({
  test: {
    sequence: { sequencer: FileNameSequencer },
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          environment: 'node',
          // A worker keeps the app's modules loaded from one file to the next (each file still has
          // its own database and app): loading them again cost ~4.5 s a file, a third of the
          // stage. No API test mocks a module or relies on fresh module state.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'scripts',
          // mocks/: the local stand-ins for outside services (mocks/vtpass), tested with the repo's scripts.
          include: ['scripts/**/*.test.mjs', 'mocks/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          // @vendport/client against the API it calls, started in-process (PGlite, or PostgreSQL
          // with TEST_DB_KIND=pg), and its README's quickstart as written.
          name: 'client',
          include: ['packages/client/test/**/*.test.ts'],
          environment: 'node',
          isolate: false, // as the API's

          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
      'e2e/vitest.config.ts',
    ],
  },
});
