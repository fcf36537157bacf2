// Our data plans at each upstream provider (issue 32): the list (GET admin/provider-plans), one
// mapping saved (PUT admin/provider-plans), the VTpass sync's proposal (POST .../sync, which
// changes nothing) and the accepted items of it (POST .../sync/accept).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlanProvider, ProviderPlanSyncView, ProviderPlanView } from '@vendport/shared';
import { type ApiEnvelope, type ApiSuccess, api } from '@/lib/api-client';

export const providerPlanKeys = {
  all: ['provider-plans'] as const,
  list: (provider: PlanProvider) => [...providerPlanKeys.all, 'list', provider] as const,
};

/** A mapping as the form sends it: the provider's price in naira ("1500.00"). */
export type ProviderPlanChange = {
  dataPlanId: string;
  providerCode: string;
  /** null (a withdrawn code being deactivated) keeps the price recorded. */
  providerPrice: string | null;
  active: boolean;
};

export const getProviderPlans = (provider: PlanProvider, signal?: AbortSignal) =>
  api.get<ApiSuccess<ProviderPlanView[]>>('admin/provider-plans', { query: { provider }, signal });

export const useProviderPlans = (provider: PlanProvider) =>
  useQuery({
    queryKey: providerPlanKeys.list(provider),
    queryFn: ({ signal }) => getProviderPlans(provider, signal),
    select: (res) => res.data,
    placeholderData: keepPreviousData,
  });

export const saveProviderPlan = (
  body: ProviderPlanChange & { provider: PlanProvider; providerPrice: string },
) => api.put<ApiEnvelope<ProviderPlanView>>('admin/provider-plans', body);

export function useSaveProviderPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProviderPlan,
    onSettled: () => queryClient.invalidateQueries({ queryKey: providerPlanKeys.all }),
  });
}

/** VTpass's answer may be an error of its own (not configured, 409; failing, 502): shown in the dialog. */
export const syncProviderPlans = (provider: 'VTPASS') =>
  api.post<ApiSuccess<ProviderPlanSyncView>>(
    'admin/provider-plans/sync',
    { provider },
    { handledCodes: ['SERVICE_UNAVAILABLE'] },
  );

export const useSyncProposal = (provider: 'VTPASS', enabled: boolean) =>
  useQuery({
    queryKey: [...providerPlanKeys.all, 'sync', provider],
    queryFn: () => syncProviderPlans(provider),
    select: (res) => res.data,
    enabled,
    retry: false,
    gcTime: 0,
    staleTime: 0,
  });

export const acceptSync = (body: { provider: PlanProvider; changes: ProviderPlanChange[] }) =>
  api.post<ApiEnvelope<ProviderPlanView[]>>('admin/provider-plans/sync/accept', body);

export function useAcceptSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptSync,
    onSettled: () => queryClient.invalidateQueries({ queryKey: providerPlanKeys.all }),
  });
}
