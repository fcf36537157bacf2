import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CommissionsView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { type CommissionFilters, commissionKeys } from './query-keys';

/** My commission on successful live vends: totals, per day and per service, and my terms. */
export const getCommissions = (f: CommissionFilters, signal?: AbortSignal) =>
  api.get<ApiSuccess<CommissionsView>>('commissions', { query: f, signal });

export const commissionsQueryOptions = (f: CommissionFilters) =>
  queryOptions({
    queryKey: commissionKeys.report(f),
    queryFn: ({ signal }) => getCommissions(f, signal),
    select: (res) => res.data,
    placeholderData: keepPreviousData,
  });

export const useCommissions = (f: CommissionFilters) => useQuery(commissionsQueryOptions(f));
