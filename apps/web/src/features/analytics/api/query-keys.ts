/** Filters of the commission report as they sit in the URL ('' when unset). */
export type CommissionFilters = {
  startDate?: string;
  endDate?: string;
  network?: string;
  serviceType?: string;
  clientType?: string;
};

export const analyticsKeys = {
  all: ['analytics'] as const,
  commissions: (f: CommissionFilters) => [...analyticsKeys.all, 'commissions', f] as const,
};
