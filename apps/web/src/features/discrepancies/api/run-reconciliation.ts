import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiEnvelope, api } from '@/lib/api-client';
import type { ReconciliationDetail } from './get-reconciliation';
import { discrepancyKeys } from './query-keys';

export type RunInput = { provider: string; day: string };

/** Reconciles a provider's Lagos day now (the daily job does the previous day by itself). */
export const runReconciliation = (body: RunInput) =>
  api.post<ApiEnvelope<ReconciliationDetail>>('admin/reconciliations', body);

export function useRunReconciliation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runReconciliation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: discrepancyKeys.all }),
  });
}
