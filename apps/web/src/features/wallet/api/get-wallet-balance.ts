import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WalletBalanceView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { walletKeys } from './query-keys';

export const getWalletBalance = (signal?: AbortSignal) =>
  api.get<ApiSuccess<WalletBalanceView>>('get-wallet-balance', { signal });

export const walletBalanceQueryOptions = () =>
  queryOptions({
    queryKey: walletKeys.balance(),
    queryFn: ({ signal }) => getWalletBalance(signal),
    select: (res) => res.data,
  });

export const useWalletBalance = () => useQuery(walletBalanceQueryOptions());
