import { SIMULATOR_TEST_NUMBERS } from '@vendport/shared';
import { describe, expect, it } from 'vitest';
import { callProvider, SimulatorProvider, simulatedFault, type VendRequest } from './providers.service';

const req = (msisdn: string): VendRequest => ({
  reference: 'VND-TEST',
  requestId: 'VND-TEST',
  providerReference: null,
  providerPlanCode: null,
  msisdn,
  network: 'MTN',
  serviceType: 'AIRTIME',
  amountKobo: 10_000,
  planCode: null,
  line: null,
});

describe('[PROVIDERS] the simulator', () => {
  const sim = new SimulatorProvider('AGGREGATOR', 0);
  const vtu = new SimulatorProvider('VTU', 0);
  const outcome = async (p: SimulatorProvider, kind: 'vend' | 'query', msisdn: string) =>
    (await callProvider(() => p[kind](req(msisdn)), 1_000)).outcome;

  it('[PROVIDERS] answers the documented test numbers as the table says', async () => {
    const seen: Record<string, [string, string]> = {};
    for (const n of SIMULATOR_TEST_NUMBERS)
      seen[n.msisdn] = [await outcome(sim, 'vend', n.msisdn), await outcome(sim, 'query', n.msisdn)];
    expect(seen).toEqual({
      '+2348000000001': ['SUCCESS', 'SUCCESS'],
      '+2348000000002': ['FAILED', 'FAILED'],
      '+2348000000003': ['PENDING', 'SUCCESS'],
      '+2348000000004': ['PENDING', 'FAILED'],
      '+2348000000005': ['TIMEOUT', 'SUCCESS'],
      '+2348000000006': ['TIMEOUT', 'FAILED'],
      '+2348000000007': ['PENDING', 'PENDING'],
      '+2348000000008': ['SUCCESS', 'SUCCESS'],
      '+2348000000009': ['TIMEOUT', 'NOT_FOUND'],
    });
    expect(await outcome(vtu, 'vend', '+2348000000008')).toBe('FAILED');
    expect(await outcome(sim, 'vend', '+2348031234567')).toBe('SUCCESS');
  });

  it('[PROVIDERS] a provider that does not answer in time is a TIMEOUT; one that throws is an unknown ERROR', async () => {
    const never = await callProvider(() => new Promise(() => {}), 100);
    expect(never.outcome).toBe('TIMEOUT');
    const broken = await callProvider(async () => {
      throw new Error('ECONNRESET');
    }, 1_000);
    expect(broken).toMatchObject({ outcome: 'ERROR', message: 'ECONNRESET' });
  });

  it('[PROVIDERS] the simulator reports the float of our own books as the line balance', async () => {
    expect(await vtu.balance({ line: { id: 'x', msisdn: '+2348091112222' }, bookFloatKobo: 12_345 })).toEqual(
      { balanceKobo: 12_345 },
    );
  });
});

describe('[PROVIDERS] the simulator fault profile (the fault run)', () => {
  const faults = { failurePercent: 10, timeoutPercent: 5, jitterMs: 0 };

  it('[PROVIDERS] fails and times out about the share asked, the same way for the same reference', () => {
    const n = 20_000;
    const tally = { FAILED: 0, TIMEOUT: 0, none: 0 };
    for (let i = 0; i < n; i++) {
      const b = simulatedFault(`VND-${i}`, faults);
      tally[b ? (b.vend as 'FAILED' | 'TIMEOUT') : 'none']++;
      expect(simulatedFault(`VND-${i}`, faults)).toEqual(b);
    }
    expect(tally.FAILED / n).toBeGreaterThan(0.09);
    expect(tally.FAILED / n).toBeLessThan(0.11);
    expect(tally.TIMEOUT / n).toBeGreaterThan(0.04);
    expect(tally.TIMEOUT / n).toBeLessThan(0.06);
    expect(simulatedFault('VND-1', { failurePercent: 0, timeoutPercent: 0, jitterMs: 0 })).toBeNull();
  });

  it('[PROVIDERS] a vend and its requery agree; the test numbers keep their own behaviour', async () => {
    const p = new SimulatorProvider('AGGREGATOR', 0, faults);
    const ask = (kind: 'vend' | 'query', reference: string, msisdn = '+2348031234567') =>
      callProvider(() => p[kind]({ ...req(msisdn), reference }), 1_000);
    let failed = 0;
    let timedOut = 0;
    for (let i = 0; i < 400; i++) {
      const ref = `VND-Q-${i}`;
      const [vend, query] = [await ask('vend', ref), await ask('query', ref)];
      if (vend.outcome === 'FAILED') {
        failed++;
        expect(query.outcome).toBe('FAILED');
      } else if (vend.outcome === 'TIMEOUT') {
        timedOut++;
        expect(['SUCCESS', 'FAILED']).toContain(query.outcome);
      } else {
        expect([vend.outcome, query.outcome]).toEqual(['SUCCESS', 'SUCCESS']);
      }
    }
    expect(failed).toBeGreaterThan(0);
    expect(timedOut).toBeGreaterThan(0);
    // +2348000000003 is "pending at the network" whatever the reference.
    for (let i = 0; i < 50; i++)
      expect((await ask('vend', `VND-T-${i}`, '+2348000000003')).outcome).toBe('PENDING');
  });
});
