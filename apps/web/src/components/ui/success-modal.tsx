// The success modal that follows a password-confirmed action (spec §4, §8): a tick, a title,
// the outcome in a sentence, and one button to close.
import type { ReactNode } from 'react';
import { Button } from './button';
import { CheckIcon } from './icons';
import { Modal } from './modal';

export function SuccessModal({
  open,
  title,
  message,
  onClose,
}: {
  open: boolean;
  title: string;
  message: ReactNode;
  onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="sm"
      hideClose
      ariaLabel={title}
      footer={
        <Button onClick={onClose} fullWidth>
          Close
        </Button>
      }
    >
      <div className="flex flex-col items-center pt-2 text-center" data-testid="success-modal">
        <span className="mb-3 flex h-12 w-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
          <CheckIcon className="h-6 w-6" />
        </span>
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        <div className="mt-1 text-sm text-slate-600">{message}</div>
      </div>
    </Modal>
  );
}
