import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FundRequestView, Paginated } from '@vendport/shared';
import { api } from '@/lib/api-client';
import { type FundingFilters, fundingKeys } from './query-keys';

/** Fund requests and repayments of every client, newest first. */
export const getFundRequests = (f: FundingFilters, signal?: AbortSignal) =>
  api.get<Paginated<FundRequestView>>('corporates-transactions/funding-requests', { query: f, signal });

export const fundRequestsQueryOptions = (f: FundingFilters) =>
  queryOptions({
    queryKey: fundingKeys.requests(f),
    queryFn: ({ signal }) => getFundRequests(f, signal),
    placeholderData: keepPreviousData,
  });

export const useFundRequests = (f: FundingFilters) => useQuery(fundRequestsQueryOptions(f));
