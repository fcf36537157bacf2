// The route table: every /api route declares its access, and the server enforces it for every
// route: 401 without a session, 403 before 2FA, 403 from the wrong area, 403 without the permission.
import type { Permission } from '@vendport/shared';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createCorporate, type TestUser } from '../test/factories';
import { buildTestApp, type TestApp } from '../test/harness';
import { areaOfPermission, type RouteEntry, registerAccessControl, routeTable } from './access';

let t: TestApp;
let routes: RouteEntry[];
let admin: TestUser;
let corporate: TestUser;
let adminNoPerms: TestUser;
let corporateNoPerms: TestUser;
let adminPre2fa: TestUser;

const ZERO_UUID = '00000000-0000-4000-8000-000000000000';
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, ZERO_UUID);
const call = (r: RouteEntry, headers: Record<string, string> = {}) =>
  t.app.inject({ method: r.method as 'GET', url: concrete(r.url), headers });

beforeAll(async () => {
  t = await buildTestApp();
  routes = routeTable(t.app).filter((r) => r.method !== 'HEAD');
  admin = await createAdmin(t.app);
  corporate = await createCorporate(t.app);
  adminNoPerms = await createAdmin(t.app, { permissions: [] });
  corporateNoPerms = await createCorporate(t.app, { permissions: [] });
  adminPre2fa = await createAdmin(t.app, { twoFactor: false });
});
afterAll(() => t.close());

const guarded = () => routes.filter((r) => !r.config.public && !r.config.apiKey);
const areaOf = (r: RouteEntry): 'ADMIN' | 'CORPORATE' | 'BOTH' => {
  const p = r.config.permission!;
  if (p === 'self') return 'BOTH';
  if (typeof p === 'string') return areaOfPermission(p as Permission);
  return p.ADMIN && p.CORPORATE ? 'BOTH' : p.ADMIN ? 'ADMIN' : 'CORPORATE';
};

describe('[ACCESS] the route table', () => {
  it('[ACCESS] every API route declares public, apiKey or a permission', () => {
    expect(routes.length).toBeGreaterThan(10);
    const undeclared = routes.filter((r) => !r.config.public && !r.config.apiKey && !r.config.permission);
    expect(undeclared).toEqual([]);
    console.info(`[ACCESS] route table: ${routes.length} routes checked`);
  });

  it('[ACCESS] an app with an undeclared route refuses to start', async () => {
    const app = Fastify();
    registerAccessControl(app, t.app.ctx.db);
    expect(() => app.get('/api/v1/oops', async () => 'x')).toThrow(/declares neither/);
    app.get('/api/v1/fine', { config: { public: true } }, async () => 'x');
    await app.close();
  });

  it('[ACCESS] every guarded route answers 401 without a session', async () => {
    const wrong: string[] = [];
    for (const r of guarded()) {
      const res = await call(r);
      if (res.statusCode !== 401 || res.json().success !== false)
        wrong.push(`${r.method} ${r.url} -> ${res.statusCode}`);
      const bad = await call(r, { authorization: 'Bearer vps_not-a-real-token' });
      if (bad.statusCode !== 401) wrong.push(`${r.method} ${r.url} (bad token) -> ${bad.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('[ACCESS] every apiKey route answers 401 without a key', async () => {
    const wrong: string[] = [];
    for (const r of routes.filter((x) => x.config.apiKey)) {
      const res = await call(r);
      if (res.statusCode !== 401) wrong.push(`${r.method} ${r.url} -> ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('[ACCESS] a session without 2FA is refused everywhere but the sign-in steps', async () => {
    const wrong: string[] = [];
    for (const r of guarded().filter((x) => !x.config.incomplete)) {
      const res = await call(r, adminPre2fa.headers);
      if (res.statusCode !== 403 || res.json().code !== 'TWO_FACTOR_REQUIRED')
        wrong.push(`${r.method} ${r.url} -> ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('[ACCESS] admin-only routes refuse corporate users and corporate-only routes refuse admins', async () => {
    const wrong: string[] = [];
    for (const r of guarded()) {
      const area = areaOf(r);
      if (area === 'BOTH') continue;
      const outsider = area === 'ADMIN' ? corporate : admin;
      const res = await call(r, outsider.headers);
      if (res.statusCode !== 403 || res.json().code !== 'WRONG_AREA')
        wrong.push(`${r.method} ${r.url} -> ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('[ACCESS] users whose role lacks the permission get 403 on every permission route', async () => {
    const wrong: string[] = [];
    for (const r of guarded().filter((x) => x.config.permission !== 'self')) {
      const area = areaOf(r);
      const users =
        area === 'BOTH'
          ? [adminNoPerms, corporateNoPerms]
          : area === 'ADMIN'
            ? [adminNoPerms]
            : [corporateNoPerms];
      for (const u of users) {
        const res = await call(r, u.headers);
        if (res.statusCode !== 403 || res.json().code !== 'FORBIDDEN')
          wrong.push(`${r.method} ${r.url} as ${u.email} -> ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
