// npm run db:backup [-- --out-dir DIR] [--keep N]: a backup of the configured database (PostgreSQL:
// pg_dump's custom format, taken while the servers run; PGlite: its data directory, with the server
// stopped) and its manifest of balances, into BACKUP_DIR. --keep N then removes all but the newest N.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatNaira } from '@vendport/shared';
import { loadConfig } from '../infra/config';
import { BackupError, backup, prune, type Target, writeBackupMetrics } from './backup-lib';

try {
  const { values } = parseArgs({ options: { 'out-dir': { type: 'string' }, keep: { type: 'string' } } });
  const keep = values.keep === undefined ? null : Number(values.keep);
  if (keep !== null && !(Number.isInteger(keep) && keep >= 1))
    throw new BackupError(`--keep must be a whole number of backups, at least 1 (not ${values.keep})`);
  const config = loadConfig();
  const dir = path.resolve(values['out-dir'] ?? config.BACKUP_DIR);
  mkdirSync(dir, { recursive: true });
  const target: Target = config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL }
    : { kind: 'pglite', dir: path.resolve(config.DATA_DIR, 'pglite') };
  const started = Date.now();
  const m = await backup(target, dir);
  writeBackupMetrics(dir, m);
  console.log(
    `Backup written: ${path.join(dir, m.dump)} (${m.engine}, ${m.bytes} bytes, ${Date.now() - started} ms)`,
  );
  console.log(
    `  ${m.accounts} client accounts, balances ${formatNaira(m.totalKobo)}, books check ${m.booksOk ? 'passed' : `FAILED (${m.violations} violations)`}, ${m.migrations} migrations`,
  );
  if (keep !== null) for (const f of prune(dir, keep)) console.log(`  removed the older backup ${f}`);
  process.exit(m.booksOk ? 0 : 1);
} catch (err) {
  console.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(2);
}
