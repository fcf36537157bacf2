// What an empty database needs: the system roles, the default catalogue, the ledger's system
// accounts and, on the very first start, a super admin whose random password is printed once.
// Each module seeds its own tables; this file only runs them in order, under a lock.
import type { AppContext } from './infra/context';
import { ensureFirstAdmin, ensureSystemRoles } from './modules/auth';
import { ensureDefaultBillers, ensureDefaultCatalogue } from './modules/catalogue';
import { ensureSystemAccounts } from './modules/ledger';

/** Seeding holds this database-wide lock: instances started together seed one after the other. */
const SEED_LOCK = 7_243_902;

export function seed(ctx: AppContext): Promise<{ email: string; password: string } | null> {
  return ctx.dbHandle.exclusive(SEED_LOCK, () => seedNow(ctx));
}

async function seedNow(ctx: AppContext): Promise<{ email: string; password: string } | null> {
  const { superAdmin } = await ensureSystemRoles(ctx.db);
  await ensureDefaultCatalogue(ctx.db);
  await ensureDefaultBillers(ctx.db);
  await ensureSystemAccounts(ctx.db);
  return ensureFirstAdmin(ctx, superAdmin);
}
