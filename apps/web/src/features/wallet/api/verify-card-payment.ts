import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardPaymentView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { invalidateMoneyQueries } from '@/lib/money-queries';

/** Asks how the card payment ended; the server credits the wallet if it was paid (once). */
export const verifyCardPayment = (reference: string) =>
  api.get<ApiEnvelope<CardPaymentView>>('fund/card/verify', { query: { reference } });

export function useVerifyCardPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyCardPayment,
    onSettled: () => invalidateMoneyQueries(queryClient),
  });
}
