// "Export CSV": the whole filtered set of a list as the server's CSV attachment, fetched with the
// session's token and saved as a file.
import { useState } from 'react';
import toast from 'react-hot-toast';
import { apiDownload, type RequestOptions } from '@/lib/api-client';
import { toastApiError } from '@/lib/api-toasts';
import { saveBlob } from '@/lib/download';
import { Button } from './ui/button';
import { DownloadIcon } from './ui/icons';

export function ExportCsvButton({
  path,
  query,
  fallbackName,
  disabled,
}: {
  path: string;
  /** The list's filters (page and limit are ignored by the export). */
  query: RequestOptions['query'];
  fallbackName: string;
  disabled?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const onExport = async () => {
    setBusy(true);
    try {
      const { page: _page, limit: _limit, ...filters } = query ?? {};
      const file = await apiDownload(path, { query: { ...filters, format: 'csv' } });
      saveBlob(file.blob, file.filename ?? `${fallbackName}.csv`);
      toast.success('Export ready');
    } catch (e) {
      toastApiError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="secondary"
      onClick={onExport}
      loading={busy}
      disabled={disabled}
      leftIcon={<DownloadIcon className="h-4 w-4" />}
    >
      Export CSV
    </Button>
  );
}
