// npm run db:migrate: apply migrations to the configured database and exit.
import { loadConfig } from '../config';
import { openDb } from './client';
import { runMigrations } from './migrate';
import { dbTargetOf } from './target';

const config = loadConfig();
const handle = await openDb(dbTargetOf(config));
await runMigrations(handle);
console.log(`Migrations applied (${handle.kind}).`);
await handle.close();
