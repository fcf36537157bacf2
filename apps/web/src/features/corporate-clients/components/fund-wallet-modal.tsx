// Fund a client's wallet directly: amount and reason, password-confirmed, through the endpoint of
// the client's type (fund, fund-postpaid, fund-postpaidplus). One idempotency key per opening.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  AMOUNT_LIMITS,
  adminFundBody,
  type ClientType,
  type CorporateClientDetailView,
} from '@vendport/shared';
import { useState } from 'react';

import { PasswordActionModal } from '@/components/password-action-modal';
import { MoneyInput } from '@/components/ui/money-input';
import { Textarea } from '@/components/ui/textarea';
import { formatNaira } from '@/lib/format';
import { clientTypeLabel } from '@/lib/labels';
import { newRequestKey } from '@/lib/request-key';
import { useAppForm } from '@/lib/use-app-form';
import { useFundClientWallet } from '../api/fund-client-wallet';
import { type ActionDone, actionCallbacks } from './action-done';

const schema = adminFundBody.omit({ corporateId: true, reference: true });
const EMPTY = { amount: '', reason: '', password: '' };

export function FundWalletModal({
  client,
  onClose,
  onDone,
}: {
  client: CorporateClientDetailView;
  onClose: () => void;
  onDone: (done: ActionDone) => void;
}) {
  const fund = useFundClientWallet();
  // Mounted per opening: one key for this form, kept across retries of the same submit.
  const [reference] = useState(newRequestKey);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useAppForm({ resolver: zodResolver(schema), defaultValues: EMPTY, mode: 'onTouched' });

  const onSubmit = handleSubmit((v) => {
    fund.mutate(
      {
        clientType: client.clientType as ClientType,
        corporateId: client.id,
        amountKobo: v.amount,
        reason: v.reason,
        password: v.password,
        reference,
      },
      actionCallbacks('The wallet could not be funded.', (data) => {
        onDone({
          title: 'Wallet funded',
          message: `${formatNaira(v.amount)} has been credited to ${client.name}. New balance: ${formatNaira(data.balanceKobo)}.`,
        });
      }),
    );
  });

  return (
    <PasswordActionModal
      open
      title="Fund wallet"
      description={`Credit ${client.name}’s wallet (${clientTypeLabel(client.clientType)} client). The client is notified.`}
      submitLabel="Fund wallet"
      pending={fund.isPending}
      passwordEmpty={!watch('password')}
      password={register('password')}
      passwordError={errors.password}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <MoneyInput
        label="Amount (₦)"
        limits={AMOUNT_LIMITS.funding}
        placeholder="e.g. 100,000"
        required
        error={!!errors.amount}
        errorMessage={errors.amount?.message}
        {...register('amount')}
      />
      <Textarea
        label="Reason"
        placeholder="Why is this wallet funded? The client sees it."
        required
        error={!!errors.reason}
        errorMessage={errors.reason?.message}
        {...register('reason')}
      />
    </PasswordActionModal>
  );
}
