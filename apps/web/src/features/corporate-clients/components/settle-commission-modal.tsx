// Settle a client's accrued commission to its wallet now, password-confirmed (the daily
// settlement would do it later).
import { zodResolver } from '@hookform/resolvers/zod';
import { type CorporateClientDetailView, passwordConfirmBody } from '@vendport/shared';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { toastApiError } from '@/lib/api-toasts';
import { formatNaira } from '@/lib/format';
import { useSettleClientCommission } from '../api/settle-client-commission';
import { type ActionDone, ActionModal } from './action-modal';

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
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(passwordConfirmBody),
    defaultValues: { password: '' },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit(({ password }) =>
    settle.mutate(
      { corporateId: client.id, password },
      {
        onSuccess: (res) => {
          if (res.success === false) {
            toast.error(res.message || 'The commission could not be settled.');
            return;
          }
          toast.success(res.message);
          const s = res.data;
          onDone(
            s
              ? {
                  title: 'Commission settled',
                  message: `${formatNaira(s.amountKobo)} from ${s.vends} vend${s.vends === 1 ? '' : 's'} has been credited to ${client.name}’s wallet.`,
                }
              : null,
          );
        },
        onError: toastApiError,
      },
    ),
  );

  return (
    <ActionModal
      open
      title="Settle accrued commission"
      description={`Credit ${formatNaira(unsettledKobo)} of accrued commission to ${client.name}’s wallet now.`}
      submitLabel="Settle commission"
      pending={settle.isPending}
      passwordEmpty={!watch('password')}
      password={register('password')}
      passwordError={errors.password}
      onSubmit={onSubmit}
      onClose={onClose}
    />
  );
}
