import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientStatus, CorporateClientDetailView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { invalidateMoneyQueries } from '@/lib/money-queries';

export const setClientStatus = (body: { corporateId: string; status: ClientStatus; password: string }) =>
  api.put<ApiEnvelope<CorporateClientDetailView>>('corporate-clients/status', body);

export function useSetClientStatus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setClientStatus, onSettled: () => invalidateMoneyQueries(queryClient) });
}
