import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillerView } from '@vendport/shared';
import { type ApiEnvelope, type ApiSuccess, api } from '@/lib/api-client';
import { clientKeys } from './query-keys';

/** Every biller, each marked with whether this client is assigned it. */
export const getClientBillers = (corporateId: string, signal?: AbortSignal) =>
  api.get<ApiSuccess<BillerView[]>>('admin/billers', { query: { corporateId }, signal });

export const useClientBillers = (corporateId: string, enabled = true) =>
  useQuery({
    queryKey: clientKeys.billers(corporateId),
    queryFn: ({ signal }) => getClientBillers(corporateId, signal),
    select: (res) => res.data,
    enabled,
  });

/** POST admin/billers/assign: the given billers become the client's billers (services untouched). */
export const assignClientBillers = (body: { corporateId: string; billerIds: string[] }) =>
  api.post<ApiEnvelope<BillerView[]>>('admin/billers/assign', body);

export function useAssignClientBillers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignClientBillers,
    onSettled: (_res, _err, body) =>
      queryClient.invalidateQueries({ queryKey: clientKeys.billers(body.corporateId) }),
  });
}
