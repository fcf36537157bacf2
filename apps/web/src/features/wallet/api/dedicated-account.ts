import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DedicatedAccountState } from '@vendport/shared';
import { type ApiEnvelope, type ApiSuccess, api } from '@/lib/api-client';
import { walletKeys } from './query-keys';

/** The client's own account number for automatic bank transfers, or whether it may get one. */
export const getDedicatedAccount = (signal?: AbortSignal) =>
  api.get<ApiSuccess<DedicatedAccountState>>('fund/dedicated-account', { signal });

export const dedicatedAccountQueryOptions = () =>
  queryOptions({
    queryKey: walletKeys.dedicatedAccount(),
    queryFn: ({ signal }) => getDedicatedAccount(signal),
    select: (res) => res.data,
    staleTime: 5 * 60_000,
  });

export const useDedicatedAccount = (enabled = true) =>
  useQuery({ ...dedicatedAccountQueryOptions(), enabled });

/** "Get my account number": created once; asking again answers the same account. */
export const createDedicatedAccount = () =>
  api.post<ApiEnvelope<DedicatedAccountState>>('fund/dedicated-account');

export function useCreateDedicatedAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createDedicatedAccount,
    onSuccess: (res) => {
      if (res.success) qc.setQueryData(walletKeys.dedicatedAccount(), res);
    },
  });
}
