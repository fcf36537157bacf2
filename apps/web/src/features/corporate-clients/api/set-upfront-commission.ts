import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { clientKeys } from './query-keys';

type Answer = { corporateId: string; name: string; upfrontCommission: boolean };

/** Upfront commission on or off for a client (password-confirmed); applies to later vends. */
export const setUpfrontCommission = (body: {
  corporateId: string;
  upfrontCommission: boolean;
  password: string;
}) => api.patch<ApiEnvelope<Answer>>('corporate-clients/upfront-commission', body);

export function useSetUpfrontCommission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUpfrontCommission,
    onSettled: (_res, _err, body) =>
      queryClient.invalidateQueries({ queryKey: clientKeys.commission(body.corporateId) }),
  });
}
