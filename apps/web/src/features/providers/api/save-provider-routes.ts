import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlatformRouteView, ProviderRoutesBody } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { providerKeys } from './query-keys';

/** Saves a platform's provider order (the API asks for no password, as for a service's changes). */
export const saveProviderRoutes = (body: ProviderRoutesBody) =>
  api.put<ApiEnvelope<PlatformRouteView>>('admin/providers/routes', body);

export function useSaveProviderRoutes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProviderRoutes,
    onSettled: () => queryClient.invalidateQueries({ queryKey: providerKeys.all }),
  });
}
