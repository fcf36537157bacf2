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
/**
 * On PostgreSQL, the files with a large pool (apps/api/src/test/harness.ts bigPoolTurn) take turns
 * with the fault run across the two workers: started last, when the fault run (first) is long
 * done, so the other worker does not sit waiting for its turn.
 */
const BIG_POOL_ON_PG = [
  'ledger/concurrency.test.ts',
  'lifecycle/concurrency.test.ts',
  'lifecycle/upstreams.test.ts',
  'auto-topup.concurrency.test.ts',
];
const rank = (s: TestSpecification) => {
  if (process.env.TEST_DB_KIND === 'pg' && BIG_POOL_ON_PG.some((f) => s.moduleId.endsWith(`/${f}`)))
    return LONGEST_FIRST.length + 2;
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
 * Seconds each journey took in a clean-clone run (2026-11-29, two cores, two shards side by side,
 * the servers bundled; Vitest's JSON report, each file's end less its start); a journey not
 * listed counts 6. They deal
 * the journeys to the shards (shard() below).
 */
const JOURNEY_SECONDS: Record<string, number> = {
  '01-sign-up': 5,
  '02-admin-first-sign-in': 5,
  '03-logout': 6,
  '04-notifications': 8,
  '05-expired-session': 3,
  '06-area-guard': 14,
  '07-login-budget': 4,
  '10-wallet-funding': 28,
  '12-card-reversal': 10,
  '20-vending': 11,
  '22-money-words': 70,
  '25-upstream-vtpass': 30,
  '26-paystack-cards': 14,
  '27-paystack-dedicated-account': 24,
  '28-gateway-reconciliation': 8,
  '28-provider-health': 16,
  '30-admin-catalogue': 20,
  '40-verification': 15,
  '41-verification-resubmission': 15,
  '42-verification-document-types': 6,
  '50-dashboards': 13,
  '51-pending-fund-requests-link': 2,
  '51-phone-overflow': 43,
  '53-toast-after-error': 5,
  '55-bills': 36,
  '56-bills-bulk': 11,
  '57-bills-receipt': 14,
  '60-auto-topup': 25,
  '65-settings': 12,
  '66-smtp-outbox': 3,
  '67-developers': 6,
  '68-screens-and-toasts': 22,
  '70-team': 27,
  '71-team-reset-two-factor': 5,
  '72-audit-trail-readable': 2,
  '73-honest-screens': 8,
  '99-screenshots': 61,
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
   * and Chromium): the first n files in name order open the n shards, one each (01 sign-up, 02 the
   * admin's first sign-in, which must meet the seeded admin before any adminToken() in its shard);
   * the rest go, the longest first (JOURNEY_SECONDS), each to the shard with the fewest seconds so
   * far. Each shard then runs its files in name order (sort() above). Dealt in name order instead,
   * the shards were 255 and 303 s of journeys, the last one (99) landing on the fuller one; this
   * way 303 and 304. Other projects' files keep Vitest's own split.
   */
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard!;
    const isE2e = (s: TestSpecification) => s.project.name === 'e2e';
    const byName = files
      .filter(isE2e)
      .sort((a, b) => (a.moduleId < b.moduleId ? -1 : a.moduleId > b.moduleId ? 1 : 0));
    const openers = byName.slice(0, count);
    const load = openers.map((s) => journeySeconds(s.moduleId));
    const mine = openers.filter((_, i) => i === index - 1);
    // A stable sort: journeys of equal length keep their name order.
    for (const s of byName
      .slice(count)
      .sort((a, b) => journeySeconds(b.moduleId) - journeySeconds(a.moduleId))) {
      const to = load.indexOf(Math.min(...load));
      load[to] += journeySeconds(s.moduleId);
      if (to === index - 1) mine.push(s);
    }
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
