import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated, VtuConsumptionView } from '@vendport/shared';
import { api } from '@/lib/api-client';
import { type VtuHistoryFilters, vtuKeys } from './query-keys';

export const VTU_CONSUMPTION_HISTORY_PATH = 'vtu/consumption-history';

/** Live vends holding the lines' float (pending or successful), newest first. */
export const getVtuConsumptionHistory = (f: VtuHistoryFilters, signal?: AbortSignal) =>
  api.get<Paginated<VtuConsumptionView>>(VTU_CONSUMPTION_HISTORY_PATH, { query: f, signal });

export const vtuConsumptionHistoryQueryOptions = (f: VtuHistoryFilters) =>
  queryOptions({
    queryKey: vtuKeys.consumptionHistory(f),
    queryFn: ({ signal }) => getVtuConsumptionHistory(f, signal),
    placeholderData: keepPreviousData,
  });

export const useVtuConsumptionHistory = (f: VtuHistoryFilters) =>
  useQuery(vtuConsumptionHistoryQueryOptions(f));
