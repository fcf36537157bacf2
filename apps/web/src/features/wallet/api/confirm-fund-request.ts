import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FundRequestView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { invalidateMoneyQueries } from '@/lib/money-queries';

/** "I have paid": PENDING -> PAID. */
export const confirmFundRequest = (fundRequestId: string) =>
  api.post<ApiEnvelope<FundRequestView>>('fund-request-confirmation', { fundRequestId });

export function useConfirmFundRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmFundRequest,
    onSettled: () => invalidateMoneyQueries(queryClient),
  });
}
