import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import type { UpstreamProviderView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { providerKeys } from './query-keys';

/** Reads a real upstream's balance now. */
export const refreshProviderBalance = (id: string) =>
  api.post<ApiEnvelope<UpstreamProviderView>>(`admin/providers/${encodeURIComponent(id)}/balance`);

export function useRefreshProviderBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: providerKeys.refresh(),
    mutationFn: refreshProviderBalance,
    // A failed read is recorded too (its error shows on the screen): refetch either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: providerKeys.screen() }),
  });
}

/** The providers whose balance read is running now. */
export function useRefreshingProviders(): Set<string> {
  const pending = useMutationState({
    filters: { mutationKey: providerKeys.refresh(), status: 'pending' },
    select: (m) => (m.state.variables as string | undefined) ?? '',
  });
  return new Set(pending);
}
