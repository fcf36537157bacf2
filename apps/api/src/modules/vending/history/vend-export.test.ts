// The vending histories' CSV exports stream in keyset batches: across many batches they are byte
// for byte the one-read export, rows inserted while an export runs neither repeat nor push out the
// rows it started with, and a client's export holds its own vends only.
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toCsv } from '../../../infra/csv';
import { setExportBatchSize } from '../../../infra/db/keyset-stream';
import { vends } from '../../../infra/db/schema';
import { createAdmin, createCorporate, type TestUser } from '../../../test/factories';
import { apiAs, buildTestApp, type TestApp } from '../../../test/harness';
import { corporateNameOf } from '../../corporates';
import { vendExportBatches } from './vend-export.repo';
import { vendCsvColumns } from './vend-export.service';

let t: TestApp;
let admin: TestUser;
let corp: TestUser & { corporateId: string };
let other: TestUser & { corporateId: string };
const api = apiAs(() => t);
let seq = 0;

/**
 * `n` vends of `corporateId` inserted directly (as bench:reports does), `at` the SQL of the first
 * one's created_at. Every four share a millisecond: three at the same instant (ties broken by id)
 * and one 7 µs later (a JS Date cannot tell them apart; the keyset cursor must).
 */
async function insertVends(corporateId: string, n: number, at = `now() - interval '1 day'`) {
  const tag = `t${++seq}-`;
  const db = t.app.ctx.db;
  await db.execute(
    sql.raw(`insert into ledger_transfers (id, reference, kind, description, corporate_id, created_at)
      select md5('${tag}' || i)::uuid, 'export-test:${tag}' || i, 'VEND', 'Export test vend',
             '${corporateId}'::uuid, now()
        from generate_series(1, ${n}) i`),
  );
  await db.execute(
    sql.raw(`insert into vends (code, corporate_id, mode, channel, reference, request_hash, msisdn, network,
                        service_type, service_id, platform, amount_kobo, charge_kobo, commission_kobo,
                        commission_bps, commission_mode, status, routes, float_account, debit_transfer_id,
                        client_type, failure_reason, created_at, updated_at, completed_at)
      select 'VND-X${seq}' || lpad(i::text, 6, '0'), '${corporateId}'::uuid, 'LIVE', 'API', '${tag}' || i, md5(i::text),
             '+23480312' || lpad(i::text, 5, '0'), s.network, s.service_type, s.id, 'AGGREGATOR',
             10000 + i * 150, 10000 + i * 150, case when i % 5 = 0 then 0 else 30 + i end, 300, 'ACCRUED',
             case when i % 5 = 0 then 'PENDING' else 'SUCCESSFUL' end, '["AGGREGATOR"]'::jsonb, 'PROVIDER_FLOAT',
             md5('${tag}' || i)::uuid, 'PREPAID',
             case when i % 7 = 0 then 'Declined, "said" the provider' end,
             ${at} - (i / 4) * interval '1 millisecond' + case when i % 4 = 3 then interval '7 microseconds' else interval '0' end,
             now(), case when i % 5 <> 0 then now() end
        from generate_series(1, ${n}) i
        cross join (select id, network, service_type from services where platform = 'AGGREGATOR'
                     order by network, service_type limit 1) s`),
  );
}

/** The export as it was before streaming: every matching row in one read, then toCsv. */
async function oneReadCsv(admin: boolean, corporateId?: string) {
  const rows = await t.app.ctx.db
    .select({ v: vends, corporateName: corporateNameOf(vends.corporateId) })
    .from(vends)
    .where(and(eq(vends.mode, 'LIVE'), corporateId ? eq(vends.corporateId, corporateId) : undefined))
    .orderBy(desc(vends.createdAt), desc(vends.id));
  return toCsv(vendCsvColumns(admin), rows);
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app);
  corp = await createCorporate(t.app, { name: 'Alpha, "Quoted" Fintech Ltd' });
  other = await createCorporate(t.app, { name: 'Beta Payroll Ltd' });
  await insertVends(corp.corporateId, 23);
  await insertVends(other.corporateId, 14, `now() - interval '1 day' - interval '3 microseconds'`);
});
afterEach(() => {
  setExportBatchSize(1000);
});
afterAll(async () => {
  await t.close();
});

describe('[VEND] streamed exports', () => {
  it('[VEND] an export read in batches of 3 is byte for byte the one-read export, with the same headers', async () => {
    setExportBatchSize(3);
    const res = await api('GET', 'corporates-transactions/vending?format=csv', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="vending-transactions.csv"');
    expect(res.body).toBe(await oneReadCsv(true));
    expect(res.body.trim().split('\r\n')).toHaveLength(1 + 23 + 14);
    // Quoted names and reasons survive a batch boundary; every vend once.
    expect(res.body).toContain('"Alpha, ""Quoted"" Fintech Ltd"');
    const codes = res.body.match(/VND-X\d+/g) ?? [];
    expect(new Set(codes).size).toBe(codes.length);
    setExportBatchSize(10_000);
    expect((await api('GET', 'corporates-transactions/vending?format=csv', admin)).body).toBe(res.body);
    // A batch size that divides the rows exactly ends on an empty read, not a repeated row.
    setExportBatchSize(37);
    expect((await api('GET', 'corporates-transactions/vending?format=csv', admin)).body).toBe(res.body);
  });

  it("[VEND] a client's export holds only its own vends, in batches as in one read", async () => {
    setExportBatchSize(4);
    const res = await api('GET', 'transactions/vending?format=csv', corp);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="vending-history.csv"');
    expect(res.body).toBe(await oneReadCsv(false, corp.corporateId));
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(1 + 23);
    expect(lines.slice(1).every((l) => /VND-X1\d{6}/.test(l))).toBe(true);
    // The admin's filter on one client is the same set.
    const filtered = await api(
      'GET',
      `corporates-transactions/vending?format=csv&corporateId=${other.corporateId}`,
      admin,
    );
    expect(filtered.body.trim().split('\r\n')).toHaveLength(1 + 14);
    expect(filtered.body).not.toContain('Alpha');
  });

  it('[VEND] vends added while an export runs neither repeat nor push out the vends it started with', async () => {
    setExportBatchSize(4);
    const before = (await oneReadCsv(true)).match(/VND-X\d+/g) ?? [];
    const batches = vendExportBatches(t.app.ctx.db, { mode: 'LIVE' }, { names: true });
    const seen: string[] = [];
    const first = await batches.next();
    for (const r of first.value ?? []) seen.push(r.v.code);
    // New vends arrive (newer than the export's start) while the export is between batches.
    await insertVends(corp.corporateId, 9, 'now()');
    for await (const rows of batches) for (const r of rows) seen.push(r.v.code);
    expect(seen).toEqual(before);
  });
});
