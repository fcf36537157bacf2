import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiRateLimitsView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { settingsKeys } from './query-keys';

/** My vending API rate limits (per key, for the client) and the last hour's refusals. */
export const getApiRateLimits = (signal?: AbortSignal) =>
  api.get<ApiSuccess<ApiRateLimitsView>>('api-rate-limits', { signal });

export const apiRateLimitsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.rateLimits(),
    queryFn: ({ signal }) => getApiRateLimits(signal),
    select: (res) => res.data,
  });

export const useApiRateLimits = (enabled = true) => useQuery({ ...apiRateLimitsQueryOptions(), enabled });
