// What every e2e server starts from, made once before the journeys' shards start side by side
// (scripts/test.mjs): the web build, the server's bundle and the migrated database template. Each
// shard's global setup then finds them made (the web build and the template are made only when
// missing or stale; the bundle is written only when its bytes change), instead of two shards
// building the same files at once.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildServerBundle, buildTemplate } from './global-setup';

const root = path.resolve(import.meta.dirname, '..');
const web = spawnSync(process.execPath, ['scripts/build-web-if-needed.mjs'], { cwd: root, stdio: 'inherit' });
if (web.status !== 0) process.exit(web.status ?? 1);
await buildServerBundle();
await buildTemplate();
