import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IpEntryView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { settingsKeys } from './query-keys';

export const addIp = (address: string) => api.post<ApiEnvelope<IpEntryView>>('ip/add', { address });

export function useAddIp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addIp,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.ips() }),
  });
}
