// Drizzle and SQL for the ledger tables. Only ledger.service.ts calls these. Balances and entries
// are written by the database function ledger_post alone (migration 0004).
import { and, asc, eq, gt, gte, inArray, lt, sql, sum } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '../../infra/db/schema';
import { rowsOf } from '../../infra/db/sql';
import { lagosDaySql } from '../../infra/lagos-time';

export type AccountRow = typeof ledgerAccounts.$inferSelect;
export type TransferRow = typeof ledgerTransfers.$inferSelect;
export type EntryRow = typeof ledgerEntries.$inferSelect;

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

/** A row of ledger_post: one per entry written, or one with created = false when nothing moved. */
export interface PostedRow {
  transfer_id: string | null;
  created: boolean;
  entry_id: string | null;
  seq: string | number | null;
  account_id: string | null;
  amount_kobo: string | number | null;
  balance_after_kobo: string | number | null;
  created_at: string | Date | null;
}

/** PostgreSQL array literals for ledger_post's two parallel arrays (uuids and integers only). */
export const uuidArray = (ids: string[]) => `{${ids.join(',')}}`;
export const bigintArray = (xs: number[]) => `{${xs.map((x) => Math.trunc(x)).join(',')}}`;

/** What ledger_post is given: one transfer (ledger.service's TransferInput is this). */
export interface PostInput {
  kind: string;
  /** Unique idempotency key, e.g. `fund-request:<id>`. */
  reference: string;
  description: string;
  corporateId?: string | null;
  source?: { type: string; id: string } | null;
  actorId?: string | null;
  reversesTransferId?: string | null;
  metadata?: Record<string, unknown>;
  entries: Array<{ accountId: string; amountKobo: number }>;
}

/** One call of the database's ledger_post (see migration 0004). */
export function postRows(db: Db, t: PostInput): Promise<PostedRow[]> {
  return rowsOf<PostedRow>(
    db,
    sql`select * from ledger_post(${t.reference}, ${t.kind}, ${t.description}, ${t.corporateId ?? null}::uuid,
          ${t.source?.type ?? null}, ${t.source?.id ?? null}, ${t.reversesTransferId ?? null}::uuid,
          ${t.actorId ?? null}::uuid, ${JSON.stringify(t.metadata ?? {})}::jsonb,
          ${uuidArray(t.entries.map((e) => e.accountId))}::uuid[],
          ${bigintArray(t.entries.map((e) => e.amountKobo))}::bigint[])`,
  );
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
  reversalKinds: readonly string[],
): Promise<Array<{ corporate_id: string; balance_kobo: string | number; credited_kobo: string | number }>> {
  if (!corporateIds.length) return [];
  const list = (ks: readonly string[]) =>
    sql.join(
      ks.map((k) => sql`${k}`),
      sql`, `,
    );
  // Net of reversals: a funding the gateway took back (card reversal) is subtracted by what it
  // took from the wallet and what it left owing (the receivable), i.e. the credit's principal.
  return rowsOf(
    db,
    sql`select a.corporate_id, a.balance_kobo,
               coalesce((select sum(e.amount_kobo)
                           from ledger_entries e
                           join ledger_transfers t on t.id = e.transfer_id
                          where e.account_id = a.id
                            and e.amount_kobo > 0
                            and t.kind in (${list(creditKinds)})), 0)
             + coalesce((select sum(e.amount_kobo)
                           from ledger_transfers t
                           join ledger_entries e on e.transfer_id = t.id and e.amount_kobo < 0
                           join ledger_accounts ra on ra.id = e.account_id and ra.kind in ('WALLET', 'CARD_RECEIVABLE')
                          where t.corporate_id = a.corporate_id
                            and t.kind in (${list(reversalKinds)})), 0) as credited_kobo
          from ledger_accounts a
         where a.kind = 'WALLET'
           and a.corporate_id in (${sql.join(
             corporateIds.map((id) => sql`${id}::uuid`),
             sql`, `,
           )})`,
  );
}

