import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CatalogueStatus, VtuLineView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { applyLine } from './update-line-cache';

/** Activates or deactivates a line (the API asks for no password here). */
export const setVtuLineStatus = (body: { vtuLine: string; status: CatalogueStatus }) =>
  api.post<ApiEnvelope<VtuLineView>>('vtu/status', body);

export function useSetVtuLineStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setVtuLineStatus,
    onSuccess: (res) => applyLine(queryClient, res.data),
  });
}
