// The sales valuation of one client (both areas): a period of Lagos days, then the count call and
// the chunks with a progress bar, and the result per network and service (vends, value, commission,
// net cost) as figures, a chart and a table, exported as CSV.
import { NETWORKS, SERVICE_TYPES } from '@vendport/shared';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Chart, PALETTE } from '@/components/chart';
import { MoneyLabel } from '@/components/money-label';
import { QueryError } from '@/components/query-error';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { DateInput } from '@/components/ui/date-input';
import { DownloadIcon } from '@/components/ui/icons';
import { Stat } from '@/components/ui/stat';
import { Table } from '@/components/ui/table';
import { ApiError } from '@/lib/api-client';
import { networkLabel, serviceTypeLabel } from '@/lib/catalogue-labels';
import { saveBlob } from '@/lib/download';
import { countOf, formatDate, formatNaira, lagosToday } from '@/lib/format';
import { totalOf, valuationCsv } from '../valuation-csv';
import { useValuationRun, type ValuationLine } from '../valuation-run';

/** Vends per chunk request: small enough for a quick answer, large enough for few requests. */
export const VALUATION_CHUNK_SIZE = 5_000;

export function ValuationProgress({
  done,
  chunks,
  count,
}: {
  done: number;
  chunks: number | null;
  count: number | null;
}) {
  // A range with no vends takes no chunk: counted is complete.
  const pct = chunks === null ? 0 : chunks === 0 ? 100 : Math.round((done / chunks) * 100);
  return (
    <div className="space-y-2" data-testid="valuation-progress">
      <div className="flex justify-between text-sm text-slate-600">
        <span>
          {chunks === null
            ? 'Counting the vends in this period…'
            : `Fetched ${done} of ${countOf(chunks, 'chunk')} (${countOf(count ?? 0, 'vend')})`}
        </span>
        <span className="tabular-nums">{pct}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Valuation progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        className="h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full rounded-full bg-brand-700 transition-[width]" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}

function ResultTable({ lines }: { lines: ValuationLine[] }) {
  const t = totalOf(lines);
  const rows = lines.length
    ? [...lines.map((l) => ({ ...l, key: `${l.network}:${l.serviceType}` })), { ...t, key: 'total' }]
    : [];
  return (
    <Table
      caption="Sales valuation per network and service"
      rows={rows}
      rowKey={(r) => r.key}
      emptyText="No successful vends in this period."
      columns={[
        {
          key: 'network',
          header: 'Network',
          cell: (r) => ('network' in r ? networkLabel(r.network) : <strong>Total</strong>),
        },
        {
          key: 'service',
          header: 'Service',
          cell: (r) => ('serviceType' in r ? serviceTypeLabel(r.serviceType) : ''),
        },
        { key: 'count', header: 'Vends', align: 'right', cell: (r) => r.count.toLocaleString('en-NG') },
        { key: 'value', header: 'Value', align: 'right', cell: (r) => formatNaira(r.valueKobo) },
        {
          key: 'commission',
          header: <MoneyLabel word="commissionEarned" />,
          align: 'right',
          cell: (r) => formatNaira(r.commissionKobo),
        },
        { key: 'net', header: 'Net cost', align: 'right', cell: (r) => formatNaira(r.netCostKobo) },
      ]}
    />
  );
}

export function ValuationReport({ clientId }: { clientId: string }) {
  const today = lagosToday();
  const [startDate, setStartDate] = useState(`${today.slice(0, 8)}01`);
  const [endDate, setEndDate] = useState(today);
  const { state, run, cancel } = useValuationRun(clientId);
  const valid = !!startDate && !!endDate && startDate <= endDate;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (valid) void run({ startDate, endDate, chunkSize: VALUATION_CHUNK_SIZE });
  };

  const onExport = () => {
    if (state.phase !== 'done') return;
    const file = valuationCsv(state);
    saveBlob(new Blob([file.text], { type: 'text/csv;charset=utf-8' }), file.filename);
    toast.success('Export ready');
  };

  const lines = state.phase === 'done' ? state.lines : [];
  const t = totalOf(lines);
  return (
    <div className="space-y-4">
      <Card className="overflow-hidden">
        <CardHeader
          title="Period"
          description="Successful live vends between these Lagos days, both included."
        />
        <form
          onSubmit={onSubmit}
          className="flex flex-wrap items-start gap-3 px-6 py-5"
          aria-label="Valuation period"
        >
          <DateInput
            label="Start date"
            name="startDate"
            value={startDate}
            max={endDate || undefined}
            onChange={setStartDate}
            containerClassName="w-44"
          />
          <DateInput
            label="End date"
            name="endDate"
            value={endDate}
            min={startDate || undefined}
            onChange={setEndDate}
            containerClassName="w-44"
          />
          <div className="flex gap-2 pt-7">
            <Button type="submit" disabled={!valid} loading={state.phase === 'running'}>
              Value sales
            </Button>
            {state.phase === 'running' ? (
              <Button variant="secondary" onClick={cancel}>
                Cancel
              </Button>
            ) : null}
          </div>
        </form>
        {state.phase === 'running' || state.phase === 'done' ? (
          <div className="border-t border-slate-100 px-6 py-4">
            <ValuationProgress
              done={state.phase === 'done' ? state.chunks : state.done}
              chunks={state.chunks}
              count={state.count}
            />
          </div>
        ) : null}
      </Card>

      {state.phase === 'error' ? (
        <QueryError
          title={
            state.error instanceof ApiError
              ? state.error.messages.join(' ')
              : 'The valuation could not be completed.'
          }
          onRetry={() => void run({ startDate, endDate, chunkSize: VALUATION_CHUNK_SIZE })}
        />
      ) : null}

      {state.phase === 'done' ? (
        <Card className="overflow-hidden" data-testid="valuation-result">
          <CardHeader
            title={`${formatDate(state.range.startDate)} – ${formatDate(state.range.endDate)}`}
            description={`${state.clientName}: ${countOf(state.count, 'successful vend')}, read in ${countOf(state.chunks, 'chunk')}.`}
            actions={
              <Button variant="secondary" onClick={onExport} leftIcon={<DownloadIcon className="h-4 w-4" />}>
                Export CSV
              </Button>
            }
          />
          <div className="grid gap-5 px-6 py-5 sm:grid-cols-2 lg:grid-cols-4" data-testid="valuation-totals">
            <Stat label="Vends" value={t.count.toLocaleString('en-NG')} />
            <Stat label="Value" value={formatNaira(t.valueKobo)} emphasis />
            <Stat label={<MoneyLabel word="commissionEarned" />} value={formatNaira(t.commissionKobo)} />
            <Stat label="Net cost" value={formatNaira(t.netCostKobo)} hint="Value less commission" />
          </div>
          <div className="border-t border-slate-100 px-2 py-4 sm:px-4">
            <Chart
              title="Value per network and service"
              rowHeader="Network"
              rows={NETWORKS.map((n) => ({
                label: networkLabel(n),
                values: Object.fromEntries(
                  SERVICE_TYPES.map((s) => [
                    s,
                    lines.find((l) => l.network === n && l.serviceType === s)?.valueKobo ?? 0,
                  ]),
                ),
              }))}
              series={SERVICE_TYPES.map((s, i) => ({
                key: s,
                label: serviceTypeLabel(s),
                colour: PALETTE[i] ?? '#64748b',
              }))}
              format="naira"
              stacked
              height={220}
              emptyText="No successful vends in this period."
            />
          </div>
          <ResultTable lines={lines} />
        </Card>
      ) : null}
    </div>
  );
}
