// npm run db:migrate: apply migrations to the configured database and exit.
import { loadConfig } from '../infra/config';
import { openDb } from '../infra/db/client';
import { runMigrations } from '../infra/db/migrate';
import { dbTargetOf } from '../infra/db/target';

const config = loadConfig();
const handle = await openDb(dbTargetOf(config)).catch((err: unknown) => {
  console.error(`Migrations could not run: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(2);
});
await runMigrations(handle);
console.log(`Migrations applied (${handle.kind}).`);
await handle.close();
