import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminVendListItem, KeysetPaginated } from '@vendport/shared';
import { api } from '@/lib/api-client';
import { type VendingFilters, vendingKeys } from './query-keys';

export const ADMIN_VENDING_HISTORY_PATH = 'corporates-transactions/vending';

/** Every client's vends, newest first. */
export const getAdminVendingHistory = (f: VendingFilters, signal?: AbortSignal) =>
  api.get<KeysetPaginated<AdminVendListItem>>(ADMIN_VENDING_HISTORY_PATH, { query: f, signal });

export const adminVendingHistoryQueryOptions = (f: VendingFilters) =>
  queryOptions({
    queryKey: vendingKeys.adminHistory(f),
    queryFn: ({ signal }) => getAdminVendingHistory(f, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminVendingHistory = (f: VendingFilters) => useQuery(adminVendingHistoryQueryOptions(f));
