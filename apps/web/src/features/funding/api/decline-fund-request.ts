import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FundRequestView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { invalidateMoneyQueries } from '@/lib/money-queries';

export const declineFundRequest = (body: { fundRequestId: string; password: string; reason: string }) =>
  api.post<ApiEnvelope<FundRequestView>>('corporates-transactions/decline', body);

export function useDeclineFundRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineFundRequest,
    onSettled: () => invalidateMoneyQueries(queryClient),
  });
}
