// The two home screens (spec §7 Dashboards): a client's figures for today, this week, this month
// or a custom range, and the platform's for a range. Figures are live vends only, over Lagos days;
// "value" is the face value of successful vends, funding is wallet credits by funding transfers.
import {
  type AdminDashboardView,
  addCalendarDays,
  BILL_KINDS,
  type BillKind,
  type CorporateDashboardView,
  type DashboardFilter,
  lagosDateOf,
  MAX_REPORT_DAYS,
  NETWORKS,
  VEND_CHANNELS,
  VEND_KINDS,
  weekdayOf,
} from '@vendport/shared';
import type { Db } from '../../infra/db/client';
import { badRequest } from '../../infra/errors';
import { lagosDayStart } from '../../infra/lagos-time';
import { corporateNames } from '../clients';
import { commissionSettledBetween } from '../commissions';
import { fundRequestsPage } from '../funding';
import { corporateBalances, fundingByDay, sumOfWalletBalances } from '../ledger';
import { recentVends } from '../vending';
import { verificationRequests } from '../verification';
import { listLines } from '../vtu';
import { type Bucket, vendBucketSets } from './reports.repo';

export interface DayRange {
  /** First Lagos day, inclusive. */
  startDate: string;
  /** Last Lagos day, inclusive. */
  endDate: string;
}

/** The Lagos days a dashboard filter covers on `now`'s day (weeks start on Monday). */
export function filterRange(filter: DashboardFilter, now: Date, custom: Partial<DayRange>): DayRange {
  const today = lagosDateOf(now);
  if (filter === 'today') return { startDate: today, endDate: today };
  if (filter === 'week') {
    return { startDate: addCalendarDays(today, -weekdayOf(today)), endDate: today };
  }
  if (filter === 'month') return { startDate: `${today.slice(0, 8)}01`, endDate: today };
  return checkedRange({ startDate: custom.startDate ?? today, endDate: custom.endDate ?? today });
}

/** A range from the query, by default the last 30 days; refused beyond MAX_REPORT_DAYS. */
export function checkedRange(r: Partial<DayRange>, now = new Date()): DayRange {
  const endDate = r.endDate ?? lagosDateOf(now);
  const startDate = r.startDate ?? addCalendarDays(endDate, -29);
  if (startDate > endDate) throw badRequest('The start date must not be after the end date');
  const days =
    Math.round((lagosDayStart(endDate).getTime() - lagosDayStart(startDate).getTime()) / 86_400_000) + 1;
  if (days > MAX_REPORT_DAYS) throw badRequest(`Choose a range of at most ${MAX_REPORT_DAYS} days`);
  return { startDate, endDate };
}

export function daysOf(r: DayRange): string[] {
  const out: string[] = [];
  for (let d = r.startDate; d <= r.endDate; d = addCalendarDays(d, 1)) out.push(d);
  return out;
}

export function totalsOf(buckets: Bucket[]) {
  const by = (status: string) => buckets.filter((b) => b.status === status);
  const sum = (bs: Bucket[], k: 'count' | 'amountKobo' | 'commissionKobo') =>
    bs.reduce((n, b) => n + b[k], 0);
  const ok = by('SUCCESSFUL');
  return {
    successValueKobo: sum(ok, 'amountKobo'),
    successCount: sum(ok, 'count'),
    failedCount: sum(by('FAILED'), 'count'),
    pendingCount: sum(by('PENDING'), 'count'),
    reversedCount: sum(by('REVERSED'), 'count'),
    commissionKobo: sum(ok, 'commissionKobo'),
    pendingValueKobo: sum(by('PENDING'), 'amountKobo'),
    failedValueKobo: sum(by('FAILED'), 'amountKobo'),
    reversedValueKobo: sum(by('REVERSED'), 'amountKobo'),
  };
}

/** The totals every report shows: vends by status, commission and the funding received. */
export const vendTotals = (t: ReturnType<typeof totalsOf>, fundingKobo: number) => ({
  successValueKobo: t.successValueKobo,
  successCount: t.successCount,
  failedCount: t.failedCount,
  pendingCount: t.pendingCount,
  reversedCount: t.reversedCount,
  commissionKobo: t.commissionKobo,
  fundingKobo,
});

export const sumMap = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

/** Successful value per day and network, every day of the range present (zeros included). */
function dailyByNetwork(r: DayRange, buckets: Bucket[]) {
  const points = new Map(
    daysOf(r).map((day) => [
      day,
      {
        day,
        totalKobo: 0,
        byNetwork: Object.fromEntries([...NETWORKS, ...BILL_KINDS].map((n) => [n, 0])) as Record<
          string,
          number
        >,
      },
    ]),
  );
  for (const b of buckets) {
    if (b.status !== 'SUCCESSFUL' || !b.day) continue;
    const p = points.get(b.day);
    if (!p) continue;
    // Airtime and data per network; a bill per kind (its network is its biller).
    const key = BILL_KINDS.includes(b.serviceType as BillKind)
      ? (b.serviceType as string)
      : (b.network ?? '');
    p.byNetwork[key] = (p.byNetwork[key] ?? 0) + b.amountKobo;
    p.totalKobo += b.amountKobo;
  }
  return [...points.values()] as CorporateDashboardView['daily'];
}

function breakdown<K extends 'serviceType' | 'channel'>(key: K, keys: readonly string[], buckets: Bucket[]) {
  return keys.map((k) => {
    const bs = buckets.filter((b) => b.status === 'SUCCESSFUL' && b[key] === k);
    return {
      [key]: k,
      valueKobo: bs.reduce((n, b) => n + b.amountKobo, 0),
      count: bs.reduce((n, b) => n + b.count, 0),
    };
  });
}

