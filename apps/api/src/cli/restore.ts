// npm run db:restore -- <backup file> [--force]: restores a backup taken by `npm run db:backup`
// into the configured database, then checks the books and every balance against its manifest.
// Exit codes: 0 restored and proven, 1 restored but the books or a balance differ, 2 refused or
// could not run (nothing changed unless it says so).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatNaira } from '@vendport/shared';
import { loadConfig } from '../infra/config';
import { BackupError, type Target } from './backup-lib';
import { restore } from './restore-lib';

try {
  const { values, positionals } = parseArgs({
    options: { force: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  if (positionals.length !== 1)
    throw new BackupError(
      'Say which backup to restore: npm run db:restore -- <file.dump|file.tar.gz> [--force]',
    );
  const config = loadConfig();
  const target: Target = config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL }
    : { kind: 'pglite', dir: path.resolve(config.DATA_DIR, 'pglite') };
  const started = Date.now();
  const r = await restore(target, path.resolve(positionals[0]), { force: values.force ?? false });
  console.log(
    `Restored ${path.basename(positionals[0])} (taken ${r.manifest.createdAt}) in ${Date.now() - started} ms`,
  );
  console.log(
    `  ${r.after.accounts} client accounts, balances ${formatNaira(r.after.totalKobo)}, books check ${r.after.booksOk ? 'passed' : `FAILED (${r.after.violations} violations)`}`,
  );
  if (r.problems.length > 0) {
    for (const p of r.problems) console.error(`  NOT AS BACKED UP: ${p}`);
    process.exit(1);
  }
  console.log("  every balance equals the backup's");
  process.exit(0);
} catch (err) {
  console.error(`Restore failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(2);
}
