// Histories page by keyset, not by offset: a page is the `limit` rows after (or before) a sort key
// (time, id), newest first, so a deep page costs what the first does and rows inserted at the top
// while someone pages do not shift the pages they read next. The pager keeps its look (Page N):
// Next and Previous carry an opaque cursor; a page asked for by number alone (a link, a reload)
// finds its first key by an index-only scan of the sort key, from the end when it is past the
// middle (the last page is as cheap as the first), in the statement that reads its rows; within
// 2,000 keys of the top (nearTop), from the top, beside the total. The
// total is exact where the list has it from elsewhere than its rows (exactTotal: a vending
// history's from the roll-ups, whatever its depth); otherwise a bounded count: past COUNT_BOUND
// rows it is the planner's estimate, marked as such (totalIsEstimate); a list the planner puts far
// past the bound is not counted at all.

import type { AnyColumn } from 'drizzle-orm';
import { asc, desc, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { badRequest } from '../errors';
import type { Db } from './client';
import type { Paged } from './paged';
import { isUuid, rowsOf } from './sql';

/** A row's place in the order: its time (ISO, microseconds, UTC) and its id. */
export interface Key {
  t: string;
  id: string;
}

/** Which way a cursor reads: `next` the older rows after it, `prev` the newer rows before it. */
export type Direction = 'next' | 'prev';

export interface KeysetRequest {
  page: number;
  limit: number;
  cursor?: string;
}

export interface KeysetPaged<T> extends Paged<T> {
  nextCursor: string | null;
  prevCursor: string | null;
  totalIsEstimate: boolean;
  /** Whether older rows follow this page (read, not inferred from the total). */
  hasMore: boolean;
}

let countBound = 10_000;
/** Above this many matching rows a list's total is an estimate. */
export const COUNT_BOUND = () => countBound;
/** Tests lower the bound to reach the estimate with few rows; returns the previous bound. */
export function setCountBoundForTests(n: number): number {
  const was = countBound;
  countBound = n;
  return was;
}

const TIME_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const BAD_CURSOR = 'The page cursor is not valid: open the list from its first page';

export function encodeCursor(key: Key, d: Direction): string {
  return Buffer.from(JSON.stringify({ t: key.t, id: key.id, d })).toString('base64url');
}

/** A cursor as the API sent it, checked strictly: anything else is a 400, never a 500. */
export function decodeCursor(raw: string): { key: Key; d: Direction } {
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(raw)) throw badRequest(BAD_CURSOR);
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(BAD_CURSOR);
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw badRequest(BAD_CURSOR);
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o).sort().join(',');
  if (keys !== 'd,id,t') throw badRequest(BAD_CURSOR);
  const { t, id, d } = o;
  if (typeof t !== 'string' || !TIME_RE.test(t) || Number.isNaN(Date.parse(t))) throw badRequest(BAD_CURSOR);
  if (typeof id !== 'string' || !isUuid(id)) throw badRequest(BAD_CURSOR);
  if (d !== 'next' && d !== 'prev') throw badRequest(BAD_CURSOR);
  return { key: { t, id }, d };
}

/** The sort key's columns (or expressions) of one list. */
export interface KeyColumns {
  time: AnyColumn | SQL;
  id: AnyColumn | SQL;
}

export type Order = 'desc' | 'asc';
/**
 * Where a read starts: strictly past a key (a cursor), at a key (a jump: `at`, the query of the
 * key's time and id, read in the same statement), or at an end.
 */
export type Bound = { op: '<' | '>' | '<=' | '>='; key: Key } | { op: '<=' | '>='; at: SQL } | null;

