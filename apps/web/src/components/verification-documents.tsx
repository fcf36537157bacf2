// A client's verification documents as a grid (spec §2 Business Account): image thumbnails, PDFs as
// a tile labelled "PDF Document", a download button shown on hover (and on keyboard focus) that
// opens the document in a new tab; "No Document Available" when there is none. The files sit
// behind the bearer token, so each is fetched by the app and shown from an object URL.

import { useQuery } from '@tanstack/react-query';
import { documentKindLabel, type VerificationDocumentView } from '@vendport/shared';
import { type ReactNode, useEffect, useMemo } from 'react';
import { apiDownload } from '@/lib/api-client';
import { toastApiError } from '@/lib/api-toasts';
import { formatDate } from '@/lib/format';
import { DownloadIcon, FileIcon } from './ui/icons';
import { Spinner } from './ui/spinner';

const API_PREFIX = '/api/v1/';
const pathOf = (url: string) => (url.startsWith(API_PREFIX) ? url.slice(API_PREFIX.length) : url);

/** The document's file as a Blob (cached a minute, like every query). */
function useDocumentBlob(doc: VerificationDocumentView, enabled: boolean) {
  return useQuery({
    queryKey: ['verification-document', doc.documentId],
    queryFn: async () => (await apiDownload(pathOf(doc.documentUrl))).blob,
    enabled,
    staleTime: 60_000,
  });
}

function useObjectUrl(blob: Blob | undefined) {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

async function openInNewTab(doc: VerificationDocumentView) {
  // The tab is opened within the click (popup rules), then pointed at the file once it arrives.
  const tab = window.open('', '_blank');
  try {
    const { blob } = await apiDownload(pathOf(doc.documentUrl));
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else window.open(url, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (err) {
    tab?.close();
    toastApiError(err);
  }
}

const sizeLabel = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

function DocumentTile({
  doc,
  action,
  footer,
}: {
  doc: VerificationDocumentView;
  action?: ReactNode;
  footer?: ReactNode;
}) {
  const isImage = doc.mime.startsWith('image/');
  const file = useDocumentBlob(doc, isImage);
  const url = useObjectUrl(file.data);
  return (
    <li
      className="group relative overflow-hidden rounded-xl border border-slate-200 bg-white"
      data-testid="document"
    >
      <div className="relative flex h-36 items-center justify-center bg-slate-50">
        {isImage ? (
          url ? (
            <img src={url} alt={doc.originalName} className="h-full w-full object-cover" />
          ) : (
            <Spinner className="h-5 w-5 text-slate-400" label="Loading document" />
          )
        ) : (
          <div className="flex flex-col items-center gap-2 text-slate-500">
            <FileIcon className="h-10 w-10 text-red-500" />
            <span className="text-sm font-medium">PDF Document</span>
          </div>
        )}
        <button
          type="button"
          onClick={() => void openInNewTab(doc)}
          className="absolute inset-0 flex items-center justify-center bg-slate-900/50 opacity-0 transition-opacity group-hover:opacity-100 focus-visible:opacity-100"
          aria-label={`Download ${doc.originalName}`}
        >
          <span className="flex items-center gap-2 rounded-lg bg-white px-3 py-1.5 text-sm font-medium text-slate-900 shadow">
            <DownloadIcon className="h-4 w-4" /> Download
          </span>
        </button>
      </div>
      <div className="flex items-start gap-2 px-3 py-2">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-slate-900" title={doc.originalName}>
            {doc.originalName}
          </p>
          <p className="truncate text-xs text-slate-500">
            {documentKindLabel(doc.kind)} · {sizeLabel(doc.sizeBytes)} · {formatDate(doc.createdAt)}
          </p>
        </div>
        {action}
      </div>
      {footer ? <div className="px-3 pb-3">{footer}</div> : null}
    </li>
  );
}

export function VerificationDocuments({
  documents,
  actionFor,
  footerFor,
}: {
  documents: VerificationDocumentView[];
  /** An extra control per document (the client's delete button). */
  actionFor?: (doc: VerificationDocumentView) => ReactNode;
  /** A control under each document (the client's type picker). */
  footerFor?: (doc: VerificationDocumentView) => ReactNode;
}) {
  if (!documents.length) {
    return <p className="px-6 py-10 text-center text-sm text-slate-500">No Document Available</p>;
  }
  return (
    <ul className="grid gap-4 px-6 py-5 sm:grid-cols-2 lg:grid-cols-4" aria-label="Attached documents">
      {documents.map((d) => (
        <DocumentTile key={d.documentId} doc={d} action={actionFor?.(d)} footer={footerFor?.(d)} />
      ))}
    </ul>
  );
}
