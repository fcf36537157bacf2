// Settle a client's accrued commission to its wallet now, password-confirmed (the daily
// settlement would do it later).
import type { CorporateClientDetailView } from '@vendport/shared';
import { PasswordConfirmModal } from '@/components/password-action-modal';
import { countOf, formatNaira } from '@/lib/format';
import { useSettleClientCommission } from '../api/settle-client-commission';
import { type ActionDone, actionCallbacks } from './action-done';

export function SettleCommissionModal({
  client,
  unsettledKobo,
  onClose,
  onDone,
}: {
  client: CorporateClientDetailView;
  unsettledKobo: number;
  onClose: () => void;
  /** null when the call succeeded but there was nothing to settle (the toast says so). */
  onDone: (done: ActionDone | null) => void;
}) {
  const settle = useSettleClientCommission();
  const onConfirm = (password: string) =>
    settle.mutate(
      { corporateId: client.id, password },
      actionCallbacks('The commission could not be settled.', (s) => {
        onDone(
          s
            ? {
                title: 'Commission settled',
                message: `${formatNaira(s.amountKobo)} from ${countOf(s.vends, 'vend')} has been credited to ${client.name}’s wallet.`,
              }
            : null,
        );
      }),
    );

  return (
    <PasswordConfirmModal
      open
      title="Settle accrued commission"
      description={`Credit ${formatNaira(unsettledKobo)} of accrued commission to ${client.name}’s wallet now.`}
      submitLabel="Settle commission"
      pending={settle.isPending}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
