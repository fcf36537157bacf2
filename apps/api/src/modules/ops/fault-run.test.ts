// The fault run's quick profile (npm run bench:faults -- --quick): 5,000 vends through two API
// instances and a worker on PostgreSQL, the simulator failing and timing out, an API instance and
// the worker killed with SIGKILL three times. Every zero must hold. PostgreSQL only.
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bigPoolTurn, testDbKind } from '../../test/harness';

const root = path.resolve(import.meta.dirname, '../../../../..');

describe.runIf(testDbKind() === 'pg')('[FAULTS] the fault run, quick profile (PostgreSQL)', () => {
  it('[FAULTS] 5,000 vends with kill -9 of an instance and the worker: no kobo lost, no double debit, nothing left pending', async () => {
    // Three servers of 10 connections each: one of the stage's large-pool turns (harness.ts).
    const endTurn = await bigPoolTurn();
    let run: SpawnSyncReturns<string>;
    try {
      run = spawnSync(process.execPath, ['bench/faults.mjs', '--quick'], {
        cwd: root,
        env: { ...process.env, BENCH_PG_URL: process.env.TEST_DATABASE_URL },
        encoding: 'utf8',
        timeout: 540_000,
      });
    } finally {
      await endTurn();
    }
    const line = run.stdout.split('\n').find((l) => l.startsWith('FAULTS_RESULT '));
    expect(line, `${run.stdout}\n${run.stderr}`).toBeDefined();
    const r = JSON.parse(line!.slice('FAULTS_RESULT '.length));
    expect(r).toMatchObject({
      accepted: 5_000,
      pendingLeft: 0,
      duplicatesAnsweredWithAnotherVend: 0,
      answers4xx: 0,
      answersWithoutVend: 0,
      koboLostOrCreated: 0,
      referencesDebitedMoreThanOnce: 0,
      reversalsWithoutDefiniteFailure: 0,
      successesTheProviderRefused: 0,
      ledgerCheck: 'clean',
      kills: 3,
      ok: true,
    });
    // The profile did what it says: failures, retries in flight and to the other instance.
    expect(r.failed).toBeGreaterThan(0);
    expect(r.retriesInFlight).toBeGreaterThan(0);
    expect(r.retriesToOtherInstance).toBeGreaterThan(0);
    expect(r.duplicatesAnsweredFromOriginal).toBe(r.retries);
    expect(run.status).toBe(0);
  }, 600_000);
});
