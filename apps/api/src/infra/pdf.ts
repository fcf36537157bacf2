// A small PDF 1.4 writer for documents the platform produces (statements): text lines and tables
// on A4 pages, in the standard Helvetica and Helvetica-Bold fonts with WinAnsiEncoding, so no
// font is embedded. Tables wrap their cells to the column widths, break across pages repeating
// their header row, and every page gets a "Page N of M" footer. The output is 7-bit ASCII (every
// byte above 126 is written as an octal escape), so it travels as a string (email attachments)
// and its length in characters is its length in bytes, which the xref offsets count.

export type Align = 'left' | 'right';

export interface PdfColumn {
  header: string;
  /** Width in points; the widths of a table add up to at most the text width (PAGE.textWidth). */
  width: number;
  align?: Align;
}

export type PdfBlock =
  | { kind: 'text'; text: string; size?: number; bold?: boolean }
  | { kind: 'space'; height: number }
  | { kind: 'table'; columns: PdfColumn[]; rows: Array<{ cells: string[]; bold?: boolean }>; size?: number };

export interface PdfDocument {
  title: string;
  blocks: PdfBlock[];
  /** Shown at the bottom left of every page, beside "Page N of M". */
  footer?: string;
  /** A4 landscape (wide tables) instead of portrait. */
  landscape?: boolean;
}

/** A4 portrait, in points; textWidth is the width between the margins. */
export const PAGE = { width: 595.28, height: 841.89, margin: 40, textWidth: 595.28 - 80 };
/** A4 landscape. */
export const PAGE_LANDSCAPE = { width: 841.89, height: 595.28, margin: 40, textWidth: 841.89 - 80 };
type PageSize = typeof PAGE;
const FOOTER_Y = 24;
const BOTTOM = 48; // content stops above this
const CELL_PAD = 3;

// Advance widths (1/1000 em) of codes 32..126 (Adobe AFM of the standard 14 fonts).
// biome-ignore format: a table
const HELVETICA = [278,278,355,556,556,889,667,191,333,333,389,584,278,333,278,278,556,556,556,556,556,556,556,556,556,556,278,278,584,584,584,556,1015,667,667,722,722,667,611,778,722,278,500,667,556,833,722,778,667,778,722,667,611,722,667,944,667,667,611,278,278,278,469,556,333,556,556,500,556,556,278,556,556,222,222,500,222,833,556,556,556,556,333,500,278,556,500,722,500,500,500,334,260,334,584];
// biome-ignore format: a table
const HELVETICA_BOLD = [278,333,474,556,556,889,722,238,333,333,389,584,278,333,278,278,556,556,556,556,556,556,556,556,556,556,333,333,584,584,584,611,975,722,722,722,722,667,611,778,722,278,556,722,611,833,722,778,667,778,722,667,611,722,667,944,667,667,611,333,278,333,584,556,333,556,611,556,611,556,333,611,611,278,278,556,278,889,611,611,611,611,389,556,333,611,556,778,556,556,500,389,280,389,584];

/** WinAnsi (cp1252) codes of the characters outside Latin-1 that it has. */
// biome-ignore format: a table
const WIN_ANSI_EXTRA: Record<string, number> = {
  '€': 0x80, '‚': 0x82, 'ƒ': 0x83, '„': 0x84, '…': 0x85, '†': 0x86, '‡': 0x87, 'ˆ': 0x88, '‰': 0x89,
  'Š': 0x8a, '‹': 0x8b, 'Œ': 0x8c, 'Ž': 0x8e, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95,
  '–': 0x96, '—': 0x97, '˜': 0x98, '™': 0x99, 'š': 0x9a, '›': 0x9b, 'œ': 0x9c, 'ž': 0x9e, 'Ÿ': 0x9f,
};

/**
 * Text as WinAnsi codes: the naira sign (not in WinAnsi) becomes "NGN", control characters a
 * space, anything else WinAnsi lacks "?".
 */
export function winAnsi(text: string): number[] {
  const out: number[] = [];
  for (const ch of text.replaceAll('₦', 'NGN')) {
    const cp = ch.codePointAt(0) ?? 63;
    if (cp < 32 || cp === 127) out.push(32);
    else if (cp < 127 || (cp >= 0xa0 && cp <= 0xff)) out.push(cp);
    else out.push(WIN_ANSI_EXTRA[ch] ?? 63);
  }
  return out;
}

/** Width in points of `text` at `size`. Codes above 126 count as an average glyph (556). */
export function textWidth(text: string, size: number, bold = false): number {
  const table = bold ? HELVETICA_BOLD : HELVETICA;
  let units = 0;
  for (const c of winAnsi(text)) units += c >= 32 && c <= 126 ? table[c - 32] : 556;
  return (units * size) / 1000;
}

/** A PDF string literal: ( ) \ escaped, codes outside printable ASCII as octal escapes. */
export function pdfString(text: string): string {
  let s = '(';
  for (const c of winAnsi(text)) {
    if (c === 0x28 || c === 0x29 || c === 0x5c) s += `\\${String.fromCharCode(c)}`;
    else if (c > 126) s += `\\${c.toString(8).padStart(3, '0')}`;
    else s += String.fromCharCode(c);
  }
  return `${s})`;
}

