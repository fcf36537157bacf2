import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FundingTransactionView, KeysetPaginated } from '@vendport/shared';
import { api } from '@/lib/api-client';
import { type FundingFilters, fundingKeys } from './query-keys';

export const ADMIN_FUNDING_HISTORY_PATH = 'corporates-transactions/funding';

/** Every client's funding history, newest first. */
export const getAdminFundingHistory = (f: FundingFilters, signal?: AbortSignal) =>
  api.get<KeysetPaginated<FundingTransactionView>>(ADMIN_FUNDING_HISTORY_PATH, { query: f, signal });

export const adminFundingHistoryQueryOptions = (f: FundingFilters) =>
  queryOptions({
    queryKey: fundingKeys.adminHistory(f),
    queryFn: ({ signal }) => getAdminFundingHistory(f, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminFundingHistory = (f: FundingFilters) => useQuery(adminFundingHistoryQueryOptions(f));
