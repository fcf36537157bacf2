// The public vending API's failures: every one is shared's failure envelope, byte for byte (the
// keys in its order, nothing else), and /docs declares that schema for them.
import { failureEnvelope } from '@vendport/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCorporate, type TestUser } from '../../../test/factories';
import { apiAs, buildTestApp, type TestApp } from '../../../test/harness';
import { apiKeyFor, apiVend, assignDefaults, fund, newRef } from '../vending.testing';

let t: TestApp;
let corp: TestUser & { corporateId: string };
let key: string;
const api = apiAs(() => t);

beforeAll(async () => {
  t = await buildTestApp();
  corp = await createCorporate(t.app);
  await assignDefaults(t.app, corp.corporateId);
  await fund(t.app, corp.corporateId, 100_000);
  key = await apiKeyFor(t.app, corp.corporateId);
});
afterAll(() => t.close());

const get = (url: string, k = key, remoteAddress?: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/api/${url}`, headers: { 'x-api-key': k }, remoteAddress });

function expectFailure(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  const parsed = failureEnvelope.safeParse(res.json());
  expect(parsed.success, res.body).toBe(true);
  expect(res.body).toBe(JSON.stringify(parsed.data));
  expect(parsed.data?.code).toBe(code);
}

describe('[API] failures of the public vending API', () => {
  it('[API] a missing or unknown key, a refused body and a credential in the URL answer the shared failure envelope', async () => {
    expectFailure(
      await t.app.inject({ method: 'POST', url: '/api/v1/api/vend', payload: {} }),
      401,
      'UNAUTHORIZED',
    );
    expectFailure(await get('balance', 'vpk_live_not-a-key'), 401, 'UNAUTHORIZED');
    expectFailure(await apiVend(t.app, key, { phone: 'not a phone' }), 400, 'VALIDATION_ERROR');
    expectFailure(await get('balance?api_key=abc'), 400, 'BAD_REQUEST');
    expectFailure(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/api/vend',
        headers: { 'x-api-key': key, 'content-type': 'application/xml' },
        payload: 'x',
      }),
      415,
      'BAD_REQUEST',
    );
    expectFailure(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/api/vend',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        payload: JSON.stringify({ pad: 'x'.repeat(1024 * 1024) }),
      }),
      413,
      'PAYLOAD_TOO_LARGE',
    );
  });

  it('[API] money, reference, permission and lookup refusals answer the shared failure envelope', async () => {
    expectFailure(await apiVend(t.app, key, { amount: '5000' }), 402, 'INSUFFICIENT_FUNDS');
    const reference = newRef('FAIL');
    expect((await apiVend(t.app, key, { reference, amount: '100' })).statusCode).toBe(200);
    expectFailure(await apiVend(t.app, key, { reference, amount: '200' }), 409, 'IDEMPOTENCY_CONFLICT');
    expectFailure(await get('vend/NO-SUCH-REF'), 404, 'NOT_FOUND');
    expectFailure(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/api/sandbox/fund',
        headers: { 'x-api-key': key },
        payload: { amount: 100 },
      }),
      403,
      'FORBIDDEN',
    );
    expect((await api('POST', 'ip/add', corp, { address: '203.0.113.0/24' })).statusCode).toBe(201);
    expectFailure(await get('balance', key, '198.51.100.7'), 403, 'IP_NOT_ALLOWED');
  });

  it('[API] /docs declares the shared failure envelope for the public API’s failures', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    for (const [path, method] of [
      ['/api/v1/api/vend', 'post'],
      ['/api/v1/api/vend/{reference}', 'get'],
      ['/api/v1/api/sandbox/fund', 'post'],
      ['/api/v1/api/data-plans', 'get'],
      ['/api/v1/api/services', 'get'],
      ['/api/v1/api/balance', 'get'],
    ]) {
      const responses = doc.paths[path][method].responses;
      for (const status of ['4XX', '5XX']) {
        const schema = responses[status]?.content['application/json'].schema;
        expect(schema?.required, `${method} ${path} ${status}`).toEqual([
          'success',
          'message',
          'errors',
          'code',
        ]);
        expect(schema.properties.code.enum).toContain('INSUFFICIENT_FUNDS');
      }
    }
    const vend = doc.paths['/api/v1/api/vend'].post.responses;
    expect(vend['402'].content['application/json'].schema.properties.code.enum).toContain('INTERNAL_ERROR');
  });
});
