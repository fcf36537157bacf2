import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AutoTopupSubscriberBody, AutoTopupSubscriberView } from '@vendport/shared';
import { BILL_REFUSALS } from '@/lib/api/bill-refusals';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { autoTopupKeys } from './query-keys';

/** Adds a subscriber, or edits one when `id` is given. Its refusals show in the form: an inactive
 * account, a channel down, and a bill's (a number the provider rejects, a biller not on the
 * account, a bouquet withdrawn). */
export const saveSubscriber = ({ id, body }: { id?: string; body: AutoTopupSubscriberBody }) =>
  id
    ? api.put<ApiEnvelope<AutoTopupSubscriberView>>(`auto-topup/subscribers/${id}`, body, {
        handledCodes: BILL_REFUSALS,
      })
    : api.post<ApiEnvelope<AutoTopupSubscriberView>>('auto-topup/subscribers', body, {
        handledCodes: BILL_REFUSALS,
      });

export function useSaveSubscriber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSubscriber,
    onSettled: () => queryClient.invalidateQueries({ queryKey: autoTopupKeys.all }),
  });
}
