// npm run bench:vend — API-key vends under load, against the database's own ceiling.
//
// Each configuration below has a database of its own (seeded alike: 33 clients with funded
// wallets and live keys) and a server of its own, kept up through the pass. A pass warms each
// configuration up once, then measures them in turn, BENCH_ROUNDS times over, BENCH_SECONDS each:
// this machine's speed drifts from minute to minute (the same run has measured twice as fast as
// itself minutes later), and measuring in turn makes the drift fall on every configuration alike.
// The turn's order alternates from round to round (first to last, then last to first), because
// the order itself moved the figures: the 32-wallet figure against the one-wallet one averaged
// 0.928 over four rounds where it was measured second and 0.961 over seven where it was measured
// first, on one machine the same morning (likely cause: a run shares the machine with the
// flushing of the writes of the run before it).
//
// 1. PostgreSQL pass, with the baseline: each round starts with pgbench on the local PostgreSQL
//    (32 clients, -M prepared, each transaction one conditional UPDATE of a single row plus two
//    INSERTs: the least a debit can cost), then the real server (simulator at 0 ms) under
//    autocannon with 32 connections, unique references: every connection on ONE client wallet,
//    then on 32 different wallets.
// 2. PGlite pass: the same two on the embedded database, with 64 connections.
// 3. Provider-latency pass: PostgreSQL, 256 connections on 32 wallets, the simulator at 0 ms and
//    at 500 ms; at each, callers that wait for the network's answer, and callers that send
//    `Prefer: respond-async` (answered 202 PENDING once debited). An async round counts a vend
//    only once it is final: after the load it waits until no vend is PENDING, and its figure is
//    the vends made final / (measured time + that drain).
// 4. Noisy-neighbour pass (bench/noisy-neighbour.mjs; issue 34): PostgreSQL, quiet clients at a
//    fixed open-loop rate each, measured alone and while one client sends 20 times that rate
//    over its rate limit (the platform's defaults): the quiet clients' p99 and refusals.
// The API rate limiter is on throughout: the clients of passes 1-3 have limits of their own (the
// admin's per-client override, BENCH_RATE_LIMITS) far above what the load sends, so that every
// vend takes its tokens (leased from the shared buckets on PostgreSQL) and none is refused.
// Prints vends/s (all rounds), p50 (median round), p99 and max latency (worst round), non-2xx
// answers, the CPU each vend cost (the server process, and the rest of the machine but the load
// generator: on PostgreSQL, mostly the database), the baseline TPS (mean of the rounds) with its
// own p50 and p99 (pgbench's per-transaction log: what 32 callers of the bare database wait on
// this machine, beside target 1's p99 bound) and the ratios, runs the ledger and vending checks
// on each database, and says of each target of the performance issue whether it is met.
// Exits non-zero only when a check finds a violation.
//
// Environment: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres), PGBENCH
// (path), BENCH_ROUNDS (3), BENCH_SECONDS (10, per round), BENCH_WARMUP_SECONDS (5),
// BENCH_CONNECTIONS (32), BENCH_PGLITE_CONNECTIONS (64), BENCH_SKIP_PGLITE=1, BENCH_SKIP_LATENCY=1,
// BENCH_RATE_LIMITS (the bench clients' own limits: keyPerS,keyBurst,clientPerS,clientBurst;
// 10000,20000,10000,20000), BENCH_NOISY_QUIET_CLIENTS (4), BENCH_NOISY_RATE (20 vends/s per quiet
// client), BENCH_NOISY_FACTOR (20), BENCH_SKIP_NOISY=1, BENCH_ONLY_NOISY=1 (the noisy-neighbour
// pass alone, with its check and verdict: for working on it).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { SERVER_NODE_ARGS } from '../scripts/server-command.mjs';
import { noisyNeighbour } from './noisy-neighbour.mjs';
import { adminQuery, withDb } from './pg-admin.mjs';

