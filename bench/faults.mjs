// npm run bench:faults [-- --quick] — the fault run: vends through the public API while processes
// die, then the books are checked to the kobo.
//
// On a fresh PostgreSQL database: two API instances (APP_ROLE=api) and one worker (APP_ROLE=worker),
// started from the same code, the simulator failing 10% of vends definitely, timing out 5% (their
// requery says delivered or not) and adding a random latency. The load generator sends VENDS vends
// (100,000; 5,000 with --quick) from 50 clients, each to one instance at random; 20% get a retry
// with the same reference (half while the first is still in flight), 10% of retries to the other
// instance. A request refused by a dead instance is sent again to the other one, as a client would.
// Three times at random moments, one API instance and the worker are killed with SIGKILL and
// restarted. Then it waits until nothing is PENDING and prints the figures; it exits 1 unless every
// zero holds: kobo lost or created, references debited more than once, reversals without a
// definite failure, retries answered with another vend, answers lost, and the ledger check.
// The last line is the result as JSON (FAULTS_RESULT {...}), read by the test of the quick profile.
//
// --provider=vtpass-mock: every live vend goes to VTpass's local stand-in (mocks/vtpass, started here
// as a child process on a free port; AGGREGATOR_PROVIDERS=VTPASS, no failover) instead of the
// simulator. The phones are a fixed mix by index of the stand-in's numbers (delivered, pending then
// delivered on requery, answered only after the servers' time limit, and ordinary numbers it fails
// with 016), and the check asks the stand-in itself (requery by request id) what it decided.
//
// Environment: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres), FAULTS_VENDS,
// FAULTS_CONCURRENCY (64), FAULTS_KILLS (3).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { SERVER_NODE_ARGS } from '../scripts/server-command.mjs';
import { stopChild } from './children.mjs';
import { adminQuery, withDb } from './pg-admin.mjs';

