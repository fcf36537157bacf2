// The table pager of spec §2: "Page N", a page-size select (Show 40 / 80 / 100) kept in the
// `limit` query parameter (default 40), Previous and Next. The page lives in `page`.
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@vendport/shared';
import { useCallback, useId } from 'react';
import { useUrlParams } from '@/lib/use-url-params';
import { Button } from './button';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';

export const PAGE_PARAM = 'page';
export const LIMIT_PARAM = 'limit';

export function parsePage(raw: string | null): number {
  if (!raw || !/^\d+$/.test(raw)) return 1;
  return Math.max(Number(raw), 1);
}

export function parseLimit(raw: string | null): number {
  const n = Number(raw);
  return (PAGE_SIZES as readonly number[]).includes(n) ? n : DEFAULT_PAGE_SIZE;
}

/** Page and page size from the URL, with setters that keep the other query parameters. */
export function usePageParams() {
  const [params, editParams] = useUrlParams();
  const page = parsePage(params.get(PAGE_PARAM));
  const limit = parseLimit(params.get(LIMIT_PARAM));
  const setPage = useCallback(
    (next: number) => editParams((p) => p.set(PAGE_PARAM, String(Math.max(1, next)))),
    [editParams],
  );
  const setLimit = useCallback(
    (next: number) =>
      editParams((p) => {
        p.set(LIMIT_PARAM, String(next));
        p.set(PAGE_PARAM, '1');
      }),
    [editParams],
  );
  return { page, limit, setPage, setLimit };
}

export type PagerProps = {
  /** From the list response; Next is enabled only when there are more pages. */
  hasMorePages: boolean;
  lastPage?: number;
  /** Lists with a fixed page size (notifications: 40) hide the size select. */
  showPageSize?: boolean;
  disabled?: boolean;
};

export function Pager({ hasMorePages, lastPage, showPageSize = true, disabled = false }: PagerProps) {
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
        {lastPage && lastPage > 1 ? <span className="text-slate-400">of {lastPage}</span> : null}
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
          onClick={() => setPage(page - 1)}
        >
          Previous
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={disabled || !hasMorePages}
          onClick={() => setPage(page + 1)}
        >
          Next
          <ChevronRightIcon className="h-4 w-4" />
        </Button>
      </div>
    </nav>
  );
}
