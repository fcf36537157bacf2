// Bills in bulk from a CSV file (issue 51 point 5): a sample to start from; the chosen file sent to
// the server's check, which verifies every row with its biller (the customer's name and address,
// the amount and what paying it debits, or the row's error) and charges nothing; one confirmation
// with the total; then every row's result (the token masked here: the bill's page shows it whole).
// Sending the same file again (its batch reference) pays nothing twice.
import {
  BILL_BULK_COLUMNS,
  type BulkBillCheckRow,
  type BulkBillResultRow,
  type BulkBillsCheck,
  type BulkBillsResult,
} from '@vendport/shared';
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
import { saveBlob } from '@/lib/download';
import { countOf, formatNaira } from '@/lib/format';
import { batchReference } from '@/lib/references';
import { useCheckBulkBills, usePayBulkBills } from '../api/bulk-bills';
import { meterTypeLabel } from './bill-rules';

/** Largest file the server takes (its csv field is limited to 64 KB). */
const MAX_FILE_BYTES = 64 * 1024;

/** The sample: the providers' sandbox numbers (a prepaid and a postpaid meter, a DStv renewal). */
export const BULK_BILLS_SAMPLE_CSV = [
  BILL_BULK_COLUMNS.join(','),
  'IKEDC,1111111111111,PREPAID,5000,,08031234567,',
  'IKEDC,1010101010101,POSTPAID,2500,,08031234567,',
  'DSTV,1212121212,,,RENEW,08031234567,',
  'GOTV,1212121212,,,gotv-max,08031234567,',
].join('\r\n');

type Refusal = { message: string; errors: string[] };
type Loaded = { name: string; csv: string; batchReference: string };

/** What the server is sent: the file and its batch (the same for the check and the pay). */
const bodyOf = ({ csv, batchReference }: Loaded) => ({ csv, batchReference });

const refusalOf = (err: unknown, fallback: string): Refusal => ({
  message: err instanceof Error ? err.message : fallback,
  errors: err instanceof ApiError ? err.errors : [],
});

const whatOf = (r: { meterType: BulkBillCheckRow['meterType']; subscriptionType: string | null }) =>
  r.meterType ? meterTypeLabel(r.meterType) : r.subscriptionType === 'RENEW' ? 'Renew' : null;

function CheckTable({ rows }: { rows: BulkBillCheckRow[] }) {
  const columns: Column<BulkBillCheckRow>[] = [
    { key: 'row', header: 'Row', card: 'main', cell: (r) => r.row },
    {
      key: 'customer',
      header: 'Biller and number',
      card: 'main',
      cell: (r) => (
        <div>
          <div className="font-medium text-slate-800">{r.billerName ?? '—'}</div>
          <div className="font-mono text-xs text-slate-600">{r.customerNumber ?? '—'}</div>
          <div className="text-xs text-slate-500">
            {[whatOf(r), r.bouquetName].filter(Boolean).join(' · ')}
          </div>
        </div>
      ),
    },
    {
      key: 'name',
      header: 'Verified customer',
      card: 'main',
      wrap: true,
      cell: (r) =>
        r.customerName ? (
          <div>
            <div className="font-medium text-slate-800">{r.customerName}</div>
            {r.address ? <div className="text-xs text-slate-500">{r.address}</div> : null}
          </div>
        ) : (
          '—'
        ),
    },
    {
      key: 'amount',
      header: 'Amount',
      align: 'right',
      card: 'main',
      cell: (r) => (r.amount ? <span className="tabular-nums">{r.amount}</span> : '—'),
    },
    {
      key: 'charge',
      header: 'Debit',
      align: 'right',
      cell: (r) => (r.charge && !r.error ? <span className="tabular-nums">{r.charge}</span> : '—'),
    },
    {
      key: 'check',
      header: 'Check',
      card: 'main',
      wrap: { min: '12rem', max: '20rem' },
      cell: (r) =>
        r.error ? (
          <span className="text-xs font-medium text-red-700" data-testid="row-error">
            {r.error}
          </span>
        ) : r.paidAs ? (
          <span className="text-xs font-medium text-slate-600">{`Paid already (${r.paidAs})`}</span>
        ) : (
          <span className="text-xs font-medium text-emerald-700">Verified</span>
        ),
    },
  ];
  return <BulkTable caption="Rows to pay" columns={columns} rows={rows} />;
}

