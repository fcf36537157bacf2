import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { type ServiceFilters, serviceKeys } from './query-keys';

/** Every service (the admin's view), by network, type and platform; not paged. */
export const getServices = (f: ServiceFilters, signal?: AbortSignal) =>
  api.get<ApiSuccess<ServiceView[]>>('services', { query: f, signal });

export const servicesQueryOptions = (f: ServiceFilters) =>
  queryOptions({
    queryKey: serviceKeys.list(f),
    queryFn: ({ signal }) => getServices(f, signal),
    select: (res) => res.data,
    placeholderData: keepPreviousData,
  });

export const useServices = (f: ServiceFilters) => useQuery(servicesQueryOptions(f));
