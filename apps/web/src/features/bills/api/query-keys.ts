import { billCatalogueKeys } from '@/lib/api/get-billers';
import { MONEY_QUERY_ROOTS } from '@/lib/money-queries';

/** Filters of the admin's billers list as they sit in the URL ('' when unset). */
export type BillerFilters = { kind?: string; status?: string };

export const billKeys = {
  /** Bills are money: refetched by every money mutation (lib/money-queries). */
  all: [MONEY_QUERY_ROOTS.bills] as const,
  bill: (id: string) => [...billKeys.all, 'bill', id] as const,
  /** The catalogue the forms offer: not money, so not refetched after each payment. */
  catalogue: billCatalogueKeys.all,
  /** Whether commission is taken upfront: an account setting a payment does not change. */
  commissionTerms: () => [...billKeys.catalogue, 'commission-terms'] as const,
  admin: ['admin-billers'] as const,
  adminBillers: (f: BillerFilters) => [...billKeys.admin, 'list', f] as const,
  adminBouquets: (billerId: string) => [...billKeys.admin, 'bouquets', billerId] as const,
};
