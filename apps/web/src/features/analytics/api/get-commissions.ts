import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CommissionsView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { analyticsKeys, type CommissionFilters } from './query-keys';

/** Commission earned on successful live vends across clients: totals, per day, service, client. */
export const getCommissions = (f: CommissionFilters, signal?: AbortSignal) =>
  api.get<ApiSuccess<CommissionsView>>('commissions', { query: f, signal });

export const commissionsQueryOptions = (f: CommissionFilters) =>
  queryOptions({
    queryKey: analyticsKeys.commissions(f),
    queryFn: ({ signal }) => getCommissions(f, signal),
    select: (res) => res.data,
    placeholderData: keepPreviousData,
  });

export const useCommissions = (f: CommissionFilters, enabled = true) =>
  useQuery({ ...commissionsQueryOptions(f), enabled });
