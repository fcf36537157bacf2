// Activate or deactivate a client, password-confirmed. An inactive client can sign in and read,
// but cannot fund or vend; the client is notified either way.
import type { CorporateClientDetailView } from '@vendport/shared';
import { PasswordConfirmModal } from '@/components/password-action-modal';
import { useSetClientStatus } from '../api/set-client-status';
import { type ActionDone, actionCallbacks } from './action-done';

export function StatusModal({
  client,
  onClose,
  onDone,
}: {
  client: CorporateClientDetailView;
  onClose: () => void;
  onDone: (done: ActionDone) => void;
}) {
  const setStatus = useSetClientStatus();
  const next = client.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE';
  const onConfirm = (password: string) => {
    setStatus.mutate(
      { corporateId: client.id, status: next, password },
      actionCallbacks('The client status could not be changed.', () => {
        onDone(
          next === 'ACTIVE'
            ? {
                title: 'Client activated',
                message: `${client.name} can fund and vend again. The client has been informed.`,
              }
            : {
                title: 'Client deactivated',
                message: `${client.name} can no longer fund or vend. The client has been informed.`,
              },
        );
      }),
    );
  };

  return (
    <PasswordConfirmModal
      open
      title={next === 'ACTIVE' ? 'Activate client' : 'Deactivate client'}
      description={
        next === 'ACTIVE'
          ? `${client.name} will be able to fund the wallet and vend again.`
          : `${client.name} will still be able to sign in and read, but not fund the wallet or vend.`
      }
      submitLabel={next === 'ACTIVE' ? 'Activate' : 'Deactivate'}
      tone={next === 'ACTIVE' ? 'primary' : 'danger'}
      pending={setStatus.isPending}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
