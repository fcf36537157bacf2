// npm run bench:vend — API-key vends under load, against the database's own ceiling.
//
// 1. Baseline: pgbench on the local PostgreSQL, 32 clients, 20 s, -M prepared, each transaction
//    one conditional UPDATE of a single row plus two INSERTs (the least a debit can cost).
// 2. PostgreSQL pass: the real server (simulator at 0 ms), autocannon with 32 connections for
//    20 s after a warm-up, unique references: every connection on ONE client wallet, then on 32
//    different wallets. Every run of every pass has a fresh database of its own, seeded alike.
// 3. PGlite pass: the same on the embedded database, with 64 connections.
// 4. Provider-latency pass: PostgreSQL, 256 connections on 32 wallets,
//    the server started once with SIMULATOR_LATENCY_MS=0 and once with 500; at each, callers that
//    wait for the network's answer, then callers that send `Prefer: respond-async` (answered 202
//    PENDING once debited). An async run counts a vend only once it is final: after the load, the
//    run waits until no vend is PENDING, and its figure is vends / (measured time + that drain).
// Prints vends/s, p50, p99 and max latency, non-2xx answers, the baseline TPS and the ratios,
// runs the ledger and vending checks on each database, and says of each target of the
// performance issue whether it is met. Exits non-zero only when a check finds a violation.
//
// Environment: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres), PGBENCH
// (path), BENCH_SECONDS (20), BENCH_WARMUP_SECONDS (5), BENCH_CONNECTIONS (32),
// BENCH_PGLITE_CONNECTIONS (64), BENCH_SKIP_PGLITE=1, BENCH_SKIP_LATENCY=1.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { adminQuery, withDb } from './pg-admin.mjs';

