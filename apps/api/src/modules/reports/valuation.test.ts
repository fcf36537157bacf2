// Sales valuation chunks from the roll-ups (issue 34): a chunk sums the days that fit whole in it
// from the roll-up rows and reads vends only where they do not hold them and on the day it ends.
// Walked chunk by chunk, with every chunk size, it gives what chunks read from the vends alone
// give (the same rows, lines and cursors), whether the days are unbuilt, built with today past its
// watermark, dirty again, or rebuilt; and the count agrees. A lying roll-up row shows in a chunk
// (the sums are the roll-ups'), and is gone once its day is rebuilt.
import { lagosDateOf } from '@vendport/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/harness';
import {
  acrossRollupStates,
  REPORT_PHONES,
  type ReportClient,
  reportClients,
  vendAt,
} from './reports.testing';
import { buildRollups } from './rollup.service';
import { valuationChunk, valuationCount } from './valuation.service';

let t: TestApp;
const clients: ReportClient[] = [];
const sql = <T>(text: string, params: unknown[] = []) => t.app.ctx.dbHandle.query<T>(text, params);
const range = () => ({ startDate: '2026-03-01', endDate: lagosDateOf(new Date()) });

interface Row {
  at: string;
  id: string;
  network: string;
  service: string;
  a: number;
  c: number;
}

/** The chunks as the vends alone give them: the client's rows in order, cut every `size`. */
async function fromVends(corporateId: string, size: number) {
  const rows = await sql<Row>(
    `select created_at::text as at, id::text as id, network, service_type as service,
            amount_kobo::float8 as a, commission_kobo::float8 as c
       from vends where corporate_id = $1 and mode = 'LIVE' and status = 'SUCCESSFUL'
        and created_at >= '2026-02-28T23:00:00Z' order by created_at, id`,
    [corporateId],
  );
  const chunks = [];
  // A full chunk has a cursor, so an empty chunk follows a count that fills its last one.
  for (let i = 0; ; i += size) {
    const part = rows.slice(i, i + size);
    const lines = new Map<string, { count: number; valueKobo: number; commissionKobo: number }>();
    for (const r of part) {
      const k = `${r.network}|${r.service}`;
      const l = lines.get(k) ?? { count: 0, valueKobo: 0, commissionKobo: 0 };
      lines.set(k, {
        count: l.count + 1,
        valueKobo: l.valueKobo + r.a,
        commissionKobo: l.commissionKobo + r.c,
      });
    }
    const last = part[part.length - 1];
    chunks.push({
      rows: part.length,
      lines: [...lines.entries()].sort().map(([k, l]) => {
        const [network, serviceType] = k.split('|');
        return { network, serviceType, ...l, netCostKobo: l.valueKobo - l.commissionKobo };
      }),
      next: part.length === size && last ? Buffer.from(`${last.at}|${last.id}`).toString('base64url') : null,
    });
    if (part.length < size) break;
  }
  return { chunks, count: rows.length };
}

/** The chunks as the service gives them, walked by their cursors. */
async function walked(corporateId: string, size: number) {
  const chunks = [];
  let after: string | undefined;
  for (;;) {
    const c = await valuationChunk(t.app.ctx.db, corporateId, { ...range(), chunkSize: size, after });
    chunks.push(c);
    if (!c.next) break;
    // A cursor that does not move on would walk for ever.
    expect(c.next, `chunk ${chunks.length} of ${size}`).not.toBe(after);
    expect(chunks.length).toBeLessThan(100);
    after = c.next;
  }
  return chunks;
}

async function expectChunksOfVends(state: string) {
  for (const c of clients) {
    // Small chunks (a walk over the days), one larger than the count, and the count itself and one
    // less (a chunk filled exactly, with its cursor).
    const all = (await fromVends(c.corporateId, 1)).count;
    for (const size of [1, 2, 3, 4, 5, 7, 1000, all, all - 1]) {
      const want = await fromVends(c.corporateId, size);
      expect(await walked(c.corporateId, size), `${state}, chunks of ${size}`).toEqual(want.chunks);
      expect(await valuationCount(t.app.ctx.db, c.corporateId, { ...range(), chunkSize: size })).toEqual({
        count: want.count,
        chunks: Math.ceil(want.count / size),
        chunkSize: size,
      });
    }
  }
}

