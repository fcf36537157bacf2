import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReconciliationSettingsView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { settingsKeys } from './query-keys';

/** My statement settings and low-balance threshold. */
export const getReconciliationSettings = (signal?: AbortSignal) =>
  api.get<ApiSuccess<ReconciliationSettingsView>>('reconciliation/settings', { signal });

export const reconciliationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.reconciliation(),
    queryFn: ({ signal }) => getReconciliationSettings(signal),
    select: (res) => res.data,
  });

export const useReconciliationSettings = () => useQuery(reconciliationSettingsQueryOptions());
