import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IpEntryView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { settingsKeys } from './query-keys';

/** The addresses my API keys may be used from (empty: any address). */
export const getIpAllowlist = (signal?: AbortSignal) => api.get<ApiSuccess<IpEntryView[]>>('ip', { signal });

export const ipAllowlistQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.ips(),
    queryFn: ({ signal }) => getIpAllowlist(signal),
    select: (res) => res.data,
  });

export const useIpAllowlist = () => useQuery(ipAllowlistQueryOptions());
