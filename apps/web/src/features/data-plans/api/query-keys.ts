/** Filters of the data-plan list as they sit in the URL ('' when unset). */
export type DataPlanFilters = { network?: string; status?: string };

export const dataPlanKeys = {
  all: ['data-plans'] as const,
  list: (f: DataPlanFilters) => [...dataPlanKeys.all, 'list', f] as const,
};