const root = path.resolve(import.meta.dirname, '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const PGLITE_CONNECTIONS = Number(process.env.BENCH_PGLITE_CONNECTIONS ?? 64);
const LATENCY_CONNECTIONS = 256;
const PGBENCH =
  process.env.PGBENCH ??
  (existsSync('/usr/lib/postgresql/15/bin/pgbench') ? '/usr/lib/postgresql/15/bin/pgbench' : 'pgbench');

const admin = (sql) => adminQuery(PG_URL, sql);

// ---------------------------------------------------------------- baseline

async function baseline() {
  const name = `vp_bench_base_${randomBytes(3).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = withDb(PG_URL, name);
  try {
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
    const out = execFileSync(
      PGBENCH,
      [
        '-n',
        '-M',
        'prepared',
        '-c',
        String(CONNECTIONS),
        '-j',
        '2',
        '-T',
        String(SECONDS),
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
    rmSync(dir, { recursive: true, force: true });
    const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
    const lat = /latency average = ([\d.]+) ms/.exec(out)?.[1];
    return { tps, latencyAvgMs: Number(lat) };
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
}

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
  const child = spawn(tsx, ['apps/api/src/server.ts'], {
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

function summary(r) {
  const ok = r['2xx'];
  return {
    vendsPerSec: Math.round((ok / r.duration) * 10) / 10,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    maxMs: r.latency.max,
    non2xx: r.non2xx + r.errors + r.timeouts,
    requests: r.requests.total,
  };
}

// The vends still PENDING: waits (up to 120 s) until there are none; the time it took, in ms.
async function drained(url) {
  const t0 = Date.now();
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    while (Date.now() - t0 < 120_000) {
      const { rows } = await c.query(`select count(*)::int as n from vends where status = 'PENDING'`);
      if (rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 50));
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

// One database, seeded once with 33 clients (key 0 alone, keys 1-32 as 32 wallets); one server
// start per entry of `servers` ({env, runs: [{name, wallets: 1 | 32, connections}]}).
async function pass(label, env, servers) {
  const port = 3900 + Math.floor(Math.random() * 90);
  const appEnv = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    SIMULATOR_LATENCY_MS: '0',
    APP_SECRET: randomBytes(32).toString('hex'),
    WEB_DIST: '/nonexistent',
    ...env,
  };
  console.log(`\n== ${label}: seeding 33 clients ...`);
  const { keys } = JSON.parse(
    run(tsx, ['bench/vend-fixture.ts', 'seed', '33'], appEnv).trim().split('\n').pop(),
  );
  const results = {};
  for (const s of servers) {
    const server = await startServer({ ...appEnv, ...s.env });
    try {
      for (const { name, wallets, connections, respondAsync = false } of s.runs) {
        const set = wallets === 1 ? keys.slice(0, 1) : keys.slice(1, 33);
        process.stdout.write(`   ${name}, ${connections} connections: warm-up ${WARMUP} s ... `);
        await cannon(port, set, WARMUP, connections, respondAsync);
        if (respondAsync) await drained(appEnv.DATABASE_URL);
        process.stdout.write(`measuring ${SECONDS} s ... `);
        const r = await cannon(port, set, SECONDS, connections, respondAsync);
        results[name] = { connections, ...summary(r) };
        if (respondAsync) {
          // Counted once final: the time until no vend is PENDING is added to the measured time.
          const drainMs = await drained(appEnv.DATABASE_URL);
          const final = await finalCounts(appEnv.DATABASE_URL, r.start);
          results[name].answeredPerSec = results[name].vendsPerSec;
          results[name].drainMs = drainMs;
          results[name].vendsPerSec = Math.round((final.done / (r.duration + drainMs / 1000)) * 10) / 10;
          results[name].final = final;
          console.log(
            `${results[name].answeredPerSec} answered/s, all final ${drainMs} ms after the load: ${results[name].vendsPerSec} final vends/s (${final.successful} successful, ${final.failed} failed, ${final.pending} pending)`,
          );
        } else console.log(`${results[name].vendsPerSec} vends/s`);
      }
    } finally {
      await stopServer(server);
    }
  }
  let check;
  try {
    check = { ok: true, report: run(tsx, ['bench/vend-fixture.ts', 'check'], appEnv) };
  } catch (err) {
    check = { ok: false, report: `${err.stdout ?? ''}${err.message}` };
  }
  return { results, check };
}

const walletRuns = (connections) => [
  { name: 'one wallet', wallets: 1, connections },
  { name: '32 wallets', wallets: 32, connections },
];

async function onFreshPg(label, servers) {
  const dbName = `vp_bench_${randomBytes(3).toString('hex')}`;
  await admin(`create database ${dbName}`);
  try {
    return await pass(label, { DATABASE_URL: withDb(PG_URL, dbName) }, servers);
  } finally {
    await admin(`drop database if exists ${dbName} with (force)`);
  }
}

async function onFreshPglite(label, servers) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vp-bench-pglite-'));
  try {
    return await pass(label, { DATA_DIR: dataDir }, servers);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// Every run on a database of its own, seeded the same way: no run starts on the rows (and the
// autovacuum work) the previous run left, so the figures compared start from the same state.
async function eachFresh(on, label, runs) {
  const merged = { results: {}, check: { ok: true, report: '' } };
  for (const { env = {}, ...run } of runs) {
    const p = await on(`${label}, ${run.name}`, [{ env, runs: [run] }]);
    Object.assign(merged.results, p.results);
    merged.check.ok &&= p.check.ok;
    merged.check.report += `-- ${run.name}\n${p.check.report.trim()}\n`;
  }
  return merged;
}

// ---------------------------------------------------------------- main

console.log(
  `VendPort vend benchmark: ${CONNECTIONS} connections (PGlite ${PGLITE_CONNECTIONS}, provider latency ${LATENCY_CONNECTIONS}), ${SECONDS} s measured after ${WARMUP} s warm-up`,
);
console.log(`\n== baseline: pgbench (${PGBENCH}), ${CONNECTIONS} clients, ${SECONDS} s, -M prepared`);
const base = await baseline();
console.log(`   ${base.tps.toFixed(1)} TPS (average latency ${base.latencyAvgMs} ms)`);

const passes = {};
passes.PostgreSQL = await eachFresh(onFreshPg, 'PostgreSQL', walletRuns(CONNECTIONS));
if (!process.env.BENCH_SKIP_PGLITE)
  passes.PGlite = await eachFresh(onFreshPglite, 'PGlite', walletRuns(PGLITE_CONNECTIONS));
if (!process.env.BENCH_SKIP_LATENCY) {
  passes['PostgreSQL, provider latency'] = await eachFresh(
    onFreshPg,
    'PostgreSQL, provider latency',
    [0, 500].flatMap((ms) => [
      {
        name: `32 wallets, provider ${ms} ms`,
        wallets: 32,
        connections: LATENCY_CONNECTIONS,
        env: { SIMULATOR_LATENCY_MS: String(ms) },
      },
      {
        name: `32 wallets, provider ${ms} ms, respond-async`,
        wallets: 32,
        connections: LATENCY_CONNECTIONS,
        respondAsync: true,
        env: { SIMULATOR_LATENCY_MS: String(ms) },
      },
    ]),
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
      'ratio to baseline':
        engine === 'PostgreSQL' ? Math.round((r.vendsPerSec / base.tps) * 1000) / 1000 : '-',
    });
  }
}
console.table(rows);
console.log(`baseline (pgbench): ${base.tps.toFixed(1)} TPS`);
const hot = passes.PostgreSQL.results['one wallet'];
const spread = passes.PostgreSQL.results['32 wallets'];
const ratio = hot.vendsPerSec / base.tps;
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

let failed = false;
for (const [engine, p] of Object.entries(passes)) {
  console.log(`\n== ledger and vending checks (${engine})\n${p.check.report.trim()}`);
  if (!p.check.ok) failed = true;
}

const verdict = (ok) => (ok ? 'met' : 'NOT met');
console.log('');
console.log(
  `target 1, one hot wallet on PostgreSQL: ratio ${ratio.toFixed(3)} (>= 1.0), p99 ${hot.p99Ms} ms (<= 50) at ${CONNECTIONS} connections, non-2xx ${hot.non2xx}: ${verdict(ratio >= 1 && hot.p99Ms <= 50 && hot.non2xx === 0)}`,
);
console.log(
  `target 2, 32 wallets on PostgreSQL: ${spread.vendsPerSec} vends/s (>= one hot wallet's ${hot.vendsPerSec}): ${verdict(spread.vendsPerSec >= hot.vendsPerSec)}`,
);
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
process.exit(failed ? 1 : 0);
