import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import type { VtuLineView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { vtuKeys } from './query-keys';
import { applyLine } from './update-line-cache';

/** Asks the provider for the line's balance (spec §3 refresh VTU payload: {vtuLine}). */
export const refreshVtuLine = (body: { vtuLine: string }) =>
  api.post<ApiEnvelope<VtuLineView>>('vtu/refresh', body);

export function useRefreshVtuLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: vtuKeys.refresh(),
    mutationFn: refreshVtuLine,
    onSuccess: (res) => applyLine(queryClient, res.data),
  });
}

/** The lines whose refresh is running now (several rows may refresh at once). */
export function useRefreshingLines(): Set<string> {
  const pending = useMutationState({
    filters: { mutationKey: vtuKeys.refresh(), status: 'pending' },
    select: (m) => (m.state.variables as { vtuLine: string } | undefined)?.vtuLine ?? '',
  });
  return new Set(pending);
}
