// Factories that put users, corporates and signed-in sessions straight into the database,
// so a test can start from "a corporate owner with 2FA done" without walking the sign-in.
import { randomBytes } from 'node:crypto';
import type { Permission } from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import { newToken, sha256 } from '../infra/crypto';
import { corporates, roles, sessions, users } from '../infra/db/schema';
import { systemRoleId } from '../modules/auth';

export const TEST_PASSWORD = 'Correct-Horse-Battery-9';

let hashed: string | null = null;
async function passwordHash(app: FastifyInstance) {
  hashed ??= await app.ctx.hasher.hash(TEST_PASSWORD);
  return hashed;
}

const uniq = () => randomBytes(4).toString('hex');

export async function signedInSession(
  app: FastifyInstance,
  userId: string,
  opts: { twoFactor?: boolean } = {},
) {
  const token = newToken('vps_');
  await app.ctx.db.insert(sessions).values({
    userId,
    tokenHash: sha256(token),
    twoFactorAt: opts.twoFactor === false ? null : new Date(),
    expiresAt: new Date(Date.now() + 3600_000),
  });
  return token;
}

export interface TestUser {
  id: string;
  email: string;
  token: string;
  corporateId: string | null;
  headers: { authorization: string };
}

async function customRole(
  app: FastifyInstance,
  area: 'ADMIN' | 'CORPORATE',
  corporateId: string | null,
  permissions: Permission[],
) {
  const [r] = await app.ctx.db
    .insert(roles)
    .values({ area, corporateId, name: `Role ${uniq()}`, permissions, isSystem: false })
    .returning({ id: roles.id });
  return r.id;
}

/** An admin; with `permissions` given, on a custom role holding exactly those. */
export async function createAdmin(
  app: FastifyInstance,
  opts: { permissions?: Permission[]; twoFactor?: boolean; email?: string } = {},
): Promise<TestUser> {
  const roleId = opts.permissions
    ? await customRole(app, 'ADMIN', null, opts.permissions)
    : await systemRoleId(app.ctx.db, 'ADMIN');
  const email = opts.email ?? `admin-${uniq()}@test.vendport`;
  const [u] = await app.ctx.db
    .insert(users)
    .values({
      area: 'ADMIN',
      roleId,
      firstName: 'Ada',
      lastName: 'Admin',
      email,
      passwordHash: await passwordHash(app),
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  const token = await signedInSession(app, u.id, { twoFactor: opts.twoFactor });
  return { id: u.id, email, token, corporateId: null, headers: { authorization: `Bearer ${token}` } };
}

/** A corporate client with its owner (or, with `permissions`, a team member on a custom role). */
export async function createCorporate(
  app: FastifyInstance,
  opts: { permissions?: Permission[]; clientType?: string; twoFactor?: boolean; name?: string } = {},
): Promise<TestUser & { corporateId: string }> {
  const tag = uniq();
  const [c] = await app.ctx.db
    .insert(corporates)
    .values({
      name: opts.name ?? `Acme ${tag} Ltd`,
      email: `corp-${tag}@test.vendport`,
      msisdn: '+2348031234567',
      clientType: opts.clientType ?? 'PREPAID',
    })
    .returning({ id: corporates.id });
  const roleId = opts.permissions
    ? await customRole(app, 'CORPORATE', c.id, opts.permissions)
    : await systemRoleId(app.ctx.db, 'CORPORATE');
  const email = `user-${tag}@test.vendport`;
  const [u] = await app.ctx.db
    .insert(users)
    .values({
      area: 'CORPORATE',
      corporateId: c.id,
      roleId,
      firstName: 'Chidi',
      lastName: 'Okafor',
      email,
      msisdn: '+2348031234567',
      passwordHash: await passwordHash(app),
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  const token = await signedInSession(app, u.id, { twoFactor: opts.twoFactor });
  return { id: u.id, email, token, corporateId: c.id, headers: { authorization: `Bearer ${token}` } };
}

/** Adds a team member with the given permissions to an existing corporate. */
export async function addCorporateMember(
  app: FastifyInstance,
  corporateId: string,
  permissions: Permission[],
): Promise<TestUser> {
  const roleId = await customRole(app, 'CORPORATE', corporateId, permissions);
  const email = `member-${uniq()}@test.vendport`;
  const [u] = await app.ctx.db
    .insert(users)
    .values({
      area: 'CORPORATE',
      corporateId,
      roleId,
      firstName: 'Tunde',
      lastName: 'Member',
      email,
      passwordHash: await passwordHash(app),
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  const token = await signedInSession(app, u.id);
  return { id: u.id, email, token, corporateId, headers: { authorization: `Bearer ${token}` } };
}

/** Latest outbox email to an address; tests read codes from it. */
export async function lastEmailTo(app: FastifyInstance, to: string) {
  const rows = await app.ctx.dbHandle.query<{ subject: string; text: string }>(
    'select subject, text from outbox_emails where "to" = $1 order by created_at desc limit 1',
    [to],
  );
  return rows[0] ?? null;
}

export function codeIn(text: string): string {
  const m = /\b(\d{6})\b/.exec(text);
  if (!m) throw new Error(`no 6-digit code in: ${text}`);
  return m[1];
}
