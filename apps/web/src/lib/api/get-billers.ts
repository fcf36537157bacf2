import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillerView, BillKind, BouquetView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';

// The bill catalogue the forms offer (the Bills page, auto top-up's bill subscribers): the active
// billers of a kind and a TV biller's bouquets. Not money, so not refetched after each payment;
// the admin's biller and bouquet changes invalidate billCatalogueKeys.all.

export const billCatalogueKeys = {
  all: ['bill-catalogue'] as const,
  billers: (kind: string) => [...billCatalogueKeys.all, 'billers', kind] as const,
  bouquets: (biller: string) => [...billCatalogueKeys.all, 'bouquets', biller] as const,
};

/** The active billers of a kind, each saying whether my account may pay it. */
export const getBillers = (kind: BillKind, signal?: AbortSignal) =>
  api.get<ApiSuccess<BillerView[]>>('bills/billers', { query: { kind }, signal });

export const billersQueryOptions = (kind: BillKind) =>
  queryOptions({
    queryKey: billCatalogueKeys.billers(kind),
    queryFn: ({ signal }) => getBillers(kind, signal),
    select: (res) => res.data,
    staleTime: 5 * 60_000,
  });

export const useBillers = (kind: BillKind, enabled = true) =>
  useQuery({ ...billersQueryOptions(kind), enabled });

/** The active bouquets of a TV biller, with their prices. */
export const getBouquets = (biller: string, signal?: AbortSignal) =>
  api.get<ApiSuccess<BouquetView[]>>(`bills/billers/${encodeURIComponent(biller)}/bouquets`, { signal });

export const useBouquets = (biller: string | null) =>
  useQuery({
    queryKey: billCatalogueKeys.bouquets(biller ?? ''),
    queryFn: ({ signal }) => getBouquets(biller ?? '', signal),
    select: (res) => res.data,
    enabled: !!biller,
    staleTime: 5 * 60_000,
  });
