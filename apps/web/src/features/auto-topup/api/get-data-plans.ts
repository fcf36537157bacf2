import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DataPlanView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { autoTopupKeys } from './query-keys';

/** The active data plans (the subscriber form offers those of the chosen network). */
export const getAutoTopupPlans = (signal?: AbortSignal) =>
  api.get<ApiSuccess<DataPlanView[]>>('data-plans', { signal });

export const useAutoTopupPlans = (enabled: boolean) =>
  useQuery({
    ...queryOptions({
      queryKey: autoTopupKeys.plans(),
      queryFn: ({ signal }) => getAutoTopupPlans(signal),
      select: (res) => res.data,
      staleTime: 5 * 60_000,
    }),
    enabled,
  });
