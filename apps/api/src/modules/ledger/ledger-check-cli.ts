// npm run ledger:check: checks every ledger invariant over the configured database, prints each
// with its count of violations, and exits non-zero on any violation (or when it cannot check).
import { loadConfig } from '../../config';
import { openDb } from '../../db/client';
import { dbTargetOf } from '../../db/target';
import { checkLedger, formatLedgerReport } from './ledger-check';

const config = loadConfig();
const handle = await openDb(dbTargetOf(config));
let code = 0;
try {
  const report = await checkLedger(handle.db);
  console.log(formatLedgerReport(report));
  code = report.ok ? 0 : 1;
} catch (err) {
  console.error(`Ledger check could not run: ${err instanceof Error ? err.message : String(err)}`);
  code = 2;
} finally {
  await handle.close();
}
process.exit(code);
