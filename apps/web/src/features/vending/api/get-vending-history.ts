import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { KeysetPaginated, PortalVendListItem } from '@vendport/shared';
import { api } from '@/lib/api-client';
import { type VendingFilters, vendingKeys } from './query-keys';

export const VENDING_HISTORY_PATH = 'transactions/vending';

/** My vends, newest first (search: phone, reference or VND code). */
export const getVendingHistory = (f: VendingFilters, signal?: AbortSignal) =>
  api.get<KeysetPaginated<PortalVendListItem>>(VENDING_HISTORY_PATH, { query: f, signal });

export const vendingHistoryQueryOptions = (f: VendingFilters) =>
  queryOptions({
    queryKey: vendingKeys.history(f),
    queryFn: ({ signal }) => getVendingHistory(f, signal),
    placeholderData: keepPreviousData,
  });

export const useVendingHistory = (f: VendingFilters, enabled = true) =>
  useQuery({ ...vendingHistoryQueryOptions(f), enabled });
