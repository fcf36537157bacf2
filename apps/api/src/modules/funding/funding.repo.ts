// Queries of the funding tables (fund requests, card payments, admin fundings, the simulator's
// payments) and the funding history, which is the union of the funding channels (bank transfers
// claimed by fund requests or credited automatically into a dedicated account, cards, admins).
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import {
  type KeyColumns,
  keyCondition,
  keyOrder,
  keysetMeasures,
  keysetPaged,
  keyTime,
} from '../../infra/db/keyset';
import { paged } from '../../infra/db/paged';
import { adminFundings, cardPayments, fundRequests, gatewaySimPayments } from '../../infra/db/schema';
import { containing, isUuid, rowsOf } from '../../infra/db/sql';
import { lagosDayEnd, lagosDayStart } from '../../infra/lagos-time';
import { corporateDirectory, corporateField, corporateNameOf } from '../corporates';

export type FundRequestRow = typeof fundRequests.$inferSelect;
export type CardPaymentRow = typeof cardPayments.$inferSelect;
export type AdminFundingRow = typeof adminFundings.$inferSelect;
export type SimPaymentRow = typeof gatewaySimPayments.$inferSelect;
// ---------------------------------------------------------------- fund requests

const fundRequestKey = (ref: string) =>
  isUuid(ref) ? eq(fundRequests.id, ref) : eq(fundRequests.code, ref.trim().toUpperCase());

export async function insertFundRequest(
  db: Db,
  values: typeof fundRequests.$inferInsert,
): Promise<FundRequestRow> {
  const [row] = await db.insert(fundRequests).values(values).returning();
  return row;
}

export async function bankReferenceInUse(
  db: Db,
  corporateId: string,
  transferReference: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: fundRequests.id })
    .from(fundRequests)
    .where(
      and(
        eq(fundRequests.corporateId, corporateId),
        sql`lower(${fundRequests.transferReference}) = lower(${transferReference})`,
        sql`${fundRequests.status} <> 'DECLINED'`,
      ),
    );
  return !!row;
}

export interface FundRequestWithCorporate extends FundRequestRow {
  corporateName: string;
  clientType: string;
  corporateEmail: string;
}

function selectFundRequests(db: Db) {
  return db
    .select({
      fr: fundRequests,
      corporateName: corporateNameOf(fundRequests.corporateId),
      clientType: corporateField('clientType', fundRequests.corporateId),
      corporateEmail: corporateField('email', fundRequests.corporateId),
    })
    .from(fundRequests);
}

const flatten = (r: {
  fr: FundRequestRow;
  corporateName: string;
  clientType: string;
  corporateEmail: string;
}) => ({
  ...r.fr,
  corporateName: r.corporateName,
  clientType: r.clientType,
  corporateEmail: r.corporateEmail,
});

/** One fund request by id or FR- code; with `corporateId`, only that corporate's. */
export async function findFundRequest(
  db: Db,
  ref: string,
  corporateId?: string,
): Promise<FundRequestWithCorporate | undefined> {
  const [row] = await selectFundRequests(db).where(
    and(fundRequestKey(ref), corporateId ? eq(fundRequests.corporateId, corporateId) : undefined),
  );
  return row ? flatten(row) : undefined;
}

/** The fund request row locked FOR UPDATE (the approve/decline gate). */
export async function lockFundRequest(db: Db, ref: string): Promise<FundRequestRow | undefined> {
  const [row] = await db.select().from(fundRequests).where(fundRequestKey(ref)).for('update');
  return row;
}

export async function updateFundRequest(
  db: Db,
  id: string,
  set: Partial<typeof fundRequests.$inferInsert>,
): Promise<void> {
  await db
    .update(fundRequests)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(fundRequests.id, id));
}

/** PENDING -> PAID for one corporate's request; returns whether a row changed. */
export async function markFundRequestPaid(db: Db, id: string, corporateId: string): Promise<boolean> {
  const rows = await db
    .update(fundRequests)
    .set({ status: 'PAID', paidAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(fundRequests.id, id),
        eq(fundRequests.corporateId, corporateId),
        eq(fundRequests.status, 'PENDING'),
      ),
    )
    .returning({ id: fundRequests.id });
  return rows.length > 0;
}

export interface FundRequestFilters {
  page: number;
  limit: number;
  search?: string;
  startDate?: string;
  endDate?: string;
  status?: string;
  statuses?: string[];
  kind?: string;
  clientType?: string;
  corporateId?: string;
}