const root = path.resolve(import.meta.dirname, '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const PGLITE_CONNECTIONS = Number(process.env.BENCH_PGLITE_CONNECTIONS ?? 64);
const LATENCY_CONNECTIONS = 256;
/** The bench clients' own API rate limits (issue 34): far above the load, the limiter still on. */
const BENCH_RATE_LIMITS = process.env.BENCH_RATE_LIMITS ?? '10000,20000,10000,20000';
const NOISY_QUIET_CLIENTS = Number(process.env.BENCH_NOISY_QUIET_CLIENTS ?? 4);
const NOISY_RATE = Number(process.env.BENCH_NOISY_RATE ?? 20);
const NOISY_FACTOR = Number(process.env.BENCH_NOISY_FACTOR ?? 20);
/** Target 1's bound on the hot wallet's p99, in ms. */
const TARGET_P99_MS = 50;
const PGBENCH =
  process.env.PGBENCH ??
  (existsSync('/usr/lib/postgresql/15/bin/pgbench') ? '/usr/lib/postgresql/15/bin/pgbench' : 'pgbench');

const admin = (sql) => adminQuery(PG_URL, sql);

// ---------------------------------------------------------------- baseline

// The baseline's database, made once; run(seconds) is one pgbench run on it.
async function baselineDb() {
  const name = `vp_bench_base_${randomBytes(3).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = withDb(PG_URL, name);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`
    create table pgb_accounts (id int primary key, balance bigint not null);
    create table pgb_entries (id bigserial primary key, account_id int not null, amount bigint not null, created_at timestamptz not null default now());
    create table pgb_vends (id bigserial primary key, account_id int not null, ref text not null unique, created_at timestamptz not null default now());
    insert into pgb_accounts values (1, 1000000000000000);`);
  await c.end();
  const dir = mkdtempSync(path.join(tmpdir(), 'vp-pgbench-'));
  const script = path.join(dir, 'debit.sql');
  writeFileSync(
    script,
    [
      'BEGIN;',
      'UPDATE pgb_accounts SET balance = balance - 5000 WHERE id = 1 AND balance - 5000 >= 0;',
      'INSERT INTO pgb_entries (account_id, amount) VALUES (1, -5000);',
      "INSERT INTO pgb_vends (account_id, ref) VALUES (1, :client_id || '-' || random());",
      'END;',
      '',
    ].join('\n'),
  );
  const u = new URL(url);
  return {
    run(seconds) {
      // Each transaction's latency is logged (-l), for the baseline's own p50 and p99.
      const logDir = mkdtempSync(path.join(dir, 'log-'));
      const out = execFileSync(
        PGBENCH,
        [
          '-n',
          '-l',
          `--log-prefix=${path.join(logDir, 'tx')}`,
          '-M',
          'prepared',
          '-c',
          String(CONNECTIONS),
          '-j',
          '2',
          '-T',
          String(seconds),
          '-f',
          script,
          '-h',
          u.hostname,
          '-p',
          u.port || '5432',
          '-U',
          u.username || 'postgres',
          name,
        ],
        { encoding: 'utf8', env: { ...process.env, PGPASSWORD: decodeURIComponent(u.password || '') } },
      );
      const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
      // A line per transaction: client, number, latency in microseconds, ...
      const us = readdirSync(logDir)
        .flatMap((f) => readFileSync(path.join(logDir, f), 'utf8').split('\n'))
        .filter(Boolean)
        .map((line) => Number(line.split(' ')[2]))
        .sort((a, b) => a - b);
      rmSync(logDir, { recursive: true, force: true });
      const pct = (q) =>
        us.length ? Math.round(us[Math.min(us.length - 1, Math.floor(q * us.length))] / 1000) : NaN;
      return { tps, p50Ms: pct(0.5), p99Ms: pct(0.99) };
    },
    async drop() {
      rmSync(dir, { recursive: true, force: true });
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

// ---------------------------------------------------------------- CPU time (Linux /proc)

// Where a configuration's CPU goes, per vend: the server process, and the rest of the machine
// but this process (the load generator): the database on PostgreSQL, background work. On a
// machine without /proc both are null and print as '-'.
const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();
const ticksToMs = (t) => (t * 1000) / CLK_TCK;
function processCpuMs(pid) {
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ticksToMs(Number(f[11]) + Number(f[12]));
}
function machineBusyMs() {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return ticksToMs(user + nice + system + irq + softirq + (steal || 0));
}
function cpuSnapshot(serverPid) {
  try {
    const self = process.cpuUsage();
    return {
      server: processCpuMs(serverPid),
      busy: machineBusyMs(),
      self: (self.user + self.system) / 1000,
    };
  } catch {
    return null;
  }
}
const cpuSpent = (a, b) =>
  a && b
    ? { server: b.server - a.server, rest: b.busy - a.busy - (b.server - a.server) - (b.self - a.self) }
    : null;

// ---------------------------------------------------------------- the server

function run(cmd, args, env) {
  return execFileSync(cmd, args, {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

async function startServer(env) {
  const child = spawn(process.execPath, SERVER_NODE_ARGS, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${env.PORT}/api/v1/health`);
      if (res.ok) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGTERM');
  throw new Error(`server did not start:\n${output}`);
}

