// What the reports' tests share: three funded clients (the second POSTPAID) vending to phones of
// several networks on chosen days, through the API.
import { expect } from 'vitest';
import { createCorporate, type TestUser } from '../../test/factories';
import { apiAs, type TestApp } from '../../test/harness';
import { assignDefaults, fund } from '../vending/vending.testing';

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
