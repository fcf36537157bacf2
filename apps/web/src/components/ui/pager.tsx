// The table pager of spec §2: "Page N", a page-size select (Show 40 / 80 / 100) kept in the
// `limit` query parameter (default 40), Previous and Next. The page lives in `page`. Histories
// read by keyset (issue 34) also keep the `cursor` of the page shown: Next and Previous put the
// response's nextCursor or prevCursor there with page±1 (page 1 reads from the top, no cursor);
// a new page size or filter starts again at page 1 without one. A reload reads the same cursor.
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@vendport/shared';
import { useCallback, useId } from 'react';
import { useUrlParams } from '@/lib/use-url-params';
import { Button } from './button';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';

export const PAGE_PARAM = 'page';
export const LIMIT_PARAM = 'limit';
export const CURSOR_PARAM = 'cursor';

export function parsePage(raw: string | null): number {
  if (!raw || !/^\d+$/.test(raw)) return 1;
  return Math.max(Number(raw), 1);
}

export function parseLimit(raw: string | null): number {
  const n = Number(raw);
  return (PAGE_SIZES as readonly number[]).includes(n) ? n : DEFAULT_PAGE_SIZE;
}

/** A cursor as the URL holds it: the API checks it (a bad one is a 400); only its length is kept in bounds here. */
export function parseCursor(raw: string | null): string | undefined {
  return raw && raw.length <= 400 ? raw : undefined;
}

/** Page, page size and cursor from the URL, with setters that keep the other query parameters. */
export function usePageParams() {
  const [params, editParams] = useUrlParams();
  const page = parsePage(params.get(PAGE_PARAM));
  const limit = parseLimit(params.get(LIMIT_PARAM));
  const cursor = parseCursor(params.get(CURSOR_PARAM));
  /** Page `next`, read after `cursorTo` when given; page 1 always from the top. */
  const setPage = useCallback(
    (next: number, cursorTo?: string | null) =>
      editParams((p) => {
        const n = Math.max(1, next);
        p.set(PAGE_PARAM, String(n));
        if (cursorTo && n > 1) p.set(CURSOR_PARAM, cursorTo);
        else p.delete(CURSOR_PARAM);
      }),
    [editParams],
  );
  const setLimit = useCallback(
    (next: number) =>
      editParams((p) => {
        p.set(LIMIT_PARAM, String(next));
        p.set(PAGE_PARAM, '1');
        p.delete(CURSOR_PARAM);
      }),
    [editParams],
  );
  return { page, limit, cursor, setPage, setLimit };
}

export type PagerProps = {
  /** From the list response; Next is enabled only when there are more pages. */
  hasMorePages: boolean;
  lastPage?: number;
  /** Keyset histories: the cursors of the pages on either side (null at the ends). */
  nextCursor?: string | null;
  prevCursor?: string | null;
  /** The total is an estimate: the page count reads "of about N". */
  totalIsEstimate?: boolean;
  /** Lists with a fixed page size (notifications: 40) hide the size select. */
  showPageSize?: boolean;
  disabled?: boolean;
};

export function Pager({
  hasMorePages,
  lastPage,
  nextCursor,
  prevCursor,
  totalIsEstimate = false,
  showPageSize = true,
  disabled = false,
}: PagerProps) {
  const { page, limit, setPage, setLimit } = usePageParams();
  const selectId = useId();
  return (
    <nav
      aria-label="Pagination"
      className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 px-4 py-3 text-sm"
    >
      <div className="flex items-center gap-3 text-slate-600">
        <span className="font-medium text-slate-800" data-testid="pager-page">
          Page {page}
        </span>
        {lastPage && lastPage > 1 ? (
          <span className="text-slate-400">
            {totalIsEstimate ? 'of about' : 'of'} {lastPage}
          </span>
        ) : null}
        {showPageSize ? (
          <>
            <label htmlFor={selectId} className="sr-only">
              Rows per page
            </label>
            <select
              id={selectId}
              value={limit}
              disabled={disabled}
              onChange={(e) => setLimit(Number(e.target.value))}
              className="rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-700 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100"
            >
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  Show {size}
                </option>
              ))}
            </select>
          </>
        ) : null}
      </div>
      <div className="flex items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          leftIcon={<ChevronLeftIcon className="h-4 w-4" />}
          disabled={disabled || page <= 1}
          onClick={() => setPage(page - 1, prevCursor)}
        >
          Previous
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={disabled || !hasMorePages}
          onClick={() => setPage(page + 1, nextCursor)}
        >
          Next
          <ChevronRightIcon className="h-4 w-4" />
        </Button>
      </div>
    </nav>
  );
}