async function stopServer(child) {
  if (child.exitCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([done, new Promise((r) => setTimeout(r, 15_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

let seq = 0;
function cannon(port, keys, seconds, connections, respondAsync = false) {
  const prefix = randomBytes(4).toString('hex');
  let next = 0;
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/v1/api/vend',
        setupRequest: (req, context) => {
          // Each connection keeps one key: one wallet for all of them, or one wallet each.
          context.key ??= keys[next++ % keys.length];
          return {
            ...req,
            headers: {
              'content-type': 'application/json',
              'x-api-key': context.key,
              ...(respondAsync ? { prefer: 'respond-async' } : {}),
            },
            body: JSON.stringify({
              reference: `B-${prefix}-${++seq}`,
              phone: '08031234567',
              type: 'AIRTIME',
              amount: '50',
            }),
          };
        },
      },
    ],
  });
}

// Waits (up to 120 s) until no vend is PENDING and none has been added for 250 ms (requests the
// load generator sent just before it stopped may still be on their way to their debit); the
// time it took, in ms.
async function drained(url) {
  const t0 = Date.now();
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    let last = null;
    while (Date.now() - t0 < 120_000) {
      const { rows } = await c.query(
        `select count(*) filter (where status = 'PENDING')::int as pending, count(*)::int as total from vends`,
      );
      const now = rows[0];
      if (now.pending === 0 && last?.pending === 0 && last.total === now.total) break;
      last = now;
      await new Promise((r) => setTimeout(r, now.pending === 0 ? 250 : 50));
    }
  } finally {
    await c.end();
  }
  return Date.now() - t0;
}

// The vends created since `since` (the measured run) by final status.
async function finalCounts(url, since) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query(
      `select count(*) filter (where status = 'SUCCESSFUL')::int as successful,
              count(*) filter (where status = 'FAILED')::int as failed,
              count(*) filter (where status = 'PENDING')::int as pending
         from vends where created_at >= $1`,
      [since],
    );
    return { ...rows[0], done: rows[0].successful + rows[0].failed };
  } finally {
    await c.end();
  }
}

// A configuration under test, with a database of its own (a fresh PostgreSQL database or PGlite
// directory) seeded alike with 33 clients (key 0 alone, keys 1-32 as 32 wallets), and a server
// of its own, started once and kept up through the rounds.
let nextPort = 3900 + Math.floor(Math.random() * 50);
/** The server's environment for a database (the same in every pass). */
const appEnvOf = (port, dbEnv, env) => ({
  // The simulator never takes a live vend in production (issue 32): the bench runs as development,
  // which differs from production only in HSTS and the API document's surface.
  NODE_ENV: 'development',
  DEV_ROUTES: 'false',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  PORT: String(port),
  SIMULATOR_LATENCY_MS: '0',
  APP_SECRET: randomBytes(32).toString('hex'),
  WEB_DIST: '/nonexistent',
  ...dbEnv,
  ...env,
});

