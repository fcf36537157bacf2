import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated, VtuFundingView } from '@vendport/shared';
import { api } from '@/lib/api-client';
import { type VtuHistoryFilters, vtuKeys } from './query-keys';

export const VTU_FUNDING_HISTORY_PATH = 'vtu/funding-history';

/** Float bought for the lines, newest first. */
export const getVtuFundingHistory = (f: VtuHistoryFilters, signal?: AbortSignal) =>
  api.get<Paginated<VtuFundingView>>(VTU_FUNDING_HISTORY_PATH, { query: f, signal });

export const vtuFundingHistoryQueryOptions = (f: VtuHistoryFilters) =>
  queryOptions({
    queryKey: vtuKeys.fundingHistory(f),
    queryFn: ({ signal }) => getVtuFundingHistory(f, signal),
    placeholderData: keepPreviousData,
  });

export const useVtuFundingHistory = (f: VtuHistoryFilters) => useQuery(vtuFundingHistoryQueryOptions(f));
