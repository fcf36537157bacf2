import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminVendView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { invalidateMoneyQueries } from '@/lib/money-queries';

export type ReverseVendInput = { vendId: string; password: string; reason: string };

/** Reverses a SUCCESSFUL vend and refunds the client (a wrong password answers 400). */
export const reverseVend = ({ vendId, ...body }: ReverseVendInput) =>
  api.post<ApiEnvelope<AdminVendView>>(`vend/${encodeURIComponent(vendId)}/reverse`, body);

export function useReverseVend() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: reverseVend, onSettled: () => invalidateMoneyQueries(queryClient) });
}
