// Two app instances on one PostgreSQL database, as behind a load balancer: nothing that matters
// lives in a process. A session opened on one works on the other and ends on both; the sign-in
// lockout counts the failures made on either.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDb } from '../../infra/db/client';
import { runMigrations } from '../../infra/db/migrate';
import { seed } from '../../seed';
import { createCorporate, TEST_PASSWORD } from '../../test/factories';
import { buildTestApp, type TestApp, testDbKind } from '../../test/harness';

describe.runIf(testDbKind() === 'pg')('[INSTANCES] two app instances on one database', () => {
  let t: TestApp;
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    t = await buildTestApp({ env: { LOGIN_ACCOUNT_LIMIT: '4' } });
    a = t.app;
    b = await t.sibling!();
  });
  afterAll(() => t.close());

  const login = (app: FastifyInstance, email: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/v1/login', payload: { email, password } });

  it('[INSTANCES] signed in on one instance, the session works on the other and ends on both', async () => {
    const c = await createCorporate(a);
    const signedIn = await login(a, c.email, TEST_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    const auth = { authorization: `Bearer ${signedIn.json().data.access_token}` };
    const onB = await b.inject({ method: 'GET', url: '/api/v1/notifications?page=1', headers: auth });
    expect(onB.statusCode).not.toBe(401);
    const out = await b.inject({ method: 'POST', url: '/api/v1/logout', headers: auth, payload: {} });
    expect(out.statusCode).toBe(200);
    const onA = await a.inject({ method: 'GET', url: '/api/v1/notifications?page=1', headers: auth });
    expect(onA.statusCode).toBe(401);
  });

  it('[INSTANCES] the sign-in lockout counts failures made on either instance', async () => {
    const c = await createCorporate(a);
    // Four wrong passwords, two on each instance: the limit of four is reached (each instance
    // alone has seen two).
    for (let i = 0; i < 4; i++)
      expect((await login(i % 2 ? b : a, c.email, 'Wrong-Password-1')).statusCode).toBe(401);
    // Locked everywhere, even with the right password.
    for (const app of [a, b]) {
      const res = await login(app, c.email, TEST_PASSWORD);
      expect(res.statusCode, res.body).toBe(423);
    }
  });

  it('[INSTANCES] instances started together migrate an empty database once and seed it once, one after the other', async () => {
    const base = process.env.TEST_DATABASE_URL!;
    const name = `vp_mig_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const u = new URL(base);
    u.pathname = `/${name}`;
    const handles = await Promise.all([1, 2, 3].map(() => openDb({ url: u.toString(), poolSize: 2 })));
    try {
      await Promise.all(handles.map((h) => runMigrations(h)));
      const [{ n }] = await handles[0].query<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      const [{ m }] = await handles[0].query<{ m: number }>(
        "select count(*)::int as m from pg_tables where tablename = 'vends'",
      );
      expect(m).toBe(1);
      expect(n).toBeGreaterThan(10);
      // Then they seed together: one first super admin, its password printed by one of them.
      const apps = await Promise.all(handles.map((h) => buildApp(a.ctx.config, { db: h, logger: false })));
      try {
        const firsts = await Promise.all(apps.map((x) => seed(x.ctx)));
        expect(firsts.filter(Boolean)).toHaveLength(1);
        const [{ admins }] = await handles[0].query<{ admins: number }>(
          "select count(*)::int as admins from users where area = 'ADMIN'",
        );
        expect(admins).toBe(1);
      } finally {
        for (const x of apps) await x.close();
      }
    } finally {
      for (const h of handles) await h.close().catch(() => {});
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
