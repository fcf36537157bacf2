import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  PlatformSettingsBody,
  PlatformSettingsView,
  SmtpSettingsBody,
  SmtpTestView,
} from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { PLATFORM_QUERY_KEY } from '@/lib/platform';
import { settingsKeys } from './query-keys';

export const savePlatformSettings = (body: PlatformSettingsBody) =>
  api.post<ApiEnvelope<PlatformSettingsView>>('settings', body);

/** Saves the SMTP server; an empty password keeps the stored one. */
export const saveSmtpSettings = (body: SmtpSettingsBody) =>
  api.post<ApiEnvelope<PlatformSettingsView>>('settings/smtp', body);

/** Sends a test email now; the answer carries the SMTP server's reply or error. */
export const sendTestEmail = (to: string) =>
  api.post<ApiEnvelope<SmtpTestView>>('settings/smtp/test', { to });

function usePlatformMutation<A, R>(fn: (a: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: settingsKeys.platform() });
      void queryClient.invalidateQueries({ queryKey: PLATFORM_QUERY_KEY });
    },
  });
}

export const useSavePlatformSettings = () => usePlatformMutation(savePlatformSettings);
export const useSaveSmtpSettings = () => usePlatformMutation(saveSmtpSettings);
export const useSendTestEmail = () => useMutation({ mutationFn: sendTestEmail });
