import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AutoTopupSettingsView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { autoTopupKeys } from './query-keys';

/** My auto top-up settings and the spend against the caps today and this month. */
export const getAutoTopupSettings = (signal?: AbortSignal) =>
  api.get<ApiSuccess<AutoTopupSettingsView>>('auto-topup/settings', { signal });

export const autoTopupSettingsQueryOptions = () =>
  queryOptions({
    queryKey: autoTopupKeys.settings(),
    queryFn: ({ signal }) => getAutoTopupSettings(signal),
    select: (res) => res.data,
  });

export const useAutoTopupSettings = () => useQuery(autoTopupSettingsQueryOptions());
