import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientCreditView, ClientType } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { invalidateMoneyQueries } from '@/lib/money-queries';

export const switchClientType = (body: { corporateId: string; clientType: ClientType; password: string }) =>
  api.post<ApiEnvelope<ClientCreditView>>('corporate-clients/switch', body);

export function useSwitchClientType() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: switchClientType, onSettled: () => invalidateMoneyQueries(queryClient) });
}
