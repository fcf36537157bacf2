// Pause or resume, remove, import from CSV: the subscriber list's mutations.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AutoTopupSubscriberView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { autoTopupKeys } from './query-keys';

export const pauseSubscriber = ({ id, paused }: { id: string; paused: boolean }) =>
  api.put<ApiEnvelope<AutoTopupSubscriberView>>(`auto-topup/subscribers/${id}/pause`, { paused });

export const removeSubscriber = (id: string) => api.delete<ApiEnvelope<null>>(`auto-topup/subscribers/${id}`);

export const importSubscribers = (csv: string) =>
  api.post<ApiEnvelope<{ created: number }>>(
    'auto-topup/subscribers/import',
    { csv },
    {
      handledCodes: ['CLIENT_INACTIVE', 'SERVICE_UNAVAILABLE'],
    },
  );

function useSubscriberMutation<V, T>(call: (v: V) => Promise<ApiEnvelope<T>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: autoTopupKeys.all }),
  });
}

export const usePauseSubscriber = () => useSubscriberMutation(pauseSubscriber);
export const useRemoveSubscriber = () => useSubscriberMutation(removeSubscriber);
export const useImportSubscribers = () => useSubscriberMutation(importSubscribers);
