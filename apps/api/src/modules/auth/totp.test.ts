import { ALL_CORPORATE_PERMISSIONS } from '@vendport/shared';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../infra/db/schema';
import { addCorporateMember, createCorporate, TEST_PASSWORD } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/harness';
import { bearer, emailCount, loginRes, PASSWORD, SUBJECT, signedUpOwner } from './auth.testing';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const now = () => Math.floor(Date.now() / 1000);
/** The authenticator's code `steps` time steps from now. */
const totp = (secret: string, steps = 0) => generate({ secret, epoch: now() + steps * 30 });
const notThis = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function enrolled() {
  const owner = await signedUpOwner(t.app);
  const setup = await t.app.inject({ method: 'POST', url: '/api/v1/2fa/setup', headers: owner.headers });
  expect(setup.statusCode).toBe(200);
  const { secret, otpauth_uri } = setup.json().data as { secret: string; otpauth_uri: string };
  const enabledAt = now();
  const code = await generate({ secret, epoch: enabledAt });
  const enable = await t.app.inject({
    method: 'POST',
    url: '/api/v1/2fa/enable',
    headers: owner.headers,
    payload: { code },
  });
  expect(enable.statusCode).toBe(200);
  /** The code of `steps` time steps after the one used to enable. */
  const after = (steps: number) => generate({ secret, epoch: enabledAt + steps * 30 });
  return { ...owner, secret, otpauth_uri, after, enableResponse: enable.json() };
}

describe('[AUTH] authenticator app (TOTP)', () => {
  it('[AUTH] setup gives a secret and otpauth URI; the secret is stored encrypted until enabled', async () => {
    const owner = await signedUpOwner(t.app);
    const setup = await t.app.inject({ method: 'POST', url: '/api/v1/2fa/setup', headers: owner.headers });
    const { secret, otpauth_uri } = setup.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\/VendPort:/);
    expect(otpauth_uri).toContain(encodeURIComponent(owner.email));
    expect(otpauth_uri).toContain('issuer=VendPort');
    const [u] = await t.app.ctx.db.select().from(users).where(eq(users.email, owner.email));
    expect(u.totpPendingEnc).toBeTruthy();
    expect(u.totpPendingEnc).not.toContain(secret);
    expect(t.app.ctx.sealer.open(u.totpPendingEnc ?? '')).toBe(secret);
    expect(u.totpSecretEnc).toBeNull();

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/2fa/enable',
      headers: owner.headers,
      payload: { code: notThis(await totp(secret)) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('INVALID_CODE');
  });

  it('[AUTH] after enabling, sign-in takes the authenticator code and sends no email', async () => {
    const owner = await enrolled();
    expect(owner.enableResponse.data.user.twoFactorMethod).toBe('TOTP');
    const [u] = await t.app.ctx.db.select().from(users).where(eq(users.email, owner.email));
    expect(u.totpPendingEnc).toBeNull();
    expect(u.totpEnabledAt).not.toBeNull();

    const before = await emailCount(t.app, owner.email, SUBJECT.signIn);
    const login = await loginRes(t.app, owner.email, PASSWORD);
    expect(login.json().data.user.twoFactorMethod).toBe('TOTP');
    expect(await emailCount(t.app, owner.email, SUBJECT.signIn)).toBe(before);
    const headers = bearer(login.json().data.access_token);

    // The code used to enable is spent; the next window's code is accepted (±1 step).
    const spent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/2fa',
      headers,
      payload: { code: await owner.after(0) },
    });
    expect(spent.statusCode).toBe(400);
    const next = await owner.after(1);
    const ok = await t.app.inject({ method: 'POST', url: '/api/v1/2fa', headers, payload: { code: next } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.user.is2faAuthenticated).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers })).statusCode).toBe(
      200,
    );

    // The same code cannot open a second session within its window.
    const second = bearer((await loginRes(t.app, owner.email, PASSWORD)).json().data.access_token);
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/v1/2fa',
      headers: second,
      payload: { code: next },
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('INVALID_CODE');
    // A code from far outside the window is refused too.
    const far = await t.app.inject({
      method: 'POST',
      url: '/api/v1/2fa',
      headers: second,
      payload: { code: await totp(owner.secret, 10) },
    });
    expect(far.statusCode).toBe(400);
  });

  it('[AUTH] wrong authenticator codes are throttled', async () => {
    const owner = await enrolled();
    const headers = bearer((await loginRes(t.app, owner.email, PASSWORD)).json().data.access_token);
    const good = await owner.after(1);
    for (let i = 0; i < 5; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/v1/2fa',
        headers,
        payload: { code: notThis(good) },
      });
      expect(r.statusCode).toBe(400);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/2fa',
      headers,
      payload: { code: good },
    });
    expect(blocked.statusCode).toBe(429);
  });

  it('[AUTH] setting up again while enabled is refused; the password-confirmed reset goes back to emailed codes', async () => {
    const owner = await enrolled();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/2fa/setup', headers: owner.headers })).statusCode,
    ).toBe(409);

    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/2fa',
      headers: owner.headers,
      payload: { password: 'Nope-Nope-Nope-1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('INVALID_PASSWORD');
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/2fa',
      headers: owner.headers,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please enter your password');

    const reset = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/2fa',
      headers: owner.headers,
      payload: { password: PASSWORD },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data.user.twoFactorMethod).toBe('EMAIL');
    const [u] = await t.app.ctx.db.select().from(users).where(eq(users.email, owner.email));
    expect(u.totpSecretEnc).toBeNull();
    const audited = await t.app.ctx.dbHandle.query(
      'select 1 from audit_logs where action = $1 and actor_id = $2',
      ['auth.2fa.reset', owner.userId],
    );
    expect(audited).toHaveLength(1);

    // Sign-in sends an emailed code again (the last one is more than a minute old).
    await t.app.ctx.dbHandle.query(
      `update auth_codes set created_at = created_at - interval '2 minutes' where user_id = $1`,
      [owner.userId],
    );
    const before = await emailCount(t.app, owner.email, SUBJECT.signIn);
    await loginRes(t.app, owner.email, PASSWORD);
    expect(await emailCount(t.app, owner.email, SUBJECT.signIn)).toBe(before + 1);

    const all = await t.app.ctx.dbHandle.query<{ j: string }>(
      'select row_to_json(a)::text as j from audit_logs a',
    );
    expect(all.map((r) => r.j).join('\n')).not.toContain(owner.secret);
  });
});

