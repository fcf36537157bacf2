import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/harness';
import {
  ageCodes,
  codeFor,
  loginRes,
  NEW_PASSWORD,
  newEmail,
  PASSWORD,
  SUBJECT,
  signedUpOwner,
} from './auth.testing';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { LOGIN_ACCOUNT_LIMIT: '3', LOGIN_IP_LIMIT: '5' } });
});
afterAll(() => t.close());

const from = (ip: string) => ({ remoteAddress: ip });
const WRONG = 'Not-The-Password-1';

describe('[AUTH] sign-in throttling and lockout', () => {
  it('[AUTH] an account locks after LOGIN_ACCOUNT_LIMIT failures, even with the right password', async () => {
    const owner = await signedUpOwner(t.app);
    // Failures from different networks still count against the account.
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
      const r = await loginRes(t.app, owner.email, WRONG, from(ip));
      expect(r.statusCode).toBe(401);
    }
    const locked = await loginRes(t.app, owner.email, PASSWORD, from('10.0.0.4'));
    expect(locked.statusCode).toBe(423);
    expect(locked.json()).toMatchObject({
      code: 'ACCOUNT_LOCKED',
      message: 'Too many failed sign-in attempts. Try again later or reset your password.',
    });
    const audited = await t.app.ctx.dbHandle.query(
      'select 1 from audit_logs where action = $1 and actor_email = $2',
      ['auth.login.locked', owner.email],
    );
    expect(audited).toHaveLength(1);

    // Locked attempts are not guesses: once the hour has passed, the account opens again.
    await t.app.ctx.dbHandle.query(
      `update login_attempts set created_at = created_at - interval '61 minutes' where email = $1`,
      [owner.email],
    );
    expect((await loginRes(t.app, owner.email, PASSWORD, from('10.0.0.4'))).statusCode).toBe(200);
  });

  it('[AUTH] a password reset unlocks the account', async () => {
    const owner = await signedUpOwner(t.app);
    for (let i = 0; i < 3; i++) await loginRes(t.app, owner.email, WRONG, from('10.0.1.1'));
    expect((await loginRes(t.app, owner.email, PASSWORD, from('10.0.1.1'))).statusCode).toBe(423);

    await t.app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { email: owner.email } });
    const code = await codeFor(t.app, owner.email, SUBJECT.reset);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/change-password',
      payload: { email: owner.email, code, new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
    });
    expect(reset.statusCode).toBe(200);
    await ageCodes(t.app, owner.email);
    expect((await loginRes(t.app, owner.email, NEW_PASSWORD, from('10.0.1.1'))).statusCode).toBe(200);
  });

  it('[AUTH] an unknown email locks the same way, so lockout reveals nothing', async () => {
    const ghost = newEmail('ghost');
    for (let i = 0; i < 3; i++)
      expect((await loginRes(t.app, ghost, WRONG, from('10.0.2.1'))).statusCode).toBe(401);
    expect((await loginRes(t.app, ghost, WRONG, from('10.0.2.1'))).statusCode).toBe(423);
  });

  it('[AUTH] wrong passwords typed to confirm an action count toward the lockout', async () => {
    const owner = await signedUpOwner(t.app);
    for (let i = 0; i < 3; i++) {
      const r = await t.app.inject({
        method: 'GET',
        url: '/api/v1/api-key/copy?mode=LIVE',
        headers: { ...owner.headers, 'x-confirm-password': WRONG },
      });
      expect(r.statusCode).toBe(400);
      expect(r.json().code).toBe('INVALID_PASSWORD');
    }
    const r = await t.app.inject({
      method: 'GET',
      url: '/api/v1/api-key/copy?mode=LIVE',
      headers: { ...owner.headers, 'x-confirm-password': PASSWORD },
    });
    expect(r.statusCode).toBe(423);
    expect((await loginRes(t.app, owner.email, PASSWORD, from('10.0.3.1'))).statusCode).toBe(423);
  });

  it('[AUTH] one network is throttled after LOGIN_IP_LIMIT failures; others are not', async () => {
    const owner = await signedUpOwner(t.app);
    for (let i = 0; i < 5; i++) {
      expect((await loginRes(t.app, newEmail('spray'), WRONG, from('192.0.2.77'))).statusCode).toBe(401);
    }
    const throttled = await loginRes(t.app, owner.email, PASSWORD, from('192.0.2.77'));
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().code).toBe('TOO_MANY_REQUESTS');
    expect(throttled.headers['retry-after']).toBe('60');
    expect((await loginRes(t.app, owner.email, PASSWORD, from('198.51.100.5'))).statusCode).toBe(200);
  });

  it('[AUTH] a burst of parallel guesses cannot pass the account limit', async () => {
    const owner = await signedUpOwner(t.app);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        loginRes(t.app, owner.email, `${WRONG}-${i}`, from(`10.0.4.${i + 1}`)),
      ),
    );
    const guessed = results.filter((r) => r.statusCode === 401).length;
    expect(guessed).toBeLessThanOrEqual(3);
    expect(results.filter((r) => r.statusCode === 423).length).toBe(10 - guessed);
  });
});
