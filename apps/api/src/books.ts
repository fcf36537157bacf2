// The books: every invariant the ledger checks over its own tables, then those its owners check
// over theirs beside the ledger (funding's credits, vending's debits and floats, commissions'
// settlements). Gathered here, above the modules whose checks it runs, so that no module imports
// the others' checks: what `npm run ledger:check` prints and the hourly books-check job keeps.
import type { Db } from './infra/db/client';
import type { JobHandler, ModuleJobs } from './infra/queue';
import { commissionChecks } from './modules/commissions';
import { fundingChecks } from './modules/funding';
import { checkLedgerAnd } from './modules/ledger';
import { vendingChecks } from './modules/vending';

export const checkBooks = (db: Db) =>
  checkLedgerAnd(db, [...fundingChecks(), ...vendingChecks(), ...commissionChecks()]);

/** The books checked every hour; the result stays in the job's payload (metrics read it). */
export const booksCheckJob: JobHandler = async (ctx, _job, now) => {
  const report = await checkBooks(ctx.db);
  const violations = report.checks.reduce((n, c) => n + c.violations, 0);
  if (!report.ok)
    ctx.log.error({ violations, checks: report.checks.filter((c) => c.violations) }, 'books check failed');
  return {
    retryAt: new Date(now.getTime() + 3600_000),
    payload: { ok: report.ok, violations, checkedAt: now.toISOString() },
  };
};

export const booksJobs: ModuleJobs = {
  handlers: { 'books-check': booksCheckJob },
  recurring: (_ctx, now) => [{ queue: 'books-check', runAt: now, dedupeKey: 'recurring:books-check' }],
};
