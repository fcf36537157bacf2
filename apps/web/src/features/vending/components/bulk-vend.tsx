// Bulk vending from a CSV file: a template to start from; every row checked here first and listed
// with its problems, with nothing sent while any row is wrong; then one confirmed upload (the
// server checks every row again before charging anything), a progress indicator while it runs,
// every row's result, and the results as CSV.
import type { BulkVendResult } from '@vendport/shared';
import { useState } from 'react';
import toast from 'react-hot-toast';
import {
  BulkProgress,
  BulkStats,
  BulkTable,
  bulkResultColumns,
  type ChosenFile,
  CsvFileInput,
  ReasonsAlert,
} from '@/components/bulk-file';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { DownloadIcon } from '@/components/ui/icons';
import type { Column } from '@/components/ui/table';
import { ApiError } from '@/lib/api-client';
import { networkLabel, serviceTypeLabel } from '@/lib/catalogue-labels';
import { saveBlob } from '@/lib/download';
import { countOf, formatLagos, formatNaira, pluralOf } from '@/lib/format';
import { formatMsisdn } from '@/lib/labels';
import { batchReference } from '@/lib/references';
import { useBulkVend } from '../api/bulk-vend';
import { BULK_TEMPLATE_CSV, type BulkCheck, type BulkRow, bulkResultsCsv, checkBulkCsv } from './bulk-csv';
import type { VendCatalogue } from './vend-rules';

/** Largest file the server takes (its csv field is limited to 256 KB). */
const MAX_FILE_BYTES = 256 * 1024;

type Loaded = { name: string; text: string; batchReference: string; check: BulkCheck };

const csvBlob = (text: string) => new Blob([text], { type: 'text/csv;charset=utf-8' });