function ResultTable({ result, detailsPath }: { result: BulkBillsResult; detailsPath: string }) {
  const columns = bulkResultColumns<BulkBillResultRow>({
    doneOf: (r) => r.bill,
    header: 'Bill',
    detailsPath,
    notDone: 'Not paid',
    middle: [
      {
        key: 'customer',
        header: 'Customer',
        card: 'main',
        cell: (r) => (
          <div>
            <div className="text-slate-800">{r.bill?.billerName ?? r.biller}</div>
            <div className="font-mono text-xs text-slate-600">{r.customerNumber}</div>
          </div>
        ),
      },
      {
        key: 'amount',
        header: 'Amount',
        align: 'right',
        cell: (r) => (r.bill ? <span className="tabular-nums">{r.bill.amount}</span> : '—'),
      },
    ],
    after: [
      {
        key: 'token',
        header: 'Token or receipt',
        card: 'main',
        cell: (r) => (
          <span className="font-mono text-xs">{r.bill?.token ?? r.bill?.receiptReference ?? '—'}</span>
        ),
      },
    ],
  });
  return <BulkTable caption="Bulk bill results" columns={columns} rows={result.rows} dense />;
}

function CheckSummary({ check }: { check: BulkBillsCheck }) {
  if (check.invalid)
    return (
      <Alert
        tone="error"
        title={`${check.invalid} of ${countOf(check.total, 'row')} cannot be paid. Nothing has been charged.`}
      >
        Fix the rows marked below in your file and choose it again.
      </Alert>
    );
  if (!check.enough)
    return (
      <Alert tone="error" title="Not enough in your wallet">
        {`The file needs ${check.totalCharge} but ${check.available} is available. Fund your wallet or split the file.`}
      </Alert>
    );
  return (
    <Alert
      tone="success"
      title={check.total === 1 ? 'The row is verified.' : `All ${countOf(check.total, 'row')} are verified.`}
    >
      {`${check.totalCharge} will be debited in total, row by row. Nothing has been charged yet.`}
    </Alert>
  );
}

