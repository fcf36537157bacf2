// npm run bench:storm — a provider storm (issue 49): two providers on one route through the project's
// own stand-ins, VTpass first (mocks/vtpass) and Reloadly second (mocks/reloadly), while VTpass
// misbehaves in phases: healthy, HTTP 500 for a while, then no answer, then invalid credentials (087),
// then healthy again. Vends go in at a steady rate through the public API of one server (API and jobs).
// It prints, per phase: the vends sent, who delivered them, when VTpass's circuit breaker opened (after
// the phase began) and when it closed after recovery; then the vends still PENDING (those never sent to
// VTpass: target 0; those sent to it: settled by requery once it recovered), vends sent to any provider
// twice (must be 0) and the books to the kobo (the ledger check clean). Exits 1 unless the zeros hold.
//
// The breaker and the requeries are shortened so the storm takes minutes, not an hour (README,
// "Provider health"): PROVIDER_TIMEOUT_MS 1000, BREAKER_WINDOW_MS 10000, BREAKER_MIN_CALLS 5,
// BREAKER_FAILURE_PERCENT 50, BREAKER_COOLDOWN_MS 4000, REQUERY_MAX_DELAY_S 5, and
// PROVIDER_NOT_FOUND_GRACE_MINUTES 1 (a vend VTpass never received is failed by requery after a minute).
//
// Environment: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres), STORM_PHASE_S
// (seconds per phase, default 15), STORM_RATE (vends per second, default 10).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { SERVER_NODE_ARGS } from '../scripts/server-command.mjs';
import { stopChild as stop } from './children.mjs';
import { adminQuery, withDb } from './pg-admin.mjs';

