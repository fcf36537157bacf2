/** The review queue's filters as they sit in the URL ('' when unset). */
export type DiscrepancyFilters = {
  page: number;
  limit: number;
  search?: string;
  startDate?: string;
  endDate?: string;
  status?: string;
  kind?: string;
  provider?: string;
  source?: string;
  reconciliationId?: string;
};

/** The reconciliation runs' filters as they sit in the URL. */
export type ReconciliationFilters = {
  page: number;
  limit: number;
  startDate?: string;
  endDate?: string;
  provider?: string;
  status?: string;
};

export const discrepancyKeys = {
  all: ['discrepancies'] as const,
  list: (f: DiscrepancyFilters) => [...discrepancyKeys.all, 'list', f] as const,
  runs: (f: ReconciliationFilters) => [...discrepancyKeys.all, 'runs', f] as const,
  run: (id: string) => [...discrepancyKeys.all, 'run', id] as const,
};
