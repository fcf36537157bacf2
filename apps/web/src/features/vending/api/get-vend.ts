import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VendDetailView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { vendingKeys } from './query-keys';

/** One vend with its timeline (id or VND- code). Admins also get the routing facts. */
export const getVend = (id: string, signal?: AbortSignal) =>
  api.get<ApiSuccess<VendDetailView>>(`vend/${encodeURIComponent(id)}`, { signal });

export const vendQueryOptions = (id: string) =>
  queryOptions({
    queryKey: vendingKeys.detail(id),
    queryFn: ({ signal }) => getVend(id, signal),
    select: (res) => res.data,
  });

export const useVend = (id: string) => useQuery(vendQueryOptions(id));
