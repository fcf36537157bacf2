// Helpers for the auth tests: sign up through the API, read codes from the outbox, finish sign-in.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { codeIn } from '../../test/factories';

export const PASSWORD = 'Sunny-Lagos-Harbour-42';
export const NEW_PASSWORD = 'Quiet-Kano-Evening-77';

export const SUBJECT = {
  verify: 'Verify your email address',
  signIn: 'Your VendPort sign-in code',
  reset: 'Reset your VendPort password',
} as const;

export const newEmail = (tag = 'owner') => `${tag}-${randomBytes(4).toString('hex')}@example.ng`;
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function signUp(app: FastifyInstance, over: Record<string, unknown> = {}) {
  const body = {
    company_name: 'Kano Data Ltd',
    first_name: 'Amaka',
    last_name: 'Obi',
    email: newEmail(),
    msisdn: '0803 123 4567',
    password: PASSWORD,
    ...over,
  };
  const res = await app.inject({ method: 'POST', url: '/api/v1/register', payload: body });
  if (res.statusCode !== 201) throw new Error(`register: ${res.statusCode} ${res.body}`);
  const data = res.json().data;
  return {
    email: body.email as string,
    password: body.password as string,
    token: data.access_token as string,
    user: data.user,
    headers: bearer(data.access_token),
  };
}

/** The code in the latest email with this subject to this address. */
export async function codeFor(app: FastifyInstance, email: string, subject: string): Promise<string> {
  const rows = await app.ctx.dbHandle.query<{ text: string }>(
    'select text from outbox_emails where "to" = $1 and subject = $2 order by created_at desc, id desc limit 1',
    [email, subject],
  );
  if (!rows[0]) throw new Error(`no "${subject}" email to ${email}`);
  return codeIn(rows[0].text);
}

export async function emailCount(app: FastifyInstance, email: string, subject?: string): Promise<number> {
  const rows = await app.ctx.dbHandle.query<{ n: number }>(
    `select count(*)::int as n from outbox_emails where "to" = $1 ${subject ? 'and subject = $2' : ''}`,
    subject ? [email, subject] : [email],
  );
  return rows[0].n;
}

/** Moves a user's codes back in time, past the one-code-a-minute throttle. */
export async function ageCodes(app: FastifyInstance, email: string, minutes = 2) {
  await app.ctx.dbHandle.query(
    `update auth_codes set created_at = created_at - make_interval(mins => $2) where user_id = (select id from users where email = $1)`,
    [email, minutes],
  );
}

export async function loginRes(
  app: FastifyInstance,
  email: string,
  password: string,
  extra: Record<string, unknown> = {},
) {
  return app.inject({ method: 'POST', url: '/api/v1/login', payload: { email, password }, ...extra });
}

/** Signs in and completes the emailed second factor; returns the session's headers. */
export async function signInFully(app: FastifyInstance, email: string, password: string) {
  const res = await loginRes(app, email, password);
  if (res.statusCode !== 200) throw new Error(`login: ${res.statusCode} ${res.body}`);
  const headers = bearer(res.json().data.access_token);
  const code = await codeFor(app, email, SUBJECT.signIn);
  const done = await app.inject({ method: 'POST', url: '/api/v1/2fa', headers, payload: { code } });
  if (done.statusCode !== 200) throw new Error(`2fa: ${done.statusCode} ${done.body}`);
  return headers;
}

/** Signs up, verifies the email and completes 2FA: a corporate owner ready to work. */
export async function signedUpOwner(app: FastifyInstance, over: Record<string, unknown> = {}) {
  const s = await signUp(app, over);
  const code = await codeFor(app, s.email, SUBJECT.verify);
  const v = await app.inject({
    method: 'POST',
    url: '/api/v1/verify-email',
    headers: s.headers,
    payload: { code },
  });
  if (v.statusCode !== 200) throw new Error(`verify-email: ${v.statusCode} ${v.body}`);
  const signIn = await codeFor(app, s.email, SUBJECT.signIn);
  const d = await app.inject({
    method: 'POST',
    url: '/api/v1/2fa',
    headers: s.headers,
    payload: { code: signIn },
  });
  if (d.statusCode !== 200) throw new Error(`2fa: ${d.statusCode} ${d.body}`);
  return { ...s, corporateId: s.user.corporate.id as string, userId: s.user.id as string };
}
