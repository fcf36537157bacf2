import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookDeliveryView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { settingsKeys } from './query-keys';

export type TestWebhookResult = WebhookDeliveryView & { durationMs: number };

/** Sends a signed sample vend.successful (livemode false) to my webhook URL now; answers the attempt. */
export const sendTestWebhook = () => api.post<ApiEnvelope<TestWebhookResult>>('webhooks/test');

export function useSendTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestWebhook,
    // The delivery log gains the test delivery.
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
  });
}
