import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VtuLineView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { applyLine } from './update-line-cache';

/**
 * Records float bought for a line (password-confirmed). The payment reference makes it
 * once-only: the same reference is refused (409), so a retried submit never counts twice.
 */
export const fundVtuLine = (body: { vtuLine: string; amount: string; reference: string; password: string }) =>
  api.post<ApiEnvelope<VtuLineView>>('vtu/fund', body);

export function useFundVtuLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fundVtuLine,
    onSuccess: (res) => applyLine(queryClient, res.data),
  });
}
