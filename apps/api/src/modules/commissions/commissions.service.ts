// Commission: what clients earn on successful live vends (amount x the service's rate). Upfront
// clients were debited amount - commission at vend time; the others accrue it on their
// commission account, settled to the wallet by an admin or by the daily settlement job. A
// settlement takes exactly the accrued commission of successful vends not yet settled (locking
// those vend rows), so a vend reversed at the same moment is either settled or refunded, never both.
import { randomUUID } from 'node:crypto';
import { formatNaira, type Network, type ServiceType } from '@vendport/shared';
import { and, asc, eq, gte, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { commissionSettlements, corporates, services, vends } from '../../db/schema';
import type { JobHandler } from '../../jobs/queue';
import { notFound } from '../../lib/errors';
import {
  type AccountIds,
  accountIdsOf,
  corporateBalances,
  type DbLike,
  transfer,
} from '../ledger/ledger.service';

export const COMMISSION_QUEUE = 'commission-settlement';

const unsettled = (corporateId: string) =>
  and(
    eq(vends.corporateId, corporateId),
    eq(vends.mode, 'LIVE'),
    eq(vends.commissionMode, 'ACCRUED'),
    eq(vends.status, 'SUCCESSFUL'),
    isNull(vends.commissionSettlementId),
  );

/** Settles a client's accrued commission to its wallet; null when there is nothing to settle. */
export async function settleCommission(
  ctx: AppContext,
  corporateId: string,
  trigger: 'ADMIN' | 'SCHEDULE',
  actorId: string | null,
) {
  const [corp] = await ctx.db
    .select({ id: corporates.id })
    .from(corporates)
    .where(eq(corporates.id, corporateId));
  if (!corp) throw notFound('Corporate client');
  return ctx.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: vends.id, commissionKobo: vends.commissionKobo })
      .from(vends)
      .where(unsettled(corporateId))
      .orderBy(asc(vends.id))
      .for('update');
    const amountKobo = due.reduce((s, v) => s + v.commissionKobo, 0);
    if (amountKobo <= 0) return null;
    const id = randomUUID();
    const transferId = await settleCommissionMoney(tx, accountIdsOf(ctx.db), {
      settlementId: id,
      corporateId,
      amountKobo,
      actorId,
    });
    const [row] = await tx
      .insert(commissionSettlements)
      .values({ id, corporateId, amountKobo, vends: due.length, trigger, transferId, actorId })
      .returning();
    await tx
      .update(vends)
      .set({ commissionSettlementId: id })
      .where(
        and(
          unsettled(corporateId),
          sql`${vends.id} in (${sql.join(
            due.map((d) => sql`${d.id}::uuid`),
            sql`, `,
          )})`,
        ),
      );
    return row;
  });
}

export const settlementOut = (s: typeof commissionSettlements.$inferSelect) => ({
  id: s.id,
  corporateId: s.corporateId,
  amountKobo: s.amountKobo,
  amount: formatNaira(s.amountKobo),
  vends: s.vends,
  trigger: s.trigger as 'ADMIN' | 'SCHEDULE',
  createdAt: s.createdAt.toISOString(),
});

/** The next run of the daily settlement: COMMISSION_SETTLEMENT_HOUR o'clock in Lagos (UTC+1). */
export function nextSettlementAt(now: Date, hourLagos: number): Date {
  const lagos = new Date(now.getTime() + 3600_000);
  const at = Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth(), lagos.getUTCDate(), hourLagos) - 3600_000;
  return new Date(at > now.getTime() ? at : at + 24 * 3600_000);
}

/** The daily job: every client with accrued, unsettled commission is settled. */
export const settleCommissionsJob: JobHandler = async (ctx, _job, now) => {
  const clients = await ctx.db
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
  for (const c of clients) {
    try {
      await settleCommission(ctx, c.corporateId, 'SCHEDULE', null);
    } catch (err) {
      ctx.log.error({ err, corporateId: c.corporateId }, 'commission settlement failed');
    }
  }
  return { retryAt: nextSettlementAt(now, ctx.config.COMMISSION_SETTLEMENT_HOUR) };
};

export async function setUpfrontCommission(db: Db, corporateId: string, upfront: boolean) {
  const [row] = await db
    .update(corporates)
    .set({ upfrontCommission: upfront, updatedAt: new Date() })
    .where(eq(corporates.id, corporateId))
    .returning({ id: corporates.id, name: corporates.name, upfrontCommission: corporates.upfrontCommission });
  if (!row) throw notFound('Corporate client');
  return row;
}

// ---------------------------------------------------------------- the report

