// Queries for the platform settings: one row per key, a JSON value.
import { eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { platformSettings } from '../../infra/db/schema';

export type SettingRow = typeof platformSettings.$inferSelect;

export async function findSetting(db: Db, key: string): Promise<SettingRow | null> {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.key, key));
  return row ?? null;
}

/** Locks the key's row (or nothing when it has none yet) for a read-modify-write. */
export async function lockSetting(db: Db, key: string): Promise<SettingRow | null> {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.key, key)).for('update');
  return row ?? null;
}

export async function putSetting(db: Db, key: string, value: Record<string, unknown>, byId: string | null) {
  const now = new Date();
  const [row] = await db
    .insert(platformSettings)
    .values({ key, value, updatedById: byId, updatedAt: now })
    .onConflictDoUpdate({ target: platformSettings.key, set: { value, updatedById: byId, updatedAt: now } })
    .returning();
  return row;
}
