import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { notificationKeys } from './query-keys';

export const clearNotifications = () => api.put<ApiEnvelope<unknown>>('notifications/clear');

export function useClearNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearNotifications,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