describe('[AUTH] a lost authenticator', () => {
  it('[AUTH] a team manager resets a member’s authenticator with their own password; the member’s sessions end and sign-in falls back to emailed codes', async () => {
    const owner = await enrolled();
    // The member here is the owner: only a manager holding all the owner holds may reset it.
    const manager = await addCorporateMember(t.app, owner.corporateId, [...ALL_CORPORATE_PERMISSIONS]);
    const url = `/api/v1/admins/reset-2fa/${owner.userId}`;
    // The member's detail (GET admins/{id}) says how they sign in, never the secret.
    const before = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admins/${owner.userId}`,
      headers: manager.headers,
    });
    expect(before.json().data.twoFactorMethod).toBe('TOTP');
    expect(before.body).not.toContain(owner.secret);
    const wrong = await t.app.inject({
      method: 'PUT',
      url,
      headers: manager.headers,
      payload: { password: 'not-my-password' },
    });
    expect(wrong.json().code).toBe('INVALID_PASSWORD');
    const res = await t.app.inject({
      method: 'PUT',
      url,
      headers: manager.headers,
      payload: { password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.twoFactorMethod).toBe('EMAIL');
    const [u] = await t.app.ctx.db.select().from(users).where(eq(users.id, owner.userId));
    expect(u.totpSecretEnc).toBeNull();
    expect(u.totpEnabledAt).toBeNull();
    // The member's existing session is over.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: owner.headers })).statusCode,
    ).toBe(401);
    const login = await loginRes(t.app, owner.email, PASSWORD);
    expect(login.json().data.user.twoFactorMethod).toBe('EMAIL');
    // Another corporate's manager cannot touch this member; nobody resets their own this way.
    const outsider = await createCorporate(t.app, { permissions: ['team.manage', 'team.read'] });
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url,
          headers: outsider.headers,
          payload: { password: TEST_PASSWORD },
        })
      ).statusCode,
    ).toBe(404);
    const self = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admins/reset-2fa/${manager.id}`,
      headers: manager.headers,
      payload: { password: TEST_PASSWORD },
    });
    expect(self.statusCode).toBe(403);
    const trail = await t.app.ctx.dbHandle.query<{ n: number }>(
      "select count(*)::int as n from audit_logs where action = 'user.2fa.reset' and target_id = $1",
      [owner.userId],
    );
    expect(trail[0].n).toBe(1);
  });
});