export async function corporateDashboard(
  db: Db,
  corporateId: string,
  testMode: boolean,
  q: { filter: DashboardFilter; startDate?: string; endDate?: string },
  now = new Date(),
): Promise<CorporateDashboardView> {
  const r = filterRange(q.filter, now, q);
  const bounds = { fromDay: r.startDate, toDay: addCalendarDays(r.endDate, 1) };
  const [[byStatus = [], daily = [], byService = [], byChannel = []], funding, balances, recent] =
    await Promise.all([
      // Each figure at its own grain (at most 120 rows, not one per day, network, service, channel
      // and status: up to 3,600 for a busy client).
      vendBucketSets(db, {
        ...bounds,
        corporateId,
        sets: [
          ['status'],
          { dims: ['day', 'network', 'serviceType', 'status'], statuses: ['SUCCESSFUL'] },
          { dims: ['serviceType', 'status'], statuses: ['SUCCESSFUL'] },
          { dims: ['channel', 'status'], statuses: ['SUCCESSFUL'] },
        ],
      }),
      fundingByDay(db, lagosDayStart(r.startDate), lagosDayStart(bounds.toDay), corporateId),
      corporateBalances(db, corporateId),
      recentVends(db, corporateId, 10),
    ]);
  const t = totalsOf(byStatus);
  return {
    filter: q.filter,
    ...r,
    wallet: {
      balanceKobo: balances.walletKobo,
      sandboxBalanceKobo: testMode ? balances.sandboxKobo : null,
      testMode,
    },
    totals: vendTotals(t, sumMap(funding)),
    daily: dailyByNetwork(r, daily),
    byService: breakdown('serviceType', VEND_KINDS, byService) as CorporateDashboardView['byService'],
    byChannel: breakdown('channel', VEND_CHANNELS, byChannel) as CorporateDashboardView['byChannel'],
    recent: recent.rows.map(({ v }) => ({
      id: v.id,
      code: v.code,
      msisdn: v.msisdn,
      network: v.network,
      serviceType: v.serviceType,
      amountKobo: v.amountKobo,
      status: v.status,
      channel: v.channel,
      createdAt: v.createdAt.toISOString(),
    })),
  };
}

/**
 * The platform's figures for a range. `lowFloatKobo` is the platform settings' VTU low-float
 * alert (issue 53 point 10): the lines flagged here are the ones whose admins are alerted.
 */
export async function adminDashboard(
  db: Db,
  q: Partial<DayRange>,
  lowFloatKobo: number,
  now = new Date(),
): Promise<AdminDashboardView> {
  const r = checkedRange(q, now);
  const bounds = { fromDay: r.startDate, toDay: addCalendarDays(r.endDate, 1) };
  const [[buckets, perClient], funding, clientBalances, lines, fundRequests, verifications, settled] =
    await Promise.all([
      // One snapshot and one statement for both: the days by network and status, and the clients'
      // successful vends only (about a quarter of the per-client rows).
      vendBucketSets(db, {
        ...bounds,
        sets: [
          ['day', 'network', 'serviceType', 'status'],
          { dims: ['corporateId'], statuses: ['SUCCESSFUL'] },
        ],
      }),
      fundingByDay(db, lagosDayStart(r.startDate), lagosDayStart(bounds.toDay)),
      sumOfWalletBalances(db),
      listLines(db),
      fundRequestsPage(db, { page: 1, limit: 5, status: 'OPEN' }),
      verificationRequests(db, { status: 'PENDING', page: 1, limit: 5 }),
      commissionSettledBetween(db, lagosDayStart(r.startDate), lagosDayStart(bounds.toDay)),
    ]);
  const top = perClient.sort((a, b) => b.amountKobo - a.amountKobo).slice(0, 10);
  const names = await corporateNames(
    db,
    top.map((b) => b.corporateId ?? ''),
  );
  const t = totalsOf(buckets);
  return {
    ...r,
    totals: {
      ...vendTotals(t, sumMap(funding)),
      pendingValueKobo: t.pendingValueKobo,
      failedValueKobo: t.failedValueKobo,
      reversedValueKobo: t.reversedValueKobo,
      clientBalancesKobo: clientBalances,
      // The glossary's words (MONEY_WORDS): paid upfront is taken off the debit at vend time
      // (amount - charge); settled is accrued commission moved to wallets in the range. Earned
      // (commissionKobo) is the commission of the range's successful vends.
      commissionUpfrontKobo: buckets
        .filter((b) => b.status === 'SUCCESSFUL')
        .reduce((n, b) => n + b.amountKobo - b.chargeKobo, 0),
      commissionSettledKobo: settled,
    },
    vtuLines: lines.map(({ line, floatKobo }) => ({
      id: line.id,
      msisdn: line.msisdn,
      network: line.network,
      floatKobo,
      low: floatKobo < lowFloatKobo,
    })),
    lowFloatKobo,
    topClients: top.map((b) => ({
      corporateId: b.corporateId ?? '',
      name: names.get(b.corporateId ?? '') ?? '',
      valueKobo: b.amountKobo,
      count: b.count,
    })),
    pendingFundRequests: {
      total: fundRequests.total,
      items: fundRequests.rows.map((f) => ({
        id: f.id,
        code: f.code,
        corporateName: f.corporateName,
        amountKobo: f.amountKobo,
        createdAt: f.createdAt,
      })),
    },
    pendingVerifications: {
      total: verifications.total,
      items: verifications.rows.map((c) => ({
        id: c.id,
        name: c.name,
        verificationRequestedAt: c.verificationRequestedAt,
      })),
    },
    daily: dailyByNetwork(r, buckets),
  };
}
