import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProviderHealthBody, ProviderHealthView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { providerKeys } from './query-keys';

/** Forces a real upstream's circuit breaker open or closed (password-confirmed). */
export const forceProviderHealth = ({ id, ...body }: ProviderHealthBody & { id: string }) =>
  api.post<ApiEnvelope<ProviderHealthView>>(`admin/providers/${encodeURIComponent(id)}/health`, body);

export function useForceProviderHealth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: forceProviderHealth,
    onSettled: () => queryClient.invalidateQueries({ queryKey: providerKeys.screen() }),
  });
}
