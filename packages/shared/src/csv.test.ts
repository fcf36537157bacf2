import { describe, expect, it } from 'vitest';
import { looksLikeCsv, NOT_CSV_MESSAGE, parseCsv } from './csv';

describe('[CSV] parsing', () => {
  it('[CSV] quotes, doubled quotes, commas and line breaks inside quotes, CRLF and a BOM', () => {
    const text = '\uFEFFphone,amount\r\n"0803 123 4567","1,000"\r\n"say ""hi""","a\nb"\n';
    expect(parseCsv(text)).toEqual([
      ['phone', 'amount'],
      ['0803 123 4567', '1,000'],
      ['say "hi"', 'a\nb'],
    ]);
  });
  it('[CSV] blank lines are dropped and a last line without a newline is kept', () => {
    expect(parseCsv('a,b\n\n , \nc,d')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });
});

describe('looksLikeCsv', () => {
  it('[CSV] tells a CSV from a PDF, a spreadsheet or an image read as text', () => {
    expect(looksLikeCsv('phone,network,type,amount\r\n08031234567,MTN,AIRTIME,500\r\n')).toBe(true);
    expect(looksLikeCsv('\ufeffphone;amount\t\n0803,500')).toBe(true);
    expect(looksLikeCsv('%PDF-1.7\n%âãÏÓ\n1 0 obj')).toBe(false);
    expect(looksLikeCsv('PK\u0003\u0004\u0014\u0000\u0006\u0000xl/workbook.xml')).toBe(false);
    expect(looksLikeCsv('\u0089PNG\r\n\u001a\n')).toBe(false);
    expect(looksLikeCsv(`a,b\n${'\u0001\u0002\u0003\u0004'}`)).toBe(false);
    expect(NOT_CSV_MESSAGE).toMatch(/^This is not a CSV file/);
  });
});
