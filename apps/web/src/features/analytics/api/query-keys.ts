/** Filters of the commission report as they sit in the URL ('' when unset). */
export type CommissionFilters = {
  startDate?: string;
  endDate?: string;
  network?: string;
  serviceType?: string;
  clientType?: string;
};

/** Filters of the trends report as they sit in the URL ('' when unset). */
export type TrendFilters = { startDate?: string; endDate?: string; granularity?: string };

export const analyticsKeys = {
  all: ['analytics'] as const,
  commissions: (f: CommissionFilters) => [...analyticsKeys.all, 'commissions', f] as const,
  trends: (f: TrendFilters) => [...analyticsKeys.all, 'trends', f] as const,
};
