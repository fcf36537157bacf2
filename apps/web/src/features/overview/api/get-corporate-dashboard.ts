import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CorporateDashboardView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { type HomeRange, overviewKeys } from './query-keys';

/** The client's home figures for today, this week, this month or a custom range (Lagos days). */
export const getCorporateDashboard = (r: HomeRange, signal?: AbortSignal) =>
  api.get<ApiSuccess<CorporateDashboardView>>('corporate-dashboard-data', {
    query: r.filter === 'custom' ? r : { filter: r.filter },
    signal,
  });

export const corporateDashboardQueryOptions = (r: HomeRange) =>
  queryOptions({
    queryKey: overviewKeys.corporate(r),
    queryFn: ({ signal }) => getCorporateDashboard(r, signal),
    select: (res) => res.data,
    placeholderData: keepPreviousData,
  });

export const useCorporateDashboard = (r: HomeRange, enabled = true) =>
  useQuery({ ...corporateDashboardQueryOptions(r), enabled });
