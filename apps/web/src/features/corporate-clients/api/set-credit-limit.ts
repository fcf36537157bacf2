import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ClientCreditView, koboToNairaString } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { invalidateMoneyQueries } from '@/lib/money-queries';

export const setCreditLimit = (body: { corporateId: string; limitKobo: number; password: string }) =>
  api.put<ApiEnvelope<ClientCreditView>>('set-limit', {
    corporateId: body.corporateId,
    limit: koboToNairaString(body.limitKobo),
    password: body.password,
  });

export function useSetCreditLimit() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setCreditLimit, onSettled: () => invalidateMoneyQueries(queryClient) });
}
