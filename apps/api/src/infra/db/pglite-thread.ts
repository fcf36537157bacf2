// PGlite behind a worker thread (pglite-worker.mjs), with the part of PGlite's interface the app and
// Drizzle use: query, exec, transaction, close. The embedded database under DATA_DIR runs there, so
// its WebAssembly PostgreSQL works on one core while the server's JavaScript works on another, and
// vends arriving meanwhile queue for one shared batch (infra/group-commit.ts) instead of each running
// alone. Semantics are PGlite's own: one statement at a time, and an open transaction holds the
// database until it ends (a statement sent outside it waits, exactly as in-process).
import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, unknown>;
}

type Reply = { id: number; result?: unknown; error?: Record<string, unknown> };

/** An error from the database thread, with its PostgreSQL fields (code, constraint, detail, ...). */
function errorIn(fields: Record<string, unknown>): Error {
  const err = new Error(String(fields.message ?? 'database error'));
  Object.assign(err, fields);
  return err;
}

/** Drizzle's options carry parser functions; they cross as the type oids (all keep the text). */
const optionsOut = (o?: QueryOptions) =>
  o && { rowMode: o.rowMode, parsers: Object.keys(o.parsers ?? {}).map(Number) };

/**
 * PGlite's WebAssembly as compiled by the first database thread of this process (a
 * WebAssembly.Module, opaque here), handed to every later one: a thread compiling the 9 MB module
 * itself spent ~0.4 s of CPU at every open, which a process opening a directory many times (the
 * crash-safety test) paid each time. A module crosses to a thread without copying its code.
 */
let wasmModule: unknown = null;

export interface PGliteLike {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Array<Results>>;
}

export class PGliteThread implements PGliteLike {
  private seq = 0;
  private readonly waiting = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void }>();
  private failed: Error | null = null;
  private closing = false;
  private readonly lostListeners: Array<(err: Error) => void> = [];

  private constructor(private readonly worker: Worker) {
    worker.on('message', (m: Reply) => {
      const w = this.waiting.get(m.id);
      if (!w) return;
      this.waiting.delete(m.id);
      if (m.error) w.reject(errorIn(m.error));
      else w.resolve(m.result);
    });
    const fail = (err: Error) => {
      if (this.failed) return;
      this.failed = err;
      for (const w of this.waiting.values()) w.reject(err);
      this.waiting.clear();
      if (!this.closing) for (const l of this.lostListeners) l(err);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the database thread stopped (exit code ${code})`)));
  }

  /** The database in `dataDir` (in memory without it), open on its own thread. */
  static async create(dataDir?: string): Promise<PGliteThread> {
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir: dataDir ?? null, wasmModule },
    });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (m: { ready?: boolean; wasmModule?: unknown }) => {
        if (!m.ready) return;
        wasmModule ??= m.wasmModule ?? null;
        worker.off('error', reject);
        worker.off('message', onMessage);
        resolve();
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
    return new PGliteThread(worker);
  }

  private send<T>(message: Record<string, unknown>): Promise<T> {
    if (this.failed) return Promise.reject(this.failed);
    const id = ++this.seq;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.send({ op: 'query', sql, params, options: optionsOut(options) });
  }

  exec(sql: string): Promise<Array<Results>> {
    return this.send({ op: 'exec', sql });
  }

  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(fn: (tx: PGliteLike) => Promise<T>): Promise<T> {
    const id = ++this.seq;
    let ready = () => {};
    const opened = new Promise<void>((r) => {
      ready = r;
    });
    const done = new Promise<unknown>((resolve, reject) => {
      // The worker answers `id` twice: 'open', then 'done' (or the commit's error).
      let opened = false;
      this.waiting.set(id, {
        resolve: () => {
          if (opened) return resolve(undefined);
          opened = true;
          this.waiting.set(id, { resolve, reject });
          ready();
        },
        reject,
      });
    });
    if (this.failed) throw this.failed;
    this.worker.postMessage({ op: 'begin', id });
    await Promise.race([opened, done]);
    const tx: PGliteLike = {
      query: (sql, params, options) =>
        this.send({ op: 'query', tx: id, sql, params, options: optionsOut(options) }),
      exec: (sql) => this.send({ op: 'exec', tx: id, sql }),
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      this.worker.postMessage({ op: 'end', tx: id, commit: false });
      await done.catch(() => {});
      throw err;
    }
    this.worker.postMessage({ op: 'end', tx: id, commit: true });
    await done;
    return result;
  }

  /** `listener` runs once if the thread stops without close(): nothing more can be written. */
  onLost(listener: (err: Error) => void): void {
    this.lostListeners.push(listener);
  }

  async close(): Promise<void> {
    this.closing = true;
    if (!this.failed) await this.send({ op: 'close' }).catch(() => {});
    await this.worker.terminate();
  }
}
