// Import subscribers from a CSV: a template; the file checked here row by row with the shared
// schema (as the bulk vend screen checks its file), nothing sent while a row is wrong; then one
// upload, which the server checks again as vends (services, plans, bounds): one bad row adds none.
import {
  autoTopupSubscriberBody,
  readSubscriberCsv,
  SUBSCRIBER_COLUMNS,
  type SubscriberCsvRow,
  subscriberBodyOfCsvRow,
} from '@vendport/shared';
import { type ChangeEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DownloadIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { envelopeCallbacks, errorMessages } from '@/lib/api-toasts';
import { saveBlob } from '@/lib/download';
import { countOf } from '@/lib/format';
import { useImportSubscribers } from '../api/change-subscriber';

const MAX_FILE_BYTES = 256 * 1024;

export const SUBSCRIBERS_TEMPLATE_CSV = [
  SUBSCRIBER_COLUMNS.join(','),
  'Ada Obi,08031234567,,AIRTIME,500,,DAILY,,,,08:00',
  'Bola Ade,08051234567,GLO,DATA,,GLO-1GB-14D,WEEKLY,Monday,,,09:00',
  'Chika Eze,07011234567,,AIRTIME,1000,,MONTHLY,,31,,',
  'Dayo Musa,08091234567,,AIRTIME,200,,ONCE,,,2030-01-15,12:00',
].join('\r\n');

/** Each row's problems (empty when the file is fine), or the one problem of the file. */
export function checkSubscriberCsv(text: string): { fileError: string } | { rows: number; errors: string[] } {
  const file = readSubscriberCsv(text);
  if ('error' in file) return { fileError: file.error };
  const errors: string[] = [];
  file.rows.forEach((raw: SubscriberCsvRow, i) => {
    const parsed = autoTopupSubscriberBody.safeParse(subscriberBodyOfCsvRow(raw));
    if (!parsed.success) errors.push(`Row ${i + 1}: ${parsed.error.issues.map((x) => x.message).join('; ')}`);
  });
  return { rows: file.rows.length, errors };
}

export function ImportSubscribersModal({ onClose }: { onClose: () => void }) {
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [rows, setRows] = useState(0);
  const upload = useImportSubscribers();

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    e.target.value = '';
    if (!f) return;
    if (f.size > MAX_FILE_BYTES) {
      setFile(null);
      setProblems(['The CSV file is too large (256 KB at most)']);
      return;
    }
    const text = await f.text();
    const check = checkSubscriberCsv(text);
    setFile({ name: f.name, text });
    setProblems('fileError' in check ? [check.fileError] : check.errors);
    setRows('fileError' in check ? 0 : check.rows);
  };

  const onUpload = () => {
    if (!file) return;
    upload.mutate(
      file.text,
      envelopeCallbacks(onClose, { onError: (err) => setProblems(errorMessages(err)) }),
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      title="Import subscribers"
      description="One subscriber per row. Every row is checked first: if one is wrong, none is added."
      size="lg"
    >
      <div className="space-y-4">
        <p className="text-sm text-slate-600">
          Columns: <span className="font-mono text-xs">{SUBSCRIBER_COLUMNS.join(', ')}</span>. Network may be
          left empty to detect it from the number; weekday is 1–7 or a name; monthDay 1–31; date YYYY-MM-DD;
          time HH:MM (Lagos, the default time when empty).
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="secondary"
            leftIcon={<DownloadIcon className="h-4 w-4" />}
            onClick={() =>
              saveBlob(new Blob([SUBSCRIBERS_TEMPLATE_CSV], { type: 'text/csv' }), 'subscribers-template.csv')
            }
          >
            Download template
          </Button>
          <label className="inline-flex cursor-pointer items-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">
            Choose CSV file
            <input
              type="file"
              accept=".csv,text/csv"
              className="sr-only"
              onChange={onFile}
              data-testid="subscribers-csv"
            />
          </label>
          {file ? <span className="text-sm text-slate-600">{file.name}</span> : null}
        </div>
        {problems.length ? (
          <Alert tone="error" title="Nothing was imported">
            <ul className="max-h-48 list-disc overflow-y-auto pl-5" data-testid="import-errors">
              {problems.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </Alert>
        ) : file ? (
          <Alert tone="success" title="The file looks right">
            {countOf(rows, 'subscriber')} ready to import.
          </Alert>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={onUpload} disabled={!file || problems.length > 0} loading={upload.isPending}>
            Import
          </Button>
        </div>
      </div>
    </Modal>
  );
}
