// The vend success statement never goes through the partial index of PENDING vends, and is planned
// on every run: its cost per vend must not grow with the vends written since the last vacuum (issue 17; see
// VEND_SUCCESS in vending.repo.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCorporate } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/harness';
import { VEND_SUCCESS } from './vending.repo';
import { apiKeyFor, apiVend, assignDefaults, fund, newRef } from './vending.testing';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  const corp = await createCorporate(t.app);
  await assignDefaults(t.app, corp.corporateId);
  await fund(t.app, corp.corporateId, 1_000_000);
  const key = await apiKeyFor(t.app, corp.corporateId);
  // Vends that were PENDING once: their entries stay in the partial index of PENDING vends.
  for (let i = 0; i < 20; i++) await apiVend(t.app, key, { reference: newRef('PLAN'), amount: 100 });
});
afterAll(() => t.close());

describe('[VEND-PLANS] the vend success statement', () => {
  it('[VEND-PLANS] is planned on every run and never goes through the index of PENDING vends', async () => {
    const rows = (await t.app.ctx.dbHandle.query<{ id: string; float_account: string }>(
      'select id::text, float_account from vends limit 10',
    )) as Array<{ id: string; float_account: string }>;
    const batch = JSON.stringify(
      rows.map((r) => ({
        id: r.id,
        floatAccount: r.float_account,
        at: new Date().toISOString(),
        events: [],
      })),
    );
    await t.app.ctx.dbHandle.query('begin');
    try {
      const plan = (
        (await t.app.ctx.dbHandle.query<{ 'QUERY PLAN': string }>(
          `explain ${VEND_SUCCESS.text.replace('$1::jsonb', `'${batch}'::jsonb`)}`,
        )) as Array<{ 'QUERY PLAN': string }>
      )
        .map((r) => r['QUERY PLAN'])
        .join('\n');
      // On a table this small a scan of it is the cheapest plan, and a fine one; planned anew on
      // every run (prepared: false), the statement moves to the primary key as the table grows
      // (measured: bench:vend). What it must never use is the index of PENDING vends.
      expect(plan).toMatch(/on vends/);
      expect(plan).not.toMatch(/vends_requery_idx/);
    } finally {
      await t.app.ctx.dbHandle.query('rollback');
    }
    expect(VEND_SUCCESS.prepared).toBe(false);
  });
});
