// A plain data table: typed columns, an empty state and a loading row. Sorting and filtering
// belong to the screens that need them.
//
// Cells stay on one line (numbers, dates, badges, buttons must not break) except in columns
// marked `wrap`: free text such as names wraps within a minimum and maximum width, so a long
// client name makes its row taller instead of pushing the last columns out of view. When the
// table is still wider than its box, it scrolls sideways and a shadow on the edge says there is
// more.
//
// On a phone (below 640 px) every table shows each row as a card instead: the `card: 'main'`
// columns on the card, `card: 'action'` ones as its footer, the rest behind "More details" (see
// table-cards.tsx). A table with no column marked 'main' shows its first four on the card: a
// table that scrolls sideways on a phone hides its last columns (often the amount and status),
// so none is left to do it (issue 53 point 7; e2e/51-phone-overflow.e2e.ts walks every route).
import { type CSSProperties, type ReactNode, type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { NARROW_SCREEN, useMediaQuery } from '@/lib/use-media-query';
import { Spinner } from './spinner';
import { TableCards } from './table-cards';

/** Widths (CSS lengths) a wrapping column keeps between. */
export type ColumnWrap = { min?: string; max?: string };

export type Column<T> = {
  key: string;
  header: ReactNode;
  cell: (row: T, index: number) => ReactNode;
  align?: 'left' | 'right' | 'center';
  className?: string;
  /**
   * Free text (names, descriptions) that may wrap onto several lines, between `min` and `max`
   * wide (default 10rem to 18rem). Every other column stays on one line.
   */
  wrap?: boolean | ColumnWrap;
  /**
   * On a phone, as cards: 'main' shows on every card (the columns that matter: amount, status,
   * phone or name, date), 'action' in the card's footer; unmarked columns wait behind "More
   * details". A table with no column marked 'main' shows its first four on the card.
   */
  card?: 'main' | 'action';
  /**
   * The label a card gives this field, when it depends on the row (a vend's "Phone" is a bill's
   * "Meter number"): the header otherwise. The table's header row keeps `header`.
   */
  cardLabel?: (row: T) => ReactNode;
};

export type TableProps<T> = {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string;
  loading?: boolean;
  emptyText?: ReactNode;
  caption?: string;
  onRowClick?: (row: T) => void;
  /** Compact: narrower cell padding, for wide lists (many columns) that must fit a laptop screen. */
  dense?: boolean;
  /** Cards or table; by default cards on a phone. */
  layout?: 'auto' | 'table' | 'cards';
};

const ALIGN = { left: 'text-left', right: 'text-right', center: 'text-center' } as const;
const DEFAULT_WRAP: Required<ColumnWrap> = { min: '10rem', max: '18rem' };

function wrapStyle(wrap: Column<unknown>['wrap']): CSSProperties | undefined {
  if (!wrap) return undefined;
  const w = wrap === true ? DEFAULT_WRAP : { ...DEFAULT_WRAP, ...wrap };
  return { minWidth: w.min, maxWidth: w.max };
}

type Overflow = { left: boolean; right: boolean; width: number };
const NO_OVERFLOW: Overflow = { left: false, right: false, width: 0 };

/** Whether the box has more content to either side, and its visible width. */
function useHorizontalOverflow(ref: RefObject<HTMLDivElement | null>): Overflow {
  const [state, setState] = useState<Overflow>(NO_OVERFLOW);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const hidden = el.scrollWidth - el.clientWidth;
      const next = {
        left: hidden > 1 && el.scrollLeft > 1,
        right: hidden > 1 && el.scrollLeft < hidden - 1,
        width: el.clientWidth,
      };
      setState((prev) =>
        prev.left === next.left && prev.right === next.right && prev.width === next.width ? prev : next,
      );
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    // The box resizes with the window; the table inside with its rows (loading, next page).
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(el);
    if (el.firstElementChild) observer?.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [ref]);
  return state;
}

/** How many columns a card shows when none is marked 'main': the first ones, which say what the row is. */
export const DEFAULT_CARD_FIELDS = 4;

/** The columns as a card shows them: as marked, or the first few on the card when none is. */
export function cardColumns<T>(columns: Column<T>[]): Column<T>[] {
  if (columns.some((c) => c.card === 'main')) return columns;
  let left = DEFAULT_CARD_FIELDS;
  return columns.map((c) => (c.card || left-- <= 0 ? c : { ...c, card: 'main' }));
}

