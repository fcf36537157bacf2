// Upfront commission on or off for a client, password-confirmed. On: the wallet is debited the
// amount less the commission at vend time. Off: the full amount, the commission accruing to be
// settled later. Applies to vends from now on.
import type { CorporateClientDetailView } from '@vendport/shared';
import { PasswordConfirmModal } from '@/components/password-action-modal';
import { useSetUpfrontCommission } from '../api/set-upfront-commission';
import { type ActionDone, actionCallbacks } from './action-done';

export function UpfrontCommissionModal({
  client,
  upfront,
  onClose,
  onDone,
}: {
  client: CorporateClientDetailView;
  /** The client's setting now. */
  upfront: boolean;
  onClose: () => void;
  onDone: (done: ActionDone) => void;
}) {
  const setUpfront = useSetUpfrontCommission();
  const next = !upfront;
  const onConfirm = (password: string) =>
    setUpfront.mutate(
      { corporateId: client.id, upfrontCommission: next, password },
      actionCallbacks('The commission setting could not be changed.', (data) => {
        onDone(
          data.upfrontCommission
            ? {
                title: 'Upfront commission enabled',
                message: `${client.name}’s wallet is now debited the amount less its commission on each vend.`,
              }
            : {
                title: 'Upfront commission disabled',
                message: `${client.name}’s wallet is now debited the full amount; commission accrues and is settled later.`,
              },
        );
      }),
    );

  return (
    <PasswordConfirmModal
      open
      title={next ? 'Enable upfront commission' : 'Disable upfront commission'}
      description={
        next
          ? `From the next vend, ${client.name} pays the amount less its commission; no commission accrues.`
          : `From the next vend, ${client.name} pays the full amount and the commission accrues to be settled to the wallet.`
      }
      submitLabel={next ? 'Enable' : 'Disable'}
      pending={setUpfront.isPending}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
