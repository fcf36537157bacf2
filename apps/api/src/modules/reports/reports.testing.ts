// What the reports' tests share: three funded clients (the second POSTPAID) vending to phones of
// several networks on chosen days, through the API; and the states of the day roll-ups a test
// checks its reads in.
import { expect } from 'vitest';
import { createCorporate, type TestUser } from '../../test/factories';
import { apiAs, type TestApp } from '../../test/harness';
import { assignDefaults, fund } from '../vending/vending.testing';
import { buildRollups, checkRollups } from './rollup.service';

export type ReportClient = TestUser & { corporateId: string };

/** The phones vended to: four networks, and 08000000002, which the simulator fails (as MTN). */
export const REPORT_PHONES = ['08031234567', '08051234567', '08021234567', '08091234567', '08000000002'];

/** Three clients ready to vend, each funded with ₦100,000; the second is POSTPAID. */
export async function reportClients(t: TestApp): Promise<ReportClient[]> {
  const clients: ReportClient[] = [];
  for (let i = 0; i < 3; i++) {
    const c = await createCorporate(t.app, i === 1 ? { clientType: 'POSTPAID' } : {});
    await assignDefaults(t.app, c.corporateId);
    await fund(t.app, c.corporateId, 10_000_000);
    clients.push(c);
  }
  return clients;
}

/**
 * Each client's airtime vend to each phone, of `amount(n)` naira (n counting from 1 across
 * calls), moved to `at` when given (else made now). Returns the vends made.
 */
export async function vendAt(
  t: TestApp,
  clients: ReportClient[],
  at: string | null,
  phones: string[],
  amount: () => number,
): Promise<string[]> {
  const api = apiAs(() => t);
  const ids: string[] = [];
  for (const c of clients) {
    for (const phone of phones) {
      const network = phone === '08000000002' ? { network: 'MTN' } : {};
      const res = await api('POST', 'vend', c, { phone, type: 'AIRTIME', amount: amount(), ...network });
      expect(res.statusCode, `${phone}: ${res.body}`).toBeLessThan(300);
      const id: string = res.json().data.id;
      if (at) await t.app.ctx.dbHandle.query('update vends set created_at = $2 where id = $1', [id, at]);
      ids.push(id);
    }
  }
  return ids;
}

/**
 * `check` run in each state of the day roll-ups over vends made by vendAt: 'nothing built';
 * 'built' (clean, today's newest vends after its watermark); 'dirty' (a successful vend created
 * at `moved` moved to the 11th of March, a successful MTN vend of the 12th made GLO: the 10th,
 * 11th and 12th dirty, read from the vends); 'rebuilt'.
 */
export async function acrossRollupStates(
  t: TestApp,
  moved: string,
  check: (state: 'nothing built' | 'built' | 'dirty' | 'rebuilt') => Promise<void>,
): Promise<void> {
  const sql = <T>(text: string, params: unknown[] = []) => t.app.ctx.dbHandle.query<T>(text, params);
  await check('nothing built');
  await buildRollups(t.app.ctx.db);
  expect(await checkRollups(t.app.ctx.db)).toEqual([]);
  // Today is built to a watermark two minutes back: its newest vends are after it.
  const [today] = await sql<{ after: number }>(
    `select count(*)::int as after from vends v join vend_rollup_days d
        on d.day = (now() at time zone 'Africa/Lagos')::date where v.created_at >= d.built_to`,
  );
  expect(today!.after).toBeGreaterThan(0);
  await check('built');
  const [v] = await sql<{ id: string }>(
    "select id from vends where status = 'SUCCESSFUL' and created_at = $1 limit 1",
    [moved],
  );
  await sql("update vends set created_at = '2026-03-11T12:00:00Z' where id = $1", [v!.id]);
  await sql(
    "update vends set network = 'GLO' where id = (select id from vends where status = 'SUCCESSFUL' and network = 'MTN' and created_at = '2026-03-12T09:00:00Z' limit 1)",
  );
  const dirty = await sql<{ day: string }>(
    'select day::text as day from vend_rollup_days where dirty order by 1',
  );
  expect(dirty.map((d) => d.day)).toEqual(['2026-03-10', '2026-03-11', '2026-03-12']);
  await check('dirty');
  await buildRollups(t.app.ctx.db);
  await check('rebuilt');
}
