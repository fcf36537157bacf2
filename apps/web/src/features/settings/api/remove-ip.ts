import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IpEntryView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { settingsKeys } from './query-keys';

export const removeIp = (id: string) => api.delete<ApiEnvelope<IpEntryView>>(`ip/${encodeURIComponent(id)}`);

export function useRemoveIp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeIp,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.ips() }),
  });
}