/** Seeds `n` clients on the configuration's database, with these limits of their own ('' none). */
const seedClients = (appEnv, n, limits) =>
  JSON.parse(
    run(tsx, ['bench/vend-fixture.ts', 'seed', String(n)], { ...appEnv, BENCH_RATE_LIMITS: limits })
      .trim()
      .split('\n')
      .pop(),
  ).keys;

async function prepare(cfg) {
  const port = nextPort++;
  let dispose = async () => {};
  let dbEnv;
  if (cfg.engine === 'PGlite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vp-bench-pglite-'));
    dbEnv = { DATA_DIR: dataDir };
    dispose = async () => rmSync(dataDir, { recursive: true, force: true });
  } else {
    const dbName = `vp_bench_${randomBytes(3).toString('hex')}`;
    await admin(`create database ${dbName}`);
    dbEnv = { DATABASE_URL: withDb(PG_URL, dbName) };
    dispose = async () => admin(`drop database if exists ${dbName} with (force)`);
  }
  const appEnv = appEnvOf(port, dbEnv, cfg.env);
  const keys = seedClients(appEnv, 33, BENCH_RATE_LIMITS);
  const server = await startServer(appEnv);
  return {
    ...cfg,
    appEnv,
    port,
    server,
    set: cfg.wallets === 1 ? keys.slice(0, 1) : keys.slice(1, 33),
    rounds: [],
    dispose,
  };
}

// One measured run of a configuration: autocannon for `seconds`; an async run then waits until
// no vend is PENDING and counts what became final, over the measured time plus that drain.
async function measure(c, seconds) {
  const before = cpuSnapshot(c.server.pid);
  const r = await cannon(c.port, c.set, seconds, c.connections, c.respondAsync);
  const round = { ok: r['2xx'], duration: r.duration, r, cpu: cpuSpent(before, cpuSnapshot(c.server.pid)) };
  if (c.respondAsync) {
    round.drainMs = await drained(c.appEnv.DATABASE_URL);
    round.final = await finalCounts(c.appEnv.DATABASE_URL, r.start);
  }
  c.rounds.push(round);
  return round;
}

/** The middle value (the upper one of an even count). */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// The rounds of a configuration together: vends over time (all rounds), the median p50, the worst
// p99 and max, every non-2xx.
function combine(c) {
  const sum = (f) => c.rounds.reduce((n, x) => n + f(x), 0);
  const per = (n, secs) => Math.round((n / secs) * 10) / 10;
  const out = {
    connections: c.connections,
    vendsPerSec: per(
      sum((x) => x.ok),
      sum((x) => x.duration),
    ),
    p50Ms: median(c.rounds.map((x) => x.r.latency.p50)),
    p99Ms: Math.max(...c.rounds.map((x) => x.r.latency.p99)),
    maxMs: Math.max(...c.rounds.map((x) => x.r.latency.max)),
    non2xx: sum((x) => x.r.non2xx + x.r.errors + x.r.timeouts),
    perRound: c.rounds.map((x) => per(x.final ? x.final.done : x.ok, x.duration + (x.drainMs ?? 0) / 1000)),
    // CPU ms per vend answered over the measured time (an async round's drain is not counted).
    cpu: c.rounds.every((x) => x.cpu)
      ? {
          server: sum((x) => x.cpu.server) / sum((x) => x.ok),
          rest: sum((x) => x.cpu.rest) / sum((x) => x.ok),
        }
      : null,
  };
  if (c.respondAsync) {
    out.answeredPerSec = out.vendsPerSec;
    out.drainMs = Math.max(...c.rounds.map((x) => x.drainMs));
    out.final = {
      successful: sum((x) => x.final.successful),
      failed: sum((x) => x.final.failed),
      pending: sum((x) => x.final.pending),
    };
    out.vendsPerSec = per(
      sum((x) => x.final.done),
      sum((x) => x.duration + x.drainMs / 1000),
    );
  }
  return out;
}

