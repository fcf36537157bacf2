// What tests of PDFs share: the file read as a PDF reader reads it, from its end.
import { expect } from 'vitest';

/** Checks the cross-reference table against the file and returns the object count. */
export function checkXref(pdf: string): number {
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)?.[1]);
  expect(pdf.slice(startxref, startxref + 5)).toBe('xref\n');
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(pdf.slice(startxref)) ?? [];
  expect(Number(first)).toBe(0);
  const entries = pdf
    .slice(startxref)
    .split('\n')
    .slice(2, 2 + Number(count));
  expect(entries[0]).toBe('0000000000 65535 f ');
  for (let id = 1; id < Number(count); id++) {
    expect(entries[id]).toMatch(/^\d{10} 00000 n $/);
    const offset = Number(entries[id].slice(0, 10));
    expect(pdf.slice(offset, offset + `${id} 0 obj\n`.length)).toBe(`${id} 0 obj\n`);
  }
  expect(pdf).toContain(`trailer\n<< /Size ${count} /Root 1 0 R /Info 5 0 R >>`);
  return Number(count);
}
