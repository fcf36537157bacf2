import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Network, Platform, ServiceType, ServiceView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { serviceKeys } from './query-keys';

/**
 * The body of services/add and services/update/{id}: the spec's {network, service, platform,
 * commission} (commission in percent, e.g. "2.50"), plus the fallbacks and the naira bounds the
 * API also takes (left out, the API uses its defaults on add and keeps the current ones on update).
 */
export type ServicePayload = {
  network: Network;
  service: ServiceType;
  platform: Platform;
  commission: string;
  fallbackPlatforms: Platform[];
  minAmount?: string;
  maxAmount?: string;
};

export const addService = (body: ServicePayload) => api.post<ApiEnvelope<ServiceView>>('services/add', body);

export const updateService = ({ id, body }: { id: string; body: ServicePayload }) =>
  api.put<ApiEnvelope<ServiceView>>(`services/update/${encodeURIComponent(id)}`, body);

export function useAddService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addService,
    onSettled: () => queryClient.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}

export function useUpdateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateService,
    onSettled: () => queryClient.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}
