import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommissionsView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { lagosToday } from '@/lib/format';
import { vendingKeys } from './query-keys';

/**
 * Whether my commission is taken upfront (the wallet pays amount - commission) or accrues: the
 * commission report carries it. Asked for today only, so the report itself stays small.
 */
export const getCommissionTerms = (signal?: AbortSignal) => {
  const today = lagosToday();
  return api.get<ApiSuccess<CommissionsView>>('commissions', {
    query: { startDate: today, endDate: today },
    signal,
  });
};

export const commissionTermsQueryOptions = () =>
  queryOptions({
    queryKey: vendingKeys.commissionTerms(),
    queryFn: ({ signal }) => getCommissionTerms(signal),
    select: (res) => ({ upfront: res.data.upfrontCommission }),
    staleTime: 5 * 60_000,
  });

export const useCommissionTerms = (enabled = true) => useQuery({ ...commissionTermsQueryOptions(), enabled });