// The configurations of a pass measured in turn, ROUNDS times over (each round SECONDS), after one
// warm-up each: what this machine does meanwhile (its speed drifts) falls on all of them alike.
// Odd rounds take them in their order, even rounds in the reverse one (see the top of this file).
// `before(round)` runs at the start of each round (the pgbench baseline). Then every server is
// stopped and every database checked.
async function interleaved(label, cfgs, before) {
  console.log(`\n== ${label}: ${cfgs.length} configurations, a database and a server each ...`);
  const prepared = [];
  const results = {};
  const check = { ok: true, report: '' };
  try {
    for (const cfg of cfgs) prepared.push(await prepare(cfg));
    for (const c of prepared) {
      process.stdout.write(`   warm-up ${WARMUP} s: ${c.name}, ${c.connections} connections\n`);
      await cannon(c.port, c.set, WARMUP, c.connections, c.respondAsync);
      if (c.respondAsync) await drained(c.appEnv.DATABASE_URL);
    }
    for (let i = 1; i <= ROUNDS; i++) {
      if (before) await before(i);
      for (const c of i % 2 === 1 ? prepared : [...prepared].reverse()) {
        const x = await measure(c, SECONDS);
        const figure = x.final
          ? `${(x.ok / x.duration).toFixed(1)} answered/s, all final ${x.drainMs} ms after: ${(x.final.done / (x.duration + x.drainMs / 1000)).toFixed(1)} final vends/s (${x.final.pending} pending)`
          : `${(x.ok / x.duration).toFixed(1)} vends/s, p99 ${x.r.latency.p99} ms`;
        const cpu = x.cpu
          ? `; CPU per vend: server ${(x.cpu.server / x.ok).toFixed(3)} ms, rest ${(x.cpu.rest / x.ok).toFixed(3)} ms`
          : '';
        console.log(`   round ${i}/${ROUNDS}, ${c.name}: ${figure}${cpu}`);
      }
    }
    for (const c of prepared) results[c.name] = combine(c);
  } finally {
    for (const c of prepared) await stopServer(c.server);
    for (const c of prepared) {
      if (Object.keys(results).length === prepared.length) {
        try {
          check.report += `-- ${c.name}\n${run(tsx, ['bench/vend-fixture.ts', 'check'], c.appEnv).trim()}\n`;
        } catch (err) {
          check.ok = false;
          check.report += `-- ${c.name}\n${err.stdout ?? ''}${err.message}\n`;
        }
      }
      await c.dispose();
    }
  }
  return { results, check };
}

// The noisy-neighbour pass (bench/noisy-neighbour.mjs): its own database and server on
// PostgreSQL; quiet clients with limits of their own at twice their rate, the noisy one at the
// platform's defaults. Checked like the others.
async function noisyPass() {
  console.log(
    `\n== noisy neighbour (PostgreSQL): ${NOISY_QUIET_CLIENTS} quiet clients at ${NOISY_RATE} vends/s each, open loop, alone and with one client at ${NOISY_RATE * NOISY_FACTOR} vends/s (platform default limits) ...`,
  );
  const port = nextPort++;
  const dbName = `vp_bench_${randomBytes(3).toString('hex')}`;
  await admin(`create database ${dbName}`);
  const appEnv = appEnvOf(port, { DATABASE_URL: withDb(PG_URL, dbName) });
  const check = { ok: true, report: '' };
  try {
    const own = [
      2 * NOISY_RATE,
      4 * NOISY_RATE,
      2 * NOISY_RATE * NOISY_QUIET_CLIENTS,
      4 * NOISY_RATE * NOISY_QUIET_CLIENTS,
    ];
    const quietKeys = seedClients(appEnv, NOISY_QUIET_CLIENTS, own.join(','));
    const [noisyKey] = seedClients(appEnv, 1, '');
    const server = await startServer(appEnv);
    let result;
    try {
      result = await noisyNeighbour({
        port,
        quietKeys,
        noisyKey,
        quietRate: NOISY_RATE,
        factor: NOISY_FACTOR,
        seconds: SECONDS,
        rounds: ROUNDS,
        warmup: Math.min(WARMUP, 5),
      });
      result.quietLimits = own;
    } finally {
      await stopServer(server);
    }
    try {
      check.report = run(tsx, ['bench/vend-fixture.ts', 'check'], appEnv).trim();
    } catch (err) {
      check.ok = false;
      check.report = `${err.stdout ?? ''}${err.message}`;
    }
    return { result, check };
  } finally {
    await admin(`drop database if exists ${dbName} with (force)`);
  }
}

