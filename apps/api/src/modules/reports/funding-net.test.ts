// Issue 53 point 8: a card payment the gateway reversed is not funding. Every figure of funding
// received (the client's home, the admin's home, Analytics, the client list, the client's
// account) is net of reversals, the same way everywhere: ₦65,000 funded by transfer plus ₦10,000 by
// card that the gateway took back is ₦65,000, not ₦75,000.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createCorporate, type TestUser } from '../../test/factories';
import { apiAs, buildTestApp, type TestApp } from '../../test/harness';
import { approve, cardPaymentReversed, createFundRequest } from '../funding/funding.fixtures';

let t: TestApp;
let admin: TestUser;
let c: TestUser & { corporateId: string };
const api = apiAs(() => t);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app);
  c = await createCorporate(t.app, { name: 'Net Funding Ltd' });
  const fr = await createFundRequest(t.app, c, '65,000');
  expect((await approve(t.app, admin, fr.id)).statusCode).toBe(200);
  const card = await cardPaymentReversed(t.app, c, admin, '10,000');
  const rev = await card.reverse();
  expect(rev.statusCode, rev.body).toBeLessThan(300);
});
afterAll(() => t?.close());

/** Every funding figure in an answer (this period's; the period before is another figure). */
function fundingFigures(data: unknown, path = ''): Array<{ path: string; kobo: number }> {
  if (Array.isArray(data)) return data.flatMap((x, i) => fundingFigures(x, `${path}[${i}]`));
  if (!data || typeof data !== 'object') return [];
  return Object.entries(data).flatMap(([k, v]) => {
    const p = path ? `${path}.${k}` : k;
    if (/previous/i.test(k)) return [];
    if ((k === 'fundingKobo' || k === 'totalFunding') && typeof v === 'number') return [{ path: p, kobo: v }];
    return fundingFigures(v, p);
  });
}

describe('[FUNDING] totals are net of reversed card payments everywhere', () => {
  it('[FUNDING] homes, Analytics, the client list and the client’s account say ₦65,000, not ₦75,000', async () => {
    const today = new Date(Date.now() + 3600_000).toISOString().slice(0, 10);
    const range = `startDate=${today}&endDate=${today}`;
    const screens: Array<[string, TestUser, string]> = [
      ['client home', c, 'corporate-dashboard-data?filter=today'],
      ['admin home', admin, `admin-dashboard-data-v2?${range}`],
      ['analytics', admin, `analytics/trends?${range}`],
      ['client list', admin, `corporate-clients?search=${encodeURIComponent('Net Funding')}`],
      ['client account', admin, `corporate-clients/${c.corporateId}`],
      ['business account', admin, `verifications/${c.corporateId}/show`],
    ];
    for (const [name, who, url] of screens) {
      const res = await api('GET', url, who);
      expect(res.statusCode, `${name}: ${res.body.slice(0, 200)}`).toBe(200);
      const figures = fundingFigures(res.json().data);
      expect(figures.length, `${name} shows no funding figure`).toBeGreaterThan(0);
      for (const f of figures) expect(f.kobo, `${name} ${f.path}`).toBe(6_500_000);
    }
  });
});
