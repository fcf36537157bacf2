// The commission columns of vends, as the commissions module reads and writes them (vends
// belong to this module: scripts/table-owners.mjs): the vends whose accrued commission is not
// settled yet, their settlement, and the commission report's aggregates over successful live vends.
import { and, asc, eq, gte, isNull, lt, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../../infra/db/client';
import { vends } from '../../../infra/db/schema';
import { lagosDayOf } from '../../../infra/lagos-time';
import { serviceFieldOf } from '../../catalogue';
import { corporateNameOf } from '../../corporates';

const unsettled = (corporateId: string) =>
  and(
    eq(vends.corporateId, corporateId),
    eq(vends.mode, 'LIVE'),
    eq(vends.commissionMode, 'ACCRUED'),
    eq(vends.status, 'SUCCESSFUL'),
    isNull(vends.commissionSettlementId),
  );

/** SQL for the commission of the vends settlement `settlement` (an SQL expression of its id) settled. */
export const settledCommissionOf = (settlement: SQLWrapper) =>
  sql<number>`coalesce((select sum(commission_kobo) from vends v where v.commission_settlement_id = ${settlement}), 0)`;

/** A client's unsettled accrued commission, its vend rows locked until the transaction ends. */
export function lockUnsettledCommission(db: Db, corporateId: string) {
  return db
    .select({ id: vends.id, commissionKobo: vends.commissionKobo })
    .from(vends)
    .where(unsettled(corporateId))
    .orderBy(asc(vends.id))
    .for('update');
}

export async function markCommissionSettled(
  db: Db,
  corporateId: string,
  vendIds: string[],
  settlementId: string,
) {
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
export function clientsWithUnsettledCommission(db: Db) {
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

export interface CommissionFilter {
  corporateId?: string;
  network?: string;
  serviceType?: string;
  clientType?: string;
  from?: Date;
  to?: Date;
}

/** Lagos calendar day of the vend, as YYYY-MM-DD. */
const lagosDay = sql<string>`${lagosDayOf(vends.createdAt)}::text`;

/** The report's totals and its breakdowns by day, by service and (admins, all clients) by client. */
export async function commissionAggregates(db: Db, f: CommissionFilter, admin: boolean) {
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
  // The service's columns come from the catalogue, in this statement (one row per service).
  const network = serviceFieldOf('network', vends.serviceId);
  const serviceType = serviceFieldOf('serviceType', vends.serviceId);
  const platform = serviceFieldOf('platform', vends.serviceId);
  const byService = await db
    .select({
      serviceId: vends.serviceId,
      network: network,
      service: serviceType,
      platform: platform,
      ...agg,
    })
    .from(vends)
    .where(where)
    .groupBy(vends.serviceId)
    .orderBy(network, serviceType, platform);
  const byClient =
    admin && !f.corporateId
      ? await db
          .select({
            corporateId: vends.corporateId,
            corporateName: corporateNameOf(vends.corporateId),
            ...agg,
          })
          .from(vends)
          .where(where)
          .groupBy(vends.corporateId)
          .orderBy(sql`sum(${vends.commissionKobo}) desc`)
      : null;

  return { totals, byDay, byService, byClient };
}

export async function unsettledCommissionTotal(db: Db, corporateId: string): Promise<number> {
  const [u] = await db
    .select({ total: sql<string>`coalesce(sum(${vends.commissionKobo}), 0)` })
    .from(vends)
    .where(unsettled(corporateId));
  return Number(u.total);
}
