// The PDF writer: a well-formed file (header, objects at the offsets the xref gives, trailer,
// %%EOF), escaping, WinAnsi text, and a long table that breaks across pages with its header row
// repeated and "Page N of M" on each page.
import { describe, expect, it } from 'vitest';
import { layout, PAGE, type PdfDocument, pdfString, renderPdf, textWidth, winAnsi, wrap } from './pdf';
import { checkXref } from './pdf.testing';

const columns = [
  { header: 'Date', width: 100 },
  { header: 'Description', width: 300 },
  { header: 'Amount', width: 115, align: 'right' as const },
];
const longTable = (n: number): PdfDocument => ({
  title: 'Long table',
  footer: 'Statement STM-TEST',
  blocks: [
    { kind: 'text', text: 'A long table', size: 14, bold: true },
    {
      kind: 'table',
      columns,
      rows: Array.from({ length: n }, (_, i) => ({
        cells: [`Row ${i + 1}`, `Entry number ${i + 1}`, `${i}.00`],
      })),
    },
  ],
});

describe('renderPdf', () => {
  it('writes a PDF 1.4 file whose xref offsets point at every object', () => {
    const pdf = renderPdf({ title: 'One page', blocks: [{ kind: 'text', text: 'Hello (world)' }] });
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
    expect(pdf.endsWith('%%EOF\n')).toBe(true);
    expect(checkXref(pdf)).toBe(8); // free entry, 5 fixed objects, one page and its content
    expect(pdf).toContain('/BaseFont /Helvetica /Encoding /WinAnsiEncoding');
    expect(pdf).toContain('/BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding');
    expect(pdf).toContain('(Hello \\(world\\)) Tj');
    expect(pdf).toContain('(Page 1 of 1) Tj');
    // ASCII only: the length in characters is the length in bytes.
    expect(Buffer.byteLength(pdf, 'utf8')).toBe(pdf.length);
  });

  it('gives each content stream its true /Length', () => {
    const pdf = renderPdf(longTable(120));
    const re = /<< \/Length (\d+) >>\nstream\n/g;
    let m: RegExpExecArray | null = re.exec(pdf);
    let streams = 0;
    while (m) {
      const start = m.index + m[0].length;
      expect(pdf.slice(start + Number(m[1]), start + Number(m[1]) + 10)).toBe('\nendstream');
      streams++;
      m = re.exec(pdf);
    }
    expect(streams).toBe(pdf.match(/\/Type \/Page /g)?.length);
  });

  it('breaks a long table across pages, repeating the header row, with Page N of M footers', () => {
    const rows = 200;
    const pdf = renderPdf(longTable(rows));
    const pages = layout(longTable(rows));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    // Rows are 8 * 1.3 + 6 points high; the first page also carries the title.
    const perPage = Math.floor((PAGE.height - PAGE.margin - 48) / (8 * 1.3 + 6)) - 1;
    expect(pages.length).toBe(Math.ceil((rows + 2) / perPage));
    expect(pdf).toContain(`/Count ${pages.length} >>`);
    expect(pdf.match(/\/Type \/Page /g)).toHaveLength(pages.length);
    checkXref(pdf);
    pages.forEach((ops, i) => {
      const text = ops.join('\n');
      expect(text).toContain(`(Page ${i + 1} of ${pages.length}) Tj`);
      expect(text).toContain('(Statement STM-TEST) Tj');
      expect(text.match(/\(Description\) Tj/g)).toHaveLength(1);
    });
    for (let i = 1; i <= rows; i++) expect(pdf).toContain(`(Entry number ${i}) Tj`);
  });

  it('right-aligns a column to its right edge', () => {
    const [ops] = layout({
      title: 't',
      blocks: [{ kind: 'table', columns, rows: [{ cells: ['a', 'b', '1,234.50'] }] }],
    });
    const line = ops.find((o) => o.includes('(1,234.50)')) ?? '';
    const x = Number(/Tf ([\d.]+) /.exec(line)?.[1]);
    expect(x + textWidth('1,234.50', 8)).toBeCloseTo(PAGE.margin + 515 - 3, 1);
  });
});

describe('text', () => {
  it('escapes ( ) and \\ in strings', () => {
    expect(pdfString('a(b)c\\d')).toBe('(a\\(b\\)c\\\\d)');
  });

  it('writes the naira sign as NGN and other non-ASCII WinAnsi characters as octal escapes', () => {
    expect(pdfString('₦1,000.00')).toBe('(NGN1,000.00)');
    expect(pdfString('Café – 5€')).toBe('(Caf\\351 \\226 5\\200)');
    expect(winAnsi('a\tb☃')).toEqual([97, 32, 98, 63]);
  });

  it('measures with the Helvetica metrics', () => {
    expect(textWidth('Hello', 10)).toBeCloseTo((722 + 556 + 222 + 222 + 556) / 100, 5);
    expect(textWidth('Hello', 10, true)).toBeCloseTo((722 + 556 + 278 + 278 + 611) / 100, 5);
  });

  it('wraps words to a width, cutting words longer than a line', () => {
    const lines = wrap('one two three four five six', textWidth('one two three', 10), 10);
    expect(lines).toEqual(['one two three', 'four five six']);
    const cut = wrap('ABCDEFGHIJKLMNOPQRSTUVWXYZ', 50, 10);
    expect(cut.join('')).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    for (const l of cut) expect(textWidth(l, 10)).toBeLessThanOrEqual(50);
  });
});
