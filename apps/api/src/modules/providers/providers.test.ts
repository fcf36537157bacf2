import { SIMULATOR_TEST_NUMBERS } from '@vendport/shared';
import { describe, expect, it } from 'vitest';
import { callProvider, SimulatorProvider, type VendRequest } from './providers.service';

const req = (msisdn: string): VendRequest => ({
  reference: 'VND-TEST',
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
