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
// The cursor carries created_at as PostgreSQL's own text (microseconds), not a JS Date
// (milliseconds): a Date would skip rows within the same millisecond as a batch's last row.
import { type SQL, sql } from 'drizzle-orm';

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
 * The sort key of the last row read, as the next batch's bound: exact text values (created_at
 * as PostgreSQL prints it, ids as text), compared in SQL with the columns' own types.
 */
export type Keyset = readonly string[];

/**
 * Yields the rows of a query in batches of `exportBatchSize()`: `read(after, limit)` returns the
 * next `limit` rows strictly after the key `after` (null for the first batch) in the export's
 * order, and `keyOf` a row's key. Stops at the first short batch.
 */
export async function* keysetBatches<T>(
  read: (after: Keyset | null, limit: number) => Promise<T[]>,
  keyOf: (row: T) => Keyset,
): AsyncGenerator<T[]> {
  let after: Keyset | null = null;
  for (;;) {
    const limit = batchSize;
    const rows = await read(after, limit);
    if (rows.length > 0) yield rows;
    if (rows.length < limit) return;
    after = keyOf(rows[rows.length - 1] as T);
  }
}

/**
 * `(c1, c2, ...) < (k1, k2, ...)` for a descending keyset, each key cast to its column's type
 * (`casts`, e.g. ['timestamptz', 'uuid']), plus `c1 <= k1` so the leading column bounds an index
 * range whatever index the planner picks. Undefined for the first batch.
 */
export function keysetBefore(columns: SQL[], casts: string[], after: Keyset | null): SQL | undefined {
  if (!after) return undefined;
  const keys = after.map((k, i) => sql`${k}::${sql.raw(casts[i] ?? 'text')}`);
  return sql`(${sql.join(columns, sql`, `)}) < (${sql.join(keys, sql`, `)}) and ${columns[0]} <= ${keys[0]}`;
}
