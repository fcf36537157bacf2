// Process entry: configuration, database, migrations, seed, listen, graceful close.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './infra/config';
import { openDb } from './infra/db/client';
import { runMigrations } from './infra/db/migrate';
import { dbTargetOf } from './infra/db/target';
import { startJobs } from './jobs';
import { seed } from './seed';

function appSecret(dataDir: string, given?: string): string {
  if (given) return given;
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

async function main() {
  const base = loadConfig();
  for (const w of base.warnings) console.warn(`Warning: ${w}`);
  const config = { ...base, APP_SECRET: appSecret(base.DATA_DIR, base.APP_SECRET) };
  const handle = await openDb(dbTargetOf(config));
  // The embedded database's thread gone: every write would fail. Stop, so that a restart (which
  // recovers the directory from its write-ahead log) brings the server back whole.
  handle.onLost((err) => {
    console.error(`The database stopped: ${err.message}. VendPort stops; start it again.`);
    process.exit(1);
  });
  await runMigrations(handle);
  const app = await buildApp(config, { db: handle });
  const first = await seed(app.ctx);
  const serves = config.APP_ROLE !== 'worker';
  const jobs = config.APP_ROLE !== 'api' ? startJobs(app.ctx) : { stop: async () => {} };

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Draining: still serving, but not ready, until the load balancer has looked (SHUTDOWN_DRAIN_MS).
    app.ctx.lifecycle.draining = true;
    const drain = signal === 'SIGTERM' && serves ? config.SHUTDOWN_DRAIN_MS : 0;
    if (drain > 0) await new Promise((resolve) => setTimeout(resolve, drain));
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await jobs.stop();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  const where = `database: ${handle.kind}${handle.kind === 'pglite' ? ` in ${path.join(config.DATA_DIR, 'pglite')}` : ''}`;
  if (serves) {
    await app.listen({ port: config.PORT, host: config.HOST });
    const url = `http://${config.HOST}:${(app.server.address() as { port: number }).port}`;
    console.log(
      `VendPort is running on ${url} (${where}${config.APP_ROLE === 'api' ? ', no job worker' : ''})`,
    );
    console.log(`API docs: ${url}/docs`);
  } else {
    console.log(`VendPort worker is running (${where}): job queue only, no HTTP`);
  }
  if (first) {
    console.log('');
    console.log('First start: a super admin was created. Sign in and change the password:');
    console.log(`  email:    ${first.email}`);
    console.log(`  password: ${first.password}`);
    console.log('This password is shown only once.');
    console.log('');
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