export async function listFundRequests(db: Db, f: FundRequestFilters) {
  const conds: Array<SQL | undefined> = [];
  if (f.corporateId) conds.push(eq(fundRequests.corporateId, f.corporateId));
  if (f.status) conds.push(eq(fundRequests.status, f.status));
  if (f.statuses) conds.push(inArray(fundRequests.status, f.statuses));
  if (f.kind) conds.push(eq(fundRequests.kind, f.kind));
  if (f.clientType) conds.push(eq(corporateField('clientType', fundRequests.corporateId), f.clientType));
  if (f.startDate) conds.push(gte(fundRequests.createdAt, lagosDayStart(f.startDate)));
  if (f.endDate) conds.push(lt(fundRequests.createdAt, lagosDayEnd(f.endDate)));
  if (f.search) {
    const p = containing(f.search);
    conds.push(
      or(
        ilike(fundRequests.code, p),
        ilike(fundRequests.transferReference, p),
        ilike(corporateNameOf(fundRequests.corporateId), p),
      ),
    );
  }
  const where = and(...conds);
  return paged(f, {
    count: () => db.select({ total: count() }).from(fundRequests).where(where),
    rows: async (w) =>
      (
        await selectFundRequests(db)
          .where(where)
          .orderBy(desc(fundRequests.createdAt), desc(fundRequests.id))
          .limit(w.limit)
          .offset(w.offset)
      ).map(flatten),
  });
}

// ---------------------------------------------------------------- card payments

export async function insertCardPayment(
  db: Db,
  values: typeof cardPayments.$inferInsert,
): Promise<CardPaymentRow> {
  const [row] = await db.insert(cardPayments).values(values).returning();
  return row;
}

export async function findCardPayment(
  db: Db,
  reference: string,
  corporateId?: string,
): Promise<CardPaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(cardPayments)
    .where(
      and(
        eq(cardPayments.reference, reference),
        corporateId ? eq(cardPayments.corporateId, corporateId) : undefined,
      ),
    );
  return row;
}

export async function lockCardPayment(db: Db, reference: string): Promise<CardPaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(cardPayments)
    .where(eq(cardPayments.reference, reference))
    .for('update');
  return row;
}

/** Card payments still PENDING that started before `before`, oldest first. */
export async function stalePendingCardPayments(
  db: Db,
  before: Date,
  limit: number,
): Promise<CardPaymentRow[]> {
  return db
    .select()
    .from(cardPayments)
    .where(and(eq(cardPayments.status, 'PENDING'), lt(cardPayments.createdAt, before)))
    .orderBy(asc(cardPayments.createdAt))
    .limit(limit);
}

export async function updateCardPayment(
  db: Db,
  id: string,
  set: Partial<typeof cardPayments.$inferInsert>,
): Promise<CardPaymentRow> {
  const [row] = await db
    .update(cardPayments)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(cardPayments.id, id))
    .returning();
  return row;
}

// ---------------------------------------------------------------- admin fundings

export async function insertAdminFunding(
  db: Db,
  values: typeof adminFundings.$inferInsert,
): Promise<AdminFundingRow> {
  const [row] = await db.insert(adminFundings).values(values).returning();
  return row;
}

export async function findAdminFundingByTransfer(
  db: Db,
  transferId: string,
): Promise<AdminFundingRow | undefined> {
  const [row] = await db.select().from(adminFundings).where(eq(adminFundings.transferId, transferId));
  return row;
}

// ---------------------------------------------------------------- simulator

export async function insertSimPayment(
  db: Db,
  values: typeof gatewaySimPayments.$inferInsert,
): Promise<void> {
  await db.insert(gatewaySimPayments).values(values).onConflictDoNothing();
}

export async function findSimPayment(db: Db, reference: string): Promise<SimPaymentRow | undefined> {
  const [row] = await db.select().from(gatewaySimPayments).where(eq(gatewaySimPayments.reference, reference));
  return row;
}

/** PENDING -> the outcome; null when the payment was already completed or does not exist. */
export async function completeSimPayment(
  db: Db,
  reference: string,
  outcome: 'SUCCESSFUL' | 'CANCELLED',
): Promise<SimPaymentRow | null> {
  const now = new Date();
  const [row] = await db
    .update(gatewaySimPayments)
    .set({ status: outcome, paidAt: outcome === 'SUCCESSFUL' ? now : null, updatedAt: now })
    .where(and(eq(gatewaySimPayments.reference, reference), eq(gatewaySimPayments.status, 'PENDING')))
    .returning();
  return row ?? null;
}

