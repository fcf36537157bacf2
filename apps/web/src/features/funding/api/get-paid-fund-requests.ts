import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FundRequestView, Paginated } from '@vendport/shared';
import { api } from '@/lib/api-client';
import { fundingKeys } from './query-keys';

/** Requests the clients say they have paid, awaiting a decision (the review queue's count). */
export const getPaidFundRequests = (signal?: AbortSignal) =>
  api.get<Paginated<FundRequestView>>('paid-fund-requests', { query: { page: 1, limit: 40 }, signal });

export const paidFundRequestsQueryOptions = () =>
  queryOptions({
    queryKey: fundingKeys.paidRequests(),
    queryFn: ({ signal }) => getPaidFundRequests(signal),
    refetchInterval: 60_000,
  });

export const usePaidFundRequests = () => useQuery(paidFundRequestsQueryOptions());
