import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GatewayDiscrepancyView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { invalidateMoneyQueries } from '@/lib/money-queries';

export type ResolveDiscrepancyInput = {
  id: string;
  action: 'CREDIT' | 'REFUND' | 'WRITE_OFF';
  note: string;
  corporate_id?: string;
  password: string;
};

/** Resolves a discrepancy once (a wrong password answers 400; a second resolution 409). */
export const resolveGatewayDiscrepancy = ({ id, ...body }: ResolveDiscrepancyInput) =>
  api.post<ApiEnvelope<GatewayDiscrepancyView>>(
    `gateway-reconciliation/discrepancies/${encodeURIComponent(id)}/resolve`,
    body,
  );

export function useResolveGatewayDiscrepancy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveGatewayDiscrepancy,
    onSettled: () => invalidateMoneyQueries(queryClient),
  });
}
