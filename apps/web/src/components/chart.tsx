// One chart for the report screens (homes, analytics, sales valuation), on Recharts: bars (stacked
// or side by side) or lines over labelled rows, a legend, a tooltip, axis labels in naira (en-NG)
// or counts, an empty state when every figure is zero, and the same figures as a visually hidden
// table under the chart for screen readers (the chart itself is hidden from them).
import type { ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatNaira } from '@/lib/format';
import { ChartIcon } from './ui/icons';

export type ChartSeries = { key: string; label: string; colour: string };
export type ChartRow = { label: string; values: Record<string, number> };
export type ChartFormat = 'naira' | 'count' | 'percent';

/** Network colours, the same on every chart. */
export const NETWORK_COLOURS: Record<string, string> = {
  MTN: '#eab308',
  AIRTEL: '#dc2626',
  GLO: '#16a34a',
  '9MOBILE': '#0f766e',
  // Bills (issue 51), by kind beside the networks on the daily charts.
  ELECTRICITY: '#2563eb',
  TV: '#9333ea',
};
export const PALETTE = ['#1d4ed8', '#0d9488', '#f59e0b', '#9333ea', '#db2777', '#64748b'];

const compactNaira = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const count = new Intl.NumberFormat('en-NG');

/** A figure as the tooltip and the table show it (naira from kobo; percent from basis points). */
export function formatFigure(v: number, format: ChartFormat): string {
  if (format === 'naira') return formatNaira(v);
  if (format === 'percent') return `${(v / 100).toFixed(1)}%`;
  return count.format(v);
}

/** Up to this many rows, every one is labelled on the axis. */
const FEW_CATEGORIES = 8;

/** An axis label: compact naira (₦1.2K, ₦3M) in en-NG, counts with separators, percents. */
export function formatTick(v: number, format: ChartFormat): string {
  if (format === 'naira') return compactNaira.format(v / 100);
  if (format === 'percent') return `${Math.round(v / 100)}%`;
  return count.format(v);
}

export function Chart({
  title,
  rows,
  series,
  format,
  kind = 'bar',
  stacked = false,
  height = 260,
  emptyText = 'Nothing in this period.',
  rowHeader = 'Day',
  testId,
}: {
  /** Names the chart and captions its table. */
  title: string;
  rows: ChartRow[];
  series: ChartSeries[];
  format: ChartFormat;
  kind?: 'bar' | 'line';
  stacked?: boolean;
  height?: number;
  emptyText?: ReactNode;
  /** Heading of the table's first column. */
  rowHeader?: string;
  testId?: string;
}) {
  const empty = rows.every((r) => series.every((s) => !r.values[s.key]));
  const data = rows.map((r) => ({ label: r.label, ...r.values }));
  const axis = { fontSize: 12, fill: '#64748b' };
  const common = {
    data,
    margin: { top: 8, right: 8, left: 8, bottom: 0 },
  };
  const children = [
    <CartesianGrid key="grid" strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />,
    <XAxis
      key="x"
      dataKey="label"
      tick={axis}
      tickLine={false}
      axisLine={{ stroke: '#cbd5e1' }}
      // A few categories (platforms, services) each keep their label, even on a phone where the
      // axis would otherwise drop one to make room (issue 53 point 10); a long run of days thins.
      interval={rows.length <= FEW_CATEGORIES ? 0 : 'preserveStartEnd'}
      minTickGap={rows.length <= FEW_CATEGORIES ? 0 : 12}
    />,
    <YAxis
      key="y"
      tick={axis}
      tickLine={false}
      axisLine={false}
      width={format === 'naira' ? 64 : 48}
      tickFormatter={(v: number) => formatTick(v, format)}
      allowDecimals={false}
    />,
    <Tooltip
      key="tip"
      formatter={(v) => formatFigure(Number(v), format)}
      contentStyle={{ borderRadius: 12, borderColor: '#e2e8f0', fontSize: 13 }}
    />,
    <Legend key="legend" iconType="circle" wrapperStyle={{ fontSize: 12 }} />,
  ];
  return (
    <figure className="relative m-0" data-testid={testId}>
      {empty ? (
        <div
          className="flex flex-col items-center justify-center gap-2 text-center text-sm text-slate-500"
          style={{ height }}
          data-testid="chart-empty"
        >
          <ChartIcon className="h-6 w-6 text-slate-300" />
          <p>{emptyText}</p>
        </div>
      ) : (
        <div aria-hidden="true" style={{ height }} data-testid="chart-canvas">
          <ResponsiveContainer width="100%" height="100%">
            {kind === 'line' ? (
              <LineChart {...common}>
                {children}
                {series.map((s) => (
                  <Line
                    key={s.key}
                    type="monotone"
                    dataKey={s.key}
                    name={s.label}
                    stroke={s.colour}
                    strokeWidth={2}
                    dot={rows.length <= 31}
                    connectNulls
                    isAnimationActive={false}
                  />
                ))}
              </LineChart>
            ) : (
              <BarChart {...common}>
                {children}
                {series.map((s) => (
                  <Bar
                    key={s.key}
                    dataKey={s.key}
                    name={s.label}
                    fill={s.colour}
                    stackId={stacked ? 'all' : undefined}
                    maxBarSize={48}
                    isAnimationActive={false}
                  />
                ))}
              </BarChart>
            )}
          </ResponsiveContainer>
        </div>
      )}
      {/* A table is as wide as its figures whatever its own width says: the visually hidden box is
          a div around it, which clips (issue 36: the table stuck out of a phone's page). */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{rowHeader}</th>
              {series.map((s) => (
                <th key={s.key} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.label}>
                <th scope="row">{r.label}</th>
                {series.map((s) => (
                  <td key={s.key}>
                    {r.values[s.key] === undefined ? '—' : formatFigure(r.values[s.key] ?? 0, format)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
