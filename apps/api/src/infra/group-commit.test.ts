import { describe, expect, it } from 'vitest';
import { GroupCommit, groupReadPer } from './group-commit';

/** A fake statement: records each batch it was sent, answers after a turn of the event loop. */
function fakeStore(refuse: (batch: string[]) => boolean = () => false) {
  const batches: string[][] = [];
  const send = async (batch: string[]) => {
    batches.push([...batch]);
    await new Promise((r) => setTimeout(r, 5));
    if (refuse(batch)) throw new Error(`refused: ${batch.join(',')}`);
    return new Map(batch.map((x) => [x, `ok:${x}`]));
  };
  return { batches, send };
}

describe('[GROUP COMMIT] infra/group-commit', () => {
  it('sends an item at once when nothing is in flight, and the items that arrive meanwhile together', async () => {
    const store = fakeStore();
    const g = new GroupCommit({ send: store.send, key: (x: string) => x, maxInFlight: 1 });
    const first = g.submit('a');
    const rest = ['b', 'c', 'd'].map((x) => g.submit(x));
    expect(await Promise.all([first, ...rest])).toEqual(['ok:a', 'ok:b', 'ok:c', 'ok:d']);
    expect(store.batches).toEqual([['a'], ['b', 'c', 'd']]);
  });

  it('with gatherTurn, the items asked from the callbacks of one turn go in one batch, the first included', async () => {
    const store = fakeStore();
    const g = new GroupCommit({ send: store.send, key: (x: string) => x, maxInFlight: 1, gatherTurn: true });
    // As the checks after one debit batch: each asked from a setImmediate callback of one turn.
    const asked = await new Promise<Promise<string>[]>((done) => {
      const out: Promise<string>[] = [];
      for (const x of ['a', 'b', 'c']) setImmediate(() => out.push(g.submit(x)));
      setImmediate(() => done(out));
    });
    expect(await Promise.all(asked)).toEqual(['ok:a', 'ok:b', 'ok:c']);
    expect(store.batches).toEqual([['a', 'b', 'c']]);
    // Without it, the first goes alone.
    const plain = fakeStore();
    const h = new GroupCommit({ send: plain.send, key: (x: string) => x, maxInFlight: 1 });
    const alone = await new Promise<Promise<string>[]>((done) => {
      const out: Promise<string>[] = [];
      for (const x of ['a', 'b', 'c']) setImmediate(() => out.push(h.submit(x)));
      setImmediate(() => done(out));
    });
    await Promise.all(alone);
    expect(plain.batches).toEqual([['a'], ['b', 'c']]);
  });

  it('never sends more than maxBatch items at once, nor more than maxInFlight batches', async () => {
    const store = fakeStore();
    let inFlight = 0;
    let most = 0;
    const g = new GroupCommit({
      key: (x: string) => x,
      maxBatch: 3,
      maxInFlight: 2,
      send: async (batch: string[]) => {
        most = Math.max(most, ++inFlight);
        try {
          return await store.send(batch);
        } finally {
          inFlight--;
        }
      },
    });
    const items = Array.from({ length: 20 }, (_, i) => `i${i}`);
    expect(await Promise.all(items.map((x) => g.submit(x)))).toEqual(items.map((x) => `ok:${x}`));
    expect(Math.max(...store.batches.map((b) => b.length))).toBeLessThanOrEqual(3);
    expect(most).toBe(2);
    expect(store.batches.flat().sort()).toEqual([...items].sort());
  });

  it('a refused batch is sent again item by item: only the bad item fails, with its own error', async () => {
    const store = fakeStore((batch) => batch.includes('bad'));
    const g = new GroupCommit({ send: store.send, key: (x: string) => x, maxInFlight: 1 });
    const first = g.submit('a');
    const results = await Promise.allSettled([first, g.submit('b'), g.submit('bad'), g.submit('c')]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      'ok:a',
      'ok:b',
      'refused: bad',
      'ok:c',
    ]);
    // a alone; b, bad, c together (refused); then each alone.
    expect(store.batches).toEqual([['a'], ['b', 'bad', 'c'], ['b'], ['bad'], ['c']]);
  });

  it('an item the statement gave no result for is failed, not left waiting', async () => {
    const g = new GroupCommit({
      key: (x: string) => x,
      send: async (batch: string[]) => new Map(batch.filter((x) => x !== 'lost').map((x) => [x, x])),
    });
    await expect(g.submit('lost')).rejects.toThrow(/no result for lost/);
    await expect(g.submit('kept')).resolves.toBe('kept');
  });

  it('a failed batch of one is sent once more, marked as a retry', async () => {
    const sent: Array<{ batch: string[]; retry: boolean }> = [];
    const g = new GroupCommit({
      key: (x: string) => x,
      send: async (batch: string[], { retry }) => {
        sent.push({ batch: [...batch], retry });
        throw new Error('refused');
      },
    });
    await expect(g.submit('x')).rejects.toThrow('refused');
    expect(sent).toEqual([
      { batch: ['x'], retry: false },
      { batch: ['x'], retry: true },
    ]);
  });

  it('a batch written but whose answer was lost: each item, retried, gets what was written', async () => {
    const written = new Map<string, string>();
    let dropNext = true;
    const g = new GroupCommit({
      key: (x: string) => x,
      maxInFlight: 1,
      send: async (batch: string[], { retry }) => {
        await new Promise((r) => setTimeout(r, 2));
        const out = new Map<string, string>();
        for (const x of batch) {
          if (retry && written.has(x)) out.set(x, written.get(x) as string);
          else if (written.has(x)) throw new Error(`${x} written twice`);
          else {
            written.set(x, `debit:${x}:${written.size + 1}`);
            out.set(x, written.get(x) as string);
          }
        }
        // The commit happened; the connection drops before the answer arrives.
        if (batch.length > 1 && dropNext) {
          dropNext = false;
          throw new Error('Connection terminated unexpectedly');
        }
        return out;
      },
    });
    const first = g.submit('a');
    const rest = ['b', 'c'].map((x) => g.submit(x));
    expect(await Promise.all([first, ...rest])).toEqual(['debit:a:1', 'debit:b:2', 'debit:c:3']);
    expect([...written.keys()]).toEqual(['a', 'b', 'c']);
  });

  it('a batch of one the database certainly refused is answered at once, not sent again', async () => {
    let sends = 0;
    const g = new GroupCommit({
      key: (x: string) => x,
      wroteNothing: (err) => (err as Error).message === 'refused by the database',
      send: async () => {
        sends++;
        throw new Error('refused by the database');
      },
    });
    await expect(g.submit('x')).rejects.toThrow('refused by the database');
    expect(sends).toBe(1);
  });
});

describe('[GROUP COMMIT] groupReadPer', () => {
  it('reads the keys asked meanwhile in one call, once each, and answers each its own', async () => {
    const calls: string[][] = [];
    const owner = {};
    const read = groupReadPer({
      read: async (_o: object, keys: string[]) => {
        calls.push(keys);
        return keys.filter((k) => k !== 'missing').map((k) => ({ k, v: k.toUpperCase() }));
      },
      keyOf: (r: { k: string; v: string }) => r.k,
      pick: (rows) => rows[0].v,
      none: () => null as string | null,
    });
    const got = await Promise.all(['a', 'b', 'a', 'missing', 'c'].map((k) => read(owner, k)));
    expect(got).toEqual(['A', 'B', 'A', null, 'C']);
    // The first is sent alone; the rest, asked while it ran, go together without repeats.
    expect(calls).toEqual([['a'], ['b', 'a', 'missing', 'c']]);
  });
});
