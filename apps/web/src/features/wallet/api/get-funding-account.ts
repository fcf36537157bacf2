import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FundingAccountView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { walletKeys } from './query-keys';

export type FundingAccount = FundingAccountView;

export const getFundingAccount = (signal?: AbortSignal) =>
  api.get<ApiSuccess<FundingAccount>>('get-funding-account', { signal });

export const fundingAccountQueryOptions = () =>
  queryOptions({
    queryKey: walletKeys.fundingAccount(),
    queryFn: ({ signal }) => getFundingAccount(signal),
    select: (res) => res.data,
    staleTime: 5 * 60_000,
  });

export const useFundingAccount = () => useQuery(fundingAccountQueryOptions());