beforeAll(async () => {
  t = await buildTestApp();
  clients.push(...(await reportClients(t)));
  // Each client's vends on four Lagos days (08000000002 fails), two moments sharing a created_at
  // (the id orders them), and two of each client's now (today's, past the watermark a build sets).
  let n = 100;
  for (const at of [
    '2026-03-09T08:00:00Z',
    '2026-03-10T12:00:00Z',
    '2026-03-10T12:00:00Z',
    '2026-03-10T15:00:00Z',
    '2026-03-10T23:30:00Z',
    '2026-03-12T09:00:00Z',
  ])
    await vendAt(t, clients, at, REPORT_PHONES, () => (n += 7));
  await vendAt(t, clients, null, REPORT_PHONES.slice(0, 3), () => (n += 7));
  // One of today's vends ten minutes old: before the watermark, in today's roll-up rows.
  await sql(
    "update vends set created_at = now() - interval '10 minutes' where id = (select id from vends where created_at > now() - interval '1 hour' limit 1)",
  );
});
afterAll(async () => {
  await t?.close();
});

describe('[REPORTS] sales valuation from the roll-ups', () => {
  it('[REPORTS] chunks of every size equal the vends cut in order: unbuilt, built, dirty, rebuilt', async () => {
    await acrossRollupStates(t, '2026-03-10T15:00:00Z', expectChunksOfVends);
    // One day dirty between clean ones: it and today's last minutes are read with the roll-ups.
    await sql(
      "update vends set network = 'AIRTEL' where id = (select id from vends where status = 'SUCCESSFUL' and network = 'MTN' and created_at = '2026-03-10T12:00:00Z' limit 1)",
    );
    await expectChunksOfVends('one day dirty');
  });

  it('[REPORTS] a chunk sums a whole day from its roll-up rows: a lying row shows until the day is rebuilt', async () => {
    await buildRollups(t.app.ctx.db);
    const c = clients[0]!.corporateId;
    const whole = await valuationChunk(t.app.ctx.db, c, { ...range(), chunkSize: 1000 });
    await sql(
      `update vend_client_detail_totals set amount_kobo = amount_kobo + 500
        where ctid = (select ctid from vend_client_detail_totals
                       where corporate_id = $1 and day = '2026-03-09' and status = 'SUCCESSFUL' limit 1)`,
      [c],
    );
    const lied = await valuationChunk(t.app.ctx.db, c, { ...range(), chunkSize: 1000 });
    const value = (x: typeof whole) => x.lines.reduce((s, l) => s + l.valueKobo, 0);
    expect(value(lied)).toBe(value(whole) + 500);
    // A chunk ending inside that day reads its vends, not the lying row.
    const first = await valuationChunk(t.app.ctx.db, c, { ...range(), chunkSize: 1 });
    expect(first).toEqual((await fromVends(c, 1)).chunks[0]);
    await sql("update vend_rollup_days set dirty = true where day = '2026-03-09'");
    await buildRollups(t.app.ctx.db);
    expect(await valuationChunk(t.app.ctx.db, c, { ...range(), chunkSize: 1000 })).toEqual(whole);
  });

  it('[REPORTS] a cursor with a date or time that does not exist is a 400, not a database error', async () => {
    const c = clients[0]!.corporateId;
    const id = '01890a5d-ac96-774b-bcce-b302099a8057';
    for (const at of ['2026-02-30 10:00:00+00', '2026-03-10 25:00:00+00', '2026-13-01 10:00:00+00']) {
      const after = Buffer.from(`${at}|${id}`).toString('base64url');
      await expect(
        valuationChunk(t.app.ctx.db, c, { ...range(), chunkSize: 5, after }),
        at,
      ).rejects.toMatchObject({ status: 400 });
    }
    const good = Buffer.from(`2026-03-10 10:00:00.123456+00|${id}`).toString('base64url');
    expect((await valuationChunk(t.app.ctx.db, c, { ...range(), chunkSize: 5, after: good })).rows).toBe(5);
  });
});
