// The embedded database on a thread of its own (db/pglite-thread.ts is the other side). PGlite runs
// PostgreSQL compiled to WebAssembly synchronously: on the server's thread every statement stopped
// the HTTP work, and the vends waiting meanwhile could not even queue for their shared batch.
// Here the statements run beside the server's JavaScript. Plain JavaScript, so that it starts the
// same under tsx, vitest and node.
//
// Messages in: { op: 'query', id, sql, params, options, tx? }, { op: 'exec', id, sql, tx? },
// { op: 'begin', id } (opens transaction `id`: its statements carry tx: id, and nothing else runs
// until { op: 'end', tx: id, commit } closes it), { op: 'close', id }.
// Messages out: { ready: true, wasmModule } once open, then { id, result } or { id, error } (the
// error's own fields: code, constraint, ...).
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/**
 * PGlite's WebAssembly: the module compiled by an earlier thread of this process (pglite-thread.ts
 * keeps it), or compiled here and handed back with `ready` for the next one. Not found where PGlite
 * keeps it: PGlite compiles its own, as it would alone.
 */
const wasmModule =
  workerData.wasmModule ??
  (await readFile(new URL('pglite.wasm', import.meta.resolve('@electric-sql/pglite')))
    .then((bytes) => WebAssembly.compile(bytes))
    .catch(() => null));

const db = await PGlite.create({
  dataDir: workerData.dataDir ?? undefined,
  ...(wasmModule ? { pgliteWasmModule: wasmModule } : {}),
});

const identity = (value) => value;
/** Query options with the parsers named by type oid (Drizzle's keep dates as text: identity). */
const optionsOf = (o) =>
  o && { rowMode: o.rowMode, parsers: Object.fromEntries((o.parsers ?? []).map((oid) => [oid, identity])) };

/** A copy of an error that crosses threads with its PostgreSQL fields. */
function errorOut(err) {
  const out = { message: err?.message ?? String(err), name: err?.name ?? 'Error' };
  for (const [k, v] of Object.entries(err ?? {})) {
    if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = v;
  }
  return out;
}

const reply = (id, work) =>
  work.then(
    (result) => parentPort.postMessage({ id, result }),
    (err) => parentPort.postMessage({ id, error: errorOut(err) }),
  );

/** Open transactions: the statements sent for each, waiting to run in it. */
const open = new Map();

function begin(id) {
  const inbox = [];
  let wake = null;
  open.set(id, {
    push(m) {
      inbox.push(m);
      wake?.();
    },
  });
  const next = async () => {
    while (!inbox.length) await new Promise((r) => (wake = r));
    wake = null;
    return inbox.shift();
  };
  const work = db.transaction(async (tx) => {
    parentPort.postMessage({ id, result: 'open' });
    for (;;) {
      const m = await next();
      if (m.op === 'end') {
        if (!m.commit) await tx.rollback();
        return;
      }
      await reply(m.id, m.op === 'exec' ? tx.exec(m.sql) : tx.query(m.sql, m.params, optionsOf(m.options)));
    }
  });
  work.then(
    () => parentPort.postMessage({ id, result: 'done' }),
    (err) => parentPort.postMessage(err === ROLLBACK ? { id, result: 'done' } : { id, error: errorOut(err) }),
  );
  void work.finally(() => open.delete(id));
}

parentPort.on('message', (m) => {
  if (m.tx !== undefined) {
    const t = open.get(m.tx);
    if (t) t.push(m);
    else parentPort.postMessage({ id: m.id, error: { message: `transaction ${m.tx} is not open` } });
    return;
  }
  if (m.op === 'begin') begin(m.id);
  else if (m.op === 'query') reply(m.id, db.query(m.sql, m.params, optionsOf(m.options)));
  else if (m.op === 'exec') reply(m.id, db.exec(m.sql));
  else if (m.op === 'close') reply(m.id, db.close());
});

parentPort.postMessage({ ready: true, wasmModule });
