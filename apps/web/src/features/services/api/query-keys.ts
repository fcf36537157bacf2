/** Filters of the services list as they sit in the URL ('' when unset). */
export type ServiceFilters = {
  network?: string;
  serviceType?: string;
  platform?: string;
  status?: string;
};

export const serviceKeys = {
  all: ['services'] as const,
  list: (f: ServiceFilters) => [...serviceKeys.all, 'list', f] as const,
};
