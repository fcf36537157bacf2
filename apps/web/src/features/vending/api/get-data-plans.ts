import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DataPlanView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { vendingKeys } from './query-keys';

/** The active data plans of every network (the forms filter them by the chosen network). */
export const getDataPlans = (signal?: AbortSignal) =>
  api.get<ApiSuccess<DataPlanView[]>>('data-plans', { signal });

export const dataPlansQueryOptions = () =>
  queryOptions({
    queryKey: vendingKeys.plans(),
    queryFn: ({ signal }) => getDataPlans(signal),
    select: (res) => res.data,
    staleTime: 5 * 60_000,
  });

export const useDataPlans = (enabled = true) => useQuery({ ...dataPlansQueryOptions(), enabled });
