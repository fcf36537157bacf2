// Small SQL helpers every repository shares: search patterns, PostgreSQL error codes, and the
// named statements of the hot path.
import { PGlite } from '@electric-sql/pglite';
import { type AnyColumn, ilike, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './client';
import { PGliteThread } from './pglite-thread';

/** `%` and `_` in user input are literal characters, not LIKE wildcards. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** An ILIKE pattern matching `text` anywhere. */
export const containing = (text: string) => `%${escapeLike(text)}%`;

/** An ILIKE pattern matching values that start with `text`. */
export const startingWith = (text: string) => `${escapeLike(text)}%`;

/** The PostgreSQL error inside `err`, looking through Drizzle's wrappers (`cause`). */
function pgErrorOf(err: unknown): { code: string; constraint?: string } | undefined {
  for (
    let e = err as { code?: unknown; constraint?: string; cause?: unknown } | undefined, i = 0;
    e && i < 5;
    e = e.cause as typeof e, i++
  ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e as { code: string };
  }
  return undefined;
}

/** The PostgreSQL error code of `err`, looking through Drizzle's wrappers. */
export const pgErrorCode = (err: unknown): string | undefined => pgErrorOf(err)?.code;

/** System error codes of a connection that cannot be made or was lost. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** What pg and pg-pool say when the server went away or could not be reached. */
const UNREACHABLE_WORDS =
  /Connection terminated|timeout exceeded when trying to connect|Connection ended|Client has encountered a connection error|Client was closed and is not queryable|connection is closed/i;

/**
 * The database cannot be reached or refuses work for now (issue 49 point 8): connection refused,
 * reset or lost, SQLSTATE class 08 (connection exception), 57P01-57P03 (shut down, crashed,
 * starting up) or 53300 (too many connections). A caller may retry: 503, not 500.
 */
export function isDatabaseUnreachable(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 5;
    e = e.cause as typeof e, i++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNREACHABLE_CODES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code) || ['57P01', '57P02', '57P03', '53300'].includes(code)) return true;
    if (typeof e.message === 'string' && UNREACHABLE_WORDS.test(e.message)) return true;
  }
  return false;
}

/** A unique-constraint violation (optionally of one named constraint). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = pgErrorOf(err);
  if (e?.code !== '23505') return false;
  return !constraint || e.constraint === constraint || String(e).includes(constraint);
}

/**
 * A statement of the hot path, run by name: PostgreSQL parses and plans it once per connection and
 * keeps the plan it chose in its first runs. So a statement whose best plan depends on a table's
 * size (a join, say) belongs in a database function whose settings pin its plan (migration 0023's
 * vend_complete_success), not here.
 */
export interface Statement {
  name: string;
  text: string;
}

/**
 * Runs `st` on the app-wide handle without the query builder (the vend's few statements run
 * hundreds of times a second). Not for transactions: each call is one statement, atomic alone.
 */
export async function runStatement<T>(db: Db, st: Statement, values: unknown[]): Promise<T[]> {
  // The driver's client: drizzle's databases carry it as $client (a transaction has none).
  const client = '$client' in db ? db.$client : undefined;
  if (client instanceof pg.Pool) {
    return (await client.query({ name: st.name, text: st.text, values })).rows as T[];
  }
  if (client instanceof PGlite || client instanceof PGliteThread)
    return (await client.query<T>(st.text, values)).rows;
  throw new Error(`statement ${st.name} needs the app-wide database handle, not a transaction`);
}

/** A well-formed UUID (anything else sent to a uuid column is a PostgreSQL error, not a miss). */
export const isUuid = (s: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

/** Rows of a raw SQL statement, on either engine (node-postgres and PGlite both answer `{ rows }`). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const res: unknown = await db.execute(query);
  if (!hasRows<T>(res)) throw new Error('the database answered a statement without rows');
  return res.rows;
}

/** The shape both drivers answer a statement with; T is the caller's word for the row. */
const hasRows = <T>(res: unknown): res is { rows: T[] } =>
  typeof res === 'object' && res !== null && 'rows' in res && Array.isArray(res.rows);

/**
 * A search term as a phone number typed any way (0803..., 234803..., +234803..., 0803 123 4567),
 * matched on a +234 number column by its last ten digits; undefined when the term has fewer than
 * four digits or is not a phone number at all (a reference such as ORD-1a2b3c4 is not: its
 * digits would otherwise match any number that happens to contain them).
 */
export function msisdnContaining(column: AnyColumn, term: string): SQL | undefined {
  if (!/^[+\d\s().-]+$/.test(term)) return undefined;
  const digits = term.replace(/\D/g, '');
  if (digits.length < 4) return undefined;
  return ilike(column, containing(digits.length > 10 ? digits.slice(-10) : digits.replace(/^0/, '')));
}
