import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommissionSettlementView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { commissionKeys } from './query-keys';

/** Settlements of my accrued commission to the wallet, newest first (the last 100). */
export const getCommissionSettlements = (signal?: AbortSignal) =>
  api.get<ApiSuccess<CommissionSettlementView[]>>('commissions/settlements', { signal });

export const commissionSettlementsQueryOptions = () =>
  queryOptions({
    queryKey: commissionKeys.settlements(),
    queryFn: ({ signal }) => getCommissionSettlements(signal),
    select: (res) => res.data,
  });

export const useCommissionSettlements = () => useQuery(commissionSettlementsQueryOptions());
