import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AutoTopupRunView, KeysetPaginated } from '@vendport/shared';
import { api } from '@/lib/api-client';
import { autoTopupKeys, type RunFilters } from './query-keys';

export const AUTO_TOPUP_RUNS_PATH = 'auto-topup/runs';

/** My auto top-up runs with their vend, status and reason. */
export const getRuns = (f: RunFilters, signal?: AbortSignal) =>
  api.get<KeysetPaginated<AutoTopupRunView>>(AUTO_TOPUP_RUNS_PATH, { query: f, signal });

export const runsQueryOptions = (f: RunFilters) =>
  queryOptions({
    queryKey: autoTopupKeys.runs(f),
    queryFn: ({ signal }) => getRuns(f, signal),
    placeholderData: keepPreviousData,
  });

export const useRuns = (f: RunFilters) => useQuery(runsQueryOptions(f));
