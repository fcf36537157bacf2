import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DiscrepancyView, Paginated } from '@vendport/shared';
import { api } from '@/lib/api-client';
import { type DiscrepancyFilters, discrepancyKeys } from './query-keys';

export const DISCREPANCIES_PATH = 'admin/discrepancies';

/** The review queue: discrepancies between our vends and the providers' word, newest first. */
export const getDiscrepancies = (f: DiscrepancyFilters, signal?: AbortSignal) =>
  api.get<Paginated<DiscrepancyView>>(DISCREPANCIES_PATH, { query: f, signal });

export const discrepanciesQueryOptions = (f: DiscrepancyFilters) =>
  queryOptions({
    queryKey: discrepancyKeys.list(f),
    queryFn: ({ signal }) => getDiscrepancies(f, signal),
    placeholderData: keepPreviousData,
  });

export const useDiscrepancies = (f: DiscrepancyFilters) => useQuery(discrepanciesQueryOptions(f));