/** An account's balance, its row locked until the transaction ends. */
export async function lockAccountBalance(db: Db, accountId: string): Promise<{ balance: number }> {
  const [acc] = await db
    .select({ balance: ledgerAccounts.balanceKobo })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, accountId))
    .for('update');
  return acc;
}

/** Money paid into wallets by `kinds` of transfer in [from, to), per Lagos day (one client, or all). */
export async function walletCreditsByDay(
  db: Db,
  kinds: readonly string[],
  reversalKinds: readonly string[],
  from: Date,
  to: Date,
  corporateId?: string,
): Promise<Array<{ day: string; kobo: string | number }>> {
  const list = (ks: readonly string[]) =>
    sql.join(
      ks.map((k) => sql`${k}`),
      sql`, `,
    );
  const day = sql.raw(`${lagosDaySql('t.created_at')}::text`);
  const client = corporateId ? sql`and t.corporate_id = ${corporateId}` : sql``;
  // A reversal counts on its own day, against the funding (walletTotalsRows says why).
  return rowsOf(
    db,
    sql`select day, sum(kobo)::bigint as kobo from (
          select ${day} as day, e.amount_kobo as kobo
            from ledger_transfers t
            join ledger_entries e on e.transfer_id = t.id and e.amount_kobo > 0
            join ledger_accounts a on a.id = e.account_id and a.kind = 'WALLET'
           where t.kind in (${list(kinds)})
             and t.created_at >= ${from} and t.created_at < ${to} ${client}
          union all
          select ${day} as day, e.amount_kobo as kobo
            from ledger_transfers t
            join ledger_entries e on e.transfer_id = t.id and e.amount_kobo < 0
            join ledger_accounts a on a.id = e.account_id and a.kind in ('WALLET', 'CARD_RECEIVABLE')
           where t.kind in (${list(reversalKinds)})
             and t.created_at >= ${from} and t.created_at < ${to} ${client}
        ) x
         group by day`,
  );
}

/** The sum of every client wallet's balance (negative balances are credit in use). */
export async function sumOfWalletBalances(db: Db): Promise<number> {
  const [r] = await rowsOf<{ total: string | number | null }>(
    db,
    sql`select sum(balance_kobo)::bigint as total from ledger_accounts where kind = 'WALLET'`,
  );
  return Number(r?.total ?? 0);
}

/** An account's entries in [from, to), oldest first, with what moved them (statements). */
export async function entriesBetween(db: Db, accountId: string, from: Date, to: Date) {
  return db
    .select({
      seq: ledgerEntries.seq,
      amountKobo: ledgerEntries.amountKobo,
      balanceAfterKobo: ledgerEntries.balanceAfterKobo,
      createdAt: ledgerEntries.createdAt,
      reference: ledgerTransfers.reference,
      kind: ledgerTransfers.kind,
      description: ledgerTransfers.description,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .where(
      and(
        eq(ledgerEntries.accountId, accountId),
        gte(ledgerEntries.createdAt, from),
        lt(ledgerEntries.createdAt, to),
      ),
    )
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.seq));
}

export async function anyEntryAtOrAbove(db: Db, accountId: string, since: Date, kobo: number) {
  const rows = await db
    .select({ seq: ledgerEntries.seq })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.accountId, accountId),
        gt(ledgerEntries.createdAt, since),
        gte(ledgerEntries.balanceAfterKobo, kobo),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Every client account's balance (wallet, sandbox wallet, commission), by account id: what a backup
 * records and its restore must give back to the kobo (cli/backup.ts).
 */
export async function clientAccountBalances(db: Db) {
  return rowsOf<{ id: string; kind: string; balance_kobo: string | number }>(
    db,
    sql`select id, kind, balance_kobo from ledger_accounts
         where kind in ('WALLET', 'SANDBOX_WALLET', 'COMMISSION') order by id`,
  );
}

/** The kinds of transfer the database accepts (its ledger_transfers_kind_known check). */
export type { LedgerTransferKind } from '../../infra/db/schema';
