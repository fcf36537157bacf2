// The caller's wallet balance: one query, under one key, whichever screen shows it (the wallet,
// the vend forms). It sits under the wallet money root, so every money mutation refetches it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WalletBalanceView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { MONEY_QUERY_ROOTS } from '@/lib/money-queries';

export const walletBalanceKey = () => [MONEY_QUERY_ROOTS.wallet, 'balance'] as const;

export const getWalletBalance = (signal?: AbortSignal) =>
  api.get<ApiSuccess<WalletBalanceView>>('get-wallet-balance', { signal });

export const walletBalanceQueryOptions = () =>
  queryOptions({
    queryKey: walletBalanceKey(),
    queryFn: ({ signal }) => getWalletBalance(signal),
    select: (res) => res.data,
  });

/** What the wallet (and the sandbox wallet, in test mode) holds and can spend; `refetchMs` asks again
 * on a timer (the wallet screen, while money can arrive without a click: a dedicated account). */
export const useWalletBalance = (enabled = true, refetchMs?: number) =>
  useQuery({ ...walletBalanceQueryOptions(), enabled, refetchInterval: refetchMs ?? false });
