import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VtuLineView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { applyLine } from './update-line-cache';

/**
 * Whether vends made through the public HTTP API (API-key calls) may use the line. Portal, bulk
 * and auto top-up vends may use an active line either way.
 */
export const setVtuPublicApi = (body: { vtuLine: string; enabled: boolean }) =>
  api.post<ApiEnvelope<VtuLineView>>('vtu/public-api', body);

export function useSetVtuPublicApi() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setVtuPublicApi,
    onSuccess: (res) => applyLine(queryClient, res.data),
  });
}
