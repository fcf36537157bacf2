import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardPaymentView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { invalidateMoneyQueries } from '@/lib/money-queries';
import { IDEMPOTENT_MUTATION } from '@/lib/query-client';

/** Asks how the card payment ended; the server credits the wallet if it was paid (once). */
export const verifyCardPayment = (reference: string) =>
  api.get<ApiEnvelope<CardPaymentView>>('fund/card/verify', { query: { reference } });

export function useVerifyCardPayment() {
  const queryClient = useQueryClient();
  // Safe to retry: a read of the payment's state; the server credits a paid payment once.
  return useMutation({
    ...IDEMPOTENT_MUTATION,
    mutationFn: verifyCardPayment,
    onSettled: () => invalidateMoneyQueries(queryClient),
  });
}