const verdict = (ok) => (ok ? 'met' : 'NOT met');

function printNoisy(n) {
  const f = (x) => x.toFixed(1);
  console.log('\n== noisy neighbour');
  console.log(
    `quiet clients: ${n.quietClients} at ${n.quietRate} vends/s each (own limits ${n.quietLimits[0]}/s burst ${n.quietLimits[1]} per key); noisy client: ${n.noisyRate} vends/s at the platform's default limits`,
  );
  console.log(
    `quiet alone: ${n.alone.vends} vends, p50 ${f(n.alone.p50Ms)} ms, p99 ${f(n.alone.p99Ms)} ms, refused ${n.alone.refused}, other failures ${n.alone.otherFailures}`,
  );
  console.log(
    `quiet with the noisy client: ${n.with.vends} vends, p50 ${f(n.with.p50Ms)} ms, p99 ${f(n.with.p99Ms)} ms, refused ${n.with.refused}, other failures ${n.with.otherFailures}`,
  );
  console.log(
    `noisy client: ${n.noisy.accepted} accepted (${f(n.noisy.accepted / n.noisy.seconds)}/s), ${n.noisy.refused} refused (429), ${n.noisy.other} other failures, over ${n.noisy.seconds} s`,
  );
}

function noisyVerdict(n) {
  const r = n.with.p99Ms / n.alone.p99Ms;
  // Any other failure of a quiet client's vend (5xx, a lost connection) counts against it too.
  const quietRefused = n.alone.refused + n.with.refused + n.alone.otherFailures + n.with.otherFailures;
  console.log(
    `noisy neighbour: quiet p99 ${n.alone.p99Ms.toFixed(1)} ms alone, ${n.with.p99Ms.toFixed(1)} ms with the noisy client: ratio ${r.toFixed(2)} (<= 2), quiet refused ${quietRefused} (0); noisy ${n.noisy.accepted} accepted, ${n.noisy.refused} refused: ${verdict(r <= 2 && quietRefused === 0)}`,
  );
}

const walletRuns = (engine, connections) => [
  { engine, name: 'one wallet', wallets: 1, connections },
  { engine, name: '32 wallets', wallets: 32, connections },
];

// ---------------------------------------------------------------- main

console.log(
  `VendPort vend benchmark: ${CONNECTIONS} connections (PGlite ${PGLITE_CONNECTIONS}, provider latency ${LATENCY_CONNECTIONS}), ${ROUNDS} rounds of ${SECONDS} s per configuration after ${WARMUP} s of warm-up`,
);
const [rlKeyPerS, rlKeyBurst, rlClientPerS, rlClientBurst] = BENCH_RATE_LIMITS.split(',');
console.log(
  `API rate limiting on: the bench clients' own limits ${rlKeyPerS}/s burst ${rlKeyBurst} per key, ${rlClientPerS}/s burst ${rlClientBurst} per client`,
);
const onlyNoisy = Boolean(process.env.BENCH_ONLY_NOISY);
const baseDb = onlyNoisy ? null : await baselineDb();
const baseRuns = [];
const passes = {};
if (onlyNoisy) {
  const { result: n, check } = await noisyPass();
  printNoisy(n);
  console.log(`\n== ledger and vending checks (noisy neighbour)\n${check.report.trim()}`);
  console.log('');
  noisyVerdict(n);
  process.exit(check.ok ? 0 : 1);
}
try {
  passes.PostgreSQL = await interleaved('PostgreSQL', walletRuns('PostgreSQL', CONNECTIONS), async (i) => {
    const b = baseDb.run(SECONDS);
    baseRuns.push(b);
    console.log(
      `   round ${i}/${ROUNDS}, baseline (pgbench, ${CONNECTIONS} clients, -M prepared): ${b.tps.toFixed(1)} TPS, p50 ${b.p50Ms} ms, p99 ${b.p99Ms} ms`,
    );
  });
} finally {
  await baseDb?.drop();
}
const base = {
  tps: baseRuns.reduce((n, b) => n + b.tps, 0) / baseRuns.length,
  // As for the vends: the median round's p50, the worst round's p99.
  p50Ms: median(baseRuns.map((b) => b.p50Ms)),
  p99Ms: Math.max(...baseRuns.map((b) => b.p99Ms)),
};
const noisy = process.env.BENCH_SKIP_NOISY ? null : await noisyPass();
if (!process.env.BENCH_SKIP_PGLITE)
  passes.PGlite = await interleaved('PGlite', walletRuns('PGlite', PGLITE_CONNECTIONS));
