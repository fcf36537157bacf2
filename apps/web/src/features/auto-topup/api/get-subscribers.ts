import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AutoTopupSubscriberView, Paginated } from '@vendport/shared';
import { api } from '@/lib/api-client';
import { autoTopupKeys, type SubscriberFilters } from './query-keys';

/** My subscribers, each with its next run (search: name or phone). */
export const getSubscribers = (f: SubscriberFilters, signal?: AbortSignal) =>
  api.get<Paginated<AutoTopupSubscriberView>>('auto-topup/subscribers', { query: f, signal });

export const subscribersQueryOptions = (f: SubscriberFilters) =>
  queryOptions({
    queryKey: autoTopupKeys.subscribers(f),
    queryFn: ({ signal }) => getSubscribers(f, signal),
    placeholderData: keepPreviousData,
  });

export const useSubscribers = (f: SubscriberFilters) => useQuery(subscribersQueryOptions(f));
