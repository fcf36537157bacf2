// The pieces every bulk screen shares (the bulk vend, bills in bulk): the CSV file input with its
// size check and "Remove file", the progress bar while the server works through the rows, a
// refusal with its list of reasons, the counts of a finished file and its results table's frame
// and common columns.
import { type ChangeEvent, type ReactNode, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { Stat } from './ui/stat';
import { type Column, Table } from './ui/table';
import { VendStatusBadge } from './vend-status-badge';

export type ChosenFile = { name: string; text: string };

/**
 * "CSV file": a file input that reads the chosen file as text. `onFile` is called on every choice,
 * with the file, or with null when none is chosen or it is over `maxBytes` (the input says why).
 */
export function CsvFileInput({
  maxBytes,
  disabled,
  onFile,
  onRemove,
  hint,
}: {
  maxBytes: number;
  disabled?: boolean;
  onFile: (file: ChosenFile | null) => void;
  /** "Remove file" was pressed: the file is forgotten. */
  onRemove: () => void;
  /** Shown while no file is chosen. */
  hint?: ReactNode;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onChange = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    setError(null);
    setChosen(!!file);
    if (!file) return onFile(null);
    if (file.size > maxBytes) {
      setError(`The file is larger than ${Math.round(maxBytes / 1024)} KB: split it into smaller files.`);
      return onFile(null);
    }
    onFile({ name: file.name, text: await file.text() });
  };

  const remove = () => {
    if (input.current) input.current.value = '';
    setChosen(false);
    setError(null);
    onRemove();
  };

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
        CSV file
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={input}
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          onChange={onChange}
          disabled={disabled}
          className="min-w-0 flex-1 text-sm text-slate-600 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-700 hover:file:bg-slate-50"
        />
        {chosen && !disabled ? (
          <Button variant="ghost" size="sm" onClick={remove}>
            Remove file
          </Button>
        ) : null}
      </div>
      {error ? (
        <p className="text-xs font-medium text-red-600" role="alert">
          {error}
        </p>
      ) : !chosen && hint ? (
        <p className="text-xs text-slate-500" data-testid="csv-file-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A moving bar while the server works through a file: `name` for assistive technology. */
export function BulkProgress({ name, text, testId }: { name: string; text: string; testId: string }) {
  return (
    <div className="space-y-2" data-testid={testId}>
      <p className="text-sm font-medium text-slate-800">{text}</p>
      <div
        role="progressbar"
        aria-label={name}
        aria-valuetext={text}
        className="h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full w-1/3 animate-progress-slide rounded-full bg-brand-600" />
      </div>
    </div>
  );
}

/** A refusal (or a file that cannot be read) with each reason the server gave on its own line. */
export function ReasonsAlert({ title, reasons }: { title: string; reasons: readonly string[] }) {
  return (
    <Alert tone="error" title={title}>
      {reasons.length ? (
        <ul className="list-disc pl-5">
          {reasons.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
}

/** A finished file's counts: rows, done, pending, and the rows not done (red when any). */
export function BulkStats({
  counts,
  doneLabel,
  notDoneLabel,
}: {
  counts: { total: number; successful: number; pending: number; failed: number };
  doneLabel: string;
  notDoneLabel: string;
}) {
  return (
    <div className="grid grid-cols-2 gap-4 rounded-lg border border-slate-200 px-5 py-4 sm:grid-cols-4">
      <Stat label="Rows" value={counts.total} />
      <Stat label={doneLabel} value={counts.successful} />
      <Stat label="Pending" value={counts.pending} />
      <Stat
        label={notDoneLabel}
        value={<span className={counts.failed > 0 ? 'text-red-700' : undefined}>{counts.failed}</span>}
      />
    </div>
  );
}

/** A bulk screen's table of a file's rows (keyed by row number), scrolled within its frame when long. */
export function BulkTable<R extends { row: number }>({
  caption,
  columns,
  rows,
  dense,
}: {
  caption: string;
  columns: Column<R>[];
  rows: R[];
  dense?: boolean;
}) {
  return (
    <div className="max-h-[28rem] overflow-y-auto rounded-lg border border-slate-200">
      <Table caption={caption} columns={columns} rows={rows} rowKey={(r) => String(r.row)} dense={dense} />
    </div>
  );
}

type ResultRow = { row: number; reference: string; message: string };
type Done = { id: string; code: string; status: string };

/**
 * A results table's columns: the row, what it made (linked to its details, with the reference)
 * or the reference alone, the screen's own columns, the status (or `notDone` in red), the
 * screen's columns after it, and the message.
 */
export function bulkResultColumns<R extends ResultRow>(opts: {
  doneOf: (r: R) => Done | null;
  header: string;
  detailsPath: string;
  notDone: string;
  middle: Column<R>[];
  after?: Column<R>[];
}): Column<R>[] {
  return [
    { key: 'row', header: 'Row', card: 'main', cell: (r) => r.row },
    {
      key: 'done',
      header: opts.header,
      card: 'main',
      cell: (r) => {
        const done = opts.doneOf(r);
        return done ? (
          <div>
            <Link
              to={`${opts.detailsPath}/${done.id}`}
              className="font-mono text-xs font-medium text-brand-700 hover:underline"
            >
              {done.code}
            </Link>
            <div className="text-xs text-slate-500">{r.reference}</div>
          </div>
        ) : (
          <span className="text-xs text-slate-600">{r.reference}</span>
        );
      },
    },
    ...opts.middle,
    {
      key: 'status',
      header: 'Status',
      card: 'main',
      cell: (r) => {
        const done = opts.doneOf(r);
        return done ? (
          <VendStatusBadge status={done.status} />
        ) : (
          <span className="text-xs font-medium text-red-700">{opts.notDone}</span>
        );
      },
    },
    ...(opts.after ?? []),
    {
      key: 'message',
      header: 'Message',
      wrap: { min: '12rem', max: '20rem' },
      cell: (r) => <span className="text-xs">{r.message}</span>,
    },
  ];
}
