// Queries for a client's IP allow-list.
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { ipAllowlist } from '../../infra/db/schema';

/** SQL for a corporate's allowed addresses as a text array, read inside the caller's statement
 * (the API-key lookup reads them with the key, in one round trip). `corporate`: an SQL expression
 * of the corporate's id. */
export const IP_ALLOWLIST_ARRAY = (corporate: string) =>
  `array(select i.address from ip_allowlist i where i.corporate_id = ${corporate})`;

export async function listIps(db: Db, corporateId: string) {
  return db
    .select()
    .from(ipAllowlist)
    .where(eq(ipAllowlist.corporateId, corporateId))
    .orderBy(asc(ipAllowlist.createdAt), asc(ipAllowlist.id));
}

export async function countIps(db: Db, corporateId: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(ipAllowlist)
    .where(eq(ipAllowlist.corporateId, corporateId));
  return n;
}

/** Adds an entry; null when the address is already on the list. */
export async function insertIp(db: Db, values: typeof ipAllowlist.$inferInsert) {
  const [row] = await db.insert(ipAllowlist).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** Removes one of the client's entries; null when it has none with this id. */
export async function deleteIp(db: Db, corporateId: string, id: string) {
  const [row] = await db
    .delete(ipAllowlist)
    .where(and(eq(ipAllowlist.id, id), eq(ipAllowlist.corporateId, corporateId)))
    .returning();
  return row ?? null;
}
