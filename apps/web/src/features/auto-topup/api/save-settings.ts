import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AutoTopupSettingsBody, AutoTopupSettingsView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { autoTopupKeys } from './query-keys';

export const saveAutoTopupSettings = (body: AutoTopupSettingsBody) =>
  api.post<ApiEnvelope<AutoTopupSettingsView>>('auto-topup/settings', body, { handledCodes: ['FORBIDDEN'] });

export function useSaveAutoTopupSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAutoTopupSettings,
    onSettled: () => queryClient.invalidateQueries({ queryKey: autoTopupKeys.all }),
  });
}
