import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FundingTransactionView, KeysetPaginated } from '@vendport/shared';
import { api } from '@/lib/api-client';
import { type FundingFilters, fundingKeys } from './query-keys';

export const FUNDING_HISTORY_PATH = 'transactions/funding';

/** My funding history (bank transfers, card payments, admin fundings), newest first. */
export const getFundingHistory = (f: FundingFilters, signal?: AbortSignal) =>
  api.get<KeysetPaginated<FundingTransactionView>>(FUNDING_HISTORY_PATH, { query: f, signal });

export const fundingHistoryQueryOptions = (f: FundingFilters) =>
  queryOptions({
    queryKey: fundingKeys.history(f),
    queryFn: ({ signal }) => getFundingHistory(f, signal),
    placeholderData: keepPreviousData,
  });

export const useFundingHistory = (f: FundingFilters) => useQuery(fundingHistoryQueryOptions(f));
