import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDashboardView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { overviewKeys } from './query-keys';

/** Platform figures over Lagos days startDate..endDate. */
export const getAdminDashboard = (r: { startDate: string; endDate: string }, signal?: AbortSignal) =>
  api.get<ApiSuccess<AdminDashboardView>>('admin-dashboard-data-v2', { query: r, signal });

export const adminDashboardQueryOptions = (r: { startDate: string; endDate: string }) =>
  queryOptions({
    queryKey: overviewKeys.admin(r),
    queryFn: ({ signal }) => getAdminDashboard(r, signal),
    select: (res) => res.data,
    placeholderData: keepPreviousData,
  });

export const useAdminDashboard = (r: { startDate: string; endDate: string }, enabled = true) =>
  useQuery({ ...adminDashboardQueryOptions(r), enabled });
