// Drizzle and SQL for the ledger tables. Only ledger.service.ts calls these; the balance updates
// are single statements so that the database, not the app, decides under concurrency.
import { and, asc, eq, inArray, lt, type SQL, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '../../db/schema';

export type AccountRow = typeof ledgerAccounts.$inferSelect;
export type TransferRow = typeof ledgerTransfers.$inferSelect;
export type EntryRow = typeof ledgerEntries.$inferSelect;
export type NewEntry = typeof ledgerEntries.$inferInsert;

/** Rows of a raw SQL statement, on either engine. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

export async function findAccountByCode(db: Db, code: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.code, code));
  return row;
}

export async function findAccountsByCodes(db: Db, codes: string[]): Promise<AccountRow[]> {
  return db.select().from(ledgerAccounts).where(inArray(ledgerAccounts.code, codes));
}

export async function insertAccountsIfMissing(
  db: Db,
  rows: Array<{ code: string; kind: string; name: string; corporateId: string | null }>,
): Promise<void> {
  if (rows.length)
    await db.insert(ledgerAccounts).values(rows).onConflictDoNothing({ target: ledgerAccounts.code });
}

export async function findAccountsByIds(db: Db, ids: string[]): Promise<AccountRow[]> {
  return db.select().from(ledgerAccounts).where(inArray(ledgerAccounts.id, ids));
}

/** Inserts the transfer unless its reference exists; null when it did (the caller replays). */
export async function insertTransferOnce(
  db: Db,
  values: typeof ledgerTransfers.$inferInsert,
): Promise<TransferRow | null> {
  // No conflict target: a clash on the reference or on reverses_transfer_id both mean "not again".
  const [row] = await db.insert(ledgerTransfers).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findTransferByReference(db: Db, reference: string): Promise<TransferRow | undefined> {
  const [row] = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.reference, reference));
  return row;
}

export async function findTransferById(db: Db, id: string): Promise<TransferRow | undefined> {
  const [row] = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, id));
  return row;
}

export async function findReversalOf(db: Db, transferId: string): Promise<TransferRow | undefined> {
  const [row] = await db
    .select()
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.reversesTransferId, transferId));
  return row;
}

export async function entriesOf(db: Db, transferId: string): Promise<EntryRow[]> {
  return db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.transferId, transferId))
    .orderBy(asc(ledgerEntries.seq));
}

export async function insertEntries(db: Db, rows: NewEntry[]): Promise<EntryRow[]> {
  return db.insert(ledgerEntries).values(rows).returning();
}

/**
 * Debits a client wallet only if it stays at or above its floor, computed in the same statement
 * from the corporate's type and credit limit. The corporate row is read FOR SHARE: a concurrent
 * type switch or limit change (which takes the row FOR UPDATE) then either waits for this
 * transaction to end or is seen committed, so a debit never checks against a stale floor.
 * Returns the new balance, or null when the floor would be crossed (0 rows updated).
 */
export async function debitWalletRow(
  db: Db,
  accountId: string,
  corporateId: string,
  deltaKobo: number,
): Promise<number | null> {
  const rows = await rowsOf<{ balance_kobo: string | number | bigint }>(
    db,
    sql`update ledger_accounts
          set balance_kobo = balance_kobo + ${deltaKobo}::bigint, updated_at = now()
        where id = ${accountId}
          and balance_kobo + ${deltaKobo}::bigint >= (
            select case when c.client_type in ('POSTPAID', 'POSTPAID_PLUS') then -c.credit_limit_kobo else 0 end
              from corporates c
             where c.id = ${corporateId}
               for share)
        returning balance_kobo`,
  );
  return rows.length ? Number(rows[0].balance_kobo) : null;
}

/** Debits an account that may not go below zero (sandbox wallet, commission account). */
export async function debitNonNegativeRow(
  db: Db,
  accountId: string,
  deltaKobo: number,
): Promise<number | null> {
  const rows = await rowsOf<{ balance_kobo: string | number | bigint }>(
    db,
    sql`update ledger_accounts
          set balance_kobo = balance_kobo + ${deltaKobo}::bigint, updated_at = now()
        where id = ${accountId} and balance_kobo + ${deltaKobo}::bigint >= 0
        returning balance_kobo`,
  );
  return rows.length ? Number(rows[0].balance_kobo) : null;
}

/** Moves an account without a floor (credits, and the platform's own accounts). */
export async function moveRow(db: Db, accountId: string, deltaKobo: number): Promise<number> {
  const rows = await rowsOf<{ balance_kobo: string | number | bigint }>(
    db,
    sql`update ledger_accounts
          set balance_kobo = balance_kobo + ${deltaKobo}::bigint, updated_at = now()
        where id = ${accountId}
        returning balance_kobo`,
  );
  if (!rows.length) throw new Error(`ledger account ${accountId} vanished`);
  return Number(rows[0].balance_kobo);
}

/** The sum of an account's entries strictly before an instant. */
export async function sumEntriesBefore(db: Db, accountId: string, before: Date): Promise<number> {
  const [row] = await db
    .select({ total: sum(ledgerEntries.amountKobo) })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.accountId, accountId), lt(ledgerEntries.createdAt, before)));
  return Number(row?.total ?? 0);
}

/**
 * Per corporate: the wallet balance (from the account row) and the sum of the wallet's credits
 * made by transfers of the given kinds. Corporates without a wallet account yet are absent.
 */
export async function walletTotalsRows(
  db: Db,
  corporateIds: string[],
  creditKinds: readonly string[],
): Promise<Array<{ corporate_id: string; balance_kobo: string | number; credited_kobo: string | number }>> {
  if (!corporateIds.length) return [];
  return rowsOf(
    db,
    sql`select a.corporate_id, a.balance_kobo,
               coalesce((select sum(e.amount_kobo)
                           from ledger_entries e
                           join ledger_transfers t on t.id = e.transfer_id
                          where e.account_id = a.id
                            and e.amount_kobo > 0
                            and t.kind in (${sql.join(
                              creditKinds.map((k) => sql`${k}`),
                              sql`, `,
                            )})), 0) as credited_kobo
          from ledger_accounts a
         where a.kind = 'WALLET'
           and a.corporate_id in (${sql.join(
             corporateIds.map((id) => sql`${id}::uuid`),
             sql`, `,
           )})`,
  );
}