/** The time as a cursor keeps it: microseconds, so no row between two milliseconds is skipped. */
export const keyTime = (time: AnyColumn | SQL) =>
  sql<string>`to_char(${time} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The row comparison of a bound, `(time, id) < ($t, $id)` and the like (an index range), with the
 * time alone bounded too (`time <= $t`), so the leading column bounds a range of whatever index
 * the planner picks. Pages and exports both read by it. A key given as a query is compared as a
 * row with it: PostgreSQL runs the query once, first, and the comparison stays an index range
 * (`ROW(time, id) >= ROW($0, $1)`).
 */
export function keyCondition(c: KeyColumns, b: Bound): SQL | undefined {
  if (!b) return undefined;
  if ('at' in b) return sql`(${c.time}, ${c.id}) ${sql.raw(b.op)} (${b.at})`;
  const t = sql`${b.key.t}::timestamptz`;
  const lead = sql.raw(b.op.startsWith('<') ? '<=' : '>=');
  return sql`(${c.time}, ${c.id}) ${sql.raw(b.op)} (${t}, ${b.key.id}::uuid) and ${c.time} ${lead} ${t}`;
}

export const keyOrder = (c: KeyColumns, o: Order): SQL[] =>
  o === 'desc' ? [desc(c.time), desc(c.id)] : [asc(c.time), asc(c.id)];

/** `count(*)` of at most `bound` rows of a query (`select 1 ... where ...`, no order). */
export async function boundedCount(db: Db, ones: SQLWrapper, bound: number): Promise<number> {
  const [r] = await rowsOf<{ n: number | string }>(
    db,
    sql`select count(*)::int as n from (${ones} limit ${bound}) bounded`,
  );
  return Number(r?.n ?? 0);
}

/** The planner's estimate of a query's rows (its statistics; no row is read). */
export async function plannerEstimate(db: Db, query: SQLWrapper): Promise<number> {
  const [r] = await rowsOf<Record<string, unknown>>(db, sql`explain (format json) ${query}`);
  let plan = r ? Object.values(r)[0] : null;
  if (typeof plan === 'string') plan = JSON.parse(plan);
  const rows = (plan as Array<{ Plan?: { 'Plan Rows'?: number } }> | null)?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' && Number.isFinite(rows) ? Math.round(rows) : 0;
}

export interface KeysetQuery<T> {
  /** Up to `limit` rows in `order`, from `bound` (or from that end of the list when null). */
  rows: (w: { bound: Bound; order: Order; limit: number }) => PromiseLike<T[]>;
  /**
   * The query of the time and id of the row `offset` places from that end of the list (the key
   * columns alone, from the index), for a bound's `at`.
   */
  keyAt: (offset: number, order: Order) => SQL;
  keyOf: (row: T) => Key;
  /** How many rows match, counting at most `bound`. */
  count: (bound: number) => PromiseLike<number>;
  /** An estimate of the matching rows when there are more than the bound. */
  estimate: () => PromiseLike<number>;
  /**
   * The list's exact total from elsewhere than its rows (a vending history's from the roll-ups),
   * asked first; null when it cannot be had (then the bounded count and the estimate).
   */
  exactTotal?: () => PromiseLike<number | null>;
}

/** What a list's keyset query reads besides its rows (KeysetQuery's keyAt, count, estimate). */
export type KeysetMeasures = Pick<KeysetQuery<unknown>, 'keyAt' | 'count' | 'estimate'>;

/**
 * The reads every history makes besides its rows, from its source (`from`: a table or its joins,
 * as SQL), its filter and its key: the key `offset` places from one end (the key columns alone,
 * an index-only scan, the time made text on the one row kept), the bounded count and the
 * planner's estimate of the filtered rows.
 */
export function keysetMeasures(db: Db, from: SQL, where: SQL | undefined, key: KeyColumns): KeysetMeasures {
  const filtered = sql`from ${from} where ${where ?? sql`true`}`;
  const ones = sql`select 1 ${filtered}`;
  return {
    keyAt: (offset, order) =>
      sql`select ${key.time}, ${key.id} ${filtered}
          order by ${sql.join(keyOrder(key, order), sql`, `)} limit 1 offset ${offset}`,
    count: (bound) => boundedCount(db, ones, bound),
    estimate: () => plannerEstimate(db, ones),
  };
}

/**
 * A planner's estimate this many times the bound is trusted without a count: counting the bound's
 * 10,001 index entries was the whole growth of a long history's read (bench:reports, the admin's
 * first page 3.6 -> 8.2 ms from 10,000 to 1,000,000 vends). Statistics are not off by four times
 * on these filters; a list the planner puts near the bound is counted.
 */
const TRUSTED_ESTIMATE = 4;

/**
 * Keys a page by number walks from the top, at most, that are read beside the total rather than
 * after it: an index-only walk of 2,000 keys took 0.5 ms at 1,000,000 vends, less than the total.
 */
let nearTop = 2_000;

/** Tests set how far from the top a page by number is read beside its total; returns the old value. */
export function setNearTopForTests(n: number): number {
  const was = nearTop;
  nearTop = n;
  return was;
}

async function totalOf<T>(q: KeysetQuery<T>): Promise<{ total: number; estimated: boolean }> {
  const exact = q.exactTotal ? await q.exactTotal() : null;
  if (exact !== null) return { total: exact, estimated: false };
  const bound = countBound;
  const estimate = await q.estimate();
  if (estimate > bound * TRUSTED_ESTIMATE) return { total: estimate, estimated: true };
  const counted = await q.count(bound + 1);
  if (counted <= bound) return { total: counted, estimated: false };
  return { total: Math.max(bound + 1, estimate), estimated: true };
}

/** Reads one page of a history by keyset (see the file's head). */
export async function keysetPaged<T>(req: KeysetRequest, q: KeysetQuery<T>): Promise<KeysetPaged<T>> {
  const page = Math.max(1, Math.trunc(req.page));
  const limit = req.limit;
  const cursor = req.cursor ? decodeCursor(req.cursor) : null;

  let rows: T[];
  let olderFollow: boolean;
  let newerBefore: boolean;
  let counted: { total: number; estimated: boolean };

  if (cursor || page === 1) {
    const read = async (): Promise<T[]> => {
      if (cursor?.d === 'prev') {
        const got = await q.rows({ bound: { op: '>', key: cursor.key }, order: 'asc', limit: limit + 1 });
        return got;
      }
      return q.rows({ bound: cursor ? { op: '<', key: cursor.key } : null, order: 'desc', limit: limit + 1 });
    };
    const [got, c] = await Promise.all([read(), totalOf(q)]);
    counted = c;
    if (cursor?.d === 'prev') {
      newerBefore = got.length > limit;
      rows = got.slice(0, limit).reverse();
      olderFollow = true;
    } else {
      olderFollow = got.length > limit;
      rows = got.slice(0, limit);
      newerBefore = cursor !== null;
    }
  } else {
    // A page by its number alone: its first key from the index, from whichever end is nearer. The
    // page's first (or last) key and its rows are one statement.
    const skip = (page - 1) * limit;
    const fromTop = () =>
      q.rows({ bound: { op: '<=', at: q.keyAt(skip, 'desc') }, order: 'desc', limit: limit + 1 });
    let got: T[] | null = null;
    if (skip <= nearTop) {
      // Near the top the rows are read beside the total, not after it: the walk from the top is
      // as cheap as from the end would be (bench:reports, a client's last page at 1,000,000).
      [got, counted] = await Promise.all([fromTop(), totalOf(q)]);
    } else {
      counted = await totalOf(q);
      if (skip <= counted.total / 2) got = await fromTop();
    }
    const total = counted.total;
    if (got) {
      olderFollow = got.length > limit;
      rows = got.slice(0, limit);
    } else {
      // Rows below this page, and how many it holds (the last page may hold fewer).
      const below = Math.max(0, total - page * limit);
      const take = Math.min(limit, total - skip);
      const tail =
        take > 0
          ? await q.rows({ bound: { op: '>=', at: q.keyAt(below, 'asc') }, order: 'asc', limit: take })
          : [];
      rows = tail.reverse();
      olderFollow = below > 0;
    }
    newerBefore = true;
  }

  const first = rows[0];
  const last = rows[rows.length - 1];
  return {
    rows,
    total: counted.total,
    totalIsEstimate: counted.estimated,
    page,
    limit,
    hasMore: olderFollow && rows.length > 0,
    nextCursor: olderFollow && last ? encodeCursor(q.keyOf(last), 'next') : null,
    prevCursor: newerBefore && first && page > 1 ? encodeCursor(q.keyOf(first), 'prev') : null,
  };
}
