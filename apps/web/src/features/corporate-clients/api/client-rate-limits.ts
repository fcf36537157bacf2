import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiRateLimitsView, RateLimitOverrideBody } from '@vendport/shared';
import { type ApiEnvelope, type ApiSuccess, api } from '@/lib/api-client';
import { clientKeys } from './query-keys';

/** A client's vending API rate limits (its own or the defaults) and its last hour's refusals. */
export const getClientRateLimits = (id: string, signal?: AbortSignal) =>
  api.get<ApiSuccess<ApiRateLimitsView>>(`corporate-clients/${id}/api-rate-limits`, { signal });

export const clientRateLimitsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: clientKeys.rateLimits(id),
    queryFn: ({ signal }) => getClientRateLimits(id, signal),
    select: (res) => res.data,
  });

export const useClientRateLimits = (id: string) => useQuery(clientRateLimitsQueryOptions(id));

/** Sets the client's own limits (empty: the platform default); audited. */
export const setClientRateLimits = ({
  corporateId,
  ...body
}: RateLimitOverrideBody & { corporateId: string }) =>
  api.put<ApiEnvelope<ApiRateLimitsView>>(`corporate-clients/${corporateId}/api-rate-limits`, body);

export function useSetClientRateLimits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setClientRateLimits,
    onSettled: (_res, _err, body) =>
      queryClient.invalidateQueries({ queryKey: clientKeys.rateLimits(body.corporateId) }),
  });
}
