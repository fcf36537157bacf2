import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FundRequestView, Paginated } from '@vendport/shared';
import { api } from '@/lib/api-client';
import { walletKeys } from './query-keys';

/** My open fund requests and repayments (PENDING or PAID), newest first: the first 40. */
export const getPendingTransactions = (signal?: AbortSignal) =>
  api.get<Paginated<FundRequestView>>('pending-transaction', { query: { page: 1, limit: 40 }, signal });

export const pendingTransactionsQueryOptions = () =>
  queryOptions({
    queryKey: walletKeys.pending(),
    queryFn: ({ signal }) => getPendingTransactions(signal),
  });

export const usePendingTransactions = () => useQuery(pendingTransactionsQueryOptions());
