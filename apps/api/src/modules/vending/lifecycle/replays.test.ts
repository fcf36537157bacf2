// Replays cost nothing to others (issue 49 point 7): a vend whose reference its client already used
// is answered from the original without breaking the debit batch it meets (migration 0045), so no
// batch of other clients' vends is posted again vend by vend because of it; and on PostgreSQL, one
// client replaying 1,000 references while others vend leaves the others' p99 within 1.5x of without.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCorporate } from '../../../test/factories';
import { buildTestApp, type TestApp, testDbKind } from '../../../test/harness';
import {
  apiKeyFor,
  apiVend,
  assignDefaults,
  expectBooksBalanced,
  fund,
  newRef,
  withQueriesThrough,
} from '../vending.testing';

let t: TestApp;
/** The replaying client and its references already used; the others and their keys. */
let replayer: { key: string; used: { reference: string; id: string }[] };
let others: string[];

async function clientKey(name: string) {
  const c = await createCorporate(t.app, { name });
  await assignDefaults(t.app, c.corporateId);
  await fund(t.app, c.corporateId, 100_000_000);
  return apiKeyFor(t.app, c.corporateId);
}

/** Runs `n` tasks, `width` at a time. */
async function pool<T>(n: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}

const p99 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.ceil(ms.length * 0.99) - 1];

beforeAll(async () => {
  t = await buildTestApp({ poolSize: 10 });
  const key = await clientKey('Replaying Traders Ltd');
  const used = await pool(testDbKind() === 'pg' ? 1_000 : 40, 16, async () => {
    const reference = newRef('RPL');
    const res = await apiVend(t.app, key, { reference, phone: '08031234567', network: 'MTN', amount: '100' });
    expect(res.statusCode).toBe(200);
    return { reference, id: res.json().data.id as string };
  });
  replayer = { key, used };
  others = await Promise.all(['Quiet One Ltd', 'Quiet Two Ltd', 'Quiet Three Ltd'].map(clientKey));
}, 300_000);
afterAll(async () => {
  await t?.close();
});

const replay = (i: number) => {
  const u = replayer.used[i % replayer.used.length];
  return apiVend(t.app, replayer.key, {
    reference: u.reference,
    phone: '08031234567',
    network: 'MTN',
    amount: '100',
  });
};

describe('[REPLAY] a used reference never breaks a batch', () => {
  it("[REPLAY] replays sent among other clients' new vends are answered with their originals, and no batch is posted again vend by vend", async () => {
    const batches: string[] = [];
    const { fresh, replays } = await withQueriesThrough(
      t.app,
      (q) => {
        if (q.text.includes('vend_record_and_debit(')) batches.push(JSON.stringify(q.values));
        return q.send();
      },
      async () => {
        const [fresh, replays] = await Promise.all([
          Promise.all(
            Array.from({ length: 30 }, (_, i) =>
              apiVend(t.app, others[i % others.length], {
                phone: '08031234567',
                network: 'MTN',
                amount: '100',
              }),
            ),
          ),
          Promise.all(Array.from({ length: 30 }, (_, i) => replay(i))),
        ]);
        return { fresh, replays };
      },
    );
    for (const res of fresh) expect(res.json().data.status).toBe('SUCCESSFUL');
    replays.forEach((res, i) => {
      expect(res.statusCode).toBe(200);
      expect(res.headers['idempotent-replayed']).toBe('true');
      expect(res.json().data.id).toBe(replayer.used[i % replayer.used.length].id);
    });
    // A batch refused as a whole would be posted again item by item, each marked as a retry.
    expect(batches.length).toBeGreaterThan(0);
    expect(batches.filter((b) => b.includes('\\"retry\\":true'))).toEqual([]);
    await expectBooksBalanced(t.app);
  });
});

describe.runIf(testDbKind() === 'pg')('[REPLAY] on PostgreSQL: the others do not feel it', () => {
  it('[REPLAY] one client replaying 1,000 references while three others vend leaves their p99 within 1.5x of without', async () => {
    const timed = async (i: number) => {
      const started = performance.now();
      const res = await apiVend(t.app, others[i % others.length], {
        phone: '08031234567',
        network: 'MTN',
        amount: '100',
      });
      expect(res.json().data.status).toBe('SUCCESSFUL');
      return performance.now() - started;
    };
    // Warm both paths; then three rounds of the others alone and the others beside a third of the
    // replays each, alternated, so a neighbour's load on a shared machine falls on both sides alike.
    await pool(60, 8, timed);
    await pool(60, 2, replay);
    const ratios: number[] = [];
    let replaysDone = 0;
    for (let round = 0; round < 3; round++) {
      const alone = await pool(300, 8, timed);
      const [beside] = await Promise.all([
        pool(300, 8, timed),
        pool(round < 2 ? 333 : 334, 2, async (i) => {
          const res = await replay(round * 333 + i);
          expect(res.headers['idempotent-replayed']).toBe('true');
          replaysDone++;
        }),
      ]);
      ratios.push(p99(beside) / p99(alone));
    }
    expect(replaysDone).toBe(1_000);
    const median = [...ratios].sort((a, b) => a - b)[1];
    expect(
      median,
      `p99 beside the replays over p99 alone, per round: ${ratios.map((r) => r.toFixed(2)).join(', ')}`,
    ).toBeLessThanOrEqual(1.5);
  }, 300_000);
});
