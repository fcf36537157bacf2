// Small SQL helpers every repository shares: search patterns and PostgreSQL error codes.

/** `%` and `_` in user input are literal characters, not LIKE wildcards. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** An ILIKE pattern matching `text` anywhere. */
export const containing = (text: string) => `%${escapeLike(text)}%`;

/** The PostgreSQL error code of `err`, looking through Drizzle's wrappers (`cause`). */
export function pgErrorCode(err: unknown): string | undefined {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 5;
    e = e.cause as typeof e, i++
  ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** A unique-constraint violation (optionally of one named constraint). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (
    let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined, i = 0;
    e && i < 5;
    e = e.cause as typeof e, i++
  ) {
    if (e.code === '23505')
      return !constraint || e.constraint === constraint || String(e).includes(constraint);
  }
  return false;
}