/** Splits `text` into lines no wider than `width` (words longer than a line are cut). */
export function wrap(text: string, width: number, size: number, bold = false): string[] {
  const lines: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    for (const word of para.split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (textWidth(candidate, size, bold) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      let rest = word;
      while (textWidth(rest, size, bold) > width) {
        let n = rest.length - 1;
        while (n > 1 && textWidth(rest.slice(0, n), size, bold) > width) n--;
        lines.push(rest.slice(0, n));
        rest = rest.slice(n);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

const num = (n: number) => (Math.round(n * 100) / 100).toString();

class Layout {
  pages: string[][] = [];
  private y = 0;

  constructor(readonly size: PageSize) {
    this.newPage();
  }

  private get ops() {
    return this.pages[this.pages.length - 1];
  }

  newPage() {
    this.pages.push([]);
    this.y = this.size.height - this.size.margin;
  }

  fits(h: number): boolean {
    return this.y - h >= BOTTOM;
  }

  /** Moves down by `h`, on a new page when it does not fit. */
  take(h: number) {
    if (!this.fits(h)) this.newPage();
    this.y -= h;
  }

  get cursor() {
    return this.y;
  }

  text(x: number, baseline: number, text: string, size: number, bold: boolean) {
    if (!text) return;
    this.ops.push(
      `BT /${bold ? 'F2' : 'F1'} ${size} Tf ${num(x)} ${num(baseline)} Td ${pdfString(text)} Tj ET`,
    );
  }

  rule(y: number, x1: number, x2: number) {
    this.ops.push(`0.6 w 0.6 G ${num(x1)} ${num(y)} m ${num(x2)} ${num(y)} l S 0 G`);
  }

  shade(y: number, h: number, w: number) {
    this.ops.push(`0.92 g ${num(this.size.margin)} ${num(y)} ${num(w)} ${num(h)} re f 0 g`);
  }
}

function layTable(l: Layout, b: Extract<PdfBlock, { kind: 'table' }>) {
  const size = b.size ?? 8;
  const lineH = size * 1.3;
  const tableW = b.columns.reduce((s, c) => s + c.width, 0);
  const headers = b.columns.map((c) => c.header);
  const row = (cells: string[], bold: boolean, header: boolean) => {
    const wrapped = b.columns.map((c, i) => wrap(cells[i] ?? '', c.width - 2 * CELL_PAD, size, bold));
    const h = Math.max(...wrapped.map((w) => w.length)) * lineH + 2 * CELL_PAD;
    // A header row needs room for a first row under it; a row that does not fit goes on a new
    // page, under the header row repeated.
    if (!l.fits(header ? h + lineH + 2 * CELL_PAD : h)) {
      l.newPage();
      if (!header) row(headers, true, true);
    }
    l.take(h);
    const top = l.cursor + h;
    if (header) l.shade(l.cursor, h, tableW);
    let x = l.size.margin;
    b.columns.forEach((c, i) => {
      wrapped[i].forEach((text, k) => {
        const baseline = top - CELL_PAD - (k + 1) * lineH + (lineH - size) / 2 + 1;
        const tx = c.align === 'right' ? x + c.width - CELL_PAD - textWidth(text, size, bold) : x + CELL_PAD;
        l.text(tx, baseline, text, size, bold);
      });
      x += c.width;
    });
    l.rule(l.cursor, l.size.margin, l.size.margin + tableW);
  };
  row(headers, true, true);
  for (const r of b.rows) row(r.cells, r.bold ?? false, false);
}

/** Lays the blocks out on pages: one content stream per page. */
export function layout(doc: PdfDocument): string[][] {
  const l = new Layout(doc.landscape ? PAGE_LANDSCAPE : PAGE);
  const { margin, width } = l.size;
  for (const b of doc.blocks) {
    if (b.kind === 'space') l.take(b.height);
    else if (b.kind === 'text') {
      const size = b.size ?? 10;
      for (const line of wrap(b.text, l.size.textWidth, size, b.bold)) {
        l.take(size * 1.4);
        l.text(margin, l.cursor + size * 0.3, line, size, b.bold ?? false);
      }
    } else layTable(l, b);
  }
  const total = l.pages.length;
  l.pages.forEach((ops, i) => {
    const page = `Page ${i + 1} of ${total}`;
    ops.push(
      `BT /F1 8 Tf ${num(width - margin - textWidth(page, 8))} ${FOOTER_Y} Td ${pdfString(page)} Tj ET`,
    );
    if (doc.footer) ops.push(`BT /F1 8 Tf ${margin} ${FOOTER_Y} Td ${pdfString(doc.footer)} Tj ET`);
  });
  return l.pages;
}

/** The whole file, as an ASCII string (one character per byte). */
export function renderPdf(doc: PdfDocument): string {
  const pages = layout(doc);
  const size = doc.landscape ? PAGE_LANDSCAPE : PAGE;
  // 1 catalog, 2 pages, 3 and 4 the fonts, 5 info, then each page and its content stream.
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 6 + 2 * i);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  objects[5] = `<< /Title ${pdfString(doc.title)} /Producer (VendPort) >>`;
  pages.forEach((ops, i) => {
    const content = ops.join('\n');
    objects[pageIds[i]] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${size.width} ${size.height}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[i] + 1} 0 R >>`;
    objects[pageIds[i] + 1] = `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;
  });
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = out.length;
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return out;
}
