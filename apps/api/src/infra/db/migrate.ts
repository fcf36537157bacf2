// Applies the committed SQL migrations (apps/api/drizzle) to either engine.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DbHandle } from './client';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

/** How many migrations are committed (the journal's entries): a database with fewer is not ready. */
export function committedMigrations(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'));
  return journal.entries.length;
}

/** Advisory lock key of migrations: instances started together migrate one after the other. */
const MIGRATIONS_LOCK = 7_243_901;

export async function runMigrations(handle: DbHandle): Promise<void> {
  const opts = { migrationsFolder: MIGRATIONS_DIR };
  if (handle.kind === 'postgres')
    await handle.exclusive(MIGRATIONS_LOCK, () => migratePg(handle.db as never, opts));
  else await migratePglite(handle.db as never, opts);
}
