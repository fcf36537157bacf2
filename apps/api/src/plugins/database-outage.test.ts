// While the database is unreachable every call answers 503 in the failure envelope with Retry-After,
// and the server serves again, without a restart, once it is back (issue 49 point 8). On PostgreSQL:
// a second app reaches the test database through a TCP proxy this test cuts and restores (PGlite is
// in the process: it cannot be unreachable). The error classification is checked on both.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDb } from '../infra/db/client';
import { isDatabaseUnreachable } from '../infra/db/sql';
import { apiKeyFor, assignDefaults, fund } from '../modules/vending/vending.testing';
import { createAdmin, createCorporate, type TestUser } from '../test/factories';
import { buildTestApp, type TestApp, testDbKind } from '../test/harness';

describe('[OUTAGE] what counts as the database being unreachable', () => {
  it("[OUTAGE] refused, reset, lost connections and PostgreSQL's shut-down codes do; a constraint or a syntax error does not", () => {
    const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });
    for (const err of [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('sorry, too many clients already'), { code: '53300' }),
      Object.assign(new Error('connection failure'), { code: '08006' }),
    ]) {
      expect(isDatabaseUnreachable(err), err.message).toBe(true);
      expect(isDatabaseUnreachable(wrapped(err)), `wrapped ${err.message}`).toBe(true);
    }
    for (const err of [
      Object.assign(new Error('duplicate key value'), { code: '23505' }),
      Object.assign(new Error('syntax error'), { code: '42601' }),
      new Error('Cannot read properties of undefined'),
    ])
      expect(isDatabaseUnreachable(err), err.message).toBe(false);
  });
});

/** A TCP proxy to PostgreSQL that can be cut (every connection dropped, new ones refused) and restored. */
async function pgProxy(target: URL) {
  const open = new Set<net.Socket>();
  let down = false;
  const server = net.createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      open.add(s);
      s.on('close', () => open.delete(s));
      s.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const proxied = new URL(target.toString());
  proxied.hostname = '127.0.0.1';
  proxied.port = String((server.address() as net.AddressInfo).port);
  return {
    url: proxied.toString(),
    cut() {
      down = true;
      for (const s of open) s.destroy();
    },
    restore() {
      down = false;
    },
    close: () => new Promise((r) => server.close(r)),
  };
}

describe.runIf(testDbKind() === 'pg')('[OUTAGE] on PostgreSQL', () => {
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof pgProxy>>;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let admin: TestUser;
  let key: string;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createAdmin(t.app);
    const corp = await createCorporate(t.app, { name: 'Outage Traders Ltd' });
    await assignDefaults(t.app, corp.corporateId);
    await fund(t.app, corp.corporateId, 1_000_000);
    key = await apiKeyFor(t.app, corp.corporateId);
    proxy = await pgProxy(new URL(t.dbUrl!));
    app = await buildApp(t.app.ctx.config, {
      db: await openDb({ url: proxy.url, poolSize: 4 }),
      logger: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    proxy?.restore();
    await app?.close();
    await proxy?.close();
    await t?.close();
  });

  const calls = () => [
    app.inject({ method: 'GET', url: '/api/v1/admin/providers', headers: admin.headers }),
    app.inject({ method: 'GET', url: '/api/v1/api/balance', headers: { 'x-api-key': key } }),
    app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: 'nobody@example.com', password: 'whatever-it-is-1' },
    }),
  ];

  it('[OUTAGE] while it is unreachable every call is a 503 envelope with Retry-After; once back, the same calls are served without a restart', async () => {
    for (const res of await Promise.all(calls())) expect(res.statusCode).toBeLessThan(500);

    proxy.cut();
    const ready = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('5');
    for (const res of await Promise.all(calls())) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        success: false,
        message: 'The service is busy. Please try again shortly.',
        errors: ['The service is busy. Please try again shortly.'],
        code: 'SERVICE_UNAVAILABLE',
      });
    }

    proxy.restore();
    const back = Date.now();
    const [providers, balance, login] = await Promise.all(calls());
    expect(providers.statusCode).toBe(200);
    expect(balance.statusCode).toBe(200);
    expect(login.statusCode).toBe(401);
    // Served again at once: the pool opens new connections on demand.
    expect(Date.now() - back).toBeLessThan(1_000);
  });
});
