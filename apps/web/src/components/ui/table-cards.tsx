// A table's rows as cards, for phones: each card shows the columns marked `card: 'main'` (what
// matters: amount, status, phone or name, date) with their headers as labels, the `card: 'action'`
// columns as its footer, and every other column behind "More details" (a tap, per card). A card
// of a table whose rows open something opens it too.
import { type ReactNode, useId, useState } from 'react';
import { cn } from '@/lib/cn';
import { ChevronDownIcon } from './icons';
import { Spinner } from './spinner';
import type { Column } from './table';

/** The header as a label: a header hidden from sight (actions) gives none. */
function Label({ header }: { header: ReactNode }) {
  return <dt className="text-[11px] font-semibold uppercase tracking-wide text-slate-500">{header}</dt>;
}

function Field<T>({ column, row, index }: { column: Column<T>; row: T; index: number }) {
  return (
    <div className="min-w-0" data-card-field={column.key}>
      <Label header={column.cardLabel ? column.cardLabel(row) : column.header} />
      <dd className="mt-0.5 break-words text-sm text-slate-800">{column.cell(row, index)}</dd>
    </div>
  );
}

function Card<T>({
  row,
  index,
  main,
  details,
  actions,
  onRowClick,
}: {
  row: T;
  index: number;
  main: Column<T>[];
  details: Column<T>[];
  actions: Column<T>[];
  onRowClick?: (row: T) => void;
}) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <li className="px-4 py-3" data-testid="table-card">
      <dl
        className={cn('grid grid-cols-2 gap-x-4 gap-y-2.5', onRowClick && 'cursor-pointer')}
        onClick={onRowClick ? () => onRowClick(row) : undefined}
      >
        {main.map((c) => (
          <Field key={c.key} column={c} row={row} index={index} />
        ))}
      </dl>
      {open ? (
        <dl id={detailsId} className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2.5 border-t border-slate-100 pt-3">
          {details.map((c) => (
            <Field key={c.key} column={c} row={row} index={index} />
          ))}
        </dl>
      ) : null}
      {details.length || actions.length ? (
        <div className="mt-2.5 flex flex-wrap items-center justify-between gap-2">
          {details.length ? (
            <button
              type="button"
              aria-expanded={open}
              aria-controls={open ? detailsId : undefined}
              onClick={() => setOpen((v) => !v)}
              className="-ml-1 inline-flex items-center gap-1 rounded-md px-1 py-1 text-xs font-medium text-brand-700 hover:bg-brand-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-200"
            >
              {open ? 'Fewer details' : 'More details'}
              <ChevronDownIcon className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} />
            </button>
          ) : (
            <span />
          )}
          {actions.length ? (
            <div className="flex flex-wrap items-center justify-end gap-2">
              {actions.map((c) => (
                <div key={c.key}>{c.cell(row, index)}</div>
              ))}
            </div>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

export function TableCards<T>({
  columns,
  rows,
  rowKey,
  loading,
  emptyText,
  caption,
  onRowClick,
}: {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string;
  loading?: boolean;
  emptyText: ReactNode;
  caption?: string;
  onRowClick?: (row: T) => void;
}) {
  const main = columns.filter((c) => c.card === 'main');
  const actions = columns.filter((c) => c.card === 'action');
  const details = columns.filter((c) => !c.card);
  if (loading)
    return (
      <div className="flex justify-center px-4 py-10 text-brand-700" data-testid="table-cards-loading">
        <Spinner className="h-6 w-6" />
      </div>
    );
  if (rows.length === 0)
    return <div className="px-4 py-10 text-center text-sm text-slate-500">{emptyText}</div>;
  return (
    <ul
      aria-label={caption ?? 'Table'}
      className="divide-y divide-slate-100 bg-white"
      data-testid="table-cards"
    >
      {rows.map((row, i) => (
        <Card
          key={rowKey(row, i)}
          row={row}
          index={i}
          main={main}
          details={details}
          actions={actions}
          onRowClick={onRowClick}
        />
      ))}
    </ul>
  );
}
