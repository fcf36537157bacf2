import { MONEY_QUERY_ROOTS } from '@/lib/money-queries';

/** Filters of the commission report as they sit in the URL ('' when unset). */
export type CommissionFilters = {
  startDate?: string;
  endDate?: string;
  network?: string;
  serviceType?: string;
};

export const commissionKeys = {
  all: [MONEY_QUERY_ROOTS.commissions] as const,
  report: (f: CommissionFilters) => [...commissionKeys.all, 'report', f] as const,
  settlements: () => [...commissionKeys.all, 'settlements'] as const,
};
