import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookDeliveryView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { settingsKeys } from './query-keys';

/** Sends an event again now (same event id, to the current URL). */
export const resendWebhookDelivery = (id: string) =>
  api.post<ApiEnvelope<WebhookDeliveryView>>(`webhooks/deliveries/${encodeURIComponent(id)}/resend`);

export function useResendWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendWebhookDelivery,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
  });
}
