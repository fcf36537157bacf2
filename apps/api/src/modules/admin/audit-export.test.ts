// The audit trail's CSV export streams in keyset batches: many batches are byte for byte one
// read, and a client's export holds its own team's entries only.
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

/** `n` entries by a client's team; three of every four share their instant, the fourth is 3 µs later. */
async function insertEntries(corporateId: string, actor: string, n: number) {
  await t.app.ctx.db.execute(
    sql.raw(`insert into audit_logs (actor_email, actor_name, actor_role, area, corporate_id, action, target_type,
                             target_id, summary, created_at)
      select '${actor}', 'Export, "Tester"', 'Owner', 'CORPORATE', '${corporateId}'::uuid, 'export.test', 'vend',
             '${actor}-' || lpad(i::text, 5, '0'), jsonb_build_object('i', i),
             now() - interval '1 hour' - (i / 4) * interval '1 millisecond'
               + case when i % 4 = 3 then interval '3 microseconds' else interval '0' end
        from generate_series(1, ${n}) i`),
  );
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app);
  corp = await createCorporate(t.app);
  other = await createCorporate(t.app);
  await insertEntries(corp.corporateId, 'alpha@test.vendport', 19);
  await insertEntries(other.corporateId, 'beta@test.vendport', 8);
});
afterEach(() => {
  setExportBatchSize(1000);
});
afterAll(async () => {
  await t.close();
});

describe('[AUDIT] streamed exports', () => {
  it('[AUDIT] the trail exported in batches of 3 is byte for byte the one-read export', async () => {
    setExportBatchSize(10_000);
    const one = await api('GET', 'audit-trails?format=csv&action=export.test', admin);
    setExportBatchSize(3);
    const res = await api('GET', 'audit-trails?format=csv&action=export.test', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="audit-trail.csv"');
    expect(res.body).toBe(one.body);
    const targets = res.body.match(/(alpha|beta)@test\.vendport-\d{5}/g) ?? [];
    expect(targets).toHaveLength(19 + 8);
    expect(new Set(targets).size).toBe(targets.length);
  });

  it("[AUDIT] a client's export holds only its own team's entries", async () => {
    setExportBatchSize(4);
    const res = await api('GET', 'audit-trails?format=csv&action=export.test', corp);
    expect(res.statusCode).toBe(200);
    const targets = res.body.match(/(alpha|beta)@test\.vendport-\d{5}/g) ?? [];
    expect(targets).toHaveLength(19);
    expect(targets.every((x) => x.startsWith('alpha'))).toBe(true);
    // Whatever client it names.
    const asked = await api(
      'GET',
      `audit-trails?format=csv&action=export.test&corporateId=${other.corporateId}`,
      corp,
    );
    expect(asked.body).not.toContain('beta@test.vendport');
  });
});
