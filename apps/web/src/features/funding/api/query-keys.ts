import { MONEY_QUERY_ROOTS } from '@/lib/money-queries';

/** Filters of the funding lists as they sit in the URL ('' when unset). */
export type FundingFilters = {
  page: number;
  limit: number;
  /** The keyset cursor of the page shown (histories; none on page 1). */
  cursor?: string;
  search?: string;
  startDate?: string;
  endDate?: string;
  status?: string;
  channel?: string;
  clientType?: string;
};

export const fundingKeys = {
  all: [MONEY_QUERY_ROOTS.funding] as const,
  history: (f: FundingFilters) => [...fundingKeys.all, 'history', f] as const,
  adminHistory: (f: FundingFilters) => [...fundingKeys.all, 'admin-history', f] as const,
  requests: (f: FundingFilters) => [...fundingKeys.all, 'requests', f] as const,
  paidRequests: () => [...fundingKeys.all, 'paid-requests'] as const,
  gatewayReconciliation: (status: string | undefined) =>
    [...fundingKeys.all, 'gateway-reconciliation', status ?? 'all'] as const,
};
