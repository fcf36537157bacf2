// CSV exports of lists (?format=csv): RFC 4180 quoting, moments as Lagos DD/MM/YYYY h:mm A (the
// portal's table format, from @vendport/shared's dates module, as the screens show them), and
// cells that a spreadsheet would run as a formula (= + - @ at the start) are prefixed with a
// quote (OWASP CSV injection). The histories' exports stream: rows come in batches
// (infra/db/keyset-stream) and leave as they come, so an export's memory is one batch.
import { once } from 'node:events';
import { Readable, type Writable } from 'node:stream';
import { csvCell, formatLagosDateTime } from '@vendport/shared';
import type { FastifyReply } from 'fastify';

/** Most rows one export returns (exports not yet streamed). */
export const CSV_EXPORT_LIMIT = 10_000;

/** Lagos wall-clock time as exports show it: DD/MM/YYYY h:mm A (spec §9 date, then time). */
export const lagosDateTime = (at: Date | string): string => formatLagosDateTime(at);

function cell(v: unknown): string {
  if (v === null || v === undefined) return '';
  return csvCell(v instanceof Date ? lagosDateTime(v) : String(v));
}

export function toCsv(
  columns: Array<[header: string, value: (row: never) => unknown]>,
  rows: unknown[],
): string {
  const lines = [columns.map(([h]) => cell(h)).join(',')];
  for (const r of rows) lines.push(columns.map(([, f]) => cell((f as (x: unknown) => unknown)(r))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

type Columns<T> = ReadonlyArray<readonly [header: string, value: (row: T) => unknown]>;

const line = <T>(columns: Columns<T>, r: T) => `${columns.map(([, f]) => cell(f(r))).join(',')}\r\n`;

/**
 * The CSV of `batches`, a string per batch (the header goes with the first): byte for byte what
 * toCsv writes for the same rows in the same order.
 */
export async function* csvChunks<T>(
  columns: Columns<T>,
  batches: AsyncIterable<T[]>,
): AsyncGenerator<string> {
  let out = `${columns.map(([h]) => cell(h)).join(',')}\r\n`;
  for await (const rows of batches) {
    for (const r of rows) out += line(columns, r);
    yield out;
    out = '';
  }
  if (out) yield out;
}

/**
 * Sends streamed CSV with the same headers as sendCsv. The first chunk (the header and the first
 * batch) is read before anything is sent, so a query that fails at once still answers with the
 * error envelope; later chunks are read only as the client takes them (the stream's backpressure),
 * and a client that goes away ends the reading.
 */
export async function sendCsvStream(reply: FastifyReply, filename: string, chunks: AsyncIterable<string>) {
  const it = chunks[Symbol.asyncIterator]();
  const first = await it.next();
  async function* rest() {
    if (!first.done) yield first.value;
    for (let n = await it.next(); !n.done; n = await it.next()) yield n.value;
  }
  const body = Readable.from(rest(), { objectMode: false });
  // A client that goes away destroys the stream: end the reading (the keyset generator's finally).
  body.once('close', () => void it.return?.(undefined));
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(body);
}

/** Writes streamed CSV to `sink`, waiting for it to drain when it asks to; ends it. */
export async function pipeCsv(chunks: AsyncIterable<string>, sink: Writable): Promise<void> {
  for await (const c of chunks) if (!sink.write(c)) await once(sink, 'drain');
  sink.end();
  if (!sink.writableFinished) await once(sink, 'finish');
}

export function sendCsv(reply: FastifyReply, filename: string, body: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(body);
}

/** CSV parsing is shared with the web app, which checks a bulk file before uploading it. */
export { parseCsv } from '@vendport/shared';
