// Bills in every read (issue 51 point 4): once a client has paid bills (electricity and TV) beside
// airtime, every GET route of the route table, asked by that client and by an admin, answers
// without a server error. A view that still types a vend's network as a telco or its kind as
// AIRTIME|DATA fails its response schema on a bill's row (the commission report did: GET
// /commissions answered 500 for a client with a bill); this walk finds the next one too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../../../plugins/access';
import { createAdmin, createCorporate, type TestUser } from '../../../test/factories';
import { apiAs, buildTestApp, type TestApp } from '../../../test/harness';
import { assignDefaults, expectBooksBalanced, fund } from '../vending.testing';

let t: TestApp;
let admin: TestUser;
let corp: TestUser & { corporateId: string };
const api = apiAs(() => t);
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app);
  corp = await createCorporate(t.app);
  await assignDefaults(t.app, corp.corporateId);
  await fund(t.app, corp.corporateId, 10_000_000);
  const bill = await api('POST', 'bills/pay', corp, {
    biller: 'IKEDC',
    customerNumber: '1111111111111',
    meterType: 'PREPAID',
    amount: '5000',
    phone: '08031234567',
  });
  expect(bill.statusCode).toBe(200);
  const tv = await api('POST', 'bills/pay', corp, {
    biller: 'DSTV',
    customerNumber: '1212121212',
    subscriptionType: 'RENEW',
    phone: '08031234567',
  });
  expect(tv.statusCode).toBe(200);
  const airtime = await api('POST', 'vend', corp, { phone: '08031234567', type: 'AIRTIME', amount: '500' });
  expect(airtime.statusCode).toBe(200);
  ids.id = bill.json().data.id;
  ids.corporateId = corp.corporateId;
}, 240_000);
afterAll(async () => {
  if (!t) return;
  await expectBooksBalanced(t.app);
  await t.close();
});

describe('[BILLS] every read with bills in it', () => {
  it('[BILLS] every GET route, asked by a client with bills and by an admin, answers without a server error', async () => {
    const routes = routeTable(t.app).filter(
      (r) => r.method === 'GET' && r.url.startsWith('/api/v1/') && !r.config.public && !r.config.apiKey,
    );
    expect(routes.length).toBeGreaterThan(50);
    const broken: string[] = [];
    for (const r of routes) {
      // Path parameters: the bill's own id where a route takes an id, else left out of the walk.
      const params = [...r.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
      if (params.some((p) => !(p in ids))) continue;
      const url = r.url.replace(/:([A-Za-z]+)/g, (_m, p: string) => ids[p]).replace('/api/v1/', '');
      for (const [who, user] of [
        ['client', corp],
        ['admin', admin],
      ] as const) {
        for (const q of ['', '?format=csv']) {
          const res = await api('GET', `${url}${q}`, user);
          if (res.statusCode >= 500)
            broken.push(`${who} GET ${url}${q}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
    }
    expect(broken).toEqual([]);
  }, 240_000);
});
