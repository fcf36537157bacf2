import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, users } from './infra/db/schema';
import { pgErrorCode } from './infra/db/sql';
import { createAdmin } from './test/factories';
import { buildTestApp, type TestApp } from './test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('[APP] foundation', () => {
  it('[APP] health reports the database answering', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { status: 'ready', database: 'up' } });
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
  it('[APP] unknown API routes answer with the failure envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND', errors: ['Not found'] });
  });
  it('[APP] every answer carries the security headers, an unknown route and a refusal too', async () => {
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/api/v1/health' }),
      await t.app.inject({ method: 'GET', url: '/api/v1/nope' }),
      await t.app.inject({ method: 'POST', url: '/api/v1/api/vend', payload: {} }),
    ]) {
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'none';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self'",
      );
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    }
  });
  it('[APP] OpenAPI is served', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/v1/health']).toBeTruthy();
  });
  it('[APP] in production, OpenAPI shows the public vending API only', async () => {
    const prod = await buildTestApp({
      // Production starts only with a real provider (issue 32).
      env: {
        NODE_ENV: 'production',
        VTPASS_API_KEY: 'k',
        VTPASS_SECRET_KEY: 's',
        VTPASS_PUBLIC_KEY: 'p',
        AGGREGATOR_PROVIDERS: 'VTPASS',
      },
    });
    try {
      const paths = Object.keys((await prod.app.inject({ method: 'GET', url: '/docs/json' })).json().paths);
      expect(paths).toContain('/api/v1/api/vend');
      expect(paths).toContain('/api/v1/health');
      expect(paths.filter((p) => !p.startsWith('/api/v1/api/') && p !== '/api/v1/health')).toEqual([]);
    } finally {
      await prod.close();
    }
    // Outside production every call is documented.
    const dev = Object.keys((await t.app.inject({ method: 'GET', url: '/docs/json' })).json().paths);
    expect(dev).toContain('/api/v1/login');
  });
  it('[APP] a body missing its fields names each one, in words, with a 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/register', payload: {} });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.errors).toEqual([
      'Company name is required',
      'First name is required',
      'Last name is required',
      'Email is required',
      'Phone number is required',
      'Password is required',
    ]);
  });
  it('[APP] a required field left out, with no message of its own, is named: "<field> is required"', async () => {
    const admin = await createAdmin(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/services/assign',
      headers: admin.headers,
      payload: { serviceIds: [] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: ['corporateId is required'] });
  });
  it('[APP] the database refuses a corporate user without a corporate (it would be scoped to everything)', async () => {
    const [role] = await t.app.ctx.db.select().from(roles).limit(1);
    const values = {
      area: 'CORPORATE',
      roleId: role.id,
      firstName: 'No',
      lastName: 'Corporate',
      email: 'nobody@test.vendport',
      passwordHash: 'x',
    };
    const err = await t.app.ctx.db
      .insert(users)
      .values({ ...values, corporateId: null })
      .then(() => null)
      .catch((e: unknown) => e);
    expect(pgErrorCode(err)).toBe('23514');
    // The same row as an admin is allowed: the check is what refused it.
    await t.app.ctx.db.insert(users).values({ ...values, area: 'ADMIN', corporateId: null });
  });
});
