// npm run test:deploy [-- --keep-images]: the deployment proven end to end on this machine, with
// podman and podman-compose (not part of `npm test`). It builds the Debian base images if absent
// (scripts/deploy-podman.mjs), builds the app image and checks it (size, a non-root user, no
// compiler, npm or dev dependency, its HEALTHCHECK), brings deploy/compose.yaml up on localhost
// ports (development mode: the built-in simulator), waits for every instance to be healthy, signs
// in as the first admin through the proxy with the password the logs printed once, funds a client
// and vends through the API while one api container is killed, checks nothing is lost (every
// reference answered once, nothing PENDING, the ledger check in the image), takes a backup while it
// serves, wipes the database volume, restores (refused without --force over data), checks the books
// and every balance, then brings the stack down and removes what it made. The base images stay:
// they are the cache. --keep-images keeps the stack's images too (a second run skips their build).
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { buildImage, containersConf, ensureBase, imageExists, requireTools, sh } from './deploy-podman.mjs';
import { apiCall, CLIENT_PASSWORD, codeIn, fundedClient, signInFirstAdmin, vend } from './portal-flow.mjs';

const root = path.resolve(import.meta.dirname, '..');
const keepImages = process.argv.includes('--keep-images');
const work = mkdtempSync(path.join(tmpdir(), 'vendport-deploy-'));
const P = 'vendport-deploytest';
const port = 20_000 + Math.floor(Math.random() * 20_000);
const BASE = `http://localhost:${port}`;
const IMG = 'localhost/vendport:deploytest';
const PROXY_IMG = 'localhost/vendport-proxy:deploytest';
const PG_IMG = 'docker.io/library/postgres:15-bookworm';
const pgPassword = randomBytes(16).toString('hex');
const envFile = path.join(work, 'deploy.env');
const env = {
  ...process.env,
  CONTAINERS_CONF: containersConf(work),
  VENDPORT_IMAGE: IMG,
  VENDPORT_PROXY_IMAGE: PROXY_IMG,
  VENDPORT_ENV_FILE: envFile,
  POSTGRES_PASSWORD: pgPassword,
  SITE_ADDRESS: 'http://localhost',
  HTTP_PORT: String(port),
  HTTPS_PORT: String(port + 1),
};
const DB_URL = `postgres://vendport:${pgPassword}@db:5432/vendport`;
const VENDS = 240;
const KILL_AFTER = 80;
const CLIENTS = 8;
const FUNDED_NAIRA = 1_000_000;
const times = [];
const volumeNames = () =>
  sh('podman', ['volume', 'ls', '--format', '{{.Name}}'], { env, allowFail: true })
    .out.split('\n')
    .filter(Boolean);
/** The volumes there before the run (another stack's): the run must leave no other. */
const volumesBefore = new Set(volumeNames());
const t0 = Date.now();

async function step(name, fn) {
  const started = Date.now();
  process.stdout.write(`[${((started - t0) / 1000).toFixed(0).padStart(4)} s] ${name} ... `);
  const result = await fn();
  const secs = (Date.now() - started) / 1000;
  times.push([name, secs]);
  console.log(`${typeof result === 'string' ? `${result}, ` : ''}${secs.toFixed(1)} s`);
  return result;
}
const check = (ok, what) => {
  if (!ok) throw new Error(`FAILED: ${what}`);
};

const compose = (...args) =>
  sh('podman-compose', ['-p', P, '-f', path.join(root, 'deploy/compose.yaml'), ...args], { env });
const podman = (...args) => sh('podman', args, { env });
const ctr = (service) => `${P}_${service}_1`;
const psql = (q) =>
  podman('exec', ctr('db'), 'psql', '-U', 'vendport', '-d', 'vendport', '-Atc', q).out.trim();