const root = path.resolve(import.meta.dirname, '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PHASE_MS = Number(process.env.STORM_PHASE_S ?? 15) * 1000;
const RATE = Number(process.env.STORM_RATE ?? 10);
const CLIENTS = 5;
const FUNDED_KOBO = 100_000_000_000; // what bench/vend-fixture.ts seed gives each client
const QUIESCENCE_LIMIT_MS = 4 * 60_000;
const PHASES = [
  { name: 'healthy', fault: null },
  { name: 'HTTP 500', fault: 'HTTP_500' },
  { name: 'no answer', fault: 'NO_ANSWER' },
  { name: 'invalid credentials (087)', fault: 'BAD_KEYS' },
  { name: 'healthy again', fault: null },
];

const dbName = `vp_storm_${randomBytes(3).toString('hex')}`;
const dbUrl = withDb(PG_URL, dbName);
const env = {
  NODE_ENV: 'development',
  DEV_ROUTES: 'false',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  DATABASE_URL: dbUrl,
  APP_SECRET: randomBytes(32).toString('hex'),
  WEB_DIST: '/nonexistent',
  APP_ROLE: 'both',
  AGGREGATOR_PROVIDERS: 'VTPASS,RELOADLY',
  VTU_PROVIDERS: '',
  PROVIDER_TIMEOUT_MS: '1000',
  BREAKER_WINDOW_MS: '10000',
  BREAKER_MIN_CALLS: '5',
  BREAKER_FAILURE_PERCENT: '50',
  BREAKER_COOLDOWN_MS: '4000',
  BREAKER_CACHE_MS: '200',
  REQUERY_MAX_DELAY_S: '5',
  PROVIDER_NOT_FOUND_GRACE_MINUTES: '1',
  JOBS_POLL_MS: '200',
  DATABASE_POOL_SIZE: '10',
};

/** A child process (a stand-in or the server); resolves once `ready(output)` says so. */
async function start(name, args, childEnv, ready) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...childEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (d) => {
    output = `${output}${d}`.slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited:\n${output}`);
    const found = await ready(output);
    if (found) return { child, found, output: () => output };
    await delay(100);
  }
  child.kill('SIGKILL');
  throw new Error(`${name} did not start:\n${output}`);
}

const fixture = (args) =>
  execFileSync(tsx, args, {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
const lastJson = (out) => JSON.parse(out.trim().split('\n').pop());
const fmt = (ms) => (ms === null ? '—' : `${(ms / 1000).toFixed(1)} s`);

console.log(
  `VendPort storm: VTpass then Reloadly on the aggregator's route; ${PHASES.length} phases of ${PHASE_MS / 1000} s (${PHASES.map((p) => p.name).join(', ')}); ${RATE} vends/s`,
);
await adminQuery(PG_URL, `create database ${dbName}`);
let vtpass;
let reloadly;
let server;
let exitCode = 1;
const db = new pg.Client({ connectionString: dbUrl });
try {
  vtpass = await start(
    'the VTpass stand-in',
    ['--import', 'tsx', 'mocks/vtpass/cli.ts'],
    { VTPASS_MOCK_PORT: '0', VTPASS_MOCK_BALANCE: '10000000000', VTPASS_MOCK_DELIVER_ANY: '1' },
    (out) => /VTPASS_BASE_URL=(\S+)/.exec(out)?.[1],
  );
  reloadly = await start(
    'the Reloadly stand-in',
    ['--import', 'tsx', 'mocks/reloadly/cli.ts'],
    { RELOADLY_MOCK_PORT: '0', RELOADLY_MOCK_BALANCE: '10000000000' },
    (out) => /RELOADLY_BASE_URL=(\S+)/.exec(out)?.[1],
  );
  const vtpassUrl = vtpass.found;
  Object.assign(env, {
    VTPASS_BASE_URL: vtpassUrl,
    VTPASS_API_KEY: 'vtpass-mock-api-key',
    VTPASS_SECRET_KEY: 'SK_vtpass_mock_secret_key',
    VTPASS_PUBLIC_KEY: 'PK_vtpass_mock_public_key',
    RELOADLY_AUTH_URL: reloadly.found,
    RELOADLY_BASE_URL: reloadly.found,
    RELOADLY_CLIENT_ID: 'reloadly-mock-client-id',
    RELOADLY_CLIENT_SECRET: 'reloadly-mock-client-secret',
    RELOADLY_WEBHOOK_SECRET: 'storm-bench-reloadly-webhook-secret',
  });
  const fault = (f) =>
    fetch(`${vtpassUrl.replace(/\/api$/, '')}/__mock/fault`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fault: f }),
    });
  console.log(`stand-ins: VTpass ${vtpassUrl}, Reloadly ${reloadly.found}; seeding ...`);
  const { keys } = lastJson(fixture(['bench/vend-fixture.ts', 'seed', String(CLIENTS)]));
  const port = 4300 + Math.floor(Math.random() * 600);
  server = await start('the server', SERVER_NODE_ARGS, { ...env, PORT: String(port) }, async () => {
    try {
      return (await fetch(`http://127.0.0.1:${port}/api/v1/health/ready`)).ok;
    } catch {
      return false;
    }
  });
  await db.connect();

  // The breaker's transitions, as every instance reads them.
  const transitions = [];
  let watching = true;
  const watcher = (async () => {
    let last = 'CLOSED';
    while (watching) {
      const { rows } = await db.query("select state from provider_health where provider = 'VTPASS'");
      const state = rows[0]?.state ?? 'CLOSED';
      if (state !== last) {
        transitions.push({ at: Date.now(), from: last, to: state });
        last = state;
      }
      await delay(50);
    }
  })();

  // The load: RATE vends a second, each its own reference, through phases.
  const sent = [];
  const inFlight = new Set();
  const phaseStarts = [];
  const run = Date.now();
  let i = 0;
  for (const [n, phase] of PHASES.entries()) {
    await fault(phase.fault);
    phaseStarts.push(Date.now());
    console.log(`  +${fmt(Date.now() - run)} phase ${n + 1}: ${phase.name}`);
    const end = Date.now() + PHASE_MS;
    while (Date.now() < end) {
      const k = i++;
      const reference = `S-${dbName}-${k}`;
      const at = Date.now();
      const p = fetch(`http://127.0.0.1:${port}/api/v1/api/vend`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': keys[k % keys.length] },
        body: JSON.stringify({
          reference,
          phone: `0813${String(1_000_000 + k).padStart(7, '0')}`,
          network: 'MTN',
          type: 'AIRTIME',
          amount: '100',
        }),
        signal: AbortSignal.timeout(60_000),
      })
        .then(async (res) => ({ status: res.status, body: await res.json().catch(() => null) }))
        .catch((err) => ({ status: 0, body: { message: String(err) } }))
        .then((r) => {
          sent.push({ reference, phase: n, at, httpStatus: r.status, answer: r.body?.data?.status ?? null });
          inFlight.delete(p);
        });
      inFlight.add(p);
      await delay(1000 / RATE);
    }
  }
  await Promise.all(inFlight);
  const recoveredAt = phaseStarts[PHASES.length - 1];
  const loadEnded = Date.now();
  console.log(
    `  +${fmt(loadEnded - run)} load done: ${sent.length} vends sent; waiting for nothing to be PENDING ...`,
  );

  let pendingLeft = -1;
  while (Date.now() - loadEnded < QUIESCENCE_LIMIT_MS) {
    pendingLeft = (await db.query("select count(*)::int as n from vends where status = 'PENDING'")).rows[0].n;
    if (pendingLeft === 0) break;
    await delay(1000);
  }
  const quietAt = Date.now();
  watching = false;
  await watcher;

  // What happened to each vend, by the phase it was sent in.
  const { rows: vends } = await db.query(
    `select v.reference, v.status,
            coalesce(array_agg(a.provider order by a.position) filter (where a.id is not null), '{}') as providers,
            coalesce(array_agg(a.status order by a.position) filter (where a.id is not null), '{}') as attempts
       from vends v left join vend_attempts a on a.vend_id = v.id
      where v.mode = 'LIVE' group by v.id`,
  );
  const byRef = new Map(vends.map((v) => [v.reference, v]));
  const { rows: twice } = await db.query(
    `select count(*)::int as n from (select vend_id, provider from vend_attempts group by vend_id, provider having count(*) > 1) x`,
  );
  const { rows: pendingRows } = await db.query(
    `select v.id, exists (select 1 from vend_attempts a where a.vend_id = v.id and a.provider = 'VTPASS') as at_vtpass
       from vends v where v.status = 'PENDING'`,
  );
  const pendingNeverAtVtpass = pendingRows.filter((r) => !r.at_vtpass).length;
  const pendingAtVtpass = pendingRows.length - pendingNeverAtVtpass;

  const rows = PHASES.map((phase, n) => {
    const mine = sent.filter((s) => s.phase === n).map((s) => ({ ...s, v: byRef.get(s.reference) }));
    const start = phaseStarts[n];
    const end = phaseStarts[n + 1] ?? loadEnded;
    const opened = transitions.find(
      (t) => t.to === 'OPEN' && t.from === 'CLOSED' && t.at >= start && t.at < end,
    );
    const stateAtStart = [...transitions].reverse().find((t) => t.at < start)?.to ?? 'CLOSED';
    const deliveredBy = (p) =>
      mine.filter((s) => s.v?.status === 'SUCCESSFUL' && s.v.providers.at(-1) === p).length;
    return {
      phase: phase.name,
      'vends sent': mine.length,
      'delivered by VTpass': deliveredBy('VTPASS'),
      'delivered by Reloadly': deliveredBy('RELOADLY'),
      'sent to VTpass': mine.filter((s) => s.v?.providers.includes('VTPASS')).length,
      failed: mine.filter((s) => s.v?.status === 'FAILED').length,
      'still PENDING': mine.filter((s) => s.v?.status === 'PENDING').length,
      'not accepted': mine.filter((s) => !s.v).length,
      'breaker at start': stateAtStart,
      'opened after': opened
        ? fmt(opened.at - start)
        : stateAtStart === 'CLOSED'
          ? 'stayed closed'
          : '(already open)',
    };
  });
  const closed = transitions.find((t) => t.to === 'CLOSED' && t.at >= recoveredAt);
  console.log('\n== phases');
  console.table(rows);
  console.log('== breaker transitions (VTpass), seconds after the run began');
  console.log(transitions.map((t) => `  +${fmt(t.at - run)} ${t.from} -> ${t.to}`).join('\n') || '  none');

  // The books to the kobo, and the ledger check (bench/faults-fixture.ts check).
  const checkOut = fixture([
    'bench/faults-fixture.ts',
    'check',
    JSON.stringify({
      fundedKobo: FUNDED_KOBO,
      faults: { failurePercent: 0, timeoutPercent: 0, jitterMs: 0 },
    }),
  ]);
  const c = lastJson(checkOut);
  console.log(`\n${checkOut.trim().split('\n').slice(0, -1).join('\n')}`);
  const result = {
    vendsSent: sent.length,
    accepted: vends.length,
    byStatus: c.byStatus,
    breakerClosedAfterRecovery: closed ? closed.at - recoveredAt : null,
    pendingLeft,
    pendingNeverSentToVtpass: pendingNeverAtVtpass,
    pendingSentToVtpass: pendingAtVtpass,
    vendsSentToAProviderTwice: twice[0].n,
    koboLostOrCreated: c.koboLostOrCreated,
    referencesDebitedMoreThanOnce: c.referencesDebitedTwice,
    ledgerCheck: c.ledgerOk ? 'clean' : `${c.ledgerViolations} violations`,
    quiescenceAfterLoadMs: quietAt - loadEnded,
  };
  console.log('\n== results');
  console.table(
    Object.entries({
      'vends sent': result.vendsSent,
      'vends accepted': result.accepted,
      successful: result.byStatus.SUCCESSFUL ?? 0,
      failed: result.byStatus.FAILED ?? 0,
      'breaker closed, after recovery began': fmt(result.breakerClosedAfterRecovery),
      'still PENDING, never sent to VTpass (must be 0)': result.pendingNeverSentToVtpass,
      'still PENDING, sent to VTpass (settled by requery: 0)': result.pendingSentToVtpass,
      'vends sent to a provider twice (must be 0)': result.vendsSentToAProviderTwice,
      'kobo lost or created (must be 0)': result.koboLostOrCreated,
      'references debited more than once (must be 0)': result.referencesDebitedMoreThanOnce,
      'ledger check': result.ledgerCheck,
      'time to nothing PENDING after the load': fmt(result.quiescenceAfterLoadMs),
    }).map(([figure, value]) => ({ figure, value })),
  );
  const zeros =
    result.pendingLeft === 0 &&
    result.accepted === result.vendsSent &&
    result.vendsSentToAProviderTwice === 0 &&
    result.koboLostOrCreated === 0 &&
    result.referencesDebitedMoreThanOnce === 0 &&
    c.ledgerOk &&
    result.breakerClosedAfterRecovery !== null;
  console.log(zeros ? 'every zero holds' : 'A ZERO DID NOT HOLD');
  console.log(`STORM_RESULT ${JSON.stringify({ ...result, phases: rows, ok: zeros })}`);
  exitCode = zeros ? 0 : 1;
} finally {
  await db.end().catch(() => {});
  await stop(server?.child).catch(() => {});
  await stop(vtpass?.child).catch(() => {});
  await stop(reloadly?.child).catch(() => {});
  await adminQuery(PG_URL, `drop database if exists ${dbName} with (force)`);
}
process.exit(exitCode);
