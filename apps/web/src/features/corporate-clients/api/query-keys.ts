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
  services: (id: string) => [...clientKeys.all, 'services', id] as const,
  billers: (id: string) => [...clientKeys.all, 'billers', id] as const,
  commission: (id: string) => [...clientKeys.all, 'commission', id] as const,
  cardReceivables: (id: string) => [...clientKeys.all, 'card-receivables', id] as const,
  rateLimits: (id: string) => [...clientKeys.all, 'api-rate-limits', id] as const,
};
