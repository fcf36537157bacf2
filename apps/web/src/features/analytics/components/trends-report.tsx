// Analytics trends: platform sales and funding per day, week or month over the chosen range (the
// last 30 days by default), the success rate over time, sales by network, service, platform and
// client type, each against the period of the same length just before. Live vends, Lagos days.

import type { TrendsView } from '@vendport/shared';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { type ChartRow, PALETTE } from '@/components/chart';
import { ChartCard } from '@/components/chart-card';
import { MoneyLabel } from '@/components/money-label';
import { QueryError } from '@/components/query-error';
import { Card, CardHeader } from '@/components/ui/card';
import { FilterBar, useUrlFilters } from '@/components/ui/filter-bar';
import { Spinner } from '@/components/ui/spinner';
import { Stat } from '@/components/ui/stat';
import { channelLabel, networkLabel, serviceTypeLabel } from '@/lib/catalogue-labels';
import { formatDate, formatDayHeading, formatNaira, formatShortDate } from '@/lib/format';
import { clientTypeLabel } from '@/lib/labels';
import { useTrends } from '../api/get-trends';

const NAMES = ['startDate', 'endDate', 'granularity'] as const;
const GRANULARITY_OPTIONS = [
  { value: 'week', label: 'Per week' },
  { value: 'month', label: 'Per month' },
];
const NOW = PALETTE[0] ?? '#1d4ed8';
const BEFORE = '#94a3b8';

/** "+12.5%" against the previous period ("new" when it had none). */
export function change(now: number, before: number): string {
  if (before === 0) return now === 0 ? 'no change' : 'new';
  const pct = ((now - before) / before) * 100;
  return `${pct > 0 ? '+' : ''}${pct.toFixed(1)}%`;
}

const rate = (bps: number | null) => (bps === null ? '—' : `${(bps / 100).toFixed(1)}%`);

function Compare({
  label,
  now,
  before,
  show,
  testId,
}: {
  label: ReactNode;
  now: number;
  before: number;
  show: (v: number) => string;
  testId?: string;
}) {
  return (
    <Stat
      label={label}
      value={show(now)}
      hint={`${change(now, before)} vs ${show(before)}`}
      testId={testId}
    />
  );
}

function Breakdown({
  title,
  rows,
  label,
}: {
  title: string;
  rows: TrendsView['byNetwork'];
  label: (k: string) => string;
}) {
  return (
    <ChartCard
      heading={title}
      title={`Sales ${title.toLowerCase()}, this period and the previous one`}
      rowHeader={title.replace(/^By /, '')}
      rows={rows.map((r) => ({
        label: label(r.key),
        values: { now: r.valueKobo, before: r.previousValueKobo },
      }))}
      series={[
        { key: 'now', label: 'This period', colour: NOW },
        { key: 'before', label: 'Previous period', colour: BEFORE },
      ]}
      format="naira"
      height={220}
      emptyText="No successful vends in either period."
    />
  );
}

export function TrendsReport() {
  const f = useUrlFilters(NAMES);
  const filters = useMemo(() => ({ ...f }), [f.startDate, f.endDate, f.granularity]);
  const q = useTrends(filters);
  const d = q.data;
  const periodLabel = (p: string) => (d?.granularity === 'month' ? formatDayHeading(p) : formatShortDate(p));
  const series: ChartRow[] = (d?.series ?? []).map((p) => ({
    label: periodLabel(p.period),
    values: { sales: p.salesKobo, funding: p.fundingKobo },
  }));
  const rates: ChartRow[] = (d?.series ?? []).map((p) => ({
    label: periodLabel(p.period),
    values: (p.successRateBps === null ? {} : { rate: p.successRateBps }) as Record<string, number>,
  }));
  return (
    <div className="space-y-4">
      <Card className="overflow-hidden">
        <CardHeader
          title="Sales and funding trends"
          description={
            d
              ? `${formatDate(d.startDate)} – ${formatDate(d.endDate)}, compared with ${formatDate(d.previous.startDate)} – ${formatDate(d.previous.endDate)}. Live vends only.`
              : 'The last 30 days unless you choose dates. Live vends only.'
          }
          actions={q.isFetching && !q.isPending ? <Spinner className="h-5 w-5 text-brand-700" /> : undefined}
        />
        <FilterBar
          label="Trend filters"
          fields={[
            { kind: 'date', name: 'startDate', label: 'Start date', pair: 'endDate', end: 'start' },
            { kind: 'date', name: 'endDate', label: 'End date', pair: 'startDate', end: 'end' },
            {
              kind: 'select',
              name: 'granularity',
              label: 'Group by',
              options: GRANULARITY_OPTIONS,
              allLabel: 'Per day',
            },
          ]}
        />
        {q.isError ? (
          <div className="p-6">
            <QueryError title="Trends could not be loaded." onRetry={() => q.refetch()} />
          </div>
        ) : (
          <div
            className="grid gap-5 px-6 py-5 sm:grid-cols-2 lg:grid-cols-5"
            data-testid="trend-totals"
            aria-busy={q.isPending || undefined}
          >
            {d ? (
              <>
                <Compare
                  label="Sales"
                  now={d.totals.successValueKobo}
                  before={d.previousTotals.successValueKobo}
                  show={formatNaira}
                  testId="trend-sales"
                />
                <Compare
                  label="Successful vends"
                  now={d.totals.successCount}
                  before={d.previousTotals.successCount}
                  show={(v) => v.toLocaleString('en-NG')}
                />
                <Compare
                  label={<MoneyLabel word="fundingReceived" />}
                  now={d.totals.fundingKobo}
                  before={d.previousTotals.fundingKobo}
                  show={formatNaira}
                />
                <Compare
                  label={<MoneyLabel word="commissionEarned" />}
                  now={d.totals.commissionKobo}
                  before={d.previousTotals.commissionKobo}
                  show={formatNaira}
                />
                <Stat
                  label="Success rate"
                  value={rate(d.totals.successRateBps)}
                  hint={`Previous ${rate(d.previousTotals.successRateBps)}; successful ÷ (successful + failed)`}
                />
              </>
            ) : (
              <Spinner className="h-6 w-6 text-brand-700" />
            )}
          </div>
        )}
      </Card>
      {q.isError || !d ? null : (
        <>
          <div className="grid gap-4 2xl:grid-cols-2">
            <ChartCard
              heading="Sales and funding"
              description={GRANULARITY_OPTIONS.find((o) => o.value === d.granularity)?.label ?? 'Per day'}
              title="Sales and funding per period"
              rowHeader="Period"
              rows={series}
              series={[
                { key: 'sales', label: 'Sales', colour: NOW },
                { key: 'funding', label: 'Funding', colour: PALETTE[1] ?? '#0d9488' },
              ]}
              format="naira"
              testId="trend-chart"
              emptyText="No sales or funding in this period."
            />
            <ChartCard
              heading="Success rate"
              description="Successful ÷ (successful + failed) vends per period."
              title="Success rate per period"
              rowHeader="Period"
              rows={rates}
              series={[{ key: 'rate', label: 'Success rate', colour: PALETTE[2] ?? '#f59e0b' }]}
              format="percent"
              kind="line"
              emptyText="No vend reached a final state in this period."
            />
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <Breakdown title="By network" rows={d.byNetwork} label={networkLabel} />
            <Breakdown title="By service" rows={d.byService} label={serviceTypeLabel} />
            <Breakdown title="By platform" rows={d.byChannel} label={channelLabel} />
            <Breakdown title="By client type" rows={d.byClientType} label={clientTypeLabel} />
          </div>
        </>
      )}
    </div>
  );
}
