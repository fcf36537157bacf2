import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The longest files of the API project (minutes each: servers started and killed again and
 * again), started first. Without timings from an earlier run (a clean clone) Vitest would start
 * them wherever, and one begun last runs on alone while the other workers sit idle.
 */
const LONGEST_FIRST = ['crash-safety.test.ts', 'fault-run.test.ts'];
/**
 * On PostgreSQL beside the first stage (scripts/test.mjs with VENDPORT_TEST_SERIAL=0) the fault
 * run goes last instead: that stage's first file is crash-safety, and with the fault run's three
 * servers started at the same moment, on a loaded two-core machine crash-safety's first server
 * took more than its 120 s to start. Run alone (the default), it goes first, beside the others.
 */
const LAST_ON_PG = ['fault-run.test.ts'];
const rank = (s: TestSpecification) => {
  if (
    process.env.TEST_DB_KIND === 'pg' &&
    process.env.VENDPORT_TEST_SERIAL === '0' &&
    LAST_ON_PG.some((f) => s.moduleId.endsWith(`/${f}`))
  )
    return LONGEST_FIRST.length + 1;
  const i = LONGEST_FIRST.findIndex((f) => s.moduleId.endsWith(`/${f}`));
  return i < 0 ? LONGEST_FIRST.length : i;
};

/**
 * Seconds the longest journeys took in a clean-clone run (2026-11-29, two cores, one journey at a
 * time); any other counts 6. Only their order of size matters: they deal the journeys to shards.
 */
const JOURNEY_SECONDS: Record<string, number> = {
  '22-money-words': 56,
  '99-screenshots': 46,
  '51-phone-overflow': 40,
  '55-bills': 23,
  '68-screens-and-toasts': 22,
  '27-paystack-dedicated-account': 21,
  '25-upstream-vtpass': 19,
  '10-wallet-funding': 18,
  '70-team': 18,
  '60-auto-topup': 16,
  '30-admin-catalogue': 14,
};
const journeySeconds = (moduleId: string) =>
  JOURNEY_SECONDS[path.basename(moduleId).replace(/\.e2e\.ts$/, '')] ?? 6;

/**
 * Journeys run in file-name order (01-..., 02-..., 99-screenshots): later files may rely on what
 * earlier ones did to the one shared server (the admin's first sign-in happens in 02). Files of
 * other projects keep Vitest's own order, the longest first (LONGEST_FIRST). The root config uses
 * this class too: Vitest reads `sequence.sequencer` from the root config when the e2e project
 * runs through it.
 */
export class FileNameSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // A stable sort: the rest keep Vitest's order.
    const sorted = (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
    const isE2e = (s: TestSpecification) => s.project.name === 'e2e';
    const e2e = sorted
      .filter(isE2e)
      .sort((a, b) => (a.moduleId < b.moduleId ? -1 : a.moduleId > b.moduleId ? 1 : 0));
    let next = 0;
    // Keep the slots the e2e files took; fill them in path order.
    return sorted.map((s) => (isE2e(s) ? (e2e[next++] as TestSpecification) : s));
  }

  /**
   * `--shard=i/n` (npm test runs the journeys in two shards side by side, each with its own server
   * and Chromium): the journeys dealt in file-name order, each to the shard with the fewest
   * seconds so far (JOURNEY_SECONDS), so the first n files open the n shards (01 sign-up, 02 the
   * admin's first sign-in, which must meet the seeded admin before any adminToken()) and the long
   * ones spread out. Other projects' files keep Vitest's own split.
   */
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard!;
    const isE2e = (s: TestSpecification) => s.project.name === 'e2e';
    const load = Array.from({ length: count }, () => 0);
    const mine = files
      .filter(isE2e)
      .sort((a, b) => (a.moduleId < b.moduleId ? -1 : a.moduleId > b.moduleId ? 1 : 0))
      .filter((s) => {
        const to = load.indexOf(Math.min(...load));
        load[to] += journeySeconds(s.moduleId);
        return to === index - 1;
      });
    const others = files.filter((s) => !isE2e(s));
    return [...mine, ...(others.length ? await super.shard(others) : [])];
  }
}

// End-to-end journeys in Chromium against the real server on a fresh embedded database.
// One server and one Chromium for a run (global setup), its files one after another; npm test
// starts two such runs side by side (--shard, see shard() above and scripts/test.mjs).
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    // One process for every file, as the API project: starting a worker and loading Vitest,
    // playwright-core and the helpers again for each of 33 files cost a second or two each.
    // Each file still re-runs its own module; the helpers' state is the server a file points
    // them at (support.ts useServer, reset in the file's afterAll) and a counter of names.
    isolate: false,
    sequence: { sequencer: FileNameSequencer },
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