const root = path.resolve(import.meta.dirname, '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const quick = process.argv.includes('--quick');
const providerArg = process.argv.find((a) => a.startsWith('--provider='));
const PROVIDER = providerArg ? providerArg.slice('--provider='.length) : 'simulator';
if (PROVIDER !== 'simulator' && PROVIDER !== 'vtpass-mock') {
  console.error(`--provider must be simulator or vtpass-mock, not ${PROVIDER}`);
  process.exit(2);
}
const viaVtpass = PROVIDER === 'vtpass-mock';
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const VENDS = Number(process.env.FAULTS_VENDS ?? (quick ? 5_000 : 100_000));
const CONCURRENCY = Number(process.env.FAULTS_CONCURRENCY ?? 64);
const KILLS = Number(process.env.FAULTS_KILLS ?? 3);
const CLIENTS = 50;
const FAULTS = { failurePercent: 10, timeoutPercent: 5, jitterMs: 40 };
const FUNDED_KOBO = 100_000_000_000; // what bench/vend-fixture.ts seed gives each client
const QUIESCENCE_LIMIT_MS = 10 * 60_000;
// The stand-in's numbers (mocks/vtpass/README.md), in shares of 100 by the vend's index.
const VTPASS_MIX = [
  { share: 78, phone: '08011111111', note: 'delivered' },
  { share: 8, phone: '08011111112', note: 'pending, delivered on the first requery' },
  { share: 4, phone: '08011111115', note: 'answered after the time limit, delivered on requery' },
  { share: 10, phone: null, note: 'ordinary 0803 numbers, failed (016)' },
];
const VTPASS_MOCK_TIMEOUT_MS = 8000; // longer than PROVIDER_TIMEOUT_MS: the servers time out first

const dbName = `vp_faults_${randomBytes(3).toString('hex')}`;
const port = (n) => 4100 + n + Math.floor(Math.random() * 40) * 2;
const env = {
  // The simulator never takes a live vend in production (issue 32): the bench runs as development,
  // which differs from production only in HSTS and the API document's surface.
  NODE_ENV: 'development',
  DEV_ROUTES: 'false',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  DATABASE_URL: withDb(PG_URL, dbName),
  APP_SECRET: randomBytes(32).toString('hex'),
  WEB_DIST: '/nonexistent',
  SIMULATOR_LATENCY_MS: '5',
  SIMULATOR_LATENCY_JITTER_MS: String(FAULTS.jitterMs),
  SIMULATOR_FAILURE_PERCENT: String(FAULTS.failurePercent),
  SIMULATOR_TIMEOUT_PERCENT: String(FAULTS.timeoutPercent),
  PROVIDER_TIMEOUT_MS: '5000',
  JOBS_POLL_MS: '200',
  DATABASE_POOL_SIZE: '10',
};
if (viaVtpass) {
  // A request killed before it reached VTpass is answered "not found" (015) on requery: with the
  // default grace of 10 minutes such a vend would outlast the quiescence limit.
  env.PROVIDER_NOT_FOUND_GRACE_MINUTES = '1';
  env.AGGREGATOR_PROVIDERS = 'VTPASS';
}

const fixture = (args) =>
  execFileSync(tsx, args, {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
const lastJson = (out) => JSON.parse(out.trim().split('\n').pop());

// ---------------------------------------------------------------- processes

/** One app process: node with tsx's loader (no wrapper process, so SIGKILL kills the server). */
class Instance {
  constructor(name, role, httpPort) {
    this.name = name;
    this.role = role;
    this.port = httpPort;
    this.child = null;
    this.up = false;
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start() {
    const child = spawn(process.execPath, SERVER_NODE_ARGS, {
      cwd: root,
      env: { ...process.env, ...env, APP_ROLE: this.role, PORT: String(this.port ?? 0) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output = `${output}${d}`.slice(-20_000);
    });
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`${this.name} exited:\n${output}`);
      if (this.role === 'worker') {
        if (output.includes('worker is running')) break;
      } else {
        try {
          if ((await fetch(`${this.url}/api/v1/health/ready`)).ok) break;
        } catch {}
      }
      await delay(100);
    }
    if (Date.now() >= deadline) throw new Error(`${this.name} did not start:\n${output}`);
    this.up = true;
  }

  kill() {
    this.up = false;
    this.child?.kill('SIGKILL');
  }

  async stop() {
    this.up = false;
    const c = this.child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const done = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    await Promise.race([done, delay(15_000)]);
    if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  }
}

// ---------------------------------------------------------------- the load

const stats = {
  sent: 0,
  answered: 0,
  retries: 0,
  retriesOtherInstance: 0,
  retriesInFlight: 0,
  duplicatesFromOriginal: 0,
  duplicatesWithAnotherVend: 0,
  resentAfterInstanceDeath: 0,
  refused4xx: 0,
  answersWithoutVend: 0,
};

const phone = () => `0803${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;

/** The stand-in's number for vend `i`: the mix of VTPASS_MIX, spread evenly over the run. */
function vtpassPhone(i) {
  let slot = (i * 37) % 100; // 37 is prime to 100: every slot once in each 100 vends, interleaved
  for (const m of VTPASS_MIX) {
    if (slot < m.share) return m.phone ?? phone();
    slot -= m.share;
  }
  return phone();
}

// ---------------------------------------------------------------- the VTpass stand-in

/** Starts mocks/vtpass on a free port; resolves with the child and its base URL (…/api). */
async function startVtpassMock(callbackUrl) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'mocks/vtpass/cli.ts'], {
    cwd: root,
    env: {
      ...process.env,
      VTPASS_MOCK_PORT: '0',
      VTPASS_MOCK_BALANCE: '10000000000',
      VTPASS_MOCK_PENDING_REQUERIES: '1',
      VTPASS_MOCK_TIMEOUT_MS: String(VTPASS_MOCK_TIMEOUT_MS),
      VTPASS_MOCK_CALLBACK_URL: callbackUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => {
    output = `${output}${d}`.slice(-20_000);
  });
  child.stderr.on('data', (d) => {
    output = `${output}${d}`.slice(-20_000);
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the VTpass stand-in exited:\n${output}`);
    const m = /VTPASS_BASE_URL=(\S+)/.exec(output);
    if (m) return { child, baseUrl: m[1] };
    await delay(100);
  }
  child.kill('SIGKILL');
  throw new Error(`the VTpass stand-in did not start:\n${output}`);
}

