import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CatalogueStatus, ServiceView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { serviceKeys } from './query-keys';

/** Enables or disables a service (the API asks for no password here). */
export const setServiceStatus = (body: { id: string; status: CatalogueStatus }) =>
  api.put<ApiEnvelope<ServiceView>>('services/status', body);

export function useSetServiceStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setServiceStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}
