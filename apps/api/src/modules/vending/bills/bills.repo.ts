// Bills' own tables (issue 51): the verifications of customer numbers and the bill facts of a vend
// of kind ELECTRICITY or TV (vend_bills: what was paid, and the token, units and receipt it got).
import { and, count, desc, eq, gt, gte, ilike, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../../infra/db/client';
import { billVerifications, vendBills, vends } from '../../../infra/db/schema';
import { containing } from '../../../infra/db/sql';
import { corporateNameOf } from '../../corporates';

export type VerificationRow = typeof billVerifications.$inferSelect;
export type VendBillRow = typeof vendBills.$inferSelect;

export async function insertVerification(
  db: Db,
  values: typeof billVerifications.$inferInsert,
): Promise<VerificationRow> {
  const [row] = await db.insert(billVerifications).values(values).returning();
  return row;
}

/** A verification of this client (another client's id reads as none). */
export async function findVerification(
  db: Db,
  id: string,
  corporateId: string,
): Promise<VerificationRow | null> {
  const [row] = await db
    .select()
    .from(billVerifications)
    .where(and(eq(billVerifications.id, id), eq(billVerifications.corporateId, corporateId)));
  return row ?? null;
}

/** The client's latest verification of this number that is still fresh (not yet expired), if any. */
export async function freshVerification(
  db: Db,
  q: {
    corporateId: string;
    mode: string;
    billerCode: string;
    customerNumber: string;
    meterType: string | null;
  },
  now = new Date(),
): Promise<VerificationRow | null> {
  const [row] = await db
    .select()
    .from(billVerifications)
    .where(
      and(
        eq(billVerifications.corporateId, q.corporateId),
        eq(billVerifications.mode, q.mode),
        eq(billVerifications.billerCode, q.billerCode),
        eq(billVerifications.customerNumber, q.customerNumber),
        q.meterType === null
          ? isNull(billVerifications.meterType)
          : eq(billVerifications.meterType, q.meterType),
        gt(billVerifications.expiresAt, now),
      ),
    )
    .orderBy(desc(billVerifications.verifiedAt))
    .limit(1);
  return row ?? null;
}

export async function findVendBill(db: Db, vendId: string): Promise<VendBillRow | null> {
  const [row] = await db.select().from(vendBills).where(eq(vendBills.vendId, vendId));
  return row ?? null;
}

export async function vendBillsOf(db: Db, vendIds: string[]): Promise<Map<string, VendBillRow>> {
  if (!vendIds.length) return new Map();
  const rows = await db.select().from(vendBills).where(inArray(vendBills.vendId, vendIds));
  return new Map(rows.map((r) => [r.vendId, r]));
}

/** What a delivered bill brought (token, units, receipt): kept with the status change. */
export async function saveBillFacts(
  db: Db,
  vendId: string,
  facts: {
    token: string | null;
    units: string | null;
    receiptReference: string | null;
    details: { label: string; value: string }[];
  },
  at: Date,
): Promise<void> {
  await db
    .update(vendBills)
    .set({
      token: facts.token,
      units: facts.units,
      receiptReference: facts.receiptReference,
      details: facts.details,
      updatedAt: at,
    })
    .where(eq(vendBills.vendId, vendId));
}

export interface BillFilter {
  corporateId?: string;
  mode: string;
  kind?: string;
  biller?: string;
  status?: string;
  from?: Date;
  to?: Date;
  search?: string;
  page: number;
  limit: number;
}

/** Bills (vends of a bill kind with their facts), newest first, a page of them and their count. */
export async function billPage(db: Db, f: BillFilter) {
  const s = f.search?.trim();
  const where = and(
    eq(vends.mode, f.mode),
    inArray(vends.serviceType, f.kind ? [f.kind] : ['ELECTRICITY', 'TV']),
    f.corporateId ? eq(vends.corporateId, f.corporateId) : undefined,
    f.biller ? eq(vendBills.billerCode, f.biller) : undefined,
    f.status ? eq(vends.status, f.status) : undefined,
    f.from ? gte(vends.createdAt, f.from) : undefined,
    f.to ? lt(vends.createdAt, f.to) : undefined,
    s
      ? or(
          ilike(vends.reference, containing(s)),
          ilike(vends.code, containing(s)),
          ilike(vendBills.customerNumber, containing(s)),
        )
      : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ v: vends, b: vendBills, corporateName: corporateNameOf(vends.corporateId) })
      .from(vends)
      .innerJoin(vendBills, eq(vendBills.vendId, vends.id))
      .where(where)
      .orderBy(desc(vends.createdAt), desc(vends.id))
      .limit(f.limit)
      .offset((f.page - 1) * f.limit),
    db.select({ n: count() }).from(vends).innerJoin(vendBills, eq(vendBills.vendId, vends.id)).where(where),
  ]);
  return { rows, total: Number(n) };
}

/** One bill of a client (another client's reads as none; null corporate: an admin's read). */
export async function findBill(db: Db, id: string, corporateId: string | null) {
  const [row] = await db
    .select({ v: vends, b: vendBills, corporateName: corporateNameOf(vends.corporateId) })
    .from(vends)
    .innerJoin(vendBills, eq(vendBills.vendId, vends.id))
    .where(and(eq(vends.id, id), corporateId ? eq(vends.corporateId, corporateId) : undefined));
  return row ?? null;
}
