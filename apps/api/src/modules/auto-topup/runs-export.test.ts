// The auto top-up runs' CSV exports stream in keyset batches on (due time, creation, id): many
// batches are byte for byte one read, in both areas, and a client's export holds its own runs.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setExportBatchSize } from '../../infra/db/keyset-stream';
import { createAdmin, createCorporate, type TestUser } from '../../test/factories';
import { apiAs, buildTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: TestUser;
let corp: TestUser & { corporateId: string };
let other: TestUser & { corporateId: string };
const api = apiAs(() => t);

/** Three subscribers with `n` runs each: the three runs of a due time share it and their creation
 * (ties broken by id); every fourth due time is 4 µs after the one before it (same millisecond). */
async function insertRuns(corporateId: string, prefix: string, n: number) {
  await t.app.ctx.db.execute(
    sql.raw(`with s as (
        insert into auto_topup_subscribers (corporate_id, name, msisdn, network, service_type, frequency, time_of_day)
        select '${corporateId}'::uuid, '${prefix} subscriber ' || k, '+2348031230000', 'MTN', 'AIRTIME', 'DAILY', '08:00'
          from generate_series(1, 3) k
        returning id, name)
      insert into auto_topup_runs (corporate_id, subscriber_id, due_at, trigger, reference, msisdn, network,
                                   service_type, amount_kobo, status, retry_at, created_at)
      select '${corporateId}'::uuid, s.id, now() - interval '1 hour'
               - case when i % 4 = 3 then (i - 1) * interval '1 millisecond' - interval '4 microseconds'
                      else i * interval '1 millisecond' end,
             'SCHEDULED', '${prefix}-' || lpad(i::text, 4, '0') || '-' || right(s.name, 1), '+2348031230000', 'MTN',
             'AIRTIME', 10000, 'QUEUED', now() + interval '1 day', now()
        from generate_series(1, ${n}) i cross join s`),
  );
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app);
  corp = await createCorporate(t.app);
  other = await createCorporate(t.app);
  await insertRuns(corp.corporateId, 'RA', 7);
  await insertRuns(other.corporateId, 'RB', 4);
});
afterEach(() => {
  setExportBatchSize(1000);
});
afterAll(async () => {
  await t.close();
});

const refs = (body: string) => body.match(/R[AB]-\d{4}-\d/g) ?? [];

describe('[AUTO-TOPUP] streamed exports', () => {
  it("[AUTO-TOPUP] a client's runs in batches of 2 are byte for byte one read, and only its own", async () => {
    setExportBatchSize(10_000);
    const one = await api('GET', 'auto-topup/runs?format=csv', corp);
    expect(one.statusCode).toBe(200);
    setExportBatchSize(2);
    const res = await api('GET', 'auto-topup/runs?format=csv', corp);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="auto-topup-transactions.csv"');
    expect(res.body).toBe(one.body);
    expect(refs(res.body)).toHaveLength(21);
    expect(new Set(refs(res.body)).size).toBe(21);
    expect(refs(res.body).every((r) => r.startsWith('RA-'))).toBe(true);
  });

  it("[AUTO-TOPUP] an admin's export of one client's runs in batches is its runs, once each", async () => {
    setExportBatchSize(10_000);
    const one = await api('GET', `auto-top-up/${other.corporateId}/runs?format=csv`, admin);
    expect(one.statusCode).toBe(200);
    setExportBatchSize(5);
    const res = await api('GET', `auto-top-up/${other.corporateId}/runs?format=csv`, admin);
    expect(res.body).toBe(one.body);
    expect(refs(res.body)).toHaveLength(12);
    expect(new Set(refs(res.body)).size).toBe(12);
    expect(refs(res.body).every((r) => r.startsWith('RB-'))).toBe(true);
  });
});
