import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DiscrepancyView, ResolveActionName } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { invalidateMoneyQueries } from '@/lib/money-queries';
import { discrepancyKeys } from './query-keys';

export type ResolveInput = { id: string; action: ResolveActionName; note?: string; password: string };

/** Resolves a discrepancy (password-confirmed); charge-again and reverse move the client's money. */
export const resolveDiscrepancy = ({ id, ...body }: ResolveInput) =>
  api.post<ApiEnvelope<DiscrepancyView>>(`admin/discrepancies/${encodeURIComponent(id)}/resolve`, body);

export function useResolveDiscrepancy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveDiscrepancy,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: discrepancyKeys.all });
      return invalidateMoneyQueries(queryClient);
    },
  });
}