export interface CommissionFilter {
  corporateId?: string;
  network?: string;
  serviceType?: string;
  clientType?: string;
  from?: Date;
  to?: Date;
}

/** Lagos calendar day (UTC+1, no daylight saving) of a timestamp, as YYYY-MM-DD. */
const lagosDay = sql<string>`to_char(${vends.createdAt} at time zone 'UTC' + interval '1 hour', 'YYYY-MM-DD')`;

const line = (r: { vends: number; amount: unknown; commission: unknown }) => {
  const amountKobo = Number(r.amount ?? 0);
  const commissionKobo = Number(r.commission ?? 0);
  return {
    vends: Number(r.vends),
    amountKobo,
    amount: formatNaira(amountKobo),
    commissionKobo,
    commission: formatNaira(commissionKobo),
  };
};

export async function commissionReport(ctx: AppContext, f: CommissionFilter, admin: boolean) {
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
  const [totals] = await ctx.db
    .select({
      ...agg,
      upfront: sql<string>`coalesce(sum(${vends.commissionKobo}) filter (where ${vends.commissionMode} = 'UPFRONT'), 0)`,
      accrued: sql<string>`coalesce(sum(${vends.commissionKobo}) filter (where ${vends.commissionMode} = 'ACCRUED'), 0)`,
      settled: sql<string>`coalesce(sum(${vends.commissionKobo}) filter (where ${vends.commissionSettlementId} is not null), 0)`,
    })
    .from(vends)
    .where(where);
  const byDay = await ctx.db
    .select({ date: lagosDay, ...agg })
    .from(vends)
    .where(where)
    .groupBy(lagosDay)
    .orderBy(lagosDay);
  const byService = await ctx.db
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
      ? await ctx.db
          .select({ corporateId: corporates.id, corporateName: corporates.name, ...agg })
          .from(vends)
          .innerJoin(corporates, eq(corporates.id, vends.corporateId))
          .where(where)
          .groupBy(corporates.id)
          .orderBy(sql`sum(${vends.commissionKobo}) desc`)
      : null;

  let commissionBalanceKobo: number | null = null;
  let unsettledKobo: number | null = null;
  let upfrontCommission: boolean | null = null;
  if (f.corporateId) {
    commissionBalanceKobo = (await corporateBalances(ctx.db, f.corporateId)).commissionKobo;
    const [u] = await ctx.db
      .select({ total: sql<string>`coalesce(sum(${vends.commissionKobo}), 0)` })
      .from(vends)
      .where(unsettled(f.corporateId));
    unsettledKobo = Number(u.total);
    const [c] = await ctx.db
      .select({ upfront: corporates.upfrontCommission })
      .from(corporates)
      .where(eq(corporates.id, f.corporateId));
    upfrontCommission = c?.upfront ?? null;
  }
  return {
    totals: {
      ...line(totals),
      upfrontKobo: Number(totals.upfront),
      accruedKobo: Number(totals.accrued),
      settledKobo: Number(totals.settled),
    },
    commissionBalanceKobo,
    unsettledKobo,
    upfrontCommission,
    byDay: byDay.map((d) => ({ date: d.date, ...line(d) })),
    byService: byService.map((s) => ({
      serviceId: s.serviceId,
      network: s.network as Network,
      service: s.service as ServiceType,
      platform: s.platform as 'AGGREGATOR' | 'VTU',
      ...line(s),
    })),
    byClient: byClient
      ? byClient.map((c) => ({ corporateId: c.corporateId, corporateName: c.corporateName, ...line(c) }))
      : null,
  };
}

export async function listSettlements(db: Db, corporateId: string) {
  return db
    .select()
    .from(commissionSettlements)
    .where(eq(commissionSettlements.corporateId, corporateId))
    .orderBy(sql`${commissionSettlements.createdAt} desc`)
    .limit(100);
}

/** Accrued commission to the wallet. */
export async function settleCommissionMoney(
  tx: DbLike,
  ids: AccountIds,
  s: { settlementId: string; corporateId: string; amountKobo: number; actorId: string | null },
): Promise<string> {
  const accounts = await ids.corporate(s.corporateId, tx);
  const r = await transfer(tx, {
    kind: 'COMMISSION',
    reference: `commission-settlement:${s.settlementId}`,
    description: 'Commission settled to wallet',
    corporateId: s.corporateId,
    source: { type: 'commission_settlement', id: s.settlementId },
    actorId: s.actorId,
    entries: [
      { accountId: accounts.commission, amountKobo: -s.amountKobo },
      { accountId: accounts.wallet, amountKobo: s.amountKobo },
    ],
  });
  return r.transfer.id;
}
