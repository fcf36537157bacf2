// My statements (made at each period's end, or on demand for past days), latest period first,
// each downloadable in every format it has (CSV and PDF). The pager lives in the URL.
import type { StatementView } from '@vendport/shared';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { QueryError } from '@/components/query-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { DateInput } from '@/components/ui/date-input';
import { DownloadIcon } from '@/components/ui/icons';
import { Pager, usePageParams } from '@/components/ui/pager';
import { type Column, Table } from '@/components/ui/table';
import { toastApiError } from '@/lib/api-toasts';
import { formatDate, formatNaira, formatShortDateTime, lagosToday, shiftDay } from '@/lib/format';
import { downloadStatement, useCreateStatement } from '../api/create-statement';
import { useStatements } from '../api/get-statements';

const KIND_LABEL: Record<StatementView['kind'], string> = {
  DAILY: 'Daily',
  WEEKLY: 'Weekly',
  ON_DEMAND: 'On demand',
};

const yesterday = () => shiftDay(lagosToday(), -1);

function DownloadButton({ s, as }: { s: StatementView; as: 'csv' | 'pdf' }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      size="sm"
      loading={busy}
      aria-label={`Download statement ${s.code} as ${as.toUpperCase()}`}
      leftIcon={<DownloadIcon className="h-4 w-4" />}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadStatement(s, as);
          toast.success('Statement downloaded');
        } catch (e) {
          toastApiError(e);
        } finally {
          setBusy(false);
        }
      }}
    >
      {as.toUpperCase()}
    </Button>
  );
}

const period = (s: StatementView) =>
  s.fromDate === s.toDate ? formatDate(s.fromDate) : `${formatDate(s.fromDate)} – ${formatDate(s.toDate)}`;

const COLUMNS: Column<StatementView>[] = [
  {
    key: 'period',
    card: 'main',
    header: 'Period',
    cell: (s) => (
      <div>
        <span className="block text-slate-800">{period(s)}</span>
        <span className="block font-mono text-xs text-slate-500">{s.code}</span>
      </div>
    ),
  },
  {
    key: 'kind',
    card: 'main',
    header: 'Kind',
    cell: (s) => <Badge tone="neutral">{KIND_LABEL[s.kind]}</Badge>,
  },
  { key: 'opening', header: 'Opening', align: 'right', cell: (s) => formatNaira(s.openingKobo) },
  { key: 'credits', header: 'Credits', align: 'right', cell: (s) => formatNaira(s.creditsKobo) },
  { key: 'debits', header: 'Debits', align: 'right', cell: (s) => formatNaira(s.debitsKobo) },
  {
    key: 'closing',
    card: 'main',
    header: 'Balance at end of day',
    align: 'right',
    // The closing balance is the wallet's at the end of the period's last day, unless the
    // statement was made while that day ran (issue 36 point 7).
    cell: (s) => (
      <div>
        <span className="block tabular-nums">{formatNaira(s.closingKobo)}</span>
        <span className="block text-xs text-slate-500" data-testid="statement-end-of-day">
          {lagosToday(s.createdAt) <= s.toDate
            ? `so far, at ${formatShortDateTime(s.createdAt)}`
            : `end of ${formatDate(s.toDate)}`}
        </span>
      </div>
    ),
  },
  {
    key: 'download',
    card: 'action',
    header: <span className="sr-only">Download</span>,
    align: 'right',
    cell: (s) => (
      <div className="flex justify-end gap-2">
        {/* Each statement offers the files it has, whatever the delivery format set now. */}
        {s.formats.map((f) => (
          <DownloadButton key={f} s={s} as={f === 'PDF' ? 'pdf' : 'csv'} />
        ))}
      </div>
    ),
  },
];

export function StatementsCard() {
  const { page, limit } = usePageParams();
  const statements = useStatements(page, limit);
  const create = useCreateStatement();
  // Any past days, or today so far.
  const max = lagosToday();
  const [range, setRange] = useState(() => ({ startDate: yesterday(), endDate: yesterday() }));

  const onCreate = () =>
    create.mutate(range, {
      onSuccess: async (res) => {
        if (res.success === false || !res.data) {
          toast.error(res.message || 'The statement could not be made.');
          return;
        }
        toast.success(`Statement ${res.data.code} ready`);
        try {
          await downloadStatement(res.data);
        } catch (e) {
          toastApiError(e);
        }
      },
      onError: toastApiError,
    });

  return (
    <Card className="overflow-hidden">
      <CardHeader title="Statements" description="Every statement made for you, latest period first." />
      <div className="flex flex-wrap items-end gap-3 border-b border-slate-100 px-6 py-4">
        <DateInput
          label="From"
          name="statementFrom"
          value={range.startDate}
          max={max}
          // A start after the end moves the end along: the range stays a range.
          onChange={(startDate) =>
            setRange((r) => ({
              startDate,
              endDate: startDate && r.endDate < startDate ? startDate : r.endDate,
            }))
          }
          containerClassName="w-44"
        />
        <DateInput
          label="To"
          name="statementTo"
          value={range.endDate}
          min={range.startDate || undefined}
          max={max}
          onChange={(endDate) => setRange((r) => ({ ...r, endDate }))}
          containerClassName="w-44"
        />
        <Button
          onClick={onCreate}
          loading={create.isPending}
          disabled={!range.startDate || !range.endDate}
          leftIcon={<DownloadIcon className="h-4 w-4" />}
        >
          Get statement
        </Button>
      </div>
      {statements.isError ? (
        <div className="p-6">
          <QueryError title="Statements could not be loaded." onRetry={() => statements.refetch()} />
        </div>
      ) : (
        <Table
          caption="Statements"
          columns={COLUMNS}
          rows={statements.data?.data ?? []}
          rowKey={(s) => s.id}
          loading={statements.isPending}
          emptyText="No statements yet. Turn statements on above, or get one for past days."
        />
      )}
      {statements.data ? (
        <Pager
          hasMorePages={statements.data.hasMorePages}
          lastPage={statements.data.lastPage}
          disabled={statements.isFetching}
        />
      ) : null}
    </Card>
  );
}
