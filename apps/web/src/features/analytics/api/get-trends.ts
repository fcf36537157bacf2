import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TrendsView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { analyticsKeys, type TrendFilters } from './query-keys';

/** Platform sales and funding per day, week or month, by dimension, against the previous period. */
export const getTrends = (f: TrendFilters, signal?: AbortSignal) =>
  api.get<ApiSuccess<TrendsView>>('analytics/trends', { query: f, signal });

export const trendsQueryOptions = (f: TrendFilters) =>
  queryOptions({
    queryKey: analyticsKeys.trends(f),
    queryFn: ({ signal }) => getTrends(f, signal),
    select: (res) => res.data,
    placeholderData: keepPreviousData,
  });

export const useTrends = (f: TrendFilters) => useQuery(trendsQueryOptions(f));