function CheckTable({ rows }: { rows: BulkRow[] }) {
  const columns: Column<BulkRow>[] = [
    { key: 'row', header: 'Row', cell: (r) => r.row },
    {
      key: 'phone',
      header: 'Phone',
      cell: (r) => <span className="tabular-nums">{r.msisdn ? formatMsisdn(r.msisdn) : r.phone || '—'}</span>,
    },
    { key: 'network', header: 'Network', cell: (r) => (r.network ? networkLabel(r.network) : '—') },
    {
      key: 'what',
      header: 'Type',
      cell: (r) =>
        r.type
          ? r.planName
            ? `${serviceTypeLabel(r.type)} · ${r.planName}`
            : serviceTypeLabel(r.type)
          : '—',
    },
    {
      key: 'amount',
      header: 'Amount',
      align: 'right',
      cell: (r) =>
        r.amountKobo !== null ? <span className="tabular-nums">{formatNaira(r.amountKobo)}</span> : '—',
    },
    {
      key: 'check',
      header: 'Check',
      cell: (r) =>
        r.errors.length ? (
          <ul
            className="min-w-[16rem] space-y-0.5 whitespace-normal text-xs font-medium text-red-700"
            data-testid="row-errors"
          >
            {r.errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        ) : (
          <span className="text-xs font-medium text-emerald-700">Ready</span>
        ),
    },
  ];
  return <BulkTable caption="Rows to vend" columns={columns} rows={rows} />;
}

function ResultTable({ result, detailsPath }: { result: BulkVendResult; detailsPath: string }) {
  type Row = BulkVendResult['rows'][number];
  const columns = bulkResultColumns<Row>({
    doneOf: (r) => r.vend,
    header: 'Reference',
    detailsPath,
    notDone: 'Not vended',
    middle: [
      { key: 'phone', header: 'Phone', cell: (r) => (r.phone ? formatMsisdn(r.phone) : '—') },
      {
        key: 'amount',
        header: 'Amount',
        align: 'right',
        cell: (r) => (r.vend ? <span className="tabular-nums">{formatNaira(r.vend.amountKobo)}</span> : '—'),
      },
    ],
  });
  return <BulkTable caption="Bulk results" columns={columns} rows={result.rows} />;
}

export function BulkVend({
  catalogue,
  availableKobo,
  detailsPath,
}: {
  catalogue: VendCatalogue;
  availableKobo: number | null;
  detailsPath: string;
}) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [refused, setRefused] = useState<{ message: string; errors: string[] } | null>(null);
  const [result, setResult] = useState<BulkVendResult | null>(null);
  const bulk = useBulkVend();

  const clear = () => {
    setLoaded(null);
    setRefused(null);
    setResult(null);
  };

  const onFile = (file: ChosenFile | null) => {
    clear();
    if (!file) return;
    // A new file is a new batch: its rows get their own references.
    const reference = batchReference();
    setLoaded({
      name: file.name,
      text: file.text,
      batchReference: reference,
      check: checkBulkCsv(file.text, catalogue, reference),
    });
  };

  const check = loaded?.check;
  const validRows = check ? check.rows.length - check.invalidRows : 0;
  const short = !!check && availableKobo !== null && check.totalKobo > availableKobo;
  const ready =
    !!check && check.fileErrors.length === 0 && check.invalidRows === 0 && validRows > 0 && !short;

  const onSend = () => {
    if (!loaded || !ready) return;
    // The progress shows in the panel, not under the confirmation.
    setConfirming(false);
    bulk.mutate(
      { csv: loaded.text, batchReference: loaded.batchReference },
      {
        onSuccess: (res) => {
          if (res.success === false || !res.data) {
            toast.error(res.message || 'The file could not be vended.');
            return;
          }
          if (res.data.failed > 0) toast.error(res.message);
          else toast.success(res.message);
          setResult(res.data);
        },
        onError: (err) => {
          const message = err instanceof Error ? err.message : 'The file could not be vended.';
          toast.error(message);
          setRefused({ message, errors: err instanceof ApiError ? err.errors : [] });
        },
      },
    );
  };

  const downloadResults = () => {
    if (!result) return;
    saveBlob(
      csvBlob(bulkResultsCsv(result)),
      `bulk-vend-results-${formatLagos(new Date(), 'YYYY-MM-DD-HHmm')}.csv`,
    );
  };

  return (
    <div className="space-y-5" data-testid="bulk-vend">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="max-w-2xl text-sm text-slate-600">
          One purchase per row:{' '}
          <span className="font-mono text-xs">phone, network, type, amount, planCode, reference</span>. Leave
          the network empty to use the number’s prefix, the amount empty for data, and the reference empty to
          have one made. Up to 500 rows; every row is checked before anything is charged.
        </p>
        <Button
          variant="secondary"
          leftIcon={<DownloadIcon className="h-4 w-4" />}
          onClick={() => saveBlob(csvBlob(`${BULK_TEMPLATE_CSV}\r\n`), 'vendport-bulk-template.csv')}
        >
          Download template
        </Button>
      </div>

      {result ? null : (
        <CsvFileInput maxBytes={MAX_FILE_BYTES} disabled={bulk.isPending} onFile={onFile} onRemove={clear} />
      )}

      {check && !result ? (
        <div className="space-y-4">
          {check.fileErrors.length ? (
            <ReasonsAlert
              title="This file cannot be read. Nothing has been charged."
              reasons={check.fileErrors}
            />
          ) : (
            <>
              {check.invalidRows ? (
                <Alert
                  tone="error"
                  title={`${check.invalidRows} of ${countOf(check.rows.length, 'row')} ${pluralOf(check.invalidRows, 'has a problem', 'have problems')}. Nothing has been charged.`}
                >
                  Fix the rows marked below in your file and choose it again.
                </Alert>
              ) : short ? (
                <Alert tone="error" title="Not enough in your wallet">
                  {`The file needs ${formatNaira(check.totalKobo)} but ${formatNaira(Math.max(0, availableKobo ?? 0))} is available. Fund your wallet or split the file.`}
                </Alert>
              ) : (
                <Alert
                  tone="success"
                  title={
                    check.rows.length === 1
                      ? 'The row is ready.'
                      : `All ${countOf(check.rows.length, 'row')} are ready.`
                  }
                >
                  {`${formatNaira(check.totalKobo)} in total, debited row by row (less any upfront commission).`}
                </Alert>
              )}
              <CheckTable rows={check.rows} />
            </>
          )}

          {refused ? <ReasonsAlert title={refused.message} reasons={refused.errors} /> : null}

          {bulk.isPending ? (
            <BulkProgress
              name="Bulk vend progress"
              text={`Vending ${countOf(validRows, 'row')}… keep this page open until the results show.`}
              testId="bulk-progress"
            />
          ) : null}

          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
            <p className="text-sm text-slate-600">
              <span className="font-medium text-slate-900">{loaded?.name}</span>
              {check.fileErrors.length
                ? null
                : check.invalidRows
                  ? ` · ${validRows} of ${countOf(check.rows.length, 'row')} ready`
                  : ` · ${countOf(check.rows.length, 'row')} · ${formatNaira(check.totalKobo)}`}
            </p>
            <Button onClick={() => setConfirming(true)} disabled={!ready} loading={bulk.isPending}>
              {validRows > 0 && ready ? `Vend ${countOf(validRows, 'row')}` : 'Vend rows'}
            </Button>
          </div>
        </div>
      ) : null}

      {result ? (
        <div className="space-y-4" data-testid="bulk-result">
          <BulkStats counts={result} doneLabel="Successful" notDoneLabel="Failed or not vended" />
          <ResultTable result={result} detailsPath={detailsPath} />
          <div className="flex flex-wrap justify-end gap-3">
            <Button
              variant="secondary"
              leftIcon={<DownloadIcon className="h-4 w-4" />}
              onClick={downloadResults}
            >
              Download results CSV
            </Button>
            <Button onClick={clear}>Upload another file</Button>
          </div>
        </div>
      ) : null}

      <ConfirmModal
        open={confirming}
        title={`Vend ${countOf(validRows, 'row')}?`}
        message={
          <p>
            {`${formatNaira(check?.totalKobo ?? 0)} of airtime and data will be bought from your wallet, one purchase per row. `}
            Rows the server cannot vend are reported and not charged.
          </p>
        }
        confirmLabel={`Vend ${countOf(validRows, 'row')}`}
        onConfirm={onSend}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
