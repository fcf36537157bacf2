import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { notificationKeys } from './query-keys';

export const markNotificationRead = (id: string) =>
  api.put<ApiEnvelope<unknown>>(`notifications/read/${encodeURIComponent(id)}`);

/** Opening a notification marks it read; spec §8: this action shows no toast. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
