// Shared pieces of the two home screens: greeting, shortcuts, the daily-by-network chart's rows.
import { BILL_KINDS, NETWORKS } from '@vendport/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type ChartRow, type ChartSeries, NETWORK_COLOURS } from '@/components/chart';
import { ChartCard } from '@/components/chart-card';
import { ChevronRightIcon } from '@/components/ui/icons';
import { networkLabel, vendKindLabel } from '@/lib/catalogue-labels';
import { formatShortDate } from '@/lib/format';

export function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good afternoon';
  return 'Good evening';
}

/**
 * The daily chart's series, each in the legend: airtime and data per network, then bills per kind
 * (Electricity, TV: the keys the daily points carry beside the networks, issue 51).
 */
export const NETWORK_SERIES: ChartSeries[] = [
  ...NETWORKS.map((n) => ({ key: n, label: networkLabel(n), colour: NETWORK_COLOURS[n] ?? '#64748b' })),
  ...BILL_KINDS.map((k) => ({ key: k, label: vendKindLabel(k), colour: NETWORK_COLOURS[k] ?? '#64748b' })),
];

/** One chart row per Lagos day (MMM D), the successful value per series (network or bill kind). */
export const dailyRows = (
  daily: Array<{ day: string; byNetwork: Partial<Record<string, number>> }>,
): ChartRow[] =>
  daily.map((p) => ({
    label: formatShortDate(p.day),
    values: Object.fromEntries(NETWORK_SERIES.map((s) => [s.key, p.byNetwork[s.key] ?? 0])),
  }));

export function QuickLink({
  to,
  title,
  description,
  icon,
}: {
  to: string;
  title: string;
  description: string;
  icon: ReactNode;
}) {
  return (
    <Link
      to={to}
      className="group flex items-center gap-4 rounded-2xl border border-slate-200 bg-white px-5 py-4 shadow-sm transition hover:border-brand-300 hover:shadow"
    >
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-slate-100 text-slate-600 group-hover:bg-brand-50 group-hover:text-brand-700">
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-medium text-slate-900">{title}</span>
        <span className="block text-sm text-slate-500">{description}</span>
      </span>
      <ChevronRightIcon className="h-4 w-4 text-slate-400 group-hover:text-brand-700" />
    </Link>
  );
}

/** Successful value per Lagos day, stacked by network and bill kind (both homes). */
export function DailySalesCard({
  daily,
  loading,
}: {
  daily: Array<{ day: string; byNetwork: Partial<Record<string, number>> }>;
  loading: boolean;
}) {
  return (
    <ChartCard
      heading="Sales per day"
      description="Value of successful vends by network, and of bills by kind, Lagos days."
      loading={loading}
      title="Sales per day by network"
      rows={dailyRows(daily)}
      series={NETWORK_SERIES}
      format="naira"
      stacked
      testId="daily-chart"
      emptyText="No successful vends in this period."
    />
  );
}
