// Inputs that PostgreSQL or the multipart parser would choke on are refused at the edge with a
// clear 4xx, and nothing a failed query carried (a password hash, a code) reaches the log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggable } from './infra/log';
import { createAdmin, createCorporate, type TestUser } from './test/factories';
import { apiAs, buildTestApp, type TestApp } from './test/harness';

let t: TestApp;
let corp: TestUser;
let admin: TestUser;
const api = apiAs(() => t);

beforeAll(async () => {
  t = await buildTestApp();
  corp = await createCorporate(t.app);
  admin = await createAdmin(t.app);
});
afterAll(() => t.close());

describe('[INPUT] the edge', () => {
  it('[INPUT] a NUL character anywhere in a request is a 400, never a 500', async () => {
    const probes: Array<[TestUser | null, string, string, unknown?]> = [
      [corp, 'GET', 'fund-requests/%00'],
      [corp, 'GET', 'audit-trails?search=%00'],
      [corp, 'GET', 'admins/list?search=%00'],
      [corp, 'GET', 'transactions/funding?search=%00'],
      [corp, 'GET', 'transactions/vending?search=a%00b'],
      [admin, 'GET', 'corporate-clients?search=%00'],
      [corp, 'POST', 'fund-request', { amount: '5000', transferReference: 'A\u0000B' }],
      [corp, 'PUT', 'profile', { first_name: 'A\u0000B' }],
      [admin, 'POST', 'roles/create', { name: 'N\u0000', permissions: ['audit.read'] }],
      [null, 'POST', 'register', { first_name: 'A\u0000', company_name: ['x\u0000'] }],
    ];
    for (const [u, method, url, body] of probes) {
      const res = u
        ? await api(method, url, u, body)
        : await t.app.inject({ method: method as 'POST', url: `/api/v1/${url}`, payload: body as object });
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: 'Text must not contain NUL characters' });
    }
  });

  it('[INPUT] a multipart form is bounded like a JSON body: a long field is refused', async () => {
    const boundary = 'XBOUNDARYX';
    const field = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const payload = [
      field('junk', 'a'.repeat(900_000)),
      field('amount', '5000'),
      field('transferReference', 'REF-BIG-1'),
      `--${boundary}--\r\n`,
    ].join('');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/fund-request',
      headers: { ...corp.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('A field of the form is too long');
    const pending = (await api('GET', 'pending-transaction', corp)).json().data;
    expect(pending).toEqual([]);
  });

  it('[INPUT] a failed query is logged without its parameters', () => {
    const err = new Error(
      'Failed query: insert into "users" ("password_hash") values ($1)\nparams: $argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
    );
    (err as { cause?: unknown }).cause = Object.assign(new Error('invalid byte sequence'), { code: '22021' });
    const logged = JSON.stringify(loggable(err));
    expect(logged).not.toContain('argon2id');
    expect(logged).toContain('Failed query: insert into');
    expect(logged).toContain('22021');
  });
});
