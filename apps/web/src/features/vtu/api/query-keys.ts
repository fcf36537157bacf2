/** Filters of the VTU histories as they sit in the URL ('' when unset). */
export type VtuHistoryFilters = {
  page: number;
  limit: number;
  search?: string;
  startDate?: string;
  endDate?: string;
  network?: string;
  vtuLine?: string;
};

export const vtuKeys = {
  all: ['vtu'] as const,
  lines: (network?: string) => [...vtuKeys.all, 'lines', network ?? ''] as const,
  fundingHistory: (f: VtuHistoryFilters) => [...vtuKeys.all, 'funding-history', f] as const,
  consumptionHistory: (f: VtuHistoryFilters) => [...vtuKeys.all, 'consumption-history', f] as const,
  refresh: () => [...vtuKeys.all, 'refresh'] as const,
};
