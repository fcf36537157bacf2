import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReconciliationSettingsBody, ReconciliationSettingsView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { settingsKeys } from './query-keys';

export const saveReconciliationSettings = (body: ReconciliationSettingsBody) =>
  api.post<ApiEnvelope<ReconciliationSettingsView>>('reconciliation/settings', body);

export function useSaveReconciliationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReconciliationSettings,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.reconciliation() }),
  });
}