/**
 * Sends one vend request to `api` until some instance answers it (2xx or 4xx). A connection
 * refused or reset, or a 5xx, means the instance died or was stopping: the same request goes to
 * the other instance after a short pause.
 */
async function send(apis, first, key, body) {
  let target = first;
  for (let attempt = 0; attempt < 200; attempt++) {
    const api = apis[target];
    if (api.up) {
      try {
        const res = await fetch(`${api.url}/api/v1/api/vend`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': key },
          body,
          signal: AbortSignal.timeout(90_000),
        });
        const json = await res.json().catch(() => null);
        if (res.status < 500) return { status: res.status, vend: json?.data ?? null, message: json?.message };
      } catch {}
    }
    stats.resentAfterInstanceDeath++;
    target = 1 - target;
    await delay(50 + Math.random() * 150);
  }
  throw new Error('no instance answered a vend in 200 tries');
}

async function load(apis, keys, onProgress) {
  const runId = randomBytes(3).toString('hex');
  const answered = new Map();
  let next = 0;
  const one = async (i) => {
    const key = keys[i % keys.length];
    const reference = `F-${runId}-${i}`;
    // The stand-in's numbers match no network prefix (0801): the network is named.
    const body = JSON.stringify(
      viaVtpass
        ? {
            reference,
            phone: vtpassPhone(i),
            network: 'MTN',
            type: 'AIRTIME',
            amount: String(50 + (i % 20) * 25),
          }
        : { reference, phone: phone(), type: 'AIRTIME', amount: String(50 + (i % 20) * 25) },
    );
    const at = Math.random() < 0.5 ? 0 : 1;
    const retry = Math.random() < 0.2;
    const inFlight = retry && Math.random() < 0.5;
    const retryAt = Math.random() < 0.1 ? 1 - at : at;
    stats.sent++;
    const firstP = send(apis, at, key, body);
    let second = null;
    if (retry) {
      stats.retries++;
      if (retryAt !== at) stats.retriesOtherInstance++;
      if (inFlight) {
        stats.retriesInFlight++;
        await delay(Math.random() * 20);
        second = send(apis, retryAt, key, body);
      }
    }
    const r = await firstP;
    if (retry && !second) second = send(apis, retryAt, key, body);
    const r2 = second ? await second : null;
    stats.answered++;
    for (const x of r2 ? [r, r2] : [r]) if (x.status >= 400) stats.refused4xx++;
    if (r.status < 300 && r.vend) answered.set(reference, r.vend.id);
    if (r2) {
      if (r.status < 300 && r2.status < 300 && r2.vend?.id === r.vend?.id) stats.duplicatesFromOriginal++;
      else stats.duplicatesWithAnotherVend++;
    }
    onProgress(stats.answered);
  };
  const workers = Array.from({ length: CONCURRENCY }, async () => {
    while (next < VENDS) await one(next++);
  });
  await Promise.all(workers);
  return answered;
}

// ---------------------------------------------------------------- main

