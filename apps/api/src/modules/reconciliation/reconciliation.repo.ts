// Queries for reconciliation settings and the statements kept for each client.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { paged } from '../../infra/db/paged';
import { reconciliationSettings, statements } from '../../infra/db/schema';
import { isUuid, rowsOf, runStatement, type Statement } from '../../infra/db/sql';
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

/**
 * The code a person knows each movement by, for the ledger's transfer references of a statement
 * (issue 36 point 23): fund-request:<id> -> FR-..., vend:<id> and vend-reversal:<id> -> VND-...,
 * admin-funding:<key> -> AF-..., card-payment:CP-... -> CP-.... Read through reconciliation's
 * views (migration 0029) of the funding and vending tables, by primary key. A reference with no
 * known code is left out of the map.
 */
export async function referenceCodes(db: Db, references: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const ids = { fundRequest: new Set<string>(), vend: new Set<string>(), adminFunding: new Set<string>() };
  for (const ref of references) {
    const colon = ref.indexOf(':');
    if (colon < 0) continue;
    const kind = ref.slice(0, colon);
    const key = ref.slice(colon + 1);
    if (kind === 'card-payment' && /^CP-/.test(key)) out.set(ref, key);
    // A refund or dispute of a card payment (card-money:<CP-…>:<gateway key>): the payment's reference.
    else if (kind === 'card-money' && /^CP-[0-9A-Z]+:/.test(key))
      out.set(ref, key.slice(0, key.indexOf(':')));
    else if (kind === 'fund-request' && isUuid(key)) ids.fundRequest.add(key);
    else if ((kind === 'vend' || kind === 'vend-reversal' || kind === 'vend-reroute') && isUuid(key))
      ids.vend.add(key);
    else if (kind === 'admin-funding' && key) ids.adminFunding.add(key);
  }
  const list = (s: Set<string>) =>
    sql.join(
      [...s].map((v) => sql`${v}`),
      sql`, `,
    );
  const [frs, vends, afs] = await Promise.all([
    ids.fundRequest.size
      ? rowsOf<{ id: string; code: string }>(
          db,
          sql`select id, code from statement_fund_request_codes where id in (${list(ids.fundRequest)})`,
        )
      : [],
    ids.vend.size
      ? rowsOf<{ id: string; code: string }>(
          db,
          sql`select id, code from statement_vend_codes where id in (${list(ids.vend)})`,
        )
      : [],
    ids.adminFunding.size
      ? rowsOf<{ request_key: string; code: string }>(
          db,
          sql`select request_key, code from statement_admin_funding_codes where request_key in (${list(ids.adminFunding)})`,
        )
      : [],
  ]);
  const fr = new Map(frs.map((r) => [r.id, r.code]));
  const vn = new Map(vends.map((r) => [r.id, r.code]));
  const af = new Map(afs.map((r) => [r.request_key, r.code]));
  for (const ref of references) {
    const colon = ref.indexOf(':');
    const kind = ref.slice(0, colon);
    const key = ref.slice(colon + 1);
    const code =
      kind === 'fund-request'
        ? fr.get(key)
        : kind === 'vend' || kind === 'vend-reversal' || kind === 'vend-reroute'
          ? vn.get(key)
          : kind === 'admin-funding'
            ? af.get(key)
            : undefined;
    if (code) out.set(ref, code);
  }
  return out;
}
