// The providers module's tables: the route order an admin saved per platform, and each upstream's
// last balance read.
import { isNull } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { platformProviders, providerBalances } from '../../infra/db/schema';

export type PlatformProvidersRow = typeof platformProviders.$inferSelect;
export type ProviderBalanceRow = typeof providerBalances.$inferSelect;

export const savedPlatformProviders = (db: Db): Promise<PlatformProvidersRow[]> =>
  db.select().from(platformProviders);

export async function savePlatformProviders(
  db: Db,
  platform: string,
  providers: string[],
  byId: string | null,
): Promise<PlatformProvidersRow> {
  const now = new Date();
  const [row] = await db
    .insert(platformProviders)
    .values({ platform, providers, updatedById: byId, updatedAt: now })
    .onConflictDoUpdate({
      target: platformProviders.platform,
      set: { providers, updatedById: byId, updatedAt: now },
    })
    .returning();
  return row;
}

export const providerBalanceRows = (db: Db): Promise<ProviderBalanceRow[]> =>
  db.select().from(providerBalances);

/** A balance read: the figure (null when the read failed: the last figure is kept) and why not. */
export async function recordProviderBalance(
  db: Db,
  r: { provider: string; balanceKobo: number | null; error: string | null; durationMs: number; at: Date },
) {
  const set =
    r.balanceKobo === null
      ? { error: r.error, checkedAt: r.at, durationMs: r.durationMs }
      : { balanceKobo: r.balanceKobo, error: null, checkedAt: r.at, durationMs: r.durationMs };
  const [row] = await db
    .insert(providerBalances)
    .values({
      provider: r.provider,
      balanceKobo: r.balanceKobo,
      error: r.error,
      checkedAt: r.at,
      durationMs: r.durationMs,
    })
    .onConflictDoUpdate({ target: providerBalances.provider, set })
    .returning();
  return row;
}

/**
 * Claims the low-balance alert for a crossing: true for exactly one caller however many balance
 * reads (schedule, admin refresh, other instances) find the balance low at once.
 */
export async function claimLowAlert(db: Db, provider: string, at: Date): Promise<boolean> {
  const rows = await db
    .insert(providerBalances)
    .values({ provider, lowAlertSentAt: at })
    .onConflictDoUpdate({
      target: providerBalances.provider,
      set: { lowAlertSentAt: at },
      setWhere: isNull(providerBalances.lowAlertSentAt),
    })
    .returning({ provider: providerBalances.provider });
  return rows.length === 1;
}

export async function markLowAlert(db: Db, provider: string, at: Date | null) {
  await db
    .insert(providerBalances)
    .values({ provider, lowAlertSentAt: at })
    .onConflictDoUpdate({ target: providerBalances.provider, set: { lowAlertSentAt: at } });
}
