// The admin's billers: every biller (a service of kind ELECTRICITY or TV) with its commission,
// limits and status; changes to them; and each TV biller's bouquets, synced from the provider.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillerView, BouquetView, CatalogueStatus } from '@vendport/shared';
import { type ApiEnvelope, type ApiSuccess, api } from '@/lib/api-client';
import { type BillerFilters, billKeys } from './query-keys';

export const getAdminBillers = (f: BillerFilters, signal?: AbortSignal) =>
  api.get<ApiSuccess<BillerView[]>>('admin/billers', { query: f, signal });

export const useAdminBillers = (f: BillerFilters) =>
  useQuery({
    queryKey: billKeys.adminBillers(f),
    queryFn: ({ signal }) => getAdminBillers(f, signal),
    select: (res) => res.data,
    placeholderData: keepPreviousData,
  });

/** The body of PATCH admin/billers/:id: commission in percent ("1.50"), limits in naira. */
export type BillerPayload = { commission?: string; minAmount?: string; maxAmount?: string };

export const updateBiller = ({ id, body }: { id: string; body: BillerPayload }) =>
  api.patch<ApiEnvelope<BillerView>>(`admin/billers/${encodeURIComponent(id)}`, body);

export const setBillerStatus = (body: { id: string; status: CatalogueStatus }) =>
  api.post<ApiEnvelope<BillerView>>('admin/billers/status', body);

const useAdminMutation = <I, O>(fn: (input: I) => Promise<O>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: billKeys.admin }),
        queryClient.invalidateQueries({ queryKey: billKeys.catalogue }),
      ]),
  });
};

export const useUpdateBiller = () => useAdminMutation(updateBiller);
export const useSetBillerStatus = () => useAdminMutation(setBillerStatus);

export const getAdminBouquets = (billerId: string, signal?: AbortSignal) =>
  api.get<ApiSuccess<BouquetView[]>>(`admin/billers/${encodeURIComponent(billerId)}/bouquets`, { signal });

export const useAdminBouquets = (billerId: string | null) =>
  useQuery({
    queryKey: billKeys.adminBouquets(billerId ?? ''),
    queryFn: ({ signal }) => getAdminBouquets(billerId ?? '', signal),
    select: (res) => res.data,
    enabled: !!billerId,
  });

export type BouquetSync = {
  biller: string;
  added: number;
  repriced: number;
  withdrawn: number;
  bouquets: BouquetView[];
};

export const syncBouquets = (billerId: string) =>
  api.post<ApiEnvelope<BouquetSync>>(`admin/billers/${encodeURIComponent(billerId)}/bouquets/sync`);

export const setBouquetStatus = (body: { id: string; status: CatalogueStatus }) =>
  api.post<ApiEnvelope<BouquetView>>('admin/bouquets/status', body);

export const useSyncBouquets = () => useAdminMutation(syncBouquets);
export const useSetBouquetStatus = () => useAdminMutation(setBouquetStatus);
