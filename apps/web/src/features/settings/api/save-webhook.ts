import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { settingsKeys } from './query-keys';

/** Sets the URL; the first time, the answer carries the signing secret (shown once). */
export const saveWebhook = (url: string) => api.post<ApiEnvelope<WebhookView>>('web-hook-url', { url });

/** Replaces the signing secret (password-confirmed); the answer carries the new one (shown once). */
export const rotateWebhookSecret = (password: string) =>
  api.post<ApiEnvelope<WebhookView>>('web-hook-url/rotate-secret', { password });

/** Removes the webhook (password-confirmed); pending deliveries stop. */
export const removeWebhook = (password: string) =>
  api.delete<ApiEnvelope<WebhookView>>('web-hook-url', { password });

function useWebhookMutation<A>(fn: (a: A) => Promise<ApiEnvelope<WebhookView>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
  });
}

export const useSaveWebhook = () => useWebhookMutation(saveWebhook);
export const useRotateWebhookSecret = () => useWebhookMutation(rotateWebhookSecret);
export const useRemoveWebhook = () => useWebhookMutation(removeWebhook);
