import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationSetupBody, NotificationSetupView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { settingsKeys } from './query-keys';

export const saveNotificationSetup = (body: NotificationSetupBody) =>
  api.post<ApiEnvelope<NotificationSetupView>>('notification-setup', body);

export function useSaveNotificationSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationSetup,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...settingsKeys.all, 'notification-setup'] }),
  });
}
