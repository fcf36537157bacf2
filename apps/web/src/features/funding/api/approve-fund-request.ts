import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FundRequestView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { invalidateMoneyQueries } from '@/lib/money-queries';

/** Credits the wallet once (a wrong password answers 400 INVALID_PASSWORD). */
export const approveFundRequest = (body: { fundRequestId: string; password: string }) =>
  api.post<ApiEnvelope<FundRequestView>>('corporates-transactions/approve', body);

export function useApproveFundRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveFundRequest,
    onSettled: () => invalidateMoneyQueries(queryClient),
  });
}
