import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AutoTopupSubscriberBody, AutoTopupSubscriberView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { autoTopupKeys } from './query-keys';

/** Adds a subscriber, or edits one when `id` is given. */
export const saveSubscriber = ({ id, body }: { id?: string; body: AutoTopupSubscriberBody }) =>
  id
    ? api.put<ApiEnvelope<AutoTopupSubscriberView>>(`auto-topup/subscribers/${id}`, body, {
        handledCodes: ['CLIENT_INACTIVE', 'SERVICE_UNAVAILABLE'],
      })
    : api.post<ApiEnvelope<AutoTopupSubscriberView>>('auto-topup/subscribers', body, {
        handledCodes: ['CLIENT_INACTIVE', 'SERVICE_UNAVAILABLE'],
      });

export function useSaveSubscriber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSubscriber,
    onSettled: () => queryClient.invalidateQueries({ queryKey: autoTopupKeys.all }),
  });
}
