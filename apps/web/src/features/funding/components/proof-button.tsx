// A fund request's proof of payment. The file sits behind the bearer token, so it is fetched by
// the app: images show in a modal, PDFs (and anything else) are saved as a download.
import type { FundRequestView } from '@vendport/shared';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DownloadIcon, FileIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { toastApiError } from '@/lib/api-toasts';
import { saveBlob } from '@/lib/download';
import { useFundRequestProof } from '../api/get-fund-request-proof';

type Shown = { url: string; blob: Blob; name: string };

export function ProofButton({ request }: { request: FundRequestView }) {
  const proof = useFundRequestProof();
  const [shown, setShown] = useState<Shown | null>(null);
  useEffect(() => () => (shown ? URL.revokeObjectURL(shown.url) : undefined), [shown]);

  if (!request.hasProof) return <span className="text-xs text-slate-400">None</span>;
  const name = request.proofName ?? `${request.code}-proof`;

  const open = () =>
    proof.mutate(request.id, {
      onSuccess: (file) => {
        if (file.contentType.startsWith('image/'))
          setShown({ url: URL.createObjectURL(file.blob), blob: file.blob, name });
        else saveBlob(file.blob, file.filename ?? name);
      },
      onError: toastApiError,
    });

  return (
    <>
      <Button
        variant="link"
        size="sm"
        onClick={open}
        loading={proof.isPending}
        leftIcon={<FileIcon className="h-4 w-4" />}
        aria-label={`View proof of ${request.code}`}
      >
        View
      </Button>
      <Modal
        open={!!shown}
        onClose={() => setShown(null)}
        title={`Proof of payment · ${request.code}`}
        description={name}
        size="lg"
        footer={
          <Button
            variant="secondary"
            leftIcon={<DownloadIcon className="h-4 w-4" />}
            onClick={() => shown && saveBlob(shown.blob, shown.name)}
          >
            Download
          </Button>
        }
      >
        {shown ? (
          <img
            src={shown.url}
            alt={`Proof of payment for ${request.code}`}
            className="mx-auto max-h-[60vh] rounded-lg"
          />
        ) : null}
      </Modal>
    </>
  );
}
