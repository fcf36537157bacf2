import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServiceView } from '@vendport/shared';
import { type ApiEnvelope, type ApiSuccess, api } from '@/lib/api-client';
import { clientKeys } from './query-keys';

/** PUT services/assign: the given services become the client's whole assignment. */
export const assignClientServices = (body: { corporateId: string; serviceIds: string[] }) =>
  api.put<ApiEnvelope<{ corporateId: string; serviceIds: string[] }>>('services/assign', body);

export function useAssignClientServices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignClientServices,
    onSuccess: (res, body) => {
      // The answer holds the client's whole assignment: show it at once, then refetch.
      const ids = res.success ? new Set(res.data.serviceIds) : null;
      if (ids)
        queryClient.setQueryData<ApiSuccess<ServiceView[]>>(clientKeys.services(body.corporateId), (old) =>
          old ? { ...old, data: old.data.map((s) => ({ ...s, assigned: ids.has(s.id) })) } : old,
        );
    },
    onSettled: (_res, _err, body) =>
      queryClient.invalidateQueries({ queryKey: clientKeys.services(body.corporateId) }),
  });
}
