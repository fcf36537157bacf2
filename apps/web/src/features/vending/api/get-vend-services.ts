import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { vendingKeys } from './query-keys';

/** The active services assigned to my account: what I may vend, with rates and bounds. */
export const getVendServices = (signal?: AbortSignal) =>
  api.get<ApiSuccess<ServiceView[]>>('services', { signal });

export const vendServicesQueryOptions = () =>
  queryOptions({
    queryKey: vendingKeys.services(),
    queryFn: ({ signal }) => getVendServices(signal),
    select: (res) => res.data,
    staleTime: 5 * 60_000,
  });

export const useVendServices = (enabled = true) => useQuery({ ...vendServicesQueryOptions(), enabled });
