// Group commit: work items that arrive while earlier ones are being written go to the database
// together, as one statement (one round trip, one transaction, one commit), instead of one by
// one. At most `maxInFlight` batches run at once; an item that arrives while they run waits for
// the next one. There is no timer: on an idle server an item is sent at once, alone.
//
// A batch is all or nothing. When it fails, each item of it is sent again alone, marked as a
// retry, so that each gets its own answer and no item fails because of another. A batch of one
// is sent again too unless the failure certainly wrote nothing: it may be a lost answer (the
// connection dropped after the commit), and `send` must then answer a retried item that was
// already written with what was written.
export interface GroupCommitOptions<P, R> {
  /**
   * Writes the batch in one statement; the results by item key (an item without one failed).
   * `retry`: the items were in a batch that failed, and may have been written already.
   */
  send(batch: P[], opts: { retry: boolean }): Promise<Map<string, R>>;
  key(item: P): string;
  /**
   * Whether a failure certainly wrote nothing (the database refused the statement): then a batch
   * of one is answered with it at once instead of being sent again. Without it, every failure
   * may be a lost answer.
   */
  wroteNothing?(err: unknown): boolean;
  maxBatch?: number;
  maxInFlight?: number;
  /**
   * A batch is sent once the event loop's current turn is over (setImmediate), so that the items
   * asked from the callbacks of one turn (the successes of one debit batch, the checks run after
   * it) go together instead of the first alone. It delays an item on an idle queue by the rest of
   * that turn: measured worth it for the vend's debits and successes (bench:vend).
   */
  gatherTurn?: boolean;
}

interface Waiting<P, R> {
  item: P;
  resolve: (r: R) => void;
  reject: (err: unknown) => void;
}

export class GroupCommit<P, R> {
  private waiting: Array<Waiting<P, R>> = [];
  private inFlight = 0;
  private gathering = false;
  private readonly maxBatch: number;
  private readonly maxInFlight: number;

  constructor(private readonly opts: GroupCommitOptions<P, R>) {
    this.maxBatch = opts.maxBatch ?? 64;
    this.maxInFlight = opts.maxInFlight ?? 2;
  }

  submit(item: P): Promise<R> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (!this.opts.gatherTurn) this.pump();
      else if (!this.gathering) {
        this.gathering = true;
        setImmediate(() => {
          this.gathering = false;
          this.pump();
        });
      }
    });
  }

  private pump() {
    while (this.inFlight < this.maxInFlight && this.waiting.length) {
      const batch = this.waiting.splice(0, this.maxBatch);
      this.inFlight++;
      void this.run(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private settle(w: Waiting<P, R>, results: Map<string, R>) {
    const key = this.opts.key(w.item);
    if (results.has(key)) w.resolve(results.get(key) as R);
    else w.reject(new Error(`group commit: no result for ${key}`));
  }

  private async run(batch: Array<Waiting<P, R>>) {
    try {
      const results = await this.opts.send(
        batch.map((w) => w.item),
        { retry: false },
      );
      for (const w of batch) this.settle(w, results);
      return;
    } catch (err) {
      if (batch.length === 1 && this.opts.wroteNothing?.(err)) {
        batch[0].reject(err);
        return;
      }
      // Each item again, alone: its own answer (or its own error).
    }
    for (const w of batch) {
      try {
        this.settle(w, await this.opts.send([w.item], { retry: true }));
      } catch (err) {
        w.reject(err);
      }
    }
  }
}

/** One GroupCommit per owner (a database handle), made on first use. */
export function groupCommitPer<O extends object, P, R>(make: (owner: O) => GroupCommitOptions<P, R>) {
  const all = new WeakMap<O, GroupCommit<P, R>>();
  return (owner: O): GroupCommit<P, R> => {
    let g = all.get(owner);
    if (!g) {
      g = new GroupCommit(make(owner));
      all.set(owner, g);
    }
    return g;
  };
}

/**
 * Reads by key that share one statement: the keys asked while a read runs go together, one at a
 * time (fewer, larger statements: measured with bench:vend), each still answered by a read that
 * started after it was asked, so nothing is cached. `read` gets the distinct keys and returns
 * rows; `keyOf` names a row's key; a key with no row gets `none()`, else `pick(rows)`.
 */
export function groupReadPer<O extends object, Row, R>(o: {
  read: (owner: O, keys: string[]) => Promise<Row[]>;
  keyOf: (row: Row) => string;
  pick: (rows: Row[]) => R;
  none: () => R;
  /** GroupCommitOptions.gatherTurn. */
  gatherTurn?: boolean;
}): (owner: O, key: string) => Promise<R> {
  const of = groupCommitPer((owner: O) => ({
    maxInFlight: 1,
    gatherTurn: o.gatherTurn,
    key: (k: string) => k,
    send: async (keys: string[]) => {
      const unique = [...new Set(keys)];
      const byKey = new Map<string, Row[]>(unique.map((k) => [k, []]));
      for (const row of await o.read(owner, unique)) byKey.get(o.keyOf(row))?.push(row);
      return new Map(unique.map((k) => [k, byKey.get(k)?.length ? o.pick(byKey.get(k)!) : o.none()]));
    },
  }));
  return (owner, key) => of(owner).submit(key);
}
