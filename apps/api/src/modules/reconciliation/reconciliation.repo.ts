// Queries for reconciliation settings and the statements kept for each client.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { paged } from '../../infra/db/paged';
import { reconciliationSettings, statements } from '../../infra/db/schema';
import { rowsOf, runStatement, type Statement } from '../../infra/db/sql';
import { groupReadPer } from '../../infra/group-commit';
import { corporateField, corporateNameOf } from '../corporates';

export type SettingsRow = typeof reconciliationSettings.$inferSelect;
export type StatementRow = typeof statements.$inferSelect;

export async function findSettings(db: Db, corporateId: string): Promise<SettingsRow | null> {
  const [row] = await db
    .select()
    .from(reconciliationSettings)
    .where(eq(reconciliationSettings.corporateId, corporateId));
  return row ?? null;
}

// The low-balance check after every vend reads its client's threshold: the reads asked while one
// runs go together as one query (infra/group-commit.ts), each still answered by a read that started
// after it was asked. With many busy wallets that was a query per vend.
const LOW_BALANCE_THRESHOLDS: Statement = {
  name: 'low_balance_thresholds',
  text: `select corporate_id, low_balance_threshold_kobo::text as kobo
           from reconciliation_settings where corporate_id = any($1::uuid[])`,
};

/** The client's own low-balance threshold (null: none set, the platform's applies). */
export const findLowBalanceThreshold: (db: Db, corporateId: string) => Promise<number | null> = groupReadPer({
  // One prepared statement whatever the number of clients asked (the query builder's IN list made
  // a statement of its own, parsed and planned, for each count).
  read: (db: Db, ids) =>
    runStatement<{ corporate_id: string; kobo: string | null }>(db, LOW_BALANCE_THRESHOLDS, [ids]),
  keyOf: (r) => r.corporate_id,
  pick: (rows) => (rows[0].kobo === null ? null : Number(rows[0].kobo)),
  none: () => null,
  // The checks after a debit batch ask for their clients' thresholds from one turn's callbacks:
  // one read for all of them (with 32 busy wallets, the first went alone: 1.5 reads per batch).
  gatherTurn: true,
});

export async function putSettings(db: Db, values: typeof reconciliationSettings.$inferInsert) {
  const { corporateId, ...rest } = values;
  const [row] = await db
    .insert(reconciliationSettings)
    .values(values)
    .onConflictDoUpdate({ target: reconciliationSettings.corporateId, set: rest })
    .returning();
  return row;
}

/** Clients that want statements, with their company's name and status. */
export async function enabledSettings(db: Db) {
  return db
    .select({
      settings: reconciliationSettings,
      name: corporateNameOf(reconciliationSettings.corporateId),
      status: corporateField('status', reconciliationSettings.corporateId),
    })
    .from(reconciliationSettings)
    .where(eq(reconciliationSettings.enabled, true));
}

/** Stores a statement; null when the scheduled one for that period exists already. */
export async function insertStatement(db: Db, values: typeof statements.$inferInsert) {
  const [row] = await db.insert(statements).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

const ofClient = (corporateId: string) => eq(statements.corporateId, corporateId);

export async function listStatements(db: Db, corporateId: string, page: number, limit: number) {
  return paged(
    { page, limit },
    {
      count: () => db.select({ total: count() }).from(statements).where(ofClient(corporateId)),
      rows: (w) =>
        db
          .select()
          .from(statements)
          .where(ofClient(corporateId))
          .orderBy(desc(statements.periodStart), desc(statements.createdAt))
          .limit(w.limit)
          .offset(w.offset),
    },
  );
}

export async function findStatement(db: Db, corporateId: string, id: string): Promise<StatementRow | null> {
  const [row] = await db
    .select()
    .from(statements)
    .where(and(ofClient(corporateId), eq(statements.id, id)));
  return row ?? null;
}

/** The lookups a statement's codes need, each a set of keys for one code source. */
export type CodeKeys = Record<
  'fundRequest' | 'vend' | 'adminFunding' | 'cardReceivable' | 'autoTransfer',
  Set<string>
>;

export interface CodeMaps {
  fundRequest: Map<string, string>;
  vend: Map<string, string>;
  adminFunding: Map<string, string>;
  cardReceivable: Map<string, string>;
  autoTransfer: Map<string, string>;
}

/**
 * The client codes behind the keys, read through reconciliation's views of the owners' tables
 * (migrations 0034 and statement_codes_of_new_kinds): one query per source that has keys.
 */
export async function codesOf(db: Db, keys: CodeKeys): Promise<CodeMaps> {
  const list = (s: Set<string>) =>
    sql.join(
      [...s].map((v) => sql`${v}`),
      sql`, `,
    );
  const read = async (s: Set<string>, q: (l: ReturnType<typeof list>) => ReturnType<typeof sql>) =>
    s.size
      ? new Map((await rowsOf<{ k: string; code: string }>(db, q(list(s)))).map((r) => [r.k, r.code]))
      : new Map();
  const [fundRequest, vend, adminFunding, cardReceivable, autoTransfer] = await Promise.all([
    read(
      keys.fundRequest,
      (l) => sql`select id::text as k, code from statement_fund_request_codes where id in (${l})`,
    ),
    read(keys.vend, (l) => sql`select id::text as k, code from statement_vend_codes where id in (${l})`),
    read(
      keys.adminFunding,
      (l) =>
        sql`select request_key as k, code from statement_admin_funding_codes where request_key in (${l})`,
    ),
    read(
      keys.cardReceivable,
      (l) => sql`select id::text as k, code from statement_card_receivable_codes where id in (${l})`,
    ),
    read(
      keys.autoTransfer,
      (l) => sql`select reference as k, code from statement_auto_transfer_codes where reference in (${l})`,
    ),
  ]);
  return { fundRequest, vend, adminFunding, cardReceivable, autoTransfer };
}
