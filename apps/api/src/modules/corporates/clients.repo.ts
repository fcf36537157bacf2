// Queries over corporate clients for the admin's list and detail: filters of spec §3 (search by
// name, email or phone; onboarding date range in Lagos days; status; client type), newest first.
import { normaliseMsisdn } from '@vendport/shared';
import { and, count, desc, eq, gte, ilike, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { paged } from '../../infra/db/paged';
import { corporates } from '../../infra/db/schema';
import { containing } from '../../infra/db/sql';
import { lagosDayEnd, lagosDayStart } from '../../infra/lagos-time';

export type CorporateRecord = typeof corporates.$inferSelect;

export interface CorporateFilters {
  page: number;
  limit: number;
  search?: string;
  startDate?: string;
  endDate?: string;
  status?: string;
  clientType?: string;
}

function searchCondition(search: string): SQL | undefined {
  const p = containing(search);
  const conds = [ilike(corporates.name, p), ilike(corporates.email, p), ilike(corporates.msisdn, p)];
  // Phones are stored as +234XXXXXXXXXX; "0803 123 4567" finds them too.
  const phone = normaliseMsisdn(search);
  if (phone) conds.push(eq(corporates.msisdn, phone));
  else {
    const digits = search.replace(/[\s\-()]/g, '');
    // A partial local number (0803123...): match on the national part after the leading 0.
    if (/^0\d{3,}$/.test(digits)) conds.push(ilike(corporates.msisdn, containing(digits.slice(1))));
  }
  return or(...conds);
}

export async function listCorporates(
  db: Db,
  f: CorporateFilters,
): Promise<{ rows: CorporateRecord[]; total: number }> {
  const where = and(
    f.search ? searchCondition(f.search) : undefined,
    f.startDate ? gte(corporates.createdAt, lagosDayStart(f.startDate)) : undefined,
    f.endDate ? lt(corporates.createdAt, lagosDayEnd(f.endDate)) : undefined,
    f.status ? eq(corporates.status, f.status) : undefined,
    f.clientType ? eq(corporates.clientType, f.clientType) : undefined,
  );
  return paged(f, {
    count: () => db.select({ total: count() }).from(corporates).where(where),
    rows: (w) =>
      db
        .select()
        .from(corporates)
        .where(where)
        .orderBy(desc(corporates.createdAt), desc(corporates.id))
        .limit(w.limit)
        .offset(w.offset),
  });
}

export async function findCorporateRecord(db: Db, id: string): Promise<CorporateRecord | undefined> {
  const [row] = await db.select().from(corporates).where(eq(corporates.id, id));
  return row;
}

/** The corporate row locked FOR UPDATE (status changes). */
export async function lockCorporateRecord(db: Db, id: string): Promise<CorporateRecord | undefined> {
  const [row] = await db.select().from(corporates).where(eq(corporates.id, id)).for('update');
  return row;
}

export async function updateCorporateStatus(db: Db, id: string, status: string): Promise<void> {
  await db.update(corporates).set({ status, updatedAt: new Date() }).where(eq(corporates.id, id));
}

/**
 * A client's credit terms, its row locked until the transaction ends (null: no such client). FOR NO
 * KEY UPDATE: a debit in flight holds its wallet and takes a key-share lock on this row (its
 * transfer's and vend's foreign keys); a stronger lock here would wait on that debit's wallet
 * while the debit waits on it.
 */
export async function lockCreditTerms(db: Db, corporateId: string) {
  const [corp] = await db
    .select({
      id: corporates.id,
      clientType: corporates.clientType,
      creditLimitKobo: corporates.creditLimitKobo,
    })
    .from(corporates)
    .where(eq(corporates.id, corporateId))
    .for('no key update');
  return corp ?? null;
}

export async function setCreditTerms(
  db: Db,
  corporateId: string,
  clientType: string,
  creditLimitKobo: number,
) {
  await db
    .update(corporates)
    .set({ clientType, creditLimitKobo, updatedAt: new Date() })
    .where(eq(corporates.id, corporateId));
}

export async function updateCorporateFlags(
  db: Db,
  id: string,
  flags: Partial<Pick<CorporateRecord, 'testMode' | 'testModeAllowed' | 'autoTopUpEnabled'>>,
): Promise<void> {
  await db
    .update(corporates)
    .set({ ...flags, updatedAt: new Date() })
    .where(eq(corporates.id, id));
}

export async function namesOf(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: corporates.id, name: corporates.name })
    .from(corporates)
    .where(inArray(corporates.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** A client's API rate-limit override (issue 34): null fields take the platform's default. */
export interface RateLimitOverride {
  keyPerS: number | null;
  keyBurst: number | null;
  clientPerS: number | null;
  clientBurst: number | null;
}

const overrideColumns = {
  keyPerS: corporates.rateKeyPerS,
  keyBurst: corporates.rateKeyBurst,
  clientPerS: corporates.rateClientPerS,
  clientBurst: corporates.rateClientBurst,
};

/** The client's override, locked for update when `lock` (undefined: no such client). */
export async function rateLimitOverrideOf(
  db: Db,
  id: string,
  lock = false,
): Promise<RateLimitOverride | undefined> {
  const q = db.select(overrideColumns).from(corporates).where(eq(corporates.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function setRateLimitOverride(db: Db, id: string, v: RateLimitOverride): Promise<void> {
  await db
    .update(corporates)
    .set({
      rateKeyPerS: v.keyPerS,
      rateKeyBurst: v.keyBurst,
      rateClientPerS: v.clientPerS,
      rateClientBurst: v.clientBurst,
      updatedAt: new Date(),
    })
    .where(eq(corporates.id, id));
}
