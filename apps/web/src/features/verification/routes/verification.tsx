// Business Verification (client): the status of the review, the decline reason when declined, the
// documents on file (thumbnails, PDF tiles; type changeable and delete until verified), an upload
// form (up to five PDF, PNG or JPEG files of 5 MB each, each with its own type, checked here and
// again from their content on the
// server) and the request for a review, again after a decline with new documents.
import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_KINDS,
  type DocumentKind,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENTS_PER_UPLOAD,
  type VerificationDetailsView,
  type VerificationDocumentView,
} from '@vendport/shared';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { ClientVerificationBadge, clientVerificationState } from '@/components/client-badges';
import { QueryError } from '@/components/query-error';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { TrashIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { VerificationDocuments } from '@/components/verification-documents';
import type { ApiEnvelope } from '@/lib/api-client';
import { toastApiError } from '@/lib/api-toasts';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import {
  useChangeDocumentKind,
  useDeleteDocument,
  useRequestVerification,
  useUploadDocuments,
  useVerification,
} from '../api/verification';

const ACCEPT = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';
const KIND_OPTIONS = DOCUMENT_KINDS.map((k) => ({ value: k, label: DOCUMENT_KIND_LABELS[k] }));

/** What the browser can check before sending: count, size and the file's declared type. */
export function checkFiles(files: File[]): string | null {
  if (!files.length) return 'Choose at least one file';
  if (files.length > MAX_DOCUMENTS_PER_UPLOAD)
    return `Choose at most ${MAX_DOCUMENTS_PER_UPLOAD} files at a time`;
  for (const f of files) {
    if (!/\.(pdf|png|jpe?g)$/i.test(f.name)) return `${f.name} is not a PDF, PNG or JPEG file`;
    if (f.size > MAX_DOCUMENT_BYTES) return `${f.name} is larger than 5 MB`;
    if (f.size === 0) return `${f.name} is empty`;
  }
  return null;
}

const toastResult = (res: ApiEnvelope<unknown>) =>
  res.success === false ? toast.error(res.message) : toast.success(res.message);

/** Where the review stands: Not submitted → Pending review → Verified / Declined → Pending review. */
const stateOf = (v: VerificationDetailsView) =>
  clientVerificationState(v.verificationStatus, v.verificationRequestedAt);

function StatusCard({ v }: { v: VerificationDetailsView }) {
  const state = stateOf(v);
  return (
    <Card className="space-y-3 px-6 py-5" data-testid="verification-status">
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm font-semibold text-slate-900">Verification status</p>
        <ClientVerificationBadge status={v.verificationStatus} requestedAt={v.verificationRequestedAt} />
      </div>
      {state === 'VERIFIED' ? (
        <p className="text-sm text-slate-600">Your business is verified. Thank you.</p>
      ) : state === 'PENDING_REVIEW' ? (
        <>
          <p className="text-sm text-slate-600">
            Your request of {formatDate(v.verificationRequestedAt)} is awaiting review. We will notify you of
            the outcome.
          </p>
          {v.declineReason ? (
            <p className="text-sm text-slate-500" data-testid="previous-decline">
              Your previous request was declined{v.decidedAt ? ` on ${formatDate(v.decidedAt)}` : ''}:{' '}
              {v.declineReason}
            </p>
          ) : null}
        </>
      ) : state === 'DECLINED' ? (
        <Alert tone="error" title="Your verification was declined">
          <p data-testid="decline-reason">Reason: {v.declineReason ?? 'No reason given'}</p>
          <p className="mt-1">Upload corrected documents, then request verification again.</p>
        </Alert>
      ) : (
        <p className="text-sm text-slate-600">
          Upload your business documents (certificate of incorporation, a director’s identification, proof of
          address), then request verification.
        </p>
      )}
    </Card>
  );
}

type Chosen = { file: File; kind: DocumentKind | '' };

/** Each chosen file needs its own type before the upload. */
export function checkKinds(chosen: readonly Chosen[]): string | null {
  const missing = chosen.find((c) => !c.kind);
  return missing ? `Choose the type of ${missing.file.name}` : null;
}

function UploadCard() {
  const upload = useUploadDocuments();
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const submit = () => {
    const problem = checkFiles(chosen.map((c) => c.file)) ?? checkKinds(chosen);
    setError(problem);
    if (problem) return;
    upload.mutate(
      chosen.map((c) => ({ file: c.file, kind: c.kind as DocumentKind })),
      {
        onSuccess: (res) => {
          toastResult(res);
          if (res.success !== false) {
            setChosen([]);
            if (input.current) input.current.value = '';
          }
        },
        onError: toastApiError,
      },
    );
  };
  const setKind = (i: number, kind: DocumentKind | '') => {
    setChosen((all) => all.map((c, j) => (j === i ? { ...c, kind } : c)));
    setError(null);
  };
  return (
    <Card>
      <CardHeader
        title="Upload documents"
        description={`PDF, PNG or JPEG, up to 5 MB each, at most ${MAX_DOCUMENTS_PER_UPLOAD} at a time. Choose the type of each file.`}
      />
      <form
        className="space-y-4 px-6 py-5"
        aria-label="Upload documents"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor="verification-files" className="text-sm font-medium text-slate-700">
            Files
          </label>
          <input
            ref={input}
            id="verification-files"
            type="file"
            multiple
            accept={ACCEPT}
            onChange={(e) => {
              setChosen(Array.from(e.target.files ?? []).map((file) => ({ file, kind: '' })));
              setError(null);
            }}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-700"
            aria-invalid={!!error}
            aria-describedby={error ? 'verification-files-error' : undefined}
          />
        </div>
        {chosen.length ? (
          <ul
            className="divide-y divide-slate-100 rounded-lg border border-slate-200"
            aria-label="Chosen files"
          >
            {chosen.map((c, i) => (
              <li
                key={`${c.file.name}-${i}`}
                className="grid gap-2 px-4 py-3 sm:grid-cols-[minmax(0,1fr)_18rem] sm:items-center"
              >
                <span className="truncate text-sm font-medium text-slate-800" title={c.file.name}>
                  {c.file.name}
                </span>
                <Select
                  aria-label={`Type of ${c.file.name}`}
                  containerClassName="min-w-0"
                  className="w-full min-w-0"
                  placeholderOption="Choose a type"
                  options={KIND_OPTIONS}
                  value={c.kind}
                  error={!!error && !c.kind}
                  onChange={(e) => setKind(i, e.target.value as DocumentKind | '')}
                />
              </li>
            ))}
          </ul>
        ) : null}
        {error ? (
          <p id="verification-files-error" className="text-sm text-red-600" role="alert">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" loading={upload.isPending} disabled={!chosen.length}>
            Upload
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** A document's type, changeable until the business is verified. */
function KindSelect({ doc }: { doc: VerificationDocumentView }) {
  const change = useChangeDocumentKind();
  return (
    <Select
      aria-label={`Type of ${doc.originalName}`}
      options={KIND_OPTIONS}
      value={doc.kind}
      disabled={change.isPending}
      containerClassName="min-w-0"
      className="w-full min-w-0 py-1.5 text-xs"
      onChange={(e) =>
        change.mutate(
          { documentId: doc.documentId, kind: e.target.value as DocumentKind },
          { onSuccess: toastResult, onError: toastApiError },
        )
      }
    />
  );
}

export default function VerificationRoute() {
  const { user, updateProfile } = useSession();
  const corporate = user?.corporate ?? null;
  const corporateId = corporate?.id ?? '';
  const details = useVerification(corporateId);
  // The session's badge (home, profile) follows what this page has just learned.
  const fresh = details.data;
  useEffect(() => {
    if (!corporate || !fresh) return;
    if (
      corporate.verificationStatus === fresh.verificationStatus &&
      corporate.verificationRequestedAt === fresh.verificationRequestedAt
    )
      return;
    updateProfile({
      corporate: {
        ...corporate,
        verificationStatus: fresh.verificationStatus,
        verificationRequestedAt: fresh.verificationRequestedAt,
      },
    });
  }, [corporate, fresh, updateProfile]);
  const remove = useDeleteDocument();
  const request = useRequestVerification();
  const [deleting, setDeleting] = useState<VerificationDocumentView | null>(null);
  const v = details.data;
  const verified = v?.verificationStatus === 'VERIFIED';
  const waiting = v ? stateOf(v) === 'PENDING_REVIEW' : false;
  const requestBlocker = !v
    ? null
    : verified
      ? 'Your business is already verified.'
      : waiting
        ? 'Your request is awaiting review.'
        : v.documents.length === 0
          ? 'Upload at least one document first.'
          : null;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Business Verification"
        description="Verify your business with VendPort: upload your documents and request a review."
        actions={details.isFetching ? <Spinner className="h-5 w-5 text-brand-700" label="Loading" /> : null}
      />
      {details.isPending ? (
        <Card className="flex justify-center py-16 text-brand-700">
          <Spinner className="h-7 w-7" label="Loading verification" />
        </Card>
      ) : details.isError || !v ? (
        <QueryError title="Your verification could not be loaded." onRetry={() => void details.refetch()} />
      ) : (
        <>
          <StatusCard v={v} />
          <Card>
            <CardHeader title="Your documents" />
            <VerificationDocuments
              documents={v.documents}
              footerFor={verified ? undefined : (d) => <KindSelect doc={d} />}
              actionFor={
                verified
                  ? undefined
                  : (d) => (
                      <button
                        type="button"
                        onClick={() => setDeleting(d)}
                        className="rounded-lg p-1.5 text-slate-400 hover:bg-red-50 hover:text-red-600"
                        aria-label={`Delete ${d.originalName}`}
                      >
                        <TrashIcon className="h-4 w-4" />
                      </button>
                    )
              }
            />
          </Card>
          {verified ? null : <UploadCard />}
          {verified ? null : (
            <Card className="flex flex-wrap items-center justify-between gap-3 px-6 py-5">
              <p className="text-sm text-slate-600">
                {requestBlocker ?? 'When your documents are complete, ask VendPort to review them.'}
              </p>
              <Button
                onClick={() => request.mutate(undefined, { onSuccess: toastResult, onError: toastApiError })}
                loading={request.isPending}
                disabled={!!requestBlocker}
              >
                Request verification
              </Button>
            </Card>
          )}
          <ConfirmModal
            open={!!deleting}
            title="Delete document"
            message={`Delete ${deleting?.originalName ?? 'this document'}? This cannot be undone.`}
            confirmLabel="Delete"
            tone="danger"
            loading={remove.isPending}
            onCancel={() => setDeleting(null)}
            onConfirm={() =>
              deleting &&
              remove.mutate(deleting.documentId, {
                onSuccess: (res) => {
                  toastResult(res);
                  setDeleting(null);
                },
                onError: toastApiError,
              })
            }
          />
        </>
      )}
    </div>
  );
}