if (!process.env.BENCH_SKIP_LATENCY) {
  passes['PostgreSQL, provider latency'] = await interleaved(
    'PostgreSQL, provider latency',
    [0, 500].flatMap((ms) =>
      [false, true].map((respondAsync) => ({
        engine: 'PostgreSQL',
        name: `32 wallets, provider ${ms} ms${respondAsync ? ', respond-async' : ''}`,
        wallets: 32,
        connections: LATENCY_CONNECTIONS,
        respondAsync,
        env: { SIMULATOR_LATENCY_MS: String(ms) },
      })),
    ),
  );
}

console.log('\n== results');
const rows = [];
for (const [engine, p] of Object.entries(passes)) {
  for (const [name, r] of Object.entries(p.results)) {
    rows.push({
      engine: engine.replace(/,.*/, ''),
      run: name,
      conns: r.connections,
      'vends/s': r.vendsPerSec,
      'answered/s': r.answeredPerSec ?? '-',
      'drain ms': r.drainMs ?? '-',
      'p50 ms': r.p50Ms,
      'p99 ms': r.p99Ms,
      'max ms': r.maxMs,
      'non-2xx': r.non2xx,
      'vends/s by round': r.perRound.join(' / '),
      'CPU ms/vend server': r.cpu ? r.cpu.server.toFixed(3) : '-',
      'CPU ms/vend rest': r.cpu ? r.cpu.rest.toFixed(3) : '-',
      'ratio to baseline':
        engine === 'PostgreSQL' ? Math.round((r.vendsPerSec / base.tps) * 1000) / 1000 : '-',
    });
  }
}
console.table(rows);
console.log(
  `baseline (pgbench): ${base.tps.toFixed(1)} TPS, p50 ${base.p50Ms} ms, p99 ${base.p99Ms} ms at ${CONNECTIONS} clients`,
);
const hot = passes.PostgreSQL.results['one wallet'];
const spread = passes.PostgreSQL.results['32 wallets'];
const ratio = hot.vendsPerSec / base.tps;
console.log(
  `ratio, one hot wallet to the baseline, by round: ${hot.perRound.map((v, i) => (v / baseRuns[i].tps).toFixed(3)).join(' / ')}`,
);
console.log(
  `ratio, 32 wallets to one hot wallet, by round: ${spread.perRound.map((v, i) => (v / hot.perRound[i]).toFixed(3)).join(' / ')}`,
);
console.log(`ratio, one hot wallet on PostgreSQL: ${ratio.toFixed(3)} (target >= 1.0)`);
const lite = passes.PGlite?.results;
const liteRatio = lite ? lite['one wallet'].vendsPerSec / hot.vendsPerSec : null;
if (lite) console.log(`ratio, PGlite to PostgreSQL: ${liteRatio.toFixed(3)}`);
const lat = passes['PostgreSQL, provider latency']?.results;
// Callers that wait for the network's answer, and callers that send Prefer: respond-async.
const latRatioOf = (suffix) =>
  lat[`32 wallets, provider 500 ms${suffix}`].vendsPerSec /
  lat[`32 wallets, provider 0 ms${suffix}`].vendsPerSec;
const latRatioSync = lat ? latRatioOf('') : null;
const latRatio = lat ? latRatioOf(', respond-async') : null;
if (lat) {
  console.log(
    `ratio, provider 500 ms to 0 ms: ${latRatio.toFixed(3)} (Prefer: respond-async, final vends/s)`,
  );
  console.log(
    `ratio, provider 500 ms to 0 ms, callers waiting for the answer: ${latRatioSync.toFixed(3)} (at most ${LATENCY_CONNECTIONS} / 0.5 s = ${LATENCY_CONNECTIONS * 2} vends/s whatever the server does)`,
  );
}

