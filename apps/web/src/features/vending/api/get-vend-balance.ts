import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WalletBalanceView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { vendingKeys } from './query-keys';

/** What the wallet (and the sandbox wallet, in test mode) can spend, shown beside the forms. */
export const getVendBalance = (signal?: AbortSignal) =>
  api.get<ApiSuccess<WalletBalanceView>>('get-wallet-balance', { signal });

export const vendBalanceQueryOptions = () =>
  queryOptions({
    queryKey: vendingKeys.balance(),
    queryFn: ({ signal }) => getVendBalance(signal),
    select: (res) => res.data,
  });

export const useVendBalance = (enabled = true) => useQuery({ ...vendBalanceQueryOptions(), enabled });
