// Exports read their rows here: a filtered, ordered query read in batches by keyset (the last
// row's sort key bounds the next batch), never by OFFSET and never all at once, so an export of
// any size holds one batch in memory (bench:reports prints the peak RSS of a 1,000,000-row one).
//
// What a keyset export guarantees, reading (created_at, id) descending without a transaction
// (a snapshot held for the whole of a slow download would hold back vacuum, and PGlite has one
// connection):
// - no row twice: each batch starts strictly below the previous batch's last key, and the key
//   is unique (id breaks ties), so the cursor only ever moves down;
// - no row skipped that existed, matching, when the export began: such a row's key is below the
//   start and above nothing already passed, so some batch reaches it (unless it is deleted or
//   stops matching the filters before that batch is read);
// - rows committed after the export began appear only when their key is still ahead of the
//   cursor (an ordinary new row is newer than the first batch, so it is not in the export).
// The bound is the pages' own (db/keyset): a Key, its time as text to the microsecond (keyTime),
// not a JS Date (milliseconds: a Date would skip rows within the same millisecond as a batch's
// last row), compared by keyCondition.
import type { Key } from './keyset';

/** Rows per batch; tests set a small one to cross batch boundaries. */
let batchSize = 1000;

/** The batch size exports read with; returns the previous one (tests restore it). */
export function setExportBatchSize(n: number): number {
  const before = batchSize;
  batchSize = Math.max(1, Math.trunc(n));
  return before;
}

export function exportBatchSize(): number {
  return batchSize;
}

/**
 * Yields the rows of a query in batches of `exportBatchSize()`: `read(after, limit)` returns the
 * next `limit` rows strictly after the key `after` (null for the first batch) in the export's
 * order, newest first (`keyCondition(columns, after && { op: '<', key: after })`), and `keyOf` a
 * row's key. Stops at the first short batch.
 */
export async function* keysetBatches<T>(
  read: (after: Key | null, limit: number) => Promise<T[]>,
  keyOf: (row: T) => Key,
): AsyncGenerator<T[]> {
  let after: Key | null = null;
  for (;;) {
    const limit = batchSize;
    const rows = await read(after, limit);
    if (rows.length > 0) yield rows;
    if (rows.length < limit) return;
    after = keyOf(rows[rows.length - 1] as T);
  }
}
