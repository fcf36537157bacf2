// Every paginated list is built here: the window of one page (limit/offset), its rows and the
// total. Repos hand over how to count and how to read a window; routes turn the result into
// the spec's paged envelope with pagedEnvelope (infra/http).
export interface PageRequest {
  page: number;
  limit: number;
}

export interface PageWindow {
  limit: number;
  offset: number;
}

export interface Paged<T> {
  rows: T[];
  total: number;
  page: number;
  limit: number;
}

/** The limit and offset of page `page` (1-based) of `limit` rows. */
export function pageWindow(p: PageRequest): PageWindow {
  const page = Math.max(1, Math.trunc(p.page));
  return { limit: p.limit, offset: (page - 1) * p.limit };
}

/** A count as a query answers it: a number, or rows of `{ total }` (`select({ total: count() })`). */
type CountAnswer = number | Array<{ total: number | string }>;

/**
 * Reads one page: `rows` gets the window, `count` the number of matching rows. Both run
 * together; pass `count: null` when a caller wants the window only (CSV exports read every
 * row at once with a window as large as their limit).
 */
export async function paged<T>(
  p: PageRequest,
  q: { rows: (w: PageWindow) => PromiseLike<T[]>; count: (() => PromiseLike<CountAnswer>) | null },
): Promise<Paged<T>> {
  const w = pageWindow(p);
  const [rows, counted] = await Promise.all([q.rows(w), q.count ? q.count() : null]);
  const total =
    counted === null ? rows.length : typeof counted === 'number' ? counted : Number(counted[0]?.total ?? 0);
  return { rows, total, page: p.page, limit: p.limit };
}
