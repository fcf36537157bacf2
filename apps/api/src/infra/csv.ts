// CSV exports of lists (?format=csv): RFC 4180 quoting, moments as Lagos DD/MM/YYYY h:mm A (the
// portal's table format, from @vendport/shared's dates module, as the screens show them), and
// cells that a spreadsheet would run as a formula (= + - @ at the start) are prefixed with a
// quote (OWASP CSV injection).
import { csvCell, formatLagosDateTime } from '@vendport/shared';
import type { FastifyReply } from 'fastify';

/** Most rows one export returns. */
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

export function sendCsv(reply: FastifyReply, filename: string, body: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(body);
}

/** CSV parsing is shared with the web app, which checks a bulk file before uploading it. */
export { parseCsv } from '@vendport/shared';
