// CSV parsing shared by the API (bulk vend uploads) and the web app (checking a file before upload).

/** Parses CSV text (RFC 4180: quotes, doubled quotes, CRLF or LF) into rows of cells. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const s = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && s[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((x) => x.trim() !== ''));
}

export const NOT_CSV_MESSAGE =
  'This is not a CSV file. Save your sheet as CSV (comma separated values) and choose it again.';

/**
 * Whether a file read as text is plainly not a CSV: a PDF, a spreadsheet or an image read as
 * text starts with a signature or holds control characters no CSV has.
 */
export function looksLikeCsv(text: string): boolean {
  const signatures = [
    '%PDF-',
    'PK\u0003\u0004',
    '\u00d0\u00cf\u0011\u00e0',
    'GIF8',
    '\u0089PNG',
    '\u00ff\u00d8\u00ff',
  ];
  if (signatures.some((sig) => text.startsWith(sig))) return false;
  // Tabs, line ends and the byte-order mark are fine; other control characters are not.
  let control = 0;
  for (const ch of text.slice(0, 4096)) {
    const c = ch.charCodeAt(0);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 0xfffd) control++;
  }
  return control < 3;
}

/**
 * One CSV cell (RFC 4180 quoting). Text a spreadsheet would run as a formula (= + - @ at the
 * start, but not a plain negative number) is prefixed with a quote (OWASP CSV injection).
 */
export function csvCell(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return '';
  let s = String(v);
  if (/^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Rows of cells as CSV text, CRLF line ends. */
export const formatCsv = (rows: Array<Array<string | number | null | undefined>>): string =>
  `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
