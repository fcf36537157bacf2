// The admin's read of one client's auto top-up: overview (switch, settings, totals), its
// subscribers and its runs; and the platform switch (PUT corporate-clients/auto-topup).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminAutoTopupView,
  AutoTopupRunView,
  AutoTopupSubscriberView,
  AutoTopupSwitchBody,
  KeysetPaginated,
  Paginated,
} from '@vendport/shared';
import { type ApiEnvelope, type ApiSuccess, api } from '@/lib/api-client';
import { invalidateMoneyQueries } from '@/lib/money-queries';
import { autoTopupKeys, type RunFilters, type SubscriberFilters } from './query-keys';

export const adminRunsPath = (id: string) => `auto-top-up/${id}/runs`;

export const getAdminAutoTopup = (id: string, signal?: AbortSignal) =>
  api.get<ApiSuccess<AdminAutoTopupView>>(`auto-top-up/${id}`, { signal });

export const useAdminAutoTopup = (id: string) =>
  useQuery({
    queryKey: autoTopupKeys.admin(id),
    queryFn: ({ signal }) => getAdminAutoTopup(id, signal),
    select: (res) => res.data,
  });

export const useAdminSubscribers = (id: string, f: SubscriberFilters) =>
  useQuery({
    queryKey: autoTopupKeys.adminSubscribers(id, f),
    queryFn: ({ signal }) =>
      api.get<Paginated<AutoTopupSubscriberView>>(`auto-top-up/${id}/subscribers`, { query: f, signal }),
    placeholderData: keepPreviousData,
  });

export const useAdminRuns = (id: string, f: RunFilters) =>
  useQuery({
    queryKey: autoTopupKeys.adminRuns(id, f),
    queryFn: ({ signal }) =>
      api.get<KeysetPaginated<AutoTopupRunView>>(adminRunsPath(id), { query: f, signal }),
    placeholderData: keepPreviousData,
  });

export function useSetPlatformAutoTopup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (b: AutoTopupSwitchBody) => api.put<ApiEnvelope<unknown>>('corporate-clients/auto-topup', b),
    // The client's own record (corporate-clients) shows the switch too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: autoTopupKeys.all }),
        invalidateMoneyQueries(queryClient),
      ]),
  });
}
