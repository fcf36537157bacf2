// Set a credit client's limit (naira), password-confirmed. The server refuses a limit below what
// the client has already used.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  AMOUNT_LIMITS,
  type CorporateClientDetailView,
  creditLimitBody,
  koboToNairaString,
} from '@vendport/shared';

import { PasswordActionModal } from '@/components/password-action-modal';
import { MoneyInput } from '@/components/ui/money-input';
import { formatNaira } from '@/lib/format';
import { useAppForm } from '@/lib/use-app-form';
import { useSetCreditLimit } from '../api/set-credit-limit';
import { type ActionDone, actionCallbacks } from './action-done';

const schema = creditLimitBody.omit({ corporateId: true });

export function CreditLimitModal({
  client,
  onClose,
  onDone,
}: {
  client: CorporateClientDetailView;
  onClose: () => void;
  onDone: (done: ActionDone) => void;
}) {
  const setLimit = useSetCreditLimit();
  const initial = { limit: koboToNairaString(client.creditLimitKobo), password: '' };
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useAppForm({ resolver: zodResolver(schema), defaultValues: initial, mode: 'onTouched' });

  const onSubmit = handleSubmit((v) => {
    setLimit.mutate(
      { corporateId: client.id, limitKobo: v.limit, password: v.password },
      actionCallbacks('The credit limit could not be set.', (data) => {
        onDone({
          title: 'Credit limit updated',
          message: `${client.name} can now spend up to ${formatNaira(data.creditLimitKobo)} on credit.`,
        });
      }),
    );
  });

  const used = client.wallet.usedKobo ?? 0;
  return (
    <PasswordActionModal
      open
      title="Set credit limit"
      description={`Current limit ${formatNaira(client.creditLimitKobo)}; used ${formatNaira(used)}. The limit cannot go below what is used.`}
      submitLabel="Set limit"
      pending={setLimit.isPending}
      passwordEmpty={!watch('password')}
      password={register('password')}
      passwordError={errors.password}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <MoneyInput
        label="Credit limit (₦)"
        limits={AMOUNT_LIMITS.creditLimit}
        required
        error={!!errors.limit}
        errorMessage={errors.limit?.message}
        {...register('limit')}
      />
    </PasswordActionModal>
  );
}