/** SUCCESSFUL -> REVERSED (a refund or chargeback at the simulated gateway); null otherwise. */
export async function reverseSimPayment(db: Db, reference: string): Promise<SimPaymentRow | null> {
  const [row] = await db
    .update(gatewaySimPayments)
    .set({ status: 'REVERSED', updatedAt: new Date() })
    .where(and(eq(gatewaySimPayments.reference, reference), eq(gatewaySimPayments.status, 'SUCCESSFUL')))
    .returning();
  return row ?? null;
}

// ---------------------------------------------------------------- funding history

export interface FundingHistoryFilters {
  search?: string;
  startDate?: string;
  endDate?: string;
  status?: string;
  channel?: string;
  clientType?: string;
  corporateId?: string;
}

export interface FundingHistoryRow {
  id: string;
  code: string;
  channel: 'BANK_TRANSFER' | 'CARD' | 'ADMIN';
  kind: string;
  corporate_id: string;
  corporate_name: string;
  client_type: string;
  amount_kobo: string | number;
  fee_kobo: string | number;
  status: string;
  reference: string | null;
  note: string | null;
  created_at: string | Date;
  completed_at: string | Date | null;
}

export const HISTORY = sql`(
  select fr.id, fr.code, 'BANK_TRANSFER' as channel, fr.kind, fr.corporate_id, fr.amount_kobo,
         0::bigint as fee_kobo, fr.status, fr.transfer_reference as reference, fr.decline_reason as note,
         fr.created_at, fr.decided_at as completed_at
    from fund_requests fr
  union all
  select cp.id, cp.reference, 'CARD', 'FUNDING', cp.corporate_id, cp.amount_kobo,
         cp.fee_kobo, cp.status, cp.reference, cp.status_reason,
         cp.created_at, cp.paid_at
    from card_payments cp
  union all
  select at.id, at.code, 'BANK_TRANSFER', 'BANK_TRANSFER_AUTO', at.corporate_id, at.amount_kobo,
         0::bigint, at.status, at.reference, at.sender,
         at.created_at, at.paid_at
    from auto_transfers at
  union all
  select af.id, af.code, 'ADMIN', af.kind, af.corporate_id, af.amount_kobo,
         0::bigint, 'SUCCESSFUL', null, af.reason,
         af.created_at, af.created_at
    from admin_fundings af
) f join ${corporateDirectory} c on c.id = f.corporate_id`;

export function historyWhere(f: FundingHistoryFilters): SQL {
  const conds: SQL[] = [sql`true`];
  if (f.corporateId) conds.push(sql`f.corporate_id = ${f.corporateId}`);
  if (f.status) conds.push(sql`f.status = ${f.status}`);
  if (f.channel) conds.push(sql`f.channel = ${f.channel}`);
  if (f.clientType) conds.push(sql`c.client_type = ${f.clientType}`);
  if (f.startDate) conds.push(sql`f.created_at >= ${lagosDayStart(f.startDate).toISOString()}::timestamptz`);
  if (f.endDate) conds.push(sql`f.created_at < ${lagosDayEnd(f.endDate).toISOString()}::timestamptz`);
  if (f.search) {
    const p = containing(f.search);
    conds.push(sql`(f.code ilike ${p} or f.reference ilike ${p} or c.name ilike ${p})`);
  }
  return sql.join(conds, sql` and `);
}

export const HISTORY_KEY: KeyColumns = { time: sql`f.created_at`, id: sql`f.id` };

/**
 * The funding history as its screens page it: by keyset on (created_at, id), each of the four
 * tables read from its (corporate_id, created_at, id) or (created_at, id) index and merged in
 * order; a bounded total (db/keyset). The export reads by funding-export.repo.
 */
export async function fundingHistoryKeyset(
  db: Db,
  f: FundingHistoryFilters,
  page: { page: number; limit: number; cursor?: string },
) {
  const where = historyWhere(f);
  const p = await keysetPaged(page, {
    rows: ({ bound, order, limit }) =>
      rowsOf<FundingHistoryRow & { kt: string }>(
        db,
        sql`select f.*, c.name as corporate_name, c.client_type, ${keyTime(sql`f.created_at`)} as kt
              from ${HISTORY}
             where ${where} and ${keyCondition(HISTORY_KEY, bound) ?? sql`true`}
             order by ${sql.join(keyOrder(HISTORY_KEY, order), sql`, `)}
             limit ${limit}`,
      ),
    keyOf: (r) => ({ t: r.kt, id: r.id }),
    ...keysetMeasures(db, HISTORY, where, HISTORY_KEY),
  });
  return { ...p, rows: p.rows.map(({ kt: _kt, ...r }) => r) };
}
