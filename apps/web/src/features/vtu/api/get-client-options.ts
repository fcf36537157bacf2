import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CorporateClientView, Paginated } from '@vendport/shared';
import { api } from '@/lib/api-client';
import { vtuKeys } from './query-keys';

/** Clients a line can be dedicated to: the first 40 matching a search (name, email, phone). */
export const getClientOptions = (search: string, signal?: AbortSignal) =>
  api.get<Paginated<CorporateClientView>>('corporate-clients', {
    query: { search: search || undefined, page: 1, limit: 40 },
    signal,
  });

export const clientOptionsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: vtuKeys.clientOptions(search),
    queryFn: ({ signal }) => getClientOptions(search, signal),
    select: (res) => res.data,
    placeholderData: keepPreviousData,
  });

export const useClientOptions = (search: string, enabled = true) =>
  useQuery({ ...clientOptionsQueryOptions(search), enabled });
