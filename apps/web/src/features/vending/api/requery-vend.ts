import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VendView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { invalidateMoneyQueries } from '@/lib/money-queries';

/** Asks the provider now how a PENDING vend ended (a failure reverses the debit). */
export const requeryVend = (vendId: string) =>
  api.put<ApiEnvelope<VendView>>('transactions/query', { vendId });

export function useRequeryVend() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: requeryVend, onSettled: () => invalidateMoneyQueries(queryClient) });
}
