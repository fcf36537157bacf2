// Record float bought for a VTU line: amount, the payment's reference (once only) and the acting
// admin's password. The float moves through the ledger's VTU float account.
import { zodResolver } from '@hookform/resolvers/zod';
import { AMOUNT_LIMITS, koboToNairaString, type VtuLineView, vtuFundBody } from '@vendport/shared';

import toast from 'react-hot-toast';
import { PasswordActionModal } from '@/components/password-action-modal';
import { MoneyInput } from '@/components/ui/money-input';
import { TextInput } from '@/components/ui/text-input';
import { toastApiError } from '@/lib/api-toasts';
import { networkLabel } from '@/lib/catalogue-labels';
import { formatNaira } from '@/lib/format';
import { useAppForm } from '@/lib/use-app-form';
import { useFundVtuLine } from '../api/fund-vtu-line';

const schema = vtuFundBody.omit({ vtuLine: true });

export function FundLineModal({
  line,
  onClose,
  onFunded,
}: {
  line: VtuLineView;
  onClose: () => void;
  onFunded: (message: string, line: VtuLineView) => void;
}) {
  const fund = useFundVtuLine();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useAppForm({
    resolver: zodResolver(schema),
    defaultValues: { amount: '', reference: '', password: '' },
    mode: 'onTouched',
  });
  const onSubmit = handleSubmit((v) =>
    fund.mutate(
      { vtuLine: line.id, amount: koboToNairaString(v.amount), reference: v.reference, password: v.password },
      {
        onSuccess: (res) => {
          if (res.success === false) {
            toast.error(res.message || 'The float could not be recorded.');
            return;
          }
          toast.success(res.message);
          onFunded(res.message, res.data);
        },
        onError: toastApiError,
      },
    ),
  );
  return (
    <PasswordActionModal
      open
      title="Fund VTU line"
      description={`${line.name} · ${networkLabel(line.network)} · ${line.msisdn}. Float now ${formatNaira(line.floatKobo)}.`}
      submitLabel="Fund line"
      pending={fund.isPending}
      passwordEmpty={!watch('password')}
      password={register('password')}
      passwordError={errors.password}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <MoneyInput
        label="Amount (₦)"
        limits={AMOUNT_LIMITS.vtuFunding}
        placeholder="e.g. 500,000"
        required
        error={!!errors.amount}
        errorMessage={errors.amount?.message}
        {...register('amount')}
      />
      <TextInput
        label="Payment reference"
        placeholder="The bank or dealer reference of the purchase"
        helperText="Each payment is recorded once: a reference already used is refused."
        required
        error={!!errors.reference}
        errorMessage={errors.reference?.message}
        {...register('reference')}
      />
    </PasswordActionModal>
  );
}
