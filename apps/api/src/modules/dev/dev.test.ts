import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/harness';

let on: TestApp;
let off: TestApp;
beforeAll(async () => {
  on = await buildTestApp();
  off = await buildTestApp({ env: { DEV_ROUTES: 'false' } });
});
afterAll(async () => {
  await on.close();
  await off.close();
});

describe('[DEV] outbox reader', () => {
  it('[DEV] lists the latest outbox emails, newest first, filtered by recipient', async () => {
    await on.app.ctx.mailer.send(on.app.ctx.db, {
      to: 'a@example.ng',
      subject: 'First',
      text: 'Code 123456',
    });
    await on.app.ctx.mailer.send(on.app.ctx.db, { to: 'b@example.ng', subject: 'Other', text: 'Hello' });
    await on.app.ctx.mailer.send(on.app.ctx.db, {
      to: 'a@example.ng',
      subject: 'Second',
      text: 'Code 654321',
    });

    const all = await on.app.inject({ method: 'GET', url: '/api/v1/dev/outbox' });
    expect(all.statusCode).toBe(200);
    expect(all.json().data).toHaveLength(3);

    const mine = await on.app.inject({ method: 'GET', url: '/api/v1/dev/outbox?to=A@example.ng' });
    const data = mine.json().data;
    expect(data.map((m: { subject: string }) => m.subject)).toEqual(['Second', 'First']);
    expect(Object.keys(data[0]).sort()).toEqual(['createdAt', 'id', 'subject', 'text', 'to']);
  });

  it('[DEV] answers only callers on this machine (the socket address; a forwarded header does not count)', async () => {
    const remote = await on.app.inject({
      method: 'GET',
      url: '/api/v1/dev/outbox',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(remote.statusCode).toBe(404);
    const local = await on.app.inject({ method: 'GET', url: '/api/v1/dev/outbox', remoteAddress: '::1' });
    expect(local.statusCode).toBe(200);
    // Relayed by a proxy on this machine: loopback socket, but not a person on this machine.
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host']) {
      const proxied = await on.app.inject({
        method: 'GET',
        url: '/api/v1/dev/outbox',
        remoteAddress: '127.0.0.1',
        headers: { [header]: '203.0.113.9' },
      });
      expect(proxied.statusCode, header).toBe(404);
    }
  });

  it('[DEV] the card gateway simulator cannot be turned on in production', async () => {
    const { loadConfig } = await import('../../infra/config');
    expect(() => loadConfig({ NODE_ENV: 'production', CARD_GATEWAY: 'simulator' })).toThrow(
      /the simulator cannot run in production/,
    );
    // Production needs a real provider (issue 32): VTpass keys here.
    const vtpass = {
      VTPASS_API_KEY: 'k',
      VTPASS_SECRET_KEY: 's',
      VTPASS_PUBLIC_KEY: 'p',
      AGGREGATOR_PROVIDERS: 'VTPASS',
    };
    expect(loadConfig({ NODE_ENV: 'production', ...vtpass }).cardGateway).toBe('none');
  });

  it('[DEV] does not exist when dev routes are off', async () => {
    const res = await off.app.inject({ method: 'GET', url: '/api/v1/dev/outbox' });
    expect(res.statusCode).toBe(404);
    const hook = await off.app.inject({
      method: 'POST',
      url: '/api/v1/dev/auto-topup/run-schedule',
      payload: { corporateId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(hook.statusCode).toBe(404);
  });
});
