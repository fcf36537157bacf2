import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AutoTopupRunView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { invalidateMoneyQueries } from '@/lib/money-queries';
import { autoTopupKeys } from './query-keys';

/** Run now: tops the subscriber up at once (a second press within a minute is the same run). */
export const runSubscriberNow = (id: string) =>
  api.post<ApiEnvelope<AutoTopupRunView>>(
    `auto-topup/subscribers/${id}/run`,
    {},
    {
      handledCodes: ['FORBIDDEN', 'CLIENT_INACTIVE', 'SERVICE_UNAVAILABLE'],
    },
  );

export function useRunSubscriberNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runSubscriberNow,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: autoTopupKeys.all }),
        invalidateMoneyQueries(queryClient),
      ]),
  });
}
