import { useMutation, useQueryClient } from '@tanstack/react-query';
import { koboToNairaString, type Network, type ServiceType, type VendView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { invalidateMoneyQueries } from '@/lib/money-queries';
import { IDEMPOTENT_MUTATION } from '@/lib/query-client';
import { VEND_REFUSALS } from './refusals';

export type CreateVendInput = {
  /** One per confirmed purchase: a retried request never vends twice. */
  reference: string;
  /** +234XXXXXXXXXX */
  phone: string;
  network: Network;
  type: ServiceType;
  amountKobo?: number;
  planCode?: string;
};

/** Airtime (amount in naira) or data (a plan) from the wallet; the answer is the vend. */
export const createVend = ({ amountKobo, ...input }: CreateVendInput) =>
  api.post<ApiEnvelope<VendView>>(
    'vend',
    {
      ...input,
      ...(input.type === 'AIRTIME' && amountKobo !== undefined
        ? { amount: koboToNairaString(amountKobo) }
        : {}),
    },
    { handledCodes: VEND_REFUSALS },
  );

export function useCreateVend() {
  const queryClient = useQueryClient();
  // Safe to retry: the reference is the server's idempotency key (same reference, same vend).
  return useMutation({
    ...IDEMPOTENT_MUTATION,
    mutationFn: createVend,
    onSettled: () => invalidateMoneyQueries(queryClient),
  });
}
