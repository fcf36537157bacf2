// Commission: what clients earn on successful live vends (amount x the service's rate). Upfront
// clients were debited amount - commission at vend time; the others accrue it on their
// commission account, settled to the wallet by an admin or by the daily settlement job. A
// settlement takes exactly the accrued commission of successful vends not yet settled (locking
// those vend rows), so a vend reversed at the same moment is either settled or refunded, never both.
import { randomUUID } from 'node:crypto';
import type { Network, ServiceType } from '@vendport/shared';
import type { AppContext } from '../../infra/context';
import type { Db } from '../../infra/db/client';
import { notFound } from '../../infra/errors';
import { nextLagosTime } from '../../infra/lagos-time';
import type { JobHandler } from '../../infra/queue';
import { callerOf, type RequestContext } from '../../infra/request-context';
import * as corporates from '../corporates';
import { type AccountIds, accountIdsOf, corporateBalances, transfer } from '../ledger';
import * as vending from '../vending';
import * as repo from './commissions.repo';

export const COMMISSION_QUEUE = 'commission-settlement';

/**
 * Settles a client's accrued commission to its wallet; null when there is nothing to settle.
 * `rc`: the admin who asked (audited, settled or not); null for the daily settlement.
 */
export async function settleCommission(ctx: AppContext, corporateId: string, rc: RequestContext | null) {
  const trigger = rc ? 'ADMIN' : 'SCHEDULE';
  const actorId = rc ? callerOf(rc).userId : null;
  if (!(await corporates.corporateExists(ctx.db, corporateId))) throw notFound('Corporate client');
  const audited = async (db: Db, row: repo.SettlementRow | null) => {
    if (rc)
      await recordAudit(db, rc, {
        action: 'commission.settle',
        targetType: 'corporate',
        targetId: corporateId,
        corporateId,
        summary: { amountKobo: row?.amountKobo ?? 0, vends: row?.vends ?? 0 },
      });
    return row;
  };
  return ctx.db.transaction(async (tx) => {
    const due = await vending.lockUnsettledCommission(tx, corporateId);
    const amountKobo = due.reduce((s, v) => s + v.commissionKobo, 0);
    if (amountKobo <= 0) return audited(tx, null);
    const id = randomUUID();
    const transferId = await settleCommissionMoney(tx, accountIdsOf(ctx.db), {
      settlementId: id,
      corporateId,
      amountKobo,
      actorId,
    });
    const row = await repo.insertSettlement(tx, {
      id,
      corporateId,
      amountKobo,
      vends: due.length,
      trigger,
      transferId,
      actorId,
    });
    await vending.markCommissionSettled(
      tx,
      corporateId,
      due.map((d) => d.id),
      id,
    );
    return audited(tx, row);
  });
}

export const settlementOut = (s: repo.SettlementRow) => ({
  id: s.id,
  corporateId: s.corporateId,
  amountKobo: s.amountKobo,
  vends: s.vends,
  trigger: s.trigger as 'ADMIN' | 'SCHEDULE',
  createdAt: s.createdAt.toISOString(),
});

/** The next run of the daily settlement: COMMISSION_SETTLEMENT_HOUR o'clock in Lagos (UTC+1). */
export function nextSettlementAt(now: Date, hourLagos: number): Date {
  return nextLagosTime(now, hourLagos);
}

/** The daily job: every client with accrued, unsettled commission is settled. */
export const settleCommissionsJob: JobHandler = async (ctx, _job, now) => {
  const due = await vending.clientsWithUnsettledCommission(ctx.db);
  for (const c of due) {
    try {
      await settleCommission(ctx, c.corporateId, null);
    } catch (err) {
      ctx.log.error({ err, corporateId: c.corporateId }, 'commission settlement failed');
    }
  }
  return { retryAt: nextSettlementAt(now, ctx.config.COMMISSION_SETTLEMENT_HOUR) };
};

export async function setUpfrontCommission(
  db: Db,
  rc: RequestContext,
  corporateId: string,
  upfront: boolean,
) {
  return db.transaction(async (tx) => {
    const row = await corporates.setUpfrontCommission(tx, corporateId, upfront);
    if (!row) throw notFound('Corporate client');
    await recordAudit(tx, rc, {
      action: 'corporate.upfront-commission',
      targetType: 'corporate',
      targetId: row.id,
      corporateId: row.id,
      summary: { upfrontCommission: row.upfrontCommission },
    });
    return row;
  });
}

// ---------------------------------------------------------------- the report

import { recordAudit } from '../../infra/audit';
import type { CommissionFilter } from '../vending';

export type { CommissionFilter } from '../vending';

const line = (r: { vends: number; amount: unknown; commission: unknown }) => {
  const amountKobo = Number(r.amount ?? 0);
  const commissionKobo = Number(r.commission ?? 0);
  return {
    vends: Number(r.vends),
    amountKobo,
    commissionKobo,
  };
};

export async function commissionReport(ctx: AppContext, f: CommissionFilter, admin: boolean) {
  const { totals, byDay, byService, byClient } = await vending.commissionAggregates(ctx.db, f, admin);

  let commissionBalanceKobo: number | null = null;
  let unsettledKobo: number | null = null;
  let upfrontCommission: boolean | null = null;
  if (f.corporateId) {
    commissionBalanceKobo = (await corporateBalances(ctx.db, f.corporateId)).commissionKobo;
    unsettledKobo = await vending.unsettledCommissionTotal(ctx.db, f.corporateId);
    upfrontCommission = (await corporates.corporateSummary(ctx.db, f.corporateId))?.upfrontCommission ?? null;
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
    // The balance holds the accrued, unsettled commission of pending and successful vends (the
    // books check): what is not yet earned is the pending vends' share (issue 36 point 19).
    pendingKobo:
      commissionBalanceKobo !== null && unsettledKobo !== null ? commissionBalanceKobo - unsettledKobo : null,
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

/** Accrued commission to the wallet. */
export async function settleCommissionMoney(
  tx: Db,
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
