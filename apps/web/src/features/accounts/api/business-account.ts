// The Business Account screen's calls (spec §7 Verification): the account with its documents,
// and the admin's decisions, approve (or Review a declined account) and decline.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessAccountView, DeclineBody, VerifyBody } from '@vendport/shared';
import { type ApiEnvelope, type ApiSuccess, api } from '@/lib/api-client';

export const accountKeys = {
  all: ['verifications'] as const,
  show: (id: string) => [...accountKeys.all, 'show', id] as const,
};

export const businessAccountQueryOptions = (id: string) =>
  queryOptions({
    queryKey: accountKeys.show(id),
    queryFn: ({ signal }) =>
      api.get<ApiSuccess<BusinessAccountView>>(`verifications/${encodeURIComponent(id)}/show`, { signal }),
    select: (res) => res.data,
  });

export const useBusinessAccount = (id: string) => useQuery(businessAccountQueryOptions(id));

function useDecision<B>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api.put<ApiEnvelope<BusinessAccountView>>(path, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}

export const useApproveAccount = () => useDecision<VerifyBody>('verifications/verify');
export const useDeclineAccount = () => useDecision<DeclineBody>('verifications/decline');
