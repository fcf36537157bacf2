// CSV exports of lists (?format=csv): RFC 4180 quoting, dates as Lagos DD/MM/YYYY HH:mm, and
// cells that a spreadsheet would run as a formula (= + - @ at the start) are prefixed with a
// quote (OWASP CSV injection).
import { csvCell } from '@vendport/shared';
import type { FastifyReply } from 'fastify';

/** Most rows one export returns. */
export const CSV_EXPORT_LIMIT = 10_000;

/** Lagos wall-clock time (UTC+1, no DST), as exports show dates: DD/MM/YYYY HH:mm. */
export function lagosDateTime(at: Date | string): string {
  const d = new Date(new Date(at).getTime() + 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
}

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

export function sendCsv(reply: FastifyReply, filename: string, body: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(body);
}

/** CSV parsing is shared with the web app, which checks a bulk file before uploading it. */
export { parseCsv } from '@vendport/shared';
