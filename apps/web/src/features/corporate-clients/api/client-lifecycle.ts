// The admin's switches on a client (spec §7 Clients): test mode allowed, auto top-up enabled,
// and the owner's password reset. Each is password-confirmed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AutoTopupSwitchBody, CorporateClientDetailView, TestModeBody } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { clientKeys } from './query-keys';

function useClientMutation<B, T>(call: (body: B) => Promise<ApiEnvelope<T>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientKeys.all }),
  });
}

export const useSetTestMode = () =>
  useClientMutation((b: TestModeBody) => api.put<ApiEnvelope<CorporateClientDetailView>>('test-mode', b));

export const useSetAutoTopup = () =>
  useClientMutation((b: AutoTopupSwitchBody) =>
    api.put<ApiEnvelope<CorporateClientDetailView>>('corporate-clients/auto-topup', b),
  );

export const useResetClientPassword = () =>
  useClientMutation((b: { corporateId: string; password: string }) =>
    api.put<ApiEnvelope<{ email: string }>>('reset-password', b),
  );
