import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommissionSettlementView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { invalidateMoneyQueries } from '@/lib/money-queries';
import { analyticsKeys } from './query-keys';

/**
 * Settles a client's accrued, unsettled commission to its wallet now (password-confirmed). data
 * is null when there was nothing to settle.
 */
export const settleCommission = (body: { corporateId: string; password: string }) =>
  api.post<ApiEnvelope<CommissionSettlementView | null>>('commissions/settle', body);

export function useSettleCommission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settleCommission,
    onSettled: () =>
      Promise.all([
        invalidateMoneyQueries(queryClient),
        queryClient.invalidateQueries({ queryKey: analyticsKeys.all }),
      ]),
  });
}
