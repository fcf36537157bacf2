// The token buckets on their own (issue 34), on a clock the test moves: the memory buckets refill
// by the time elapsed up to the burst; the leased ones (PostgreSQL) spend what a lease granted,
// ask one lease at a time per bucket, never spend more than the shared row held, drop a lease
// after LEASE_MS, and ask nothing while a bucket is known to be empty.
import { describe, expect, it } from 'vitest';
import { type BucketSpec, type Grant, LEASE_MS, LeasedBuckets, MemoryBuckets } from './buckets';

const spec = (subject: string, perS: number, burst: number): BucketSpec => ({ subject, perS, burst });

/** The shared rows as the lease statement keeps them, on the test's clock; counts the statements. */
function sharedRows(clock: { now: number }) {
  const rows = new Map<string, { tokens: number; at: number }>();
  const state = { statements: 0, granted: 0 };
  const lease = async (asks: { spec: BucketSpec; want: number }[]): Promise<Grant[]> => {
    state.statements++;
    await Promise.resolve();
    return asks.map(({ spec: s, want }) => {
      const row = rows.get(s.subject) ?? { tokens: s.burst, at: clock.now };
      const tokens = Math.min(s.burst, row.tokens + ((clock.now - row.at) / 1000) * s.perS);
      const granted = Math.min(want, Math.floor(tokens));
      rows.set(s.subject, { tokens: tokens - granted, at: clock.now });
      state.granted += granted;
      return { subject: s.subject, granted, tokensLeft: tokens - granted };
    });
  };
  return { lease, state };
}

describe('[RATE-LIMIT] token buckets', () => {
  it('[RATE-LIMIT] in memory: the burst, then the rate; a refusal takes nothing from the other bucket', () => {
    const clock = { now: 0 };
    const b = new MemoryBuckets(() => clock.now);
    const key = spec('key:a', 2, 3);
    const client = spec('client:a', 100, 100);
    const oks = Array.from({ length: 4 }, () => b.take([key, client]).ok);
    expect(oks).toEqual([true, true, true, false]);
    const refused = b.take([key, client]);
    expect(refused.retryAfterS).toBe(1);
    // The client bucket lost only the three calls that passed.
    expect(refused.buckets[1].remaining).toBe(97);
    clock.now += 500; // one token back at 2 a second
    expect(b.take([key, client]).ok).toBe(true);
    expect(b.take([key, client]).ok).toBe(false);
    clock.now += 60_000;
    const full = b.take([key, client]);
    expect(full.buckets[0]).toMatchObject({ remaining: 2, resetS: 1 });
  });

  it('[RATE-LIMIT] leased: concurrent calls share one lease in flight; never more than the row held', async () => {
    const clock = { now: 1_000_000 };
    const rows = sharedRows(clock);
    const b = new LeasedBuckets(rows.lease, () => clock.now);
    const key = spec('key:a', 100, 30);
    // 50 calls at once against a burst of 30: 30 pass, in a few statements, not 50.
    const verdicts = await Promise.all(Array.from({ length: 50 }, () => b.take([key])));
    expect(verdicts.filter((v) => v.ok)).toHaveLength(30);
    expect(rows.state.granted).toBe(30);
    expect(rows.state.statements).toBeLessThanOrEqual(4);
    // Known empty: refused without a statement until the next token is due.
    const before = rows.state.statements;
    const refused = await b.take([key]);
    expect(refused.ok).toBe(false);
    expect(refused.retryAfterS).toBe(1);
    expect(rows.state.statements).toBe(before);
  });

  it('[RATE-LIMIT] leased: a steady key leases ahead (about a statement per lease); unspent tokens lapse', async () => {
    const clock = { now: 1_000_000 };
    const rows = sharedRows(clock);
    const b = new LeasedBuckets(rows.lease, () => clock.now);
    const key = spec('key:a', 100, 200); // leases of 10
    for (let i = 0; i < 100; i++) {
      expect((await b.take([key])).ok).toBe(true);
      clock.now += 10; // 100 a second: at the rate
    }
    expect(rows.state.statements).toBeLessThanOrEqual(12);
    // What this instance holds lapses after LEASE_MS: at most a lease was taken and not spent.
    expect(rows.state.granted - 100).toBeLessThanOrEqual(10);
    clock.now += LEASE_MS + 1;
    const statements = rows.state.statements;
    expect((await b.take([key])).ok).toBe(true);
    expect(rows.state.statements).toBe(statements + 1);
  });
});
