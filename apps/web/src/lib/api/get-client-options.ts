// Corporate clients to choose from (GET /corporate-clients, first page): the audit trail's client
// filter and the VTU line assignment's client search. It sits under the corporate-clients money
// root with the clients list, so onboarding or changing a client refetches it.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CorporateClientView, Paginated } from '@vendport/shared';
import { api } from '@/lib/api-client';
import { MONEY_QUERY_ROOTS } from '@/lib/money-queries';

/** The first `limit` clients in the clients list's order, matching `search` (name, email, phone) if given. */
export type ClientOptionsQuery = { search?: string; limit: number };

export const clientOptionsKey = (q: ClientOptionsQuery) =>
  [MONEY_QUERY_ROOTS.corporateClients, 'options', q] as const;

export const getClientOptions = (q: ClientOptionsQuery, signal?: AbortSignal) =>
  api.get<Paginated<CorporateClientView>>('corporate-clients', {
    query: { search: q.search || undefined, page: 1, limit: q.limit },
    signal,
  });

export const clientOptionsQueryOptions = (q: ClientOptionsQuery) =>
  queryOptions({
    queryKey: clientOptionsKey(q),
    queryFn: ({ signal }) => getClientOptions(q, signal),
    select: (res) => res.data,
    placeholderData: keepPreviousData,
  });

export const useClientOptions = (q: ClientOptionsQuery, enabled = true) =>
  useQuery({ ...clientOptionsQueryOptions(q), enabled });
