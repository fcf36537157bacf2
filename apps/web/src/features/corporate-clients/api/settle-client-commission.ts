import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommissionSettlementView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { invalidateMoneyQueries } from '@/lib/money-queries';

/** Settles the client's accrued, unsettled commission to its wallet now; null data: nothing was due. */
export const settleClientCommission = (body: { corporateId: string; password: string }) =>
  api.post<ApiEnvelope<CommissionSettlementView | null>>('commissions/settle', body);

export function useSettleClientCommission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settleClientCommission,
    onSettled: () => invalidateMoneyQueries(queryClient),
  });
}