if (noisy) printNoisy(noisy.result);

let failed = false;
for (const [engine, p] of Object.entries(passes)) {
  console.log(`\n== ledger and vending checks (${engine})\n${p.check.report.trim()}`);
  if (!p.check.ok) failed = true;
}
if (noisy) {
  console.log(`\n== ledger and vending checks (noisy neighbour)\n${noisy.check.report.trim()}`);
  if (!noisy.check.ok) failed = true;
}

console.log('');
console.log(
  `target 1, one hot wallet on PostgreSQL: ratio ${ratio.toFixed(3)} (>= 1.0), p99 ${hot.p99Ms} ms (<= ${TARGET_P99_MS}) at ${CONNECTIONS} connections, non-2xx ${hot.non2xx}: ${verdict(ratio >= 1 && hot.p99Ms <= TARGET_P99_MS && hot.non2xx === 0)}`,
);
// Target 1's p99 bound is absolute where its ratio is relative to the machine: the baseline's own
// latency is printed beside it, so that a miss can be read against what the bare database does here.
console.log(
  `         the baseline's own latency at ${CONNECTIONS} clients: p50 ${base.p50Ms} ms, p99 ${base.p99Ms} ms${base.p99Ms > TARGET_P99_MS ? ` (the bare database misses the ${TARGET_P99_MS} ms bound on this machine)` : ''}`,
);
console.log(
  `target 2, 32 wallets on PostgreSQL: ${spread.vendsPerSec} vends/s (>= one hot wallet's ${hot.vendsPerSec}): ${verdict(spread.vendsPerSec >= hot.vendsPerSec)}`,
);
if (hot.cpu && spread.cpu) {
  const cpuLine = (r) => `server ${r.cpu.server.toFixed(3)} + rest ${r.cpu.rest.toFixed(3)} ms`;
  console.log(`         CPU per vend: one wallet ${cpuLine(hot)}; 32 wallets ${cpuLine(spread)}`);
}
if (lite) {
  const liteRuns = Object.values(lite);
  const liteMax = Math.max(...liteRuns.map((r) => r.maxMs));
  const liteErrors = liteRuns.reduce((s, r) => s + r.non2xx, 0);
  console.log(
    `target 3, PGlite: ratio ${liteRatio.toFixed(3)} (>= 0.35), max ${liteMax} ms (<= 1000) at ${PGLITE_CONNECTIONS} connections, non-2xx ${liteErrors}: ${verdict(liteRatio >= 0.35 && liteMax <= 1000 && liteErrors === 0)}`,
  );
} else console.log('target 3, PGlite: skipped');
if (lat) {
  const drop = (1 - latRatio) * 100;
  const asyncRuns = Object.values(lat).filter((r) => r.final);
  const asyncErrors = asyncRuns.reduce((n, r) => n + r.non2xx + r.final.pending, 0);
  console.log(
    `target 4, provider latency 500 ms at ${LATENCY_CONNECTIONS} connections (Prefer: respond-async, vends counted when final): ratio ${latRatio.toFixed(3)}, drop ${drop.toFixed(1)}% (<= 20%), non-2xx or left PENDING ${asyncErrors}: ${verdict(drop <= 20 && asyncErrors === 0)}`,
  );
  console.log(
    `         callers waiting for the answer: ratio ${latRatioSync.toFixed(3)}, drop ${((1 - latRatioSync) * 100).toFixed(1)}%: bounded by ${LATENCY_CONNECTIONS} connections / 0.5 s`,
  );
} else console.log('target 4, provider latency: skipped');
console.log(`target 5, ledger and vending invariants: ${failed ? 'VIOLATED: NOT met' : '0 violations: met'}`);
if (noisy) noisyVerdict(noisy.result);
else console.log('noisy neighbour: skipped');
process.exit(failed ? 1 : 0);