const fmt = (ms) => `${(ms / 1000).toFixed(1)} s`;
console.log(
  `VendPort fault run${quick ? ' (quick)' : ''}: ${VENDS.toLocaleString('en')} vends, ${CLIENTS} clients, ${CONCURRENCY} concurrent requests, ${KILLS} kills`,
);
if (viaVtpass) {
  console.log(
    `provider: VTpass stand-in (mocks/vtpass), AGGREGATOR_PROVIDERS=VTPASS; numbers: ${VTPASS_MIX.map((m) => `${m.share}% ${m.phone ?? '0803…'} ${m.note}`).join(', ')}`,
  );
} else {
  console.log(
    `simulator: ${FAULTS.failurePercent}% definite failures, ${FAULTS.timeoutPercent}% timeouts, latency 5-${5 + FAULTS.jitterMs} ms`,
  );
}
await adminQuery(PG_URL, `create database ${dbName}`);
const apis = [new Instance('api-1', 'api', port(0)), new Instance('api-2', 'api', port(1))];
const worker = new Instance('worker', 'worker', 0);
let mock = null;
let exitCode = 1;
try {
  if (viaVtpass) {
    mock = await startVtpassMock(`${apis[0].url}/api/v1/providers/vtpass/callback`);
    Object.assign(env, {
      VTPASS_BASE_URL: mock.baseUrl,
      VTPASS_API_KEY: 'vtpass-mock-api-key',
      VTPASS_SECRET_KEY: 'SK_vtpass_mock_secret_key',
      VTPASS_PUBLIC_KEY: 'PK_vtpass_mock_public_key',
    });
    console.log(`VTpass stand-in on ${mock.baseUrl}, callbacks to ${apis[0].name}`);
  }
  console.log('seeding ...');
  const { keys } = lastJson(fixture(['bench/vend-fixture.ts', 'seed', String(CLIENTS)]));
  await Promise.all([...apis, worker].map((p) => p.start()));
  console.log(`started: ${apis.map((a) => `${a.name} on ${a.port}`).join(', ')}, worker`);

  // The kill points: fractions of the run, spread out, at random.
  const points = Array.from({ length: KILLS }, (_, k) =>
    Math.floor(VENDS * ((k + 0.2 + Math.random() * 0.6) / (KILLS + 0.5))),
  ).sort((a, b) => a - b);
  let lastRestartAt = Date.now();
  const restarts = [];
  let killing = Promise.resolve();
  const onProgress = (done) => {
    if (points.length && done >= points[0]) {
      points.shift();
      const victim = apis[Math.floor(Math.random() * 2)];
      killing = killing.then(async () => {
        victim.kill();
        worker.kill();
        console.log(`  after ${done} vends: kill -9 ${victim.name} and the worker`);
        await delay(500 + Math.random() * 1500);
        await Promise.all([victim.start(), worker.start()]);
        lastRestartAt = Date.now();
        restarts.push(done);
      });
    }
    if (done % Math.max(1000, Math.floor(VENDS / 10)) === 0) console.log(`  ${done} vends answered`);
  };
  const started = Date.now();
  const answered = await load(apis, keys, onProgress);
  await killing;
  const loadEndedAt = Date.now();
  console.log(
    `load done in ${fmt(loadEndedAt - started)} (${Math.round(VENDS / ((loadEndedAt - started) / 1000))} vends/s)`,
  );

  // Quiescence: nothing PENDING.
  let pending = -1;
  while (Date.now() - loadEndedAt < QUIESCENCE_LIMIT_MS) {
    pending = lastJson(fixture(['bench/faults-fixture.ts', 'pending'])).pending;
    if (pending === 0) break;
    await delay(1000);
  }
  const quietAt = Date.now();
  await Promise.all([...apis, worker].map((p) => p.stop()));

  const checkOut = fixture([
    'bench/faults-fixture.ts',
    'check',
    JSON.stringify({
      fundedKobo: FUNDED_KOBO,
      faults: FAULTS,
      ...(viaVtpass && {
        vtpass: {
          baseUrl: env.VTPASS_BASE_URL,
          apiKey: env.VTPASS_API_KEY,
          secretKey: env.VTPASS_SECRET_KEY,
          graceMinutes: Number(env.PROVIDER_NOT_FOUND_GRACE_MINUTES),
        },
      }),
    }),
  ]);
  const c = lastJson(checkOut);
  const vendIds = new Set(answered.values());
  const accepted = Object.values(c.byStatus).reduce((a, b) => a + b, 0);
  // Every reference must have been answered with a vend of its own (the retries aside).
  stats.answersWithoutVend = VENDS - vendIds.size;
  const result = {
    vends: VENDS,
    accepted,
    successful: c.byStatus.SUCCESSFUL ?? 0,
    failed: c.byStatus.FAILED ?? 0,
    reversed: c.byStatus.REVERSED ?? 0,
    pendingLeft: pending,
    retries: stats.retries,
    retriesInFlight: stats.retriesInFlight,
    retriesToOtherInstance: stats.retriesOtherInstance,
    duplicatesAnsweredFromOriginal: stats.duplicatesFromOriginal,
    duplicatesAnsweredWithAnotherVend: stats.duplicatesWithAnotherVend,
    requestsResentAfterAnInstanceDied: stats.resentAfterInstanceDeath,
    answers4xx: stats.refused4xx,
    answersWithoutVend: stats.answersWithoutVend,
    koboLostOrCreated: c.koboLostOrCreated,
    referencesDebitedMoreThanOnce: c.referencesDebitedTwice,
    reversalsWithoutDefiniteFailure: c.reversedWithoutFailure,
    successesTheProviderRefused: c.successfulDespiteFailure,
    ...(viaVtpass && {
      vendsSentToVtpassMoreThanOnce: c.vendsWithSeveralAttempts,
      attemptsVtpassNeverReceivedOnFailedVends: c.failedNeverReceived,
    }),
    ledgerCheck: c.ledgerOk ? 'clean' : `${c.ledgerViolations} violations`,
    maxTimePendingMs: c.maxPendingMs,
    kills: restarts.length,
    quiescenceAfterLastRestartMs: quietAt - lastRestartAt,
    quiescenceAfterLoadMs: quietAt - loadEndedAt,
  };
  console.log(`\n${checkOut.trim().split('\n').slice(0, -1).join('\n')}`);
  console.log('\n== results');
  console.table(
    Object.entries({
      'vends sent': result.vends,
      'vends accepted': result.accepted,
      successful: result.successful,
      failed: result.failed,
      reversed: result.reversed,
      'still PENDING': result.pendingLeft,
      'retries (same reference)': result.retries,
      '  of which while the first was in flight': result.retriesInFlight,
      '  of which to the other instance': result.retriesToOtherInstance,
      'duplicates answered from the original': result.duplicatesAnsweredFromOriginal,
      'duplicates answered with another vend (must be 0)': result.duplicatesAnsweredWithAnotherVend,
      'requests resent after an instance died': result.requestsResentAfterAnInstanceDied,
      '4xx answers': result.answers4xx,
      'references answered without a vend (must be 0)': result.answersWithoutVend,
      'kobo lost or created (must be 0)': result.koboLostOrCreated,
      'references debited more than once (must be 0)': result.referencesDebitedMoreThanOnce,
      'reversals without a definite failure (must be 0)': result.reversalsWithoutDefiniteFailure,
      'successes the provider refused (must be 0)': result.successesTheProviderRefused,
      ...(viaVtpass && {
        'vends sent to VTpass more than once (must be 0)': result.vendsSentToVtpassMoreThanOnce,
        'failed vends VTpass never received (015, after the grace period)':
          result.attemptsVtpassNeverReceivedOnFailedVends,
      }),
      'ledger check': result.ledgerCheck,
      'max time a vend stayed PENDING': fmt(result.maxTimePendingMs),
      'kills (API instance + worker)': result.kills,
      'time to quiescence after the last restart': fmt(result.quiescenceAfterLastRestartMs),
      'time to quiescence after the load ended': fmt(result.quiescenceAfterLoadMs),
    }).map(([figure, value]) => ({ figure, value })),
  );
  const zeros =
    result.pendingLeft === 0 &&
    result.accepted === VENDS &&
    result.duplicatesAnsweredWithAnotherVend === 0 &&
    result.answers4xx === 0 &&
    result.answersWithoutVend === 0 &&
    result.koboLostOrCreated === 0 &&
    result.referencesDebitedMoreThanOnce === 0 &&
    result.reversalsWithoutDefiniteFailure === 0 &&
    result.successesTheProviderRefused === 0 &&
    (!viaVtpass || result.vendsSentToVtpassMoreThanOnce === 0) &&
    c.ledgerOk &&
    result.kills === KILLS;
  console.log(zeros ? 'every zero holds' : 'A ZERO DID NOT HOLD');
  console.log(`FAULTS_RESULT ${JSON.stringify({ ...result, ok: zeros })}`);
  exitCode = zeros ? 0 : 1;
} finally {
  await Promise.all([...apis, worker].map((p) => p.stop().catch(() => {})));
  await stopChild(mock?.child).catch(() => {});
  await adminQuery(PG_URL, `drop database if exists ${dbName} with (force)`);
}
process.exit(exitCode);
