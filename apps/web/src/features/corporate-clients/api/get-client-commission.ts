import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommissionsView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { clientKeys } from './query-keys';

/** One client's commission: totals, what is accrued and unsettled, and its upfront setting. */
export const getClientCommission = (corporateId: string, signal?: AbortSignal) =>
  api.get<ApiSuccess<CommissionsView>>('commissions', { query: { corporateId }, signal });

export const clientCommissionQueryOptions = (corporateId: string) =>
  queryOptions({
    queryKey: clientKeys.commission(corporateId),
    queryFn: ({ signal }) => getClientCommission(corporateId, signal),
    select: (res) => res.data,
  });

export const useClientCommission = (corporateId: string, enabled = true) =>
  useQuery({ ...clientCommissionQueryOptions(corporateId), enabled });
