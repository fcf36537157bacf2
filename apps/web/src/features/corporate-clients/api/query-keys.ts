import { MONEY_QUERY_ROOTS } from '@/lib/money-queries';

export type ClientFilters = {
  page: number;
  limit: number;
  search?: string;
  startDate?: string;
  endDate?: string;
  status?: string;
  clientType?: string;
};

export const clientKeys = {
  all: [MONEY_QUERY_ROOTS.corporateClients] as const,
  list: (f: ClientFilters) => [...clientKeys.all, 'list', f] as const,
  detail: (id: string) => [...clientKeys.all, 'detail', id] as const,
};
