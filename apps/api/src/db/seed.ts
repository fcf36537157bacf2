// What an empty database needs: the system roles (kept in step with the permission catalogue)
// and, on the very first start, a super admin whose random password is printed once. The roles
// and users are the auth module's tables: written through its index.
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context';
import { adminExists, ensureSystemRoles, insertUser } from '../modules/auth';
import { ensureDefaultCatalogue } from '../modules/catalogue/catalogue.service';
import { ensureSystemAccounts } from '../modules/ledger/ledger.service';

export { ensureSystemRoles, systemRoleId } from '../modules/auth';

/** A random password that passes the shared rule: 18 characters from an unambiguous alphabet. */
export function randomPassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(18);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

/** Seeding holds this database-wide lock: instances started together seed one after the other. */
const SEED_LOCK = 7_243_902;

export function seed(ctx: AppContext): Promise<{ email: string; password: string } | null> {
  return ctx.dbHandle.exclusive(SEED_LOCK, () => seedNow(ctx));
}

async function seedNow(ctx: AppContext): Promise<{ email: string; password: string } | null> {
  const { superAdmin } = await ensureSystemRoles(ctx.db);
  await ensureDefaultCatalogue(ctx.db);
  await ensureSystemAccounts(ctx.db);
  if (await adminExists(ctx.db)) return null;
  const email = ctx.config.ADMIN_EMAIL.toLowerCase();
  const password = randomPassword();
  await insertUser(ctx.db, {
    area: 'ADMIN',
    roleId: superAdmin,
    firstName: 'Super',
    lastName: 'Admin',
    email,
    passwordHash: await ctx.hasher.hash(password),
    defaultPassword: true,
    emailVerifiedAt: new Date(),
  });
  return { email, password };
}
