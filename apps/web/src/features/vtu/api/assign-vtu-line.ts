import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VtuLineView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { applyLine } from './update-line-cache';

/** Dedicates a line to one client, or returns it to the shared pool (corporateId null). */
export const assignVtuLine = (body: { vtuLine: string; corporateId: string | null }) =>
  api.post<ApiEnvelope<VtuLineView>>('vtu/assign', body);

export function useAssignVtuLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignVtuLine,
    onSuccess: (res) => applyLine(queryClient, res.data),
  });
}
