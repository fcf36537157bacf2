// Queries for commission: the vends whose accrued commission is not settled yet, settlements, a
// client's upfront switch, and the report's aggregates over successful live vends.
import { and, asc, eq, gte, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { commissionSettlements, corporates, services, vends } from '../../infra/db/schema';

export type SettlementRow = typeof commissionSettlements.$inferSelect;

export const unsettled = (corporateId: string) =>
  and(
    eq(vends.corporateId, corporateId),
    eq(vends.mode, 'LIVE'),
    eq(vends.commissionMode, 'ACCRUED'),
    eq(vends.status, 'SUCCESSFUL'),
    isNull(vends.commissionSettlementId),
  );

export async function corporateExists(db: Db, corporateId: string): Promise<boolean> {
  const [corp] = await db
    .select({ id: corporates.id })
    .from(corporates)
    .where(eq(corporates.id, corporateId));
  return Boolean(corp);
}

/** A client's unsettled accrued commission, its vend rows locked until the transaction ends. */
export function lockUnsettled(db: Db, corporateId: string) {
  return db
    .select({ id: vends.id, commissionKobo: vends.commissionKobo })
    .from(vends)
    .where(unsettled(corporateId))
    .orderBy(asc(vends.id))
    .for('update');
}

export async function insertSettlement(db: Db, values: typeof commissionSettlements.$inferInsert) {
  const [row] = await db.insert(commissionSettlements).values(values).returning();
  return row;
}

export async function markVendsSettled(db: Db, corporateId: string, vendIds: string[], settlementId: string) {
  await db
    .update(vends)
    .set({ commissionSettlementId: settlementId })
    .where(
      and(
        unsettled(corporateId),
        sql`${vends.id} in (${sql.join(
          vendIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      ),
    );
}

/** Every client with accrued, unsettled commission. */
export function clientsWithUnsettled(db: Db) {
  return db
    .selectDistinct({ corporateId: vends.corporateId })
    .from(vends)
    .where(
      and(
        eq(vends.mode, 'LIVE'),
        eq(vends.commissionMode, 'ACCRUED'),
        eq(vends.status, 'SUCCESSFUL'),
        isNull(vends.commissionSettlementId),
      ),
    );
}

export async function setUpfront(db: Db, corporateId: string, upfront: boolean) {
  const [row] = await db
    .update(corporates)
    .set({ upfrontCommission: upfront, updatedAt: new Date() })
    .where(eq(corporates.id, corporateId))
    .returning({ id: corporates.id, name: corporates.name, upfrontCommission: corporates.upfrontCommission });
  return row ?? null;
}

export interface CommissionFilter {
  corporateId?: string;
  network?: string;
  serviceType?: string;
  clientType?: string;
  from?: Date;
  to?: Date;
}

/** Lagos calendar day (UTC+1, no daylight saving) of a timestamp, as YYYY-MM-DD. */
export const lagosDay = sql<string>`to_char(${vends.createdAt} at time zone 'Africa/Lagos', 'YYYY-MM-DD')`;

/** The report's totals and its breakdowns by day, by service and (admins, all clients) by client. */
export async function reportAggregates(db: Db, f: CommissionFilter, admin: boolean) {
  const where: SQL = and(
    eq(vends.mode, 'LIVE'),
    eq(vends.status, 'SUCCESSFUL'),
    f.corporateId ? eq(vends.corporateId, f.corporateId) : undefined,
    f.network ? eq(vends.network, f.network) : undefined,
    f.serviceType ? eq(vends.serviceType, f.serviceType) : undefined,
    f.clientType ? eq(vends.clientType, f.clientType) : undefined,
    f.from ? gte(vends.createdAt, f.from) : undefined,
    f.to ? lt(vends.createdAt, f.to) : undefined,
  )!;
  const agg = {
    vends: sql<number>`count(*)::int`,
    amount: sql<string>`coalesce(sum(${vends.amountKobo}), 0)`,
    commission: sql<string>`coalesce(sum(${vends.commissionKobo}), 0)`,
  };
  const [totals] = await db
    .select({
      ...agg,
      upfront: sql<string>`coalesce(sum(${vends.commissionKobo}) filter (where ${vends.commissionMode} = 'UPFRONT'), 0)`,
      accrued: sql<string>`coalesce(sum(${vends.commissionKobo}) filter (where ${vends.commissionMode} = 'ACCRUED'), 0)`,
      settled: sql<string>`coalesce(sum(${vends.commissionKobo}) filter (where ${vends.commissionSettlementId} is not null), 0)`,
    })
    .from(vends)
    .where(where);
  const byDay = await db
    .select({ date: lagosDay, ...agg })
    .from(vends)
    .where(where)
    .groupBy(lagosDay)
    .orderBy(lagosDay);
  const byService = await db
    .select({
      serviceId: services.id,
      network: services.network,
      service: services.serviceType,
      platform: services.platform,
      ...agg,
    })
    .from(vends)
    .innerJoin(services, eq(services.id, vends.serviceId))
    .where(where)
    .groupBy(services.id)
    .orderBy(services.network, services.serviceType, services.platform);
  const byClient =
    admin && !f.corporateId
      ? await db
          .select({ corporateId: corporates.id, corporateName: corporates.name, ...agg })
          .from(vends)
          .innerJoin(corporates, eq(corporates.id, vends.corporateId))
          .where(where)
          .groupBy(corporates.id)
          .orderBy(sql`sum(${vends.commissionKobo}) desc`)
      : null;

  return { totals, byDay, byService, byClient };
}

export async function unsettledTotal(db: Db, corporateId: string): Promise<number> {
  const [u] = await db
    .select({ total: sql<string>`coalesce(sum(${vends.commissionKobo}), 0)` })
    .from(vends)
    .where(unsettled(corporateId));
  return Number(u.total);
}

export async function upfrontOf(db: Db, corporateId: string): Promise<boolean | null> {
  const [c] = await db
    .select({ upfront: corporates.upfrontCommission })
    .from(corporates)
    .where(eq(corporates.id, corporateId));
  return c?.upfront ?? null;
}

export async function listSettlements(db: Db, corporateId: string) {
  return db
    .select()
    .from(commissionSettlements)
    .where(eq(commissionSettlements.corporateId, corporateId))
    .orderBy(sql`${commissionSettlements.createdAt} desc`)
    .limit(100);
}

/** Accrued commission paid out to client wallets by settlements made in [from, to). */
export async function settledBetween(db: Db, from: Date, to: Date): Promise<number> {
  const [r] = await db
    .select({ total: sql<string | null>`sum(${commissionSettlements.amountKobo})` })
    .from(commissionSettlements)
    .where(and(gte(commissionSettlements.createdAt, from), lt(commissionSettlements.createdAt, to)));
  return Number(r?.total ?? 0);
}
