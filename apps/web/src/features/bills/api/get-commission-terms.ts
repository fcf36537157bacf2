import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommissionsView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { lagosToday } from '@/lib/format';
import { billKeys } from './query-keys';

/**
 * Whether my commission is taken upfront (the wallet pays amount - commission) or accrues: the
 * commission report carries it, asked for today only so the report stays small.
 */
export const getCommissionTerms = (signal?: AbortSignal) => {
  const today = lagosToday();
  return api.get<ApiSuccess<CommissionsView>>('commissions', {
    query: { startDate: today, endDate: today },
    signal,
  });
};

export const useCommissionTerms = (enabled = true) =>
  useQuery({
    ...queryOptions({
      queryKey: billKeys.commissionTerms(),
      queryFn: ({ signal }) => getCommissionTerms(signal),
      select: (res) => ({ upfront: res.data.upfrontCommission }),
      staleTime: 5 * 60_000,
    }),
    enabled,
  });
