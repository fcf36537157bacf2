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

/** A CSV of records with known columns: what readCsvRecords needs to know about it. */
export interface CsvRecordsSpec<K extends string> {
  /** The field a header cell names, or null for a column we do not know. */
  keyOf: (header: string) => K | null;
  /** The template's columns, named in the unknown-column message. */
  columns: readonly string[];
  /** Columns every file must have. */
  required: readonly K[];
  /** One record, as the messages call it ("vend", "subscriber"). */
  noun: string;
  max: number;
}

/**
 * Reads a CSV of records: each row's fields (trimmed, empty cells left out), or the one problem
 * that stops the whole file (not a CSV, no rows, unknown or missing columns, too many rows).
 */
export function readCsvRecords<K extends string>(
  text: string,
  spec: CsvRecordsSpec<K>,
): { error: string } | { rows: Array<Partial<Record<K, string>>> } {
  if (!looksLikeCsv(text)) return { error: NOT_CSV_MESSAGE };
  const table = parseCsv(text);
  if (table.length < 2) return { error: `The CSV file needs a header row and at least one ${spec.noun}` };
  const header = table[0]!.map(spec.keyOf);
  const unknown = table[0]!.filter((_, i) => header[i] === null);
  if (unknown.length)
    return { error: `Unknown column: ${unknown.join(', ')} (use ${spec.columns.join(', ')})` };
  if (spec.required.some((k) => !header.includes(k)))
    return { error: `The CSV file needs the columns ${spec.required.join(' and ')}` };
  const body = table.slice(1);
  if (body.length > spec.max) return { error: `A file holds at most ${spec.max} ${spec.noun}s` };
  return {
    rows: body.map((cells) => {
      const raw: Partial<Record<K, string>> = {};
      header.forEach((key, j) => {
        const v = (cells[j] ?? '').trim();
        if (key && v !== '') raw[key] = v;
      });
      return raw;
    }),
  };
}

/**
 * Reads a bulk-vend file: its rows' fields (1-based row numbers count vends, not the header), or
 * the one problem that stops the whole file (not a CSV, no rows, unknown or missing columns, too
 * many rows).
 */
export function readBulkCsv(text: string): { error: string } | { rows: BulkCsvRow[] } {
  return readCsvRecords(text, {
    keyOf: bulkColumnKey,
    columns: BULK_COLUMNS,
    required: ['phone', 'type'],
    noun: 'vend',
    max: MAX_BULK_ROWS,
  });
}

/** The auto top-up subscribers file's columns, in order (weekday 1-7 or a name, monthDay 1-31,
 * date YYYY-MM-DD, time HH:MM). */
export const SUBSCRIBER_COLUMNS = [
  'name',
  'phone',
  'network',
  'type',
  'amount',
  'planCode',
  'frequency',
  'weekday',
  'monthDay',
  'date',
  'time',
] as const;

export type SubscriberCsvRow = Partial<Record<(typeof SUBSCRIBER_COLUMNS)[number], string>>;

export const MAX_SUBSCRIBER_ROWS = 500;

const SUBSCRIBER_NAMES: Record<string, keyof SubscriberCsvRow> = {
  ...Object.fromEntries(SUBSCRIBER_COLUMNS.map((c) => [c.toLowerCase(), c])),
  msisdn: 'phone',
  service: 'type',
  plan: 'planCode',
  plan_code: 'planCode',
  schedule: 'frequency',
  day: 'monthDay',
  month_day: 'monthDay',
  once_date: 'date',
};

export const subscriberColumnKey = (header: string): keyof SubscriberCsvRow | null =>
  SUBSCRIBER_NAMES[header.trim().toLowerCase().replace(/[\s-]/g, '_')] ?? null;

/** Reads an auto top-up subscribers file, with the checks of the bulk-vend file. */
export function readSubscriberCsv(text: string): { error: string } | { rows: SubscriberCsvRow[] } {
  return readCsvRecords(text, {
    keyOf: subscriberColumnKey,
    columns: SUBSCRIBER_COLUMNS,
    required: ['name', 'phone', 'type', 'frequency'],
    noun: 'subscriber',
    max: MAX_SUBSCRIBER_ROWS,
  });
}

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** A weekday cell: 1-7 as written, or a day's name of three letters or more ("Fri", "friday"). */
function weekdayCell(v: string | undefined): string | undefined {
  if (v === undefined || /^\d+$/.test(v) || v.length < 3) return v;
  const i = WEEKDAYS.findIndex((d) => d.startsWith(v.toLowerCase().slice(0, 3)));
  return i >= 0 ? String(i + 1) : v;
}

/** A subscribers file's row as the subscriber body the schema checks (autoTopupSubscriberBody). */
export const subscriberBodyOfCsvRow = (raw: SubscriberCsvRow) => ({
  name: raw.name ?? '',
  phone: raw.phone ?? '',
  network: raw.network?.toUpperCase(),
  type: raw.type?.toUpperCase(),
  amount: raw.amount,
  planCode: raw.planCode,
  frequency: raw.frequency?.toUpperCase(),
  weekday: weekdayCell(raw.weekday),
  monthDay: raw.monthDay,
  onceDate: raw.date,
  time: raw.time,
});

/** The bulk bills file's columns, in order (issue 51): `bouquet` is RENEW (TV: the current bouquet
 * again) or the code of the bouquet to change to; electricity takes a meterType and an amount. */
export const BILL_BULK_COLUMNS = [
  'biller',
  'customerNumber',
  'meterType',
  'amount',
  'bouquet',
  'phone',
  'reference',
] as const;

export type BillCsvRow = Partial<Record<(typeof BILL_BULK_COLUMNS)[number], string>>;

/** At most this many bills a file: every row is verified with its biller before anything is paid. */
export const MAX_BULK_BILL_ROWS = 100;

const BILL_COLUMN_NAMES: Record<string, keyof BillCsvRow> = {
  ...Object.fromEntries(BILL_BULK_COLUMNS.map((c) => [c.toLowerCase(), c])),
  customer_number: 'customerNumber',
  meter_number: 'customerNumber',
  smartcard: 'customerNumber',
  meter_type: 'meterType',
  bouquet_code: 'bouquet',
  bouquetcode: 'bouquet',
  msisdn: 'phone',
};

export const billColumnKey = (header: string): keyof BillCsvRow | null =>
  BILL_COLUMN_NAMES[header.trim().toLowerCase().replace(/[\s-]/g, '_')] ?? null;

/** Reads a bulk bills file, with the checks of the bulk-vend file. */
export function readBillsCsv(text: string): { error: string } | { rows: BillCsvRow[] } {
  return readCsvRecords(text, {
    keyOf: billColumnKey,
    columns: BILL_BULK_COLUMNS,
    required: ['biller', 'customerNumber', 'phone'],
    noun: 'bill',
    max: MAX_BULK_BILL_ROWS,
  });
}

/** A bills file's row as the payment body the schema checks (portalBillPayBody): `bouquet` RENEW
 * renews, any other bouquet changes to it. */
export const billPayBodyOfCsvRow = (raw: BillCsvRow, reference: string) => {
  const bouquet = raw.bouquet?.trim();
  const renew = bouquet?.toUpperCase() === 'RENEW';
  return {
    reference,
    biller: raw.biller ?? '',
    customerNumber: raw.customerNumber ?? '',
    meterType: raw.meterType?.toUpperCase(),
    amount: raw.amount,
    subscriptionType: bouquet ? (renew ? 'RENEW' : 'CHANGE') : undefined,
    bouquetCode: bouquet && !renew ? bouquet : undefined,
    phone: raw.phone ?? '',
  };
};
