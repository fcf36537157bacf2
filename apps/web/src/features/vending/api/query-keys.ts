import { MONEY_QUERY_ROOTS } from '@/lib/money-queries';

/** Filters of the vending lists as they sit in the URL ('' when unset). */
export type VendingFilters = {
  page: number;
  limit: number;
  /** The keyset cursor of the page shown (histories; none on page 1). */
  cursor?: string;
  search?: string;
  startDate?: string;
  endDate?: string;
  status?: string;
  network?: string;
  vendType?: string;
  mode?: string;
  clientType?: string;
};

export const vendingKeys = {
  /** Money: refetched by every money mutation (lib/money-queries). */
  all: [MONEY_QUERY_ROOTS.vending] as const,
  history: (f: VendingFilters) => [...vendingKeys.all, 'history', f] as const,
  adminHistory: (f: VendingFilters) => [...vendingKeys.all, 'admin-history', f] as const,
  detail: (id: string) => [...vendingKeys.all, 'detail', id] as const,
  commissionTerms: () => [...vendingKeys.all, 'commission-terms'] as const,
  /** The catalogue the forms offer: not money, so it is not refetched after each vend. */
  catalogue: ['vend-catalogue'] as const,
  services: () => [...vendingKeys.catalogue, 'services'] as const,
};
