import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlatformSettingsView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { settingsKeys } from './query-keys';

/** The platform settings (admin); the SMTP password is never among them. */
export const getPlatformSettings = (signal?: AbortSignal) =>
  api.get<ApiSuccess<PlatformSettingsView>>('get-settings', { signal });

export const platformSettingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.platform(),
    queryFn: ({ signal }) => getPlatformSettings(signal),
    select: (res) => res.data,
  });

export const usePlatformSettings = () => useQuery(platformSettingsQueryOptions());
