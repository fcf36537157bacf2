// The vend success statement (the database function vend_complete_success, migration 0023) finds
// each vend by its primary key, never through the partial index of PENDING vends, on a table as
// small as this one, where a scan of the table is otherwise the cheapest plan: the function's
// settings pin the plan that PL/pgSQL keeps for the connection's life, whatever the table grows to
// (issue 17; see VEND_SUCCESS in vends.repo.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCorporate } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/harness';
import { apiKeyFor, apiVend, assignDefaults, fund, newRef } from '../vending.testing';
import { VEND_SUCCESS } from './vends.repo';

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

const query = <T>(sql: string, params?: unknown[]) =>
  t.app.ctx.dbHandle.query<T>(sql, params) as unknown as Promise<T[]>;

describe('[VEND-PLANS] the vend success statement', () => {
  it('[VEND-PLANS] finds each vend by its primary key under the settings of its function', async () => {
    expect(VEND_SUCCESS.text).toMatch(/from vend_complete_success\(\$1::jsonb\)/);
    const [fn] = await query<{ src: string; config: string[] | null }>(
      `select prosrc as src, proconfig as config from pg_proc where proname = 'vend_complete_success'`,
    );
    expect(fn.config).toEqual(
      expect.arrayContaining(['enable_seqscan=off', 'enable_hashjoin=off', 'enable_mergejoin=off']),
    );
    const statement = /RETURN QUERY([\s\S]*);\s*END;\s*$/.exec(fn.src)?.[1];
    expect(statement).toMatch(/update vends/);

    const rows = await query<{ id: string; float_account: string }>(
      'select id::text, float_account from vends limit 10',
    );
    const batch = JSON.stringify(
      rows.map((r) => ({
        id: r.id,
        floatAccount: r.float_account,
        at: new Date().toISOString(),
        events: [],
      })),
    );
    await query('begin');
    try {
      for (const setting of fn.config ?? []) {
        const [name, value] = setting.split('=');
        await query(`select set_config($1, $2, true)`, [name, value]);
      }
      const plan = (
        await query<{ 'QUERY PLAN': string }>(`explain ${statement?.replace('p_batch', `'${batch}'::jsonb`)}`)
      )
        .map((r) => r['QUERY PLAN'])
        .join('\n');
      expect(plan).toMatch(/Index Scan using vends_pkey on vends/);
      expect(plan).not.toMatch(/Seq Scan on vends|vends_requery_idx|Hash Join/);
    } finally {
      await query('rollback');
    }
  });
});