export function BulkBills({ detailsPath }: { detailsPath: string }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [check, setCheck] = useState<BulkBillsCheck | null>(null);
  const [refused, setRefused] = useState<Refusal | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<BulkBillsResult | null>(null);
  const checking = useCheckBulkBills();
  const paying = usePayBulkBills();

  const clear = () => {
    setLoaded(null);
    setCheck(null);
    setRefused(null);
    setResult(null);
  };

  const onFile = (file: ChosenFile | null) => {
    clear();
    if (!file) return;
    // A new file is a new batch: its rows get their own references.
    const next = { name: file.name, csv: file.text, batchReference: batchReference() };
    setLoaded(next);
    checking.mutate(bodyOf(next), {
      onSuccess: (res) => {
        // An envelope that says no is a refusal too, whatever its status.
        if (res.success === false || !res.data) {
          setRefused({ message: res.message || 'The file could not be checked.', errors: [] });
          return;
        }
        setCheck(res.data);
      },
      onError: (err) => setRefused(refusalOf(err, 'The file could not be checked.')),
    });
  };

  const payable = check ? check.ready : 0;
  const ready = !!check && check.invalid === 0 && check.enough && payable > 0;

  const onPay = () => {
    if (!loaded || !ready) return;
    setConfirming(false);
    setRefused(null);
    paying.mutate(bodyOf(loaded), {
      onSuccess: (res) => {
        if (res.success === false || !res.data) {
          const message = res.message || 'The file could not be paid.';
          toast.error(message);
          setRefused({ message, errors: [] });
          return;
        }
        if (res.data.failed > 0) toast.error(res.message);
        else toast.success(res.message);
        setResult(res.data);
      },
      onError: (err) => {
        const refusal = refusalOf(err, 'The file could not be paid.');
        toast.error(refusal.message);
        setRefused(refusal);
      },
    });
  };

  const busy = checking.isPending || paying.isPending;

  return (
    <div className="space-y-5" data-testid="bulk-bills">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="max-w-2xl text-sm text-slate-600">
          One bill per row: <span className="font-mono text-xs">{BILL_BULK_COLUMNS.join(', ')}</span>.
          Electricity takes the meter type and an amount in naira; TV takes a bouquet: RENEW for the current
          one, or the code of another. Leave the reference empty to have one made. Up to 100 rows; every
          number is verified with its biller before anything is paid.
        </p>
        <Button
          variant="secondary"
          leftIcon={<DownloadIcon className="h-4 w-4" />}
          onClick={() =>
            saveBlob(
              new Blob([`${BULK_BILLS_SAMPLE_CSV}\r\n`], { type: 'text/csv;charset=utf-8' }),
              'vendport-bulk-bills-sample.csv',
            )
          }
        >
          Download sample CSV
        </Button>
      </div>

      {result ? null : (
        <CsvFileInput
          maxBytes={MAX_FILE_BYTES}
          disabled={busy}
          onFile={onFile}
          onRemove={clear}
          hint="No file chosen yet: start from the sample, or choose your own file."
        />
      )}

      {checking.isPending ? (
        <BulkProgress
          name="Bulk bills check"
          text="Verifying every row with its biller…"
          testId="bulk-bills-progress"
        />
      ) : null}
      {refused ? <ReasonsAlert title={refused.message} reasons={refused.errors} /> : null}

      {check && !result ? (
        <div className="space-y-4">
          <CheckSummary check={check} />
          <CheckTable rows={check.rows} />
          {paying.isPending ? (
            <BulkProgress
              name="Bulk bills payment"
              text={`Paying ${countOf(payable, 'bill')}… keep this page open until the results show.`}
              testId="bulk-bills-progress"
            />
          ) : null}
          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
            <p className="min-w-0 break-words text-sm text-slate-600" data-testid="bulk-bills-file">
              <span className="font-medium text-slate-900">{loaded?.name}</span>
              {check.invalid
                ? ` · ${check.ready} of ${countOf(check.total, 'row')} ready`
                : ` · ${countOf(check.total, 'row')} · ${check.totalCharge}`}
            </p>
            <Button onClick={() => setConfirming(true)} disabled={!ready} loading={paying.isPending}>
              {ready ? `Pay ${countOf(payable, 'bill')}` : 'Pay bills'}
            </Button>
          </div>
        </div>
      ) : null}

      {result ? (
        <div className="space-y-4" data-testid="bulk-bills-result">
          <BulkStats counts={result} doneLabel="Paid" notDoneLabel="Failed or not paid" />
          <p className="text-xs text-slate-500">
            Tokens show their last four digits here: open a bill for its whole token.
          </p>
          <ResultTable result={result} detailsPath={detailsPath} />
          <div className="flex flex-wrap justify-end gap-3">
            <Button onClick={clear}>Upload another file</Button>
          </div>
        </div>
      ) : null}

      <ConfirmModal
        open={confirming}
        title={`Pay ${countOf(payable, 'bill')}?`}
        message={
          <p>
            {`${formatNaira(check?.totalChargeKobo ?? 0)} will be debited from your wallet, one payment per row, for the verified customers listed. `}
            Rows the biller cannot pay are reported and refunded.
          </p>
        }
        confirmLabel={`Pay ${check ? check.totalCharge : ''}`}
        onConfirm={onPay}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
