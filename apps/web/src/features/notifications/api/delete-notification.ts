import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { notificationKeys } from './query-keys';

export const deleteNotification = (id: string) =>
  api.put<ApiEnvelope<unknown>>(`notifications/clear/${encodeURIComponent(id)}`);

export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