/** A command of the app image on the stack's network: ledger check, backup, restore. */
const oneOff = (args, allowFail = false) =>
  sh(
    'podman',
    [
      'run',
      '--rm',
      '--network',
      `${P}_default`,
      '--env-file',
      envFile,
      '-e',
      `DATABASE_URL=${DB_URL}`,
      '-v',
      `${P}_backups:/backups`,
      IMG,
      'node',
      '--import',
      'tsx',
      ...args,
    ],
    { env, allowFail },
  );

const api = (method, url, body, token) => apiCall(BASE, method, url, body, token);

/** The newest 6-digit code emailed to `to`: the development outbox, read on loopback inside api-1. */
function codeFor(to, subject) {
  const js = `fetch('http://127.0.0.1:3000/api/v1/dev/outbox?to=${encodeURIComponent(to)}').then(r=>r.json()).then(j=>console.log(JSON.stringify(j.data)))`;
  // Either instance: one may be starting again (the outbox is in the database both share).
  for (const s of ['api-1', 'api-2']) {
    const r = sh('podman', ['exec', ctr(s), 'node', '-e', js], { env, allowFail: true });
    if (r.status === 0) return codeIn(JSON.parse(r.out), to, subject);
  }
  throw new Error(`FAILED: no api instance read the outbox for ${to}`);
}

async function waitFor(what, fn, limitMs = 180_000) {
  const until = Date.now() + limitMs;
  for (;;) {
    const v = await Promise.resolve()
      .then(fn)
      .catch(() => null);
    if (v) return v;
    if (Date.now() > until) throw new Error(`FAILED: ${what} within ${limitMs / 1000} s`);
    await delay(1000);
  }
}

const healthy = (service) =>
  sh('podman', ['healthcheck', 'run', ctr(service)], { env, allowFail: true }).status === 0;

/** sha256 of every client account's `id kind balance` line by id: the manifest's digest, computed apart. */
const balancesDigest = () => {
  const lines = psql(
    `select id || ' ' || kind || ' ' || balance_kobo from ledger_accounts where kind in ('WALLET','SANDBOX_WALLET','COMMISSION') order by id`,
  );
  const hash = createHash('sha256');
  for (const line of lines.split('\n').filter(Boolean)) hash.update(`${line}\n`);
  return hash.digest('hex');
};

