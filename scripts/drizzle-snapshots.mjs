// Drizzle's snapshots: `drizzle-kit generate` diffs the schema against the LAST snapshot in
// apps/api/drizzle/meta and nothing older (its `preparePrevSnapshot`), and the migrator reads only
// `_journal.json` and the SQL files. Older snapshots were 5 MB of copies that differed by their
// ids, so the repository keeps the journal and the latest snapshot only.
//
// `npm run db:generate -- [drizzle-kit generate args]` runs drizzle-kit, then removes the snapshots
// older than the newest; lint fails on an older one left behind (`npx drizzle-kit generate` run
// directly leaves one): `npm run db:generate` with no schema change removes it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
export const META = 'apps/api/drizzle/meta';
const SNAPSHOT = /^\d+_snapshot\.json$/;

/** Snapshot files under `base`'s drizzle/meta older than the newest (drizzle-kit sorts them by name). */
export function staleSnapshots(base = root) {
  const dir = path.join(base, META);
  if (!existsSync(dir)) return [];
  const snapshots = readdirSync(dir)
    .filter((n) => SNAPSHOT.test(n))
    .sort();
  return snapshots.slice(0, -1).map((n) => path.join(META, n));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const kit = spawnSync('npx', ['drizzle-kit', 'generate', ...process.argv.slice(2)], {
    cwd: path.join(root, 'apps/api'),
    stdio: 'inherit',
  });
  if (kit.status !== 0) process.exit(kit.status ?? 1);
  for (const file of staleSnapshots()) rmSync(path.join(root, file));
}
