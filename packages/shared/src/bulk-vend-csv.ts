// The bulk-vend file, read the same way by the API (the upload) and the web app (the check before
// upload): its columns and their accepted names, the file-level checks, and each row's fields.
import { looksLikeCsv, NOT_CSV_MESSAGE, parseCsv } from './csv';
import { MAX_BULK_ROWS } from './schemas/vends';

/** The template's columns, in order. */
export const BULK_COLUMNS = ['phone', 'network', 'type', 'amount', 'planCode', 'reference'] as const;

/** One row's fields as written in the file (trimmed; empty cells left out). */
export type BulkCsvRow = Partial<Record<(typeof BULK_COLUMNS)[number], string>>;

/** Column names accepted, as normalised by bulkColumnKey (lower case, `_` for spaces and dashes). */
const COLUMN_NAMES: Record<string, keyof BulkCsvRow> = {
  phone: 'phone',
  msisdn: 'phone',
  network: 'network',
  type: 'type',
  service: 'type',
  amount: 'amount',
  plancode: 'planCode',
  plan_code: 'planCode',
  plan: 'planCode',
  reference: 'reference',
};

/** The field a header cell names, or null for a column we do not know. */
export const bulkColumnKey = (header: string): keyof BulkCsvRow | null =>
  COLUMN_NAMES[
    header
      .trim()
      .toLowerCase()
      .replace(/[\s-]/g, '_')
      .replace(/^plan_?code$/, 'plancode')
  ] ?? null;

/**
 * Reads a bulk-vend file: its rows' fields (1-based row numbers count vends, not the header), or
 * the one problem that stops the whole file (not a CSV, no rows, unknown or missing columns, too
 * many rows).
 */
export function readBulkCsv(text: string): { error: string } | { rows: BulkCsvRow[] } {
  if (!looksLikeCsv(text)) return { error: NOT_CSV_MESSAGE };
  const table = parseCsv(text);
  if (table.length < 2) return { error: 'The CSV file needs a header row and at least one vend' };
  const header = table[0]!.map(bulkColumnKey);
  const unknown = table[0]!.filter((_, i) => header[i] === null);
  if (unknown.length)
    return { error: `Unknown column: ${unknown.join(', ')} (use ${BULK_COLUMNS.join(', ')})` };
  if (!header.includes('phone') || !header.includes('type'))
    return { error: 'The CSV file needs the columns phone and type' };
  const body = table.slice(1);
  if (body.length > MAX_BULK_ROWS) return { error: `A file holds at most ${MAX_BULK_ROWS} vends` };
  return {
    rows: body.map((cells) => {
      const raw: BulkCsvRow = {};
      header.forEach((key, j) => {
        const v = (cells[j] ?? '').trim();
        if (key && v !== '') raw[key] = v;
      });
      return raw;
    }),
  };
}
