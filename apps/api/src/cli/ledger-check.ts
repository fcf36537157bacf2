// npm run ledger:check: checks every ledger invariant and every vending one (a vend's debit,
// reversal, commission and float) over the configured database, prints each with its count of
// violations, and exits non-zero on any violation (or when it cannot check).

import { checkBooks } from '../books';
import { loadConfig } from '../infra/config';
import { openDb } from '../infra/db/client';
import { dbTargetOf } from '../infra/db/target';
import { formatLedgerReport } from '../modules/ledger';

const config = loadConfig();
const handle = await openDb(dbTargetOf(config)).catch((err: unknown) => {
  // The embedded database is the running server's (dir-lock.ts): say how to run the check.
  console.error(`Ledger check could not run: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(2);
});
let code = 0;
try {
  const report = await checkBooks(handle.db);
  console.log(formatLedgerReport(report));
  code = report.ok ? 0 : 1;
} catch (err) {
  console.error(`Ledger check could not run: ${err instanceof Error ? err.message : String(err)}`);
  code = 2;
} finally {
  await handle.close();
}
process.exit(code);