async function main() {
  await step('tools (podman, podman-compose, runc, debootstrap)', () => requireTools());
  await step('base image debian:trixie-slim', () =>
    ensureBase(env, work, { suite: 'trixie', ref: 'docker.io/library/debian:trixie-slim' }),
  );
  if (!imageExists(env, PG_IMG)) {
    await step('base image debian:bookworm-slim (PostgreSQL 15 stand-in)', () =>
      ensureBase(env, work, { suite: 'bookworm', ref: 'docker.io/library/debian:bookworm-slim' }),
    );
    await step(`image ${PG_IMG} (stand-in: deploy/test/postgres)`, () =>
      buildImage(env, { context: path.join(root, 'deploy/test/postgres'), tag: PG_IMG }),
    );
  }
  const registry = sh('npm', ['config', 'get', 'registry']).out.trim();
  await step(`image ${IMG}`, () =>
    buildImage(env, { context: root, dockerfile: path.join(root, 'Dockerfile'), tag: IMG, registry }),
  );
  await step(`image ${PROXY_IMG}`, () =>
    buildImage(env, { context: path.join(root, 'deploy/proxy'), tag: PROXY_IMG }),
  );

  await step('image: size, non-root, no compiler or dev dependency, HEALTHCHECK', () => {
    const bytes = Number(podman('image', 'inspect', '--format', '{{.Size}}', IMG).out.trim());
    const probe = podman(
      'run',
      '--rm',
      '--entrypoint',
      'sh',
      IMG,
      '-c',
      'id -u; for c in cc gcc g++ c++ clang make npm; do command -v $c && echo "FOUND $c"; done; ls node_modules; true',
    ).out;
    const [uid] = probe.split('\n');
    check(uid !== '0' && /^\d+$/.test(uid), `the image runs as non-root (uid ${uid})`);
    check(!probe.includes('FOUND'), `no compiler or npm in the image (${probe.match(/FOUND \S+/g)})`);
    const dev = ['vite', 'vitest', 'typescript', 'drizzle-kit', 'autocannon', 'react', 'happy-dom'].filter(
      (d) => probe.split('\n').includes(d),
    );
    check(dev.length === 0, `no dev or web dependency in node_modules (found ${dev})`);
    // podman keeps a docker-format image's HEALTHCHECK beside its config, docker inside it.
    const [inspected] = JSON.parse(podman('image', 'inspect', IMG).out);
    const hc = JSON.stringify(inspected.Healthcheck ?? inspected.Config?.Healthcheck ?? null);
    check(hc.includes('healthcheck.mjs'), `a HEALTHCHECK in the image (${hc})`);
    return `${(bytes / 1e6).toFixed(0)} MB, uid ${uid}`;
  });

  writeFileSync(
    envFile,
    [
      'NODE_ENV=development',
      `APP_SECRET=${randomBytes(32).toString('hex')}`,
      `PUBLIC_URL=${BASE}`,
      'SIMULATOR_LATENCY_MS=50',
      'BACKUP_KEEP=3',
      'LOG_LEVEL=info',
      '',
    ].join('\n'),
  );
  await step('compose up (db, migrate, api-1, api-2, worker, backup, proxy)', () => {
    // podman-compose 1.0 creates networks without their ipam settings: the network is made here
    // with compose.yaml's subnet, which TRUSTED_PROXIES names (docker compose honours it itself).
    podman('network', 'create', '--subnet', '172.30.52.0/24', `${P}_default`);
    compose('up', '-d');
  });
  await step('healthy: db, both api instances (HEALTHCHECK), worker, proxy', () =>
    // Up to 6 minutes: on a loaded machine three processes compile the server at once (tsx).
    waitFor(
      'a healthy stack',
      async () => {
        if (!['api-1', 'api-2', 'worker'].every(healthy)) return false;
        const res = await fetch(`${BASE}/api/v1/health/ready`);
        return res.status === 200;
      },
      360_000,
    ),
  );

  const { session: token } = await step(
    'first admin: password printed once, signed in through the proxy',
    async () => {
      const logs = ['api-1', 'api-2', 'worker'].map((s) => {
        const l = sh('podman', ['logs', ctr(s)], { env });
        return l.out + l.err;
      });
      const printed = logs.flatMap((l) => [...l.matchAll(/password: +(\S+)/g)].map((m) => m[1]));
      check(
        printed.length === 1,
        `the first admin's password printed once, by one instance (${printed.length} times)`,
      );
      const session = await signInFirstAdmin(BASE, printed[0], async (to, subject) => codeFor(to, subject));
      process.stdout.write('password changed, second factor passed, ');
      return { session };
    },
  );

  const client = await step('a client registered, verified, given services and 1,000,000 naira', () =>
    fundedClient(BASE, token, async (to, subject) => codeFor(to, subject), FUNDED_NAIRA),
  );

  const answered = new Map();
  await step(`${VENDS} vends through the proxy, api-1 killed (SIGKILL) after ${KILL_AFTER}`, async () => {
    const run = randomBytes(3).toString('hex');
    let next = 0;
    let done = 0;
    let retried = 0;
    let killed = false;
    const refusals = new Map();
    const unclear = [];
    const vendOnce = async (i) => {
      const reference = `deploy-${run}-${i}`;
      let last = '';
      // For up to 90 s: a vend the killed instance had taken stays PENDING until the worker's
      // requery sweep (every 10 s) settles it; a retry then answers with that vend.
      for (let attempt = 0; attempt < 90; attempt++) {
        try {
          const v = await vend(BASE, client.token, reference);
          answered.set(reference, v.id);
          return;
        } catch (err) {
          // The instance died under it (a 502 from the proxy: it held the vend, which may have
          // been made) or could not be reached (a 503: nothing was sent): sent again with the same
          // reference, as a client would; the reference makes it one vend.
          last = err.message;
          const kind = err.status ? `HTTP ${err.status}` : last.replace(/deploy-\S+/, '');
          refusals.set(kind, (refusals.get(kind) ?? 0) + 1);
          if (err.status && !err.reason) unclear.push(`HTTP ${err.status} without a message`);
          if (err.status === 503 && !err.retryAfter) unclear.push('HTTP 503 without Retry-After');
          retried += 1;
          await delay(1000);
        }
      }
      throw new Error(`FAILED: ${reference} never answered (last: ${last})`);
    };
    const worker = async () => {
      while (next < VENDS) {
        const i = next++;
        await vendOnce(i);
        done += 1;
        if (done === KILL_AFTER && !killed) {
          killed = true;
          podman('kill', '--signal', 'KILL', ctr('api-1'));
        }
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, worker));
    // What each container holds under this load (deploy/README.md's sizing reads it).
    const stats = podman(
      'stats',
      '--no-stream',
      '--format',
      '{{.Name}} {{.CPUPerc}} {{.MemUsage}}',
    ).out.trim();
    console.log(`\n${stats.replace(/^/gm, '        ')}`);
    const why = [...refusals].map(([k, n]) => `${n} x ${k}`).join('; ');
    // Every refusal says what to do (the API's envelope from the proxy too: deploy/proxy/Caddyfile).
    check(unclear.length === 0, `every refusal carries a message (${[...new Set(unclear)].join(', ')})`);
    // One instance killed costs each client at most the vend it had in flight there and one sent
    // to it before the proxy saw it gone: the other instance takes the rest. (A proxy that took
    // the living instance out as well refused every vend for 30 s: 234 refusals.)
    check(
      retried <= 2 * CLIENTS,
      `at most ${2 * CLIENTS} vends refused while one instance serves (${retried}: ${why})`,
    );
    return `${answered.size} answered, ${retried} sent again${why ? ` (${why})` : ''}`;
  });

  await step(
    'nothing lost: one vend per reference, nothing PENDING, ledger check in the image, the wallet to the kobo',
    async () => {
      // api-1 comes back by its restart policy, or is started again here.
      if (podman('inspect', '--format', '{{.State.Running}}', ctr('api-1')).out.trim() !== 'true')
        podman('start', ctr('api-1'));
      await waitFor(
        'no vend PENDING',
        () => psql(`select count(*) from vends where status = 'PENDING'`) === '0',
      );
      const refs = [...answered.keys()].map((r) => `'${r}'`).join(',');
      const [n, distinct, ids] = psql(
        `select count(*), count(distinct reference), string_agg(id::text, ',' order by id) from vends where reference in (${refs})`,
      ).split('|');
      check(
        Number(n) === VENDS && Number(distinct) === VENDS,
        `${VENDS} vends for ${VENDS} references (found ${n}, ${distinct} distinct)`,
      );
      check(ids === [...answered.values()].sort().join(','), 'every answer is the vend the database holds');
      const ledger = oneOff(['apps/api/src/cli/ledger-check.ts'], true);
      check(ledger.status === 0, `ledger check passes\n${ledger.out}${ledger.err}`);
      const statuses = psql(
        `select string_agg(status || ' ' || n, ', ') from (select status, count(*) n from vends where reference in (${refs}) group by 1) s`,
      );
      // To the kobo: the wallet holds its funding less what its settled vends were charged (a failed
      // vend's charge came back), so a vend debited twice, or a kobo lost, shows here.
      const [wallet, charged, vendCount] = psql(
        `select (select balance_kobo from ledger_accounts where kind = 'WALLET' and corporate_id = '${client.corporateId}'),
              (select coalesce(sum(charge_kobo), 0) from vends where corporate_id = '${client.corporateId}' and status = 'SUCCESSFUL'),
              (select count(*) from vends where corporate_id = '${client.corporateId}')`,
      ).split('|');
      check(
        Number(wallet) === FUNDED_NAIRA * 100 - Number(charged) && Number(vendCount) === VENDS,
        `the wallet is its funding less its vends' charges (${wallet} kobo = ${FUNDED_NAIRA * 100} - ${charged}; ${vendCount} vends)`,
      );
      return `${statuses}, wallet ${wallet} kobo = ${FUNDED_NAIRA * 100} - ${charged}`;
    },
  );

  const before = {};
  const dump = await step('backup while serving (pg_dump custom format + manifest)', () => {
    const out = oneOff(['apps/api/src/cli/backup.ts', '--keep', '3']).out;
    console.log(`\n${out.trim().replace(/^/gm, '        ')}`);
    const file = /Backup written: (\S+)/.exec(out)[1];
    before.wallet = psql(
      `select balance_kobo from ledger_accounts where kind = 'WALLET' and corporate_id = '${client.corporateId}'`,
    );
    return path.basename(file);
  });

  await step(
    'database volume wiped (app stopped by SIGTERM, drained, exit 0; db removed with its volume; a new one)',
    async () => {
      compose('stop', 'proxy', 'api-1', 'api-2', 'worker', 'backup');
      // Stopped with SIGTERM, each app process drained and exited 0 by itself (137: killed).
      for (const s of ['api-1', 'api-2', 'worker']) {
        const code = podman('inspect', '--format', '{{.State.ExitCode}}', ctr(s)).out.trim();
        check(code === '0', `${s} drained on SIGTERM and exited 0 (exit code ${code})`);
      }
      podman('rm', '-f', ctr('db'));
      podman('volume', 'rm', `${P}_pgdata`);
      compose('up', '-d', '--no-deps', 'db');
      // Ready on TCP, as its health check asks: a new data directory is first initialised by a
      // server on the socket only, which then shuts down ("the database system is shutting down"
      // met a query in one run) before the real one starts.
      await waitFor(
        'the new database',
        () =>
          sh(
            'podman',
            ['exec', ctr('db'), 'pg_isready', '-h', '127.0.0.1', '-U', 'vendport', '-d', 'vendport'],
            { env, allowFail: true },
          ).status === 0 && psql('select 1') === '1',
      );
      return `${psql(`select count(*) from pg_tables where schemaname = 'public'`)} tables`;
    },
  );

  await step('restore: into the empty database, then refused over data without --force, then forced', () => {
    const first = oneOff(['apps/api/src/cli/restore.ts', `/backups/${dump}`]);
    console.log(`\n${first.out.trim().replace(/^/gm, '        ')}`);
    const refused = oneOff(['apps/api/src/cli/restore.ts', `/backups/${dump}`], true);
    check(
      refused.status === 2 && /is not empty.*--force/.test(refused.err),
      `a restore over data without --force is refused\n${refused.err}`,
    );
    const forced = oneOff(['apps/api/src/cli/restore.ts', `/backups/${dump}`, '--force']);
    check(/every balance equals the backup's/.test(forced.out), 'the forced restore proves the balances');
    return 'refused without --force, restored with it';
  });

  await step('books and balances after the restore (ledger check, digest computed apart)', () => {
    const manifest = JSON.parse(
      podman(
        'run',
        '--rm',
        '-v',
        `${P}_backups:/backups`,
        '--entrypoint',
        'cat',
        IMG,
        `/backups/${dump}.json`,
      ).out,
    );
    check(balancesDigest() === manifest.digest, 'every client account balance equals the backup manifest');
    const wallet = psql(
      `select balance_kobo from ledger_accounts where kind = 'WALLET' and corporate_id = '${client.corporateId}'`,
    );
    check(
      wallet === before.wallet,
      `the client's wallet ${wallet} = ${before.wallet} kobo before the backup`,
    );
    check(
      oneOff(['apps/api/src/cli/ledger-check.ts'], true).status === 0,
      'ledger check passes after the restore',
    );
    return `wallet ${wallet} kobo, ${manifest.accounts} accounts as backed up`;
  });

  await step(
    'the stack back on the restored database: the client signs in and reads its wallet',
    async () => {
      compose('up', '-d');
      await waitFor('a ready api', async () => (await fetch(`${BASE}/api/v1/health/ready`)).status === 200);
      // Signed in anew (password and the emailed code): the restored accounts, not a kept session.
      const login = await api('POST', 'login', { email: client.email, password: CLIENT_PASSWORD });
      await api('POST', '2fa', { code: codeFor(client.email, /sign-in code/i) }, login.access_token);
      const w = await api('GET', 'get-wallet-balance', undefined, login.access_token);
      check(
        w.balanceKobo === Number(before.wallet),
        `the portal shows ${w.balanceKobo} kobo, ${before.wallet} before the backup`,
      );
      return `balance ${w.balanceKobo} kobo, as before the backup`;
    },
  );
}

function teardown() {
  process.stdout.write('teardown: compose down, volumes and network removed ... ');
  // Each container with its anonymous volumes first: the image declares VOLUME /data, so a service
  // that mounts nothing there (backup) gets one, which podman-compose 1.0's down -v leaves behind.
  for (const s of ['proxy', 'backup', 'worker', 'api-2', 'api-1', 'migrate', 'db'])
    sh('podman', ['rm', '-f', '-v', ctr(s)], { env, allowFail: true });
  sh('podman-compose', ['-p', P, '-f', path.join(root, 'deploy/compose.yaml'), 'down', '-v'], {
    env,
    allowFail: true,
  });
  for (const v of ['pgdata', 'appdata', 'backups', 'caddydata'])
    sh('podman', ['volume', 'rm', '-f', `${P}_${v}`], { env, allowFail: true });
  sh('podman', ['network', 'rm', '-f', `${P}_default`], { env, allowFail: true });
  // The images it built and their build layers; the base images stay (the cache of debootstrap).
  if (!keepImages) {
    sh('podman', ['rmi', '-f', IMG, PROXY_IMG], { env, allowFail: true });
    sh('podman', ['image', 'prune', '-f'], { env, allowFail: true });
  }
  // Checked, not assumed: no container or network of the stack, no volume the run made.
  const left = [
    ...sh('podman', ['ps', '-a', '--format', '{{.Names}}'], { env, allowFail: true }).out.split('\n'),
    ...sh('podman', ['network', 'ls', '--format', '{{.Name}}'], { env, allowFail: true }).out.split('\n'),
  ].filter((n) => n.startsWith(P));
  left.push(...volumeNames().filter((v) => !volumesBefore.has(v)));
  // Last: podman reads its settings (CONTAINERS_CONF) from the run's folder.
  rmSync(work, { recursive: true, force: true });
  console.log(left.length ? `LEFT BEHIND: ${left.join(', ')}` : 'done, nothing left behind');
  return left.length === 0;
}

let failed = false;
try {
  await main();
} catch (err) {
  failed = true;
  console.log('');
  console.error(err instanceof Error ? err.message : err);
  for (const s of ['api-1', 'api-2', 'worker', 'migrate', 'proxy']) {
    const l = sh('podman', ['logs', '--tail', '15', ctr(s)], { env, allowFail: true });
    console.error(`--- ${s}\n${l.out}${l.err}`);
  }
} finally {
  if (!teardown()) failed = true;
}
console.log('\nstep times:');
for (const [name, secs] of times) console.log(`  ${secs.toFixed(1).padStart(6)} s  ${name}`);
console.log(`test:deploy ${failed ? 'FAILED' : 'passed'} in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
process.exit(failed ? 1 : 0);
