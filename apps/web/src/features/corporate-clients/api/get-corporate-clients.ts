import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CorporateClientView, Paginated } from '@vendport/shared';
import { api } from '@/lib/api-client';
import { type ClientFilters, clientKeys } from './query-keys';

export const getCorporateClients = (f: ClientFilters, signal?: AbortSignal) =>
  api.get<Paginated<CorporateClientView>>('corporate-clients', { query: f, signal });

export const corporateClientsQueryOptions = (f: ClientFilters) =>
  queryOptions({
    queryKey: clientKeys.list(f),
    queryFn: ({ signal }) => getCorporateClients(f, signal),
    placeholderData: keepPreviousData,
  });

export const useCorporateClients = (f: ClientFilters) => useQuery(corporateClientsQueryOptions(f));
