import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';

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
