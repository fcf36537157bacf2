// The data-plan catalogue (GET /data-plans), one query for the admin's Data Plans screen and the
// forms that offer plans (vending, auto top-up subscribers): the server decides what the caller
// sees (every plan for admins, the active ones for clients). Data-plan mutations invalidate
// dataPlanKeys.all, so every screen showing plans refetches.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DataPlanView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';

/** Filters of the data-plan list as they sit in the URL ('' when unset). */
export type DataPlanFilters = { network?: string; status?: string };

export const dataPlanKeys = {
  all: ['data-plans'] as const,
  list: (f: DataPlanFilters) => [...dataPlanKeys.all, 'list', f] as const,
};

/** The data plans, by network and status; not paged. */
export const getDataPlans = (f: DataPlanFilters, signal?: AbortSignal) =>
  api.get<ApiSuccess<DataPlanView[]>>('data-plans', { query: f, signal });

export const dataPlansQueryOptions = (f: DataPlanFilters = {}) =>
  queryOptions({
    queryKey: dataPlanKeys.list(f),
    queryFn: ({ signal }) => getDataPlans(f, signal),
    select: (res) => res.data,
    placeholderData: keepPreviousData,
  });

export const useDataPlans = (f: DataPlanFilters) => useQuery(dataPlansQueryOptions(f));

/**
 * Every plan of every network, for a form that filters them by the chosen network. Plans change
 * rarely, so a form reuses what it fetched for five minutes.
 */
export const usePlanCatalogue = (enabled = true) =>
  useQuery({ ...dataPlansQueryOptions(), staleTime: 5 * 60_000, enabled });
