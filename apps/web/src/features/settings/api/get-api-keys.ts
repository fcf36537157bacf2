import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiKeyView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { settingsKeys } from './query-keys';

/** My live and test API keys, masked. */
export const getApiKeys = (signal?: AbortSignal) =>
  api.get<ApiSuccess<ApiKeyView[]>>('get-api-key', { signal });

export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.apiKeys(),
    queryFn: ({ signal }) => getApiKeys(signal),
    select: (res) => res.data,
  });

export const useApiKeys = (enabled = true) => useQuery({ ...apiKeysQueryOptions(), enabled });
