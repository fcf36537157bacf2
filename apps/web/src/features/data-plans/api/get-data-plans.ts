import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DataPlanView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { type DataPlanFilters, dataPlanKeys } from './query-keys';

/** The data-plan catalogue (every plan, for admins), by network and status; not paged. */
export const getDataPlans = (f: DataPlanFilters, signal?: AbortSignal) =>
  api.get<ApiSuccess<DataPlanView[]>>('data-plans', { query: f, signal });

export const dataPlansQueryOptions = (f: DataPlanFilters) =>
  queryOptions({
    queryKey: dataPlanKeys.list(f),
    queryFn: ({ signal }) => getDataPlans(f, signal),
    select: (res) => res.data,
    placeholderData: keepPreviousData,
  });

export const useDataPlans = (f: DataPlanFilters) => useQuery(dataPlansQueryOptions(f));
