import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GatewayReconRunView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { invalidateMoneyQueries } from '@/lib/money-queries';

/** Reconciles the last 48 hours with Paystack now (credits what was paid and not credited, once). */
export const runGatewayReconciliation = () =>
  api.post<ApiEnvelope<GatewayReconRunView>>('gateway-reconciliation/runs', {});

export function useRunGatewayReconciliation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runGatewayReconciliation,
    onSettled: () => invalidateMoneyQueries(queryClient),
  });
}
