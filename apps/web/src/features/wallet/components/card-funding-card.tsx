// Fund by card: an amount, the fee and total shown live before paying, then the gateway's
// checkout page. The gateway sends the browser back to /dashboard/wallet?reference=..., where the
// wallet screen verifies the payment.
import { zodResolver } from '@hookform/resolvers/zod';
import { AMOUNT_LIMITS, cardAmountQuery, cardInitializeBody } from '@vendport/shared';

import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { CreditCardIcon } from '@/components/ui/icons';
import { MoneyInput } from '@/components/ui/money-input';
import { toastApiError } from '@/lib/api-toasts';
import { useAppForm } from '@/lib/use-app-form';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useCardFee } from '../api/get-card-fee';
import { useInitializeCardPayment } from '../api/initialize-card-payment';
import { FeePreview } from './fee-preview';

/** Leaving the app for the gateway's page (a seam for tests). */
export const goToCheckout = (url: string) => window.location.assign(url);

/** The amount in kobo when it is a valid funding amount, else null. */
function validKobo(amount: string): number | null {
  const parsed = cardAmountQuery.safeParse({ amount });
  return parsed.success ? parsed.data.amount : null;
}

export function CardFundingCard() {
  const initialize = useInitializeCardPayment();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useAppForm({
    resolver: zodResolver(cardInitializeBody),
    defaultValues: { amount: '' },
    mode: 'onTouched',
  });
  const typed = String(watch('amount') ?? '');
  const debounced = useDebouncedValue(typed, 300);
  const amountKobo = validKobo(debounced);
  const fee = useCardFee(amountKobo);
  const current = validKobo(typed) !== null ? fee.data : undefined;
  const updating = typed !== debounced || fee.isFetching;

  const onSubmit = handleSubmit((values) => {
    initialize.mutate(values.amount, {
      onSuccess: (res) => {
        if (res.success === false || !res.data?.checkoutUrl) {
          toast.error(res.message || 'The payment could not be started. Please try again.');
          return;
        }
        goToCheckout(res.data.checkoutUrl);
      },
      onError: toastApiError,
    });
  });

  return (
    <Card>
      <CardHeader
        title={
          <span className="flex items-center gap-2">
            <CreditCardIcon className="h-5 w-5 text-brand-700" /> Fund by card
          </span>
        }
        description="Pay with a debit card; the wallet is credited as soon as the payment is confirmed."
      />
      <form onSubmit={onSubmit} noValidate className="space-y-4 px-6 py-5" aria-label="Card funding">
        <MoneyInput
          label="Amount (₦)"
          limits={AMOUNT_LIMITS.card}
          placeholder="e.g. 2,500"
          required
          error={!!errors.amount}
          errorMessage={errors.amount?.message}
          {...register('amount')}
        />
        <FeePreview fee={current} updating={validKobo(typed) !== null && updating} />
        <Button type="submit" loading={initialize.isPending} fullWidth>
          Continue to payment
        </Button>
      </form>
    </Card>
  );
}
