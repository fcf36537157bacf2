// Queries of clients' dedicated virtual accounts and of the transfers into them that were credited
// (tables dedicated_accounts and auto_transfers, owned by the funding module).
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../infra/db/client';
import { autoTransfers, dedicatedAccounts } from '../../../infra/db/schema';

export type DedicatedAccountRow = typeof dedicatedAccounts.$inferSelect;
export type AutoTransferRow = typeof autoTransfers.$inferSelect;

export async function findDedicatedAccount(
  db: Db,
  corporateId: string,
): Promise<DedicatedAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(dedicatedAccounts)
    .where(eq(dedicatedAccounts.corporateId, corporateId));
  return row;
}

/** The ACTIVE account of a Paystack customer (the one a transfer webhook names). */
export async function findDedicatedAccountByCustomer(
  db: Db,
  customerCode: string,
): Promise<DedicatedAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(dedicatedAccounts)
    .where(and(eq(dedicatedAccounts.customerCode, customerCode), eq(dedicatedAccounts.status, 'ACTIVE')));
  return row;
}

/**
 * The client's row, claimed if it has none (PENDING) and locked FOR UPDATE: concurrent requests
 * for one client wait here for the first, which creates the account at Paystack once.
 */
export async function claimDedicatedAccount(
  tx: Db,
  corporateId: string,
  createdById: string | null,
): Promise<DedicatedAccountRow> {
  await tx
    .insert(dedicatedAccounts)
    .values({ corporateId, createdById })
    .onConflictDoNothing({ target: dedicatedAccounts.corporateId });
  const [row] = await tx
    .select()
    .from(dedicatedAccounts)
    .where(eq(dedicatedAccounts.corporateId, corporateId))
    .for('update');
  return row;
}

/** The row locked FOR UPDATE: one credit at a time per dedicated account. */
export async function lockDedicatedAccount(db: Db, id: string): Promise<DedicatedAccountRow | undefined> {
  const [row] = await db.select().from(dedicatedAccounts).where(eq(dedicatedAccounts.id, id)).for('update');
  return row;
}

export async function updateDedicatedAccount(
  db: Db,
  id: string,
  set: Partial<typeof dedicatedAccounts.$inferInsert>,
): Promise<DedicatedAccountRow> {
  const [row] = await db
    .update(dedicatedAccounts)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(dedicatedAccounts.id, id))
    .returning();
  return row;
}

export async function findAutoTransfer(db: Db, reference: string): Promise<AutoTransferRow | undefined> {
  const [row] = await db.select().from(autoTransfers).where(eq(autoTransfers.reference, reference));
  return row;
}

export async function insertAutoTransfer(
  db: Db,
  values: typeof autoTransfers.$inferInsert,
): Promise<AutoTransferRow> {
  const [row] = await db.insert(autoTransfers).values(values).returning();
  return row;
}
