import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CorporateClientDetailView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { clientKeys } from './query-keys';

export const getCorporateClient = (id: string, signal?: AbortSignal) =>
  api.get<ApiSuccess<CorporateClientDetailView>>(`corporate-clients/${encodeURIComponent(id)}`, { signal });

export const corporateClientQueryOptions = (id: string) =>
  queryOptions({
    queryKey: clientKeys.detail(id),
    queryFn: ({ signal }) => getCorporateClient(id, signal),
    select: (res) => res.data,
  });

export const useCorporateClient = (id: string) => useQuery(corporateClientQueryOptions(id));
