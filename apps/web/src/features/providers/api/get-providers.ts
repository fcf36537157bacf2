import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProvidersScreenView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { providerKeys } from './query-keys';

/** The upstream providers and the provider order per platform (issue 32). */
export const getProviders = (signal?: AbortSignal) =>
  api.get<ApiSuccess<ProvidersScreenView>>('admin/providers', { signal });

export const providersQueryOptions = () =>
  queryOptions({
    queryKey: providerKeys.screen(),
    queryFn: ({ signal }) => getProviders(signal),
    select: (res) => res.data,
  });

export const useProviders = () => useQuery(providersQueryOptions());
