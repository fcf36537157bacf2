// CSV exports show moments as the screens do (issue 16): Lagos time, DD/MM/YYYY h:mm A, from the
// one shared dates module, whatever the server's zone.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { csvChunks, lagosDateTime, pipeCsv, toCsv } from './csv';
import type { Key } from './db/keyset';
import { keysetBatches, setExportBatchSize } from './db/keyset-stream';

describe('[CSV] dates in exports', () => {
  it('a moment at 23:30 UTC is 12:30 AM on the next Lagos day', () => {
    expect(lagosDateTime(new Date('2025-12-31T23:30:00Z'))).toBe('01/01/2026 12:30 AM');
    expect(lagosDateTime('2026-03-10T13:05:00Z')).toBe('10/03/2026 2:05 PM');
  });

  it('a Date cell is written in that format', () => {
    const csv = toCsv(
      [['Date', (r: { at: Date }) => r.at] as never],
      [{ at: new Date('2026-01-05T11:00:00Z') }],
    );
    expect(csv).toBe('Date\r\n05/01/2026 12:00 PM\r\n');
  });
});

describe('[CSV] streamed exports', () => {
  type Row = { at: Date; name: string; n: number };
  const columns: Array<[string, (r: Row) => unknown]> = [
    ['Date', (r) => r.at],
    ['Name', (r) => r.name],
    ['N', (r) => r.n],
  ];
  const rows: Row[] = [
    { at: new Date('2026-01-05T11:00:00Z'), name: 'Ada, "the" first', n: 1 },
    { at: new Date('2026-01-05T10:00:00Z'), name: '=cmd()', n: -2 },
    { at: new Date('2026-01-04T23:30:00Z'), name: 'Chidi', n: 3 },
  ];
  const collect = async (chunks: AsyncIterable<string>) => {
    let out = '';
    for await (const c of chunks) out += c;
    return out;
  };
  async function* batches(...bs: Row[][]) {
    for (const b of bs) yield b;
  }

  it('the chunks of batched rows are byte for byte toCsv of all the rows', async () => {
    expect(await collect(csvChunks(columns, batches(rows.slice(0, 2), rows.slice(2), [])))).toBe(
      toCsv(columns, rows),
    );
    expect(await collect(csvChunks(columns, batches()))).toBe(toCsv(columns, []));
  });

  it('writing to a slow sink waits for it to drain: at most one chunk read ahead', async () => {
    let produced = 0;
    let written = 0;
    let ahead = 0;
    async function* many() {
      for (let i = 0; i < 50; i++) {
        produced++;
        ahead = Math.max(ahead, produced - written);
        yield `line ${i}\r\n`;
      }
    }
    const got: string[] = [];
    const sink = new Writable({
      highWaterMark: 1,
      write(chunk: Buffer, _enc, done) {
        setImmediate(() => {
          got.push(chunk.toString());
          written++;
          done();
        });
      },
    });
    await pipeCsv(many(), sink);
    expect(got).toHaveLength(50);
    expect(got[49]).toBe('line 49\r\n');
    expect(ahead).toBeLessThanOrEqual(2);
  });

  it('keyset batches read from the last key until a short batch, never past it', async () => {
    const before = setExportBatchSize(4);
    try {
      const data = Array.from({ length: 10 }, (_, i) => 10 - i);
      const asked: Array<string | null> = [];
      const read = async (after: Key | null, limit: number) => {
        asked.push(after ? after.t : null);
        return data.filter((x) => !after || x < Number(after.t)).slice(0, limit);
      };
      const out: number[][] = [];
      for await (const b of keysetBatches(read, (x) => ({ t: String(x), id: `id-${x}` }))) out.push(b);
      expect(out).toEqual([
        [10, 9, 8, 7],
        [6, 5, 4, 3],
        [2, 1],
      ]);
      expect(asked).toEqual([null, '7', '3']);
    } finally {
      setExportBatchSize(before);
    }
  });
});
