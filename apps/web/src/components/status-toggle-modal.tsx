// Enable or disable a catalogue item (a service, a biller), after a confirmation that says what
// changes for clients. The API takes no password for this action, so none is asked.
import type { ReactNode } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { envelopeCallbacks } from '@/lib/api-toasts';

type Status = 'ACTIVE' | 'INACTIVE';

interface StatusMutation {
  mutate: (body: { id: string; status: Status }, opts: ReturnType<typeof envelopeCallbacks<unknown>>) => void;
  isPending: boolean;
}

export function StatusToggleModal({
  item,
  noun,
  name,
  disabledText,
  enabledText,
  mutation,
  onClose,
}: {
  item: { id: string; status: string } | null;
  /** "service", "biller": the title's and the fallback error's word. */
  noun: string;
  /** The item as the sentence names it. */
  name: ReactNode;
  /** What disabling does, after the name. */
  disabledText: string;
  /** What enabling does, after the name. */
  enabledText: string;
  mutation: StatusMutation;
  onClose: () => void;
}) {
  const disabling = item?.status === 'ACTIVE';
  const confirm = () => {
    if (!item) return;
    mutation.mutate(
      { id: item.id, status: disabling ? 'INACTIVE' : 'ACTIVE' },
      envelopeCallbacks(onClose, { failure: `The ${noun} status could not be changed.` }),
    );
  };
  const title = `${disabling ? 'Disable' : 'Enable'} ${noun}`;
  return (
    <ConfirmModal
      open={!!item}
      title={title}
      message={
        item ? (
          <>
            <strong className="font-medium text-slate-900">{name}</strong>{' '}
            {disabling ? disabledText : enabledText}
          </>
        ) : null
      }
      confirmLabel={disabling ? 'Disable' : 'Enable'}
      tone={disabling ? 'danger' : 'primary'}
      loading={mutation.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
