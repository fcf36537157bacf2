import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import type { KeyMode } from './copy-api-key';
import { settingsKeys } from './query-keys';

/** Replaces a key (password-confirmed): the old one stops working at once; the new one is shown once. */
export const resetApiKey = (body: { mode: KeyMode; password: string }) =>
  api.post<ApiEnvelope<ApiKeyView & { key: string }>>('reset-api-key', body);

export function useResetApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.apiKeys() }),
  });
}