export function Table<T>({
  columns,
  rows,
  rowKey,
  loading,
  emptyText = 'No records found',
  caption,
  onRowClick,
  dense = false,
  layout = 'auto',
}: TableProps<T>) {
  const narrow = useMediaQuery(NARROW_SCREEN);
  const cards = layout === 'cards' || (layout === 'auto' && narrow);
  const shared = { columns, rows, rowKey, loading, emptyText, caption, onRowClick };
  return cards ? (
    <TableCards {...shared} columns={cardColumns(columns)} />
  ) : (
    <GridTable {...shared} dense={dense} />
  );
}

function GridTable<T>({
  columns,
  rows,
  rowKey,
  loading,
  emptyText,
  caption,
  onRowClick,
  dense,
}: Omit<TableProps<T>, 'layout'> & { emptyText: ReactNode }) {
  const padX = dense ? 'px-3' : 'px-4';
  const scroller = useRef<HTMLDivElement>(null);
  const overflow = useHorizontalOverflow(scroller);
  const scrolls = overflow.left || overflow.right;

  // The loading and empty rows span every column, which on a phone is wider than the screen:
  // their content keeps to the visible part of the box and stays there while it scrolls.
  const fullWidthRow = (content: ReactNode, className?: string) => (
    <tr>
      <td colSpan={columns.length} className="p-0">
        <div
          className={cn('sticky left-0 px-4 py-10', className)}
          style={overflow.width ? { width: overflow.width } : undefined}
        >
          {content}
        </div>
      </td>
    </tr>
  );

  return (
    <div className="relative">
      {/* relative: absolutely positioned content (sr-only headers) stays inside the scroll box
          instead of widening the page. */}
      <div
        ref={scroller}
        className="relative overflow-x-auto"
        data-testid="table-scroll"
        // A box that scrolls can be scrolled from the keyboard too.
        {...(scrolls
          ? { tabIndex: 0, role: 'region', 'aria-label': `${caption ?? 'Table'}, scrolls sideways` }
          : {})}
      >
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          {caption ? <caption className="sr-only">{caption}</caption> : null}
          <thead className="bg-slate-50">
            <tr>
              {columns.map((c) => (
                <th
                  key={c.key}
                  scope="col"
                  className={cn(
                    'py-3 text-xs font-semibold uppercase tracking-wide text-slate-500',
                    c.wrap ? 'whitespace-normal' : 'whitespace-nowrap',
                    padX,
                    ALIGN[c.align ?? 'left'],
                  )}
                >
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 bg-white">
            {loading
              ? fullWidthRow(
                  <div className="flex justify-center text-brand-700">
                    <Spinner className="h-6 w-6" />
                  </div>,
                )
              : rows.length === 0
                ? fullWidthRow(emptyText, 'text-center text-slate-500')
                : rows.map((row, i) => (
                    <tr
                      key={rowKey(row, i)}
                      className={cn(onRowClick && 'cursor-pointer hover:bg-slate-50')}
                      onClick={onRowClick ? () => onRowClick(row) : undefined}
                    >
                      {columns.map((c) => (
                        <td
                          key={c.key}
                          className={cn(
                            'py-3 text-slate-700',
                            c.wrap ? 'whitespace-normal' : 'whitespace-nowrap',
                            padX,
                            ALIGN[c.align ?? 'left'],
                            c.className,
                          )}
                        >
                          {c.wrap ? (
                            <div className="break-words" style={wrapStyle(c.wrap)} data-wrap="">
                              {c.cell(row, i)}
                            </div>
                          ) : (
                            c.cell(row, i)
                          )}
                        </td>
                      ))}
                    </tr>
                  ))}
          </tbody>
        </table>
      </div>
      {overflow.left ? (
        <div
          aria-hidden="true"
          data-testid="table-scroll-cue-left"
          className="pointer-events-none absolute inset-y-0 left-0 w-6 bg-linear-to-r from-slate-900/10 to-transparent"
        />
      ) : null}
      {overflow.right ? (
        <div
          aria-hidden="true"
          data-testid="table-scroll-cue-right"
          className="pointer-events-none absolute inset-y-0 right-0 w-8 bg-linear-to-l from-slate-900/15 to-transparent"
        />
      ) : null}
    </div>
  );
}
