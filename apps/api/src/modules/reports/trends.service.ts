// Admin analytics trends (issue 12): platform sales and funding over a range, per day, week (from
// Monday) or month, by network, service, platform and client type, the success rate over time,
// and the same figures for the period of the same length just before. Live vends only, Lagos days;
// the sums come from the day roll-ups where they can be trusted (reports.repo vendBucketSets).
import {
  addCalendarDays,
  CLIENT_TYPES,
  NETWORKS,
  type TrendGranularity,
  type TrendsView,
  VEND_CHANNELS,
  VEND_KINDS,
  weekdayOf,
} from '@vendport/shared';
import type { Db } from '../../infra/db/client';
import { lagosDayStart } from '../../infra/lagos-time';
import { fundingByDay } from '../ledger';
import { checkedRange, type DayRange, daysOf, sumMap, totalsOf, vendTotals } from './dashboards.service';
import { type Bucket, type Dim, vendBucketSets } from './reports.repo';

/** The first Lagos day of the day, week (Monday) or month holding `day`. */
export function periodOf(day: string, g: TrendGranularity): string {
  if (g === 'day') return day;
  if (g === 'month') return `${day.slice(0, 8)}01`;
  return addCalendarDays(day, -weekdayOf(day));
}

/** The period of the same length that ends the day before `r` starts. */
export function previousRange(r: DayRange): DayRange {
  const n = daysOf(r).length;
  return { startDate: addCalendarDays(r.startDate, -n), endDate: addCalendarDays(r.startDate, -1) };
}

const rate = (ok: number, failed: number) =>
  ok + failed === 0 ? null : Math.round((ok * 10_000) / (ok + failed));

/** What the period's figures group its vends by: the series by day, each breakdown with status. */
const SETS: Dim[][] = [
  ['day', 'status'],
  ['network', 'status'],
  ['serviceType', 'status'],
  ['channel', 'status'],
  ['clientType', 'status'],
];

async function figures(db: Db, r: DayRange) {
  const bounds = { fromDay: r.startDate, toDay: addCalendarDays(r.endDate, 1) };
  const [[byDay = [], byNetwork = [], byService = [], byChannel = [], byClientType = []], funding] =
    await Promise.all([
      vendBucketSets(db, { ...bounds, sets: SETS }),
      fundingByDay(db, lagosDayStart(r.startDate), lagosDayStart(bounds.toDay)),
    ]);
  const t = totalsOf(byNetwork);
  return {
    byDay,
    byNetwork,
    byService,
    byChannel,
    byClientType,
    funding,
    totals: { ...vendTotals(t, sumMap(funding)), successRateBps: rate(t.successCount, t.failedCount) },
  };
}

function shares(
  key: 'network' | 'serviceType' | 'channel' | 'clientType',
  keys: readonly string[],
  now: Bucket[],
  before: Bucket[],
) {
  const sum = (bs: Bucket[], k: string) => {
    const ok = bs.filter((b) => b.status === 'SUCCESSFUL' && b[key] === k);
    return {
      valueKobo: ok.reduce((n, b) => n + b.amountKobo, 0),
      count: ok.reduce((n, b) => n + b.count, 0),
    };
  };
  return keys.map((k) => {
    const a = sum(now, k);
    const b = sum(before, k);
    return { key: k, ...a, previousValueKobo: b.valueKobo, previousCount: b.count };
  });
}

export async function trends(
  db: Db,
  q: { startDate?: string; endDate?: string; granularity: TrendGranularity },
  now = new Date(),
): Promise<TrendsView> {
  const r = checkedRange(q, now);
  const prev = previousRange(r);
  const [cur, before] = await Promise.all([figures(db, r), figures(db, prev)]);
  const series = new Map<
    string,
    { salesKobo: number; count: number; failedCount: number; fundingKobo: number }
  >();
  for (const d of daysOf(r)) {
    const p = periodOf(d, q.granularity);
    const s = series.get(p) ?? { salesKobo: 0, count: 0, failedCount: 0, fundingKobo: 0 };
    s.fundingKobo += cur.funding.get(d) ?? 0;
    series.set(p, s);
  }
  for (const b of cur.byDay) {
    const s = series.get(periodOf(b.day ?? '', q.granularity));
    if (!s) continue;
    if (b.status === 'SUCCESSFUL') {
      s.salesKobo += b.amountKobo;
      s.count += b.count;
    } else if (b.status === 'FAILED') s.failedCount += b.count;
  }
  return {
    ...r,
    granularity: q.granularity,
    previous: prev,
    totals: cur.totals,
    previousTotals: before.totals,
    series: [...series.entries()].map(([period, s]) => ({
      period,
      ...s,
      successRateBps: rate(s.count, s.failedCount),
    })),
    byNetwork: shares('network', NETWORKS, cur.byNetwork, before.byNetwork),
    // Every kind: airtime, data and the bills (issue 51).
    byService: shares('serviceType', VEND_KINDS, cur.byService, before.byService),
    byChannel: shares('channel', VEND_CHANNELS, cur.byChannel, before.byChannel),
    byClientType: shares('clientType', CLIENT_TYPES, cur.byClientType, before.byClientType),
  };
}
