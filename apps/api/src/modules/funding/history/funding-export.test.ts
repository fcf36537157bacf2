// The funding histories' CSV exports stream in keyset batches over the union of the funding
// channels: many batches are byte for byte one read, and a client's export holds its own rows.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setExportBatchSize } from '../../../infra/db/keyset-stream';
import { createAdmin, createCorporate, type TestUser } from '../../../test/factories';
import { apiAs, buildTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
let admin: TestUser;
let corp: TestUser & { corporateId: string };
let other: TestUser & { corporateId: string };
const api = apiAs(() => t);

/** `n` pending fund requests; three of every four share their instant (ties broken by id), the
 * fourth is 5 µs later (the same millisecond). */
async function insertRequests(corporateId: string, prefix: string, n: number) {
  await t.app.ctx.db.execute(
    sql.raw(`insert into fund_requests (code, corporate_id, amount_kobo, transfer_reference, narration, created_at)
      select '${prefix}-' || lpad(i::text, 5, '0'), '${corporateId}'::uuid, 50000 + i * 100, 'TRF/${prefix}/' || i,
             'Export test, "quoted"', now() - interval '2 hours' - (i / 4) * interval '1 millisecond'
               + case when i % 4 = 3 then interval '5 microseconds' else interval '0' end
        from generate_series(1, ${n}) i`),
  );
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app);
  corp = await createCorporate(t.app, { name: 'Alpha Fintech Ltd' });
  other = await createCorporate(t.app, { name: 'Beta Payroll Ltd' });
  await insertRequests(corp.corporateId, 'FRA', 17);
  await insertRequests(other.corporateId, 'FRB', 11);
});
afterEach(() => {
  setExportBatchSize(1000);
});
afterAll(async () => {
  await t.close();
});

describe('[FUNDING] streamed exports', () => {
  it('[FUNDING] the admin export in batches of 3 is byte for byte the one-read export', async () => {
    setExportBatchSize(10_000);
    const one = await api('GET', 'corporates-transactions/funding?format=csv', admin);
    setExportBatchSize(3);
    const res = await api('GET', 'corporates-transactions/funding?format=csv', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="corporate-funding-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body).toBe(one.body);
    const codes = res.body.match(/FR[AB]-\d{5}/g) ?? [];
    expect(codes).toHaveLength(17 + 11);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it("[FUNDING] a client's export holds only its own fundings", async () => {
    setExportBatchSize(2);
    const res = await api('GET', 'transactions/funding?format=csv', corp);
    expect(res.statusCode).toBe(200);
    const codes = res.body.match(/FR[AB]-\d{5}/g) ?? [];
    expect(codes).toHaveLength(17);
    expect(codes.every((c) => c.startsWith('FRA-'))).toBe(true);
  });
});
