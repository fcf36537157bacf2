// A secret shown once (a new API key, a webhook signing secret): in a read-only field to select,
// with a Copy button, and a plain warning that it will not be shown again.
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Modal } from '@/components/ui/modal';

export type RevealedSecret = { title: string; label: string; value: string; note: ReactNode };

export function SecretRevealModal({
  secret,
  onClose,
}: {
  secret: RevealedSecret | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={!!secret}
      onClose={onClose}
      title={secret?.title}
      footer={
        <Button onClick={onClose} fullWidth>
          Done
        </Button>
      }
    >
      {secret ? (
        <div className="space-y-4">
          <div className="flex items-center gap-2">
            <code
              className="min-w-0 flex-1 select-all break-all rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5 font-mono text-xs text-slate-900"
              data-testid="revealed-secret"
            >
              {secret.value}
            </code>
            <CopyButton value={secret.value} label={secret.label} />
          </div>
          <Alert tone="warning">{secret.note}</Alert>
        </div>
      ) : null}
    </Modal>
  );
}
