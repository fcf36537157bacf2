import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated, ReconciliationView } from '@vendport/shared';
import { api } from '@/lib/api-client';
import { discrepancyKeys, type ReconciliationFilters } from './query-keys';

export const RECONCILIATIONS_PATH = 'admin/reconciliations';

/** The provider reconciliation runs, newest first. */
export const getReconciliations = (f: ReconciliationFilters, signal?: AbortSignal) =>
  api.get<Paginated<ReconciliationView>>(RECONCILIATIONS_PATH, { query: f, signal });

export const reconciliationsQueryOptions = (f: ReconciliationFilters) =>
  queryOptions({
    queryKey: discrepancyKeys.runs(f),
    queryFn: ({ signal }) => getReconciliations(f, signal),
    placeholderData: keepPreviousData,
  });

export const useReconciliations = (f: ReconciliationFilters) => useQuery(reconciliationsQueryOptions(f));
