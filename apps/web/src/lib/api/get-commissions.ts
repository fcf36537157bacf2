// The commission report (GET /commissions), one query for the admin's Analytics and the client's
// Commission screen: the server scopes it to the caller (every client for VendPort staff, the
// caller's own for a client). It sits under the commissions money root, so a money mutation
// (a settlement among them) refetches it.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CommissionsView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { MONEY_QUERY_ROOTS } from '@/lib/money-queries';

/** Filters of the commission report as they sit in the URL ('' when unset); clientType is staff-only. */
export type CommissionFilters = {
  startDate?: string;
  endDate?: string;
  network?: string;
  serviceType?: string;
  clientType?: string;
};

export const commissionReportKey = (f: CommissionFilters) =>
  [MONEY_QUERY_ROOTS.commissions, 'report', f] as const;

/** Commission earned on successful live vends: totals, per day, per service (and per client for staff). */
export const getCommissions = (f: CommissionFilters, signal?: AbortSignal) =>
  api.get<ApiSuccess<CommissionsView>>('commissions', { query: f, signal });

export const commissionsQueryOptions = (f: CommissionFilters) =>
  queryOptions({
    queryKey: commissionReportKey(f),
    queryFn: ({ signal }) => getCommissions(f, signal),
    select: (res) => res.data,
    placeholderData: keepPreviousData,
  });

export const useCommissions = (f: CommissionFilters) => useQuery(commissionsQueryOptions(f));
