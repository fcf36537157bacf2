/** Filters of the trends report as they sit in the URL ('' when unset). */
export type TrendFilters = { startDate?: string; endDate?: string; granularity?: string };

// The commission report is lib/api/get-commissions, under the commissions money root.
export const analyticsKeys = {
  all: ['analytics'] as const,
  trends: (f: TrendFilters) => [...analyticsKeys.all, 'trends', f] as const,
};
